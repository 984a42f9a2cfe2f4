"""What one seat sees, as generic data the page draws: players with counters and zones of cards,
the shared table, the pending decision with its options (and the options the rules exclude, each
with its rule), the log as that seat was told it.

The page knows no Fort field names: a zone is a title and cards (or only a count, when the seat
may not see them), a counter is a title and a value. Fort fills these from the seat's
observation (:func:`fortlang.games.fort.sim.pull.observe`), which already holds nothing the
rules hide (rivals' hands and made-up rules, deck orders). A game module's table is drawn by
:mod:`fortlang.playtest.module_view`, from what its narration shows a seat.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from fortlang.engine.choices import Decision, Option
from fortlang.escape import shown
from fortlang.games.fort.agents.human import heading, option_label
from fortlang.games.fort.i18n import PAGE_WORDS
from fortlang.games.fort.model import kids_of, perks_of, rules_of
from fortlang.games.fort.sim.pull import observe
from fortlang.i18n import counted, ui
from fortlang.model import CardSet
from fortlang.phrasebook import resource_name, term
from fortlang.playtest.words import page_words

if TYPE_CHECKING:
    from fortlang.games.fort.playtest.table import Table


def catalogue(cardset: CardSet, lang: str) -> dict[str, dict[str, str]]:
    """Every card a page may show, by id: its name in ``lang`` and its kind."""
    cards: dict[str, dict[str, str]] = {}
    for kid in kids_of(cardset):
        cards[kid.id] = {"name": shown(kid.name_in(lang)), "kind": "kid"}
    for perk in perks_of(cardset):
        cards[perk.id] = {"name": shown(perk.names.get(lang, perk.name)), "kind": "perk",
                          "text": shown(perk.text)}
    for rule in rules_of(cardset):
        cards[rule.id] = {"name": shown(rule.names.get(lang, rule.name)), "kind": "rule",
                          "text": shown(rule.text)}
    return cards


def _zone(title: str, cards: Any, count: int | None, lang: str) -> dict[str, Any]:
    if cards is None:
        return {"title": title, "count": count, "count_text": counted(lang, "n.card", count or 0)}
    return {"title": title, "cards": list(cards)}


def _tokens(counts: Any, lang: str) -> str:
    pizza, toy = counts
    return f"{resource_name('pizza', lang, pizza)}, {resource_name('toy', lang, toy)}"




def seat_view(table: Table, seat: int | None) -> dict[str, Any]:
    """What ``seat`` sees now (None: the host's page, which sees only what is public), worded in
    the table's language."""
    lang = table.lang
    game = table.state.game
    seen = observe(game, -1 if seat is None else seat)
    players = []
    for p in seen["players"]:
        s = p["seat"]
        mine = s == seat
        room = ui(lang, "pt.room", n=game.pack_capacity(game.players[s]))
        counters = [[term("vp", lang), p["vp"]], [term("fort_level", lang), p["level"]],
                    [term("stuff", lang), _tokens(p["stuff"], lang)],
                    [term("pack", lang), f"{_tokens(p['pack'], lang)} ({room})"],
                    [term("deck", lang), p["deck_size"]]]
        if p["has_rule"]:
            counters.append([term("made_up_rule", lang),
                             p["rule"] if mine else ui(lang, "pt.secret")])
        if game.macaroni == s:
            counters.append([term("macaroni_sculpture", lang), ui(lang, "pt.yes")])
        players.append({
            "seat": s, "name": ui(lang, "you") if mine else table.name(s), "mine": mine,
            "counters": counters,
            "zones": [_zone(term("hand", lang), p["hand"], p["hand_size"], lang),
                      _zone(ui(lang, "pt.in_play"), p["in_play"], None, lang),
                      _zone(term("lookout", lang), p["lookout"], None, lang),
                      _zone(term("yard", lang), p["yard"], None, lang),
                      _zone(term("perk", lang), p["perks"], None, lang),
                      _zone(term("discard_pile", lang), p["discard"], None, lang)],
        })
    shared = [_zone(term("park", lang), seen["park"], None, lang),
              _zone(ui(lang, "pt.perk_row"), seen["perk_row"], None, lang),
              _zone(term("park_deck", lang), None, seen["park_deck_size"], lang),
              _zone(ui(lang, "pt.rule_pile"), None, seen["rule_pile_size"], lang)]
    view: dict[str, Any] = {
        "version": table.version, "seat": seat, "lang": lang,
        "seat_name": None if seat is None else table.name(seat),
        "words": page_words(lang, PAGE_WORDS),
        "players": players, "table": shared,
        "supply": _tokens(seen["supply"], lang),
        "log": [shown(line) for line in table.told(seat)],
        "decision": None, "waiting_for": None,
        "undo": seat is not None and table.undo_point(seat) is not None,
        "over": None,
    }
    d = table.decision()
    if d is None:
        view["over"] = _final(table)
    elif d.player == seat:
        view["decision"] = {
            "number": len(table.log), "kind": str(d.kind), "context": shown(heading(d, lang)),
            "options": [_option(d, o, table) for o in d.options],
            "excluded": [[shown(label), shown(rule)] for label, rule in d.excluded],
        }
    else:
        view["waiting_for"] = table.name(d.player)
    return view


def _option(decision: Decision, option: Option, table: Table) -> dict[str, Any]:
    """An option in the table's language, and the card it names if it names one (its face is
    shown)."""
    label = option_label(decision, option, table.lang, table.kids, own=True)
    return {"label": shown(label), "card": _card_in(option.value, table.card_names)}


def _card_in(value: Any, names: Mapping[str, str]) -> str | None:
    if isinstance(value, str) and value in names:
        return value
    if isinstance(value, tuple):
        for part in value:
            if isinstance(part, str) and part in names:
                return part
    return None


def _final(table: Table) -> dict[str, Any]:
    """The final score as R11 computes it (the engine's outcome), the made-up rules revealed."""
    out = table.state.outcome()
    rules = {p.seat: p.rule.name for p in table.state.game.players if p.rule is not None}
    return {
        "scores": [{"name": table.name(s.seat), "total": s.total, "track": s.track,
                    "fort": s.fort, "rule": s.rule, "rule_name": shown(rules.get(s.seat, "")),
                    "macaroni": s.macaroni, "level": s.level} for s in out.scores],
        "winners": [table.name(w) for w in out.winners],
        "turns": out.turns, "triggers": list(out.triggers),
        "headers": [ui(table.lang, "pt.total"), ui(table.lang, "pt.track"),
                    ui(table.lang, "pt.fort"), term("made_up_rule", table.lang),
                    term("macaroni_sculpture", table.lang), term("fort_level", table.lang)],
    }
