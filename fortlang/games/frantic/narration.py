"""What a seat is told of a Frantic table at ``fortlang play`` (issue 34 item 4; the protocol is
fortlang.agents.terminal's): its own hand, the top of the discard pile and any wish (F7.2), how
many cards each hand holds and each total (F4.3), all face up or counted in the open; of the
others' answers, the cards they play (face up, F3.1), the victims they choose and the wishes
they make. Never a rival's hand, the cards they pass or stake (face down, F6.2, F9.10), nor
whether they passed on a question only a holder of a card is asked (F7.4, F7.6), or chose to
draw while holding a card they could play (F3.2): the others see them draw, as the hand
counts show."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from fortlang.engine.choices import Decision, Kind, Option, Seat
from fortlang.games.frantic.flow import Answer
from fortlang.games.frantic.table import COLOURS, FranticTable

#: The words of the table, by language.
WORDS: dict[str, dict[str, str]] = {
    "en": {"top": "discard pile: {card}", "wish": " (wish: {wish})", "none": "empty",
           "hand": "your hand: {cards}", "hands": "cards in hand: {counts}",
           "totals": "points: {totals} (the game ends at {limit}; the lowest total wins)",
           "pile": "draw pile: {n} cards",
           "plays": "plays {card}", "chooses": "chooses {seat}", "wishes": "wishes {wish}",
           "blue": "blue", "red": "red", "green": "green", "yellow": "yellow",
           "draw": "draw a card", "pass": "pass", "take it": "take it",
           "ctx.turn": "your turn: play a matching card or draw (F3.1)",
           "ctx.drawn": "play a card after drawing? (F3.2)",
           "ctx.nice_try": "a hand is empty: play Nice Try? (F7.6)"},
    "fr": {"top": "défausse : {card}", "wish": " (souhait : {wish})", "none": "vide",
           "hand": "votre main : {cards}", "hands": "cartes en main : {counts}",
           "totals": "points : {totals} (la partie s'arrête à {limit} ; le plus petit total "
                     "gagne)",
           "pile": "pioche : {n} cartes",
           "plays": "joue {card}", "chooses": "choisit {seat}", "wishes": "souhaite {wish}",
           "blue": "bleu", "red": "rouge", "green": "vert", "yellow": "jaune",
           "draw": "piocher une carte", "pass": "passer", "take it": "subir",
           "ctx.turn": "votre tour : jouez une carte qui correspond ou piochez (F3.1)",
           "ctx.drawn": "jouer une carte après avoir pioché ? (F3.2)",
           "ctx.nice_try": "une main est vide : jouer Nice Try ? (F7.6)"},
    "ru": {"top": "сброс: {card}", "wish": " (желание: {wish})", "none": "пусто",
           "hand": "ваша рука: {cards}", "hands": "карт в руке: {counts}",
           "totals": "очки: {totals} (игра кончается на {limit}; побеждает наименьшая сумма)",
           "pile": "колода: {n} карт",
           "plays": "играет {card}", "chooses": "выбирает {seat}", "wishes": "желает {wish}",
           "blue": "синий", "red": "красный", "green": "зелёный", "yellow": "жёлтый",
           "draw": "взять карту", "pass": "пас", "take it": "принять",
           "ctx.turn": "ваш ход: сыграйте подходящую карту или возьмите карту (F3.1)",
           "ctx.drawn": "сыграть карту после того, как взяли? (F3.2)",
           "ctx.nice_try": "чья-то рука пуста: сыграть Nice Try? (F7.6)"},
}

#: The game loop's contexts (fortlang.games.frantic.match), by their words' key.
_CONTEXTS = {"play a matching card or draw (F3.1)": "ctx.turn",
             "play a card after drawing (F3.2)": "ctx.drawn",
             "a hand is empty: play Nice Try? (F7.6)": "ctx.nice_try"}


def _words(lang: str) -> dict[str, str]:
    return WORDS.get(lang, WORDS["en"])


def _seat(lang: str, seat: int) -> str:
    from fortlang.i18n import ui

    return ui(lang, "seat", n=seat + 1)


def _card(card: Any, lang: str) -> str:
    return str(card.card.name_in(lang))


def _wish(value: Any, lang: str) -> str:
    return _words(lang).get(value, str(value)) if isinstance(value, str) else str(value)


class FranticNarration:
    """Frantic's narration (``GAME.narration``)."""

    def seen(self, table: FranticTable, seat: int, lang: str) -> Sequence[str]:
        from fortlang.games.frantic.table import points_limit

        w = _words(lang)
        top = table.top
        lines = [w["top"].format(card=_card(top, lang) if top is not None else w["none"])
                 + (w["wish"].format(wish=_wish(table.wish, lang))
                    if table.wish is not None else "")]
        hand = sorted(table.players[seat].hand, key=lambda c: (c.kind != "number",
                                                               c.colours, c.number or 0, c.name))
        lines.append(w["hand"].format(cards=", ".join(_card(c, lang) for c in hand)
                                      or w["none"]))
        lines.append(w["hands"].format(counts=", ".join(
            f"{_seat(lang, p.seat)} {len(p.hand)}" for p in table.players)))
        lines.append(w["pile"].format(n=len(table.draw_pile)))
        lines.append(w["totals"].format(totals=", ".join(
            f"{_seat(lang, p.seat)} {p.vp}" for p in table.players), limit=points_limit(table)))
        return lines

    def told(self, table: FranticTable, decision: Decision, index: int, watcher: int,
             lang: str) -> str | None:
        option, w = decision.options[index], _words(lang)
        value = option.value
        if decision.kind in (Kind.PLAY, Kind.REACT) and isinstance(value, str):
            card = _named(table, value)
            return w["plays"].format(card=card.name_in(lang)) if card is not None else None
        if decision.kind == Kind.RIVAL and isinstance(value, Seat):
            return w["chooses"].format(seat=_seat(lang, value.seat))
        if decision.kind == Kind.PRIMITIVE and _is_wish(value):
            return w["wishes"].format(wish=_wish(value, lang))
        return None  # a card passed, staked or given, a pass, a draw: not told

    def label(self, decision: Decision, option: Option, lang: str) -> str | None:
        value = option.value
        if isinstance(value, Answer):
            return _words(lang)[value.value]
        if decision.kind == Kind.PRIMITIVE and _is_wish(value):
            return _wish(value, lang)
        return None

    def heading(self, decision: Decision, lang: str) -> str | None:
        key = _CONTEXTS.get(decision.context)
        return _words(lang)[key] if key is not None else None


def _is_wish(value: Any) -> bool:
    """A wish's value (F7.2): a colour or a number, never a card's id."""
    return value in COLOURS or (type(value) is int and 1 <= value <= 9)


def _named(table: FranticTable, card_id: str) -> Any:
    for c in table.all_cards:
        if c.id == card_id:
            return c.card
    return None


NARRATION = FranticNarration()
