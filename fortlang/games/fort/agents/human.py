"""The terminal player: the same agent interface as the bots (``choose(view, decision)``), showing
the table from the player's seat and reading a numbered choice. ``q`` or end of input quits;
``help`` or ``?`` lists the commands and explains the decision.

Every word of the interface comes from :mod:`fortlang.i18n` (one catalogue per language) and
every card sentence from :mod:`fortlang.phrasebook`, so ``--lang fr`` speaks French throughout.
Options are labelled from their values where the engine's values say what they are (a card
played, recruited, put in a lookout...), so the bots' moves read in the third person ("from
their hand") and a recruit option shows the card's text; other options keep the engine's label.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, TextIO

from fortlang.agents.terminal import Quit  # the person typed q, or the input ended
from fortlang.engine.choices import Decision, Kind, Option
from fortlang.escape import shown
from fortlang.games.fort.model import KidCard
from fortlang.games.fort.nodes import Suit
from fortlang.games.fort.phrasebook import suit_name
from fortlang.i18n import ui
from fortlang.phrasebook import resource_name, sentence, term
from fortlang.printer import to_text

if TYPE_CHECKING:  # a type only: the events come from the game's narration (its caller's)
    from fortlang.games.fort.narration import Event


#: The kinds whose options move one card (their values end with the card's id).
_CARD_MOVES = frozenset({Kind.RECRUIT, Kind.EXTRA_RECRUIT, Kind.LOOKOUT, Kind.DESTROY,
                         Kind.DESTROY_RIVAL})
#: Engine labels of options that are fixed words, by catalogue key.
_FIXED = {"skip the play phase": "option.skip", "decline": "option.decline",
          "stop adding cards": "option.stop", "the top of the park deck": "option.deck_top",
          "keep the perk": "option.keep_perk", "no": "option.no",
          "play a card as usual": "option.play_as_usual", "no more": "option.no_more"}


def seat_label(lang: str, seat: int) -> str:
    """How a seat is named to people (one place, so the numbering is decided once)."""
    return ui(lang, "seat", n=seat + 1)  # people count players from 1 (issue 32 item 6)


def suits_text(card: KidCard, lang: str) -> str:
    return "+".join(suit_name(s, lang) for s in card.suits)


def card_line(card: KidCard, lang: str) -> str:
    parts = []
    for box, action in (("public", card.public), ("private", card.private)):
        word = ui(lang, f"box.{box}")
        if action is not None:
            parts.append(f"{word}: {to_text(action)} — {sentence(action, lang)}")
        else:
            parts.append(f"{word}: {ui(lang, 'blank')}")
    return shown(f"{card.name_in(lang)} [{suits_text(card, lang)}]  " + " | ".join(parts))


def card_sentences(card: KidCard, lang: str) -> str:
    """What a card does, in ``lang``'s sentences: ``public: ... | private: ...``."""
    return " | ".join(f"{ui(lang, f'box.{box}')}: {sentence(action, lang)}"
                      for box, action in (("public", card.public), ("private", card.private))
                      if action is not None)


def markup_text(text: str) -> str:
    """A value from a card file inside rich markup: no controls, no markup of its own."""
    from rich.markup import escape

    return escape(shown(text))


def tokens(d: Mapping[Any, int], lang: str) -> str:
    """``2p 1t``: pizza and toys (the column headers say so)."""
    counts = {str(k): v for k, v in d.items()}
    return ui(lang, "tokens", pizza=counts.get("pizza", 0), toy=counts.get("toy", 0))


def option_label(decision: Decision, option: Option, lang: str, cards: Mapping[str, KidCard],
                 own: bool, with_text: bool = False) -> str:
    """The option in ``lang``: from its value where that says what it is, else the engine's
    label. ``own``: told to the deciding seat ("your hand"), else in the third person.
    ``with_text``: a card's action sentences follow its name (recruiting, choosing)."""
    fixed = _FIXED.get(option.label)
    if fixed is not None and option.value in (None, False, ("park_deck",)):
        return ui(lang, fixed)
    value = option.value
    card: KidCard | None = None
    label = option.label
    if decision.kind == Kind.RESOURCE and option.label in ("pizza", "toy"):
        return resource_name(option.label, lang)
    if decision.kind == Kind.BOOST and isinstance(value, tuple) and len(value) == 2 \
            and value[1] in cards:
        card = cards[value[1]]
        key = "option.add" if value[0] == "hand" else \
            "option.add_lookout_own" if own else "option.add_lookout"
        return ui(lang, key, name=card.name_in(lang), suits=suits_text(card, lang))
    if decision.kind in (Kind.COIN_SUIT, Kind.ANY_SUIT) and option.label in _SUITS:
        return suit_name(option.label, lang)
    if decision.kind == Kind.ORDER and lang != "en":
        return _order_label(option.label, lang)
    if decision.kind == Kind.RIVAL and isinstance(value, int):
        return seat_label(lang, value)
    if (decision.kind == Kind.FOLLOW and isinstance(value, tuple) and value
            and all(v in cards for v in value)):
        return ui(lang, "option.follow", cards=ui(lang, "and").join(
            ui(lang, "option.card", name=cards[v].name_in(lang),
               suits=suits_text(cards[v], lang)) for v in value))
    worded = _tokens_label(decision.kind, option, lang, own) or \
        _perk_label(decision.kind, option, lang, cards, own)
    if worded is not None:
        return worded
    if decision.kind in (Kind.PLAY, Kind.DRAFT) and isinstance(value, str) and value in cards:
        card = cards[value]
        label = ui(lang, "option.card", name=card.name_in(lang), suits=suits_text(card, lang))
    elif (decision.kind in _CARD_MOVES and isinstance(value, tuple) and len(value) >= 2
          and isinstance(value[-1], str) and value[-1] in cards):
        card = cards[value[-1]]
        place = _place(value, lang, own)
        if place is not None:
            label = ui(lang, "option.move", name=card.name_in(lang), place=place)
    if card is not None and with_text:
        return ui(lang, "card_text", label=label, text=card_sentences(card, lang))
    return label


#: An order option's parts: ``public (gain pizza) then private (pack)``, ``... only``.
_ORDER_PART = re.compile(r"(public|private) \((.*)\)")
_ORDER_SPLIT = re.compile(r" then (?=(?:public|private) \()")


def _order_label(label: str, lang: str) -> str:
    """R5.2's option in ``lang``: the boxes' words translated, each action's text as written
    (it is the card language's own text)."""
    only = label.endswith(" only")
    parts = []
    for part in _ORDER_SPLIT.split(label[: -len(" only")] if only else label):
        m = _ORDER_PART.fullmatch(part)
        if m is None:
            return label
        parts.append(ui(lang, "order.part", box=ui(lang, f"box.{m.group(1)}"),
                        action=m.group(2)))
    return ui(lang, "order.then").join(parts) + (ui(lang, "order.only") if only else "")


_SPEND_LABEL = re.compile(r"(\d+) (pizza|toy) from stuff, (\d+) from pack")
#: A payment plan's amounts, in the engine's order (fortlang.engine.program._plan_label).
_PLAN = (("pizza", "stuff"), ("pizza", "pack"), ("toy", "stuff"), ("toy", "pack"))


def _tokens_label(kind: Kind, option: Option, lang: str, own: bool) -> str | None:
    """Options about resources (R10.1, R12.2, R12.9, R12.13) worded from their values."""
    value = option.value
    if kind == Kind.PACK and isinstance(value, tuple) and len(value) == 2:
        where, res = value
        key = ("option.pack_supply" if where == "supply" else
               "option.pack_own" if own else "option.pack")
        return ui(lang, key, res=resource_name(str(res), lang, 1))
    if kind == Kind.CONVERT and isinstance(value, tuple) and len(value) == 2:
        where, res = str(value[0]), str(value[1])
        other = "toy" if res == "pizza" else "pizza"
        return ui(lang, "option.convert_own" if own else "option.convert",
                  res=resource_name(res, lang, 1), pool=term(where, lang),
                  other=resource_name(other, lang, 1))
    spend = _SPEND_LABEL.fullmatch(option.label) if kind == Kind.SPEND else None
    if spend is not None:
        res = spend.group(2)
        return ui(lang, "option.spend",
                  stuff=resource_name(res, lang, int(spend.group(1))),
                  pack=resource_name(res, lang, int(spend.group(3))))
    if kind == Kind.PAYMENT and isinstance(value, tuple) and len(value) == 4:
        parts = [ui(lang, "option.from_pool", amount=resource_name(res, lang, n),
                    pool=term(where, lang)) for n, (res, where) in zip(value, _PLAN, strict=True)
                 if n]
        return ui(lang, "option.pay", parts=", ".join(parts)) if parts else \
            ui(lang, "option.pay_nothing")
    return None


_PERK_VERB = re.compile(r"(destroy|use) the perk to (.*)")
_DIY = re.compile(r"advance your fort, paying (\d+) more")
_ROUGH = re.compile(r"box (.+)")


def _perk_label(kind: Kind, option: Option, lang: str, cards: Mapping[str, KidCard],
                own: bool) -> str | None:
    """A perk's "use it" option (R15): the verb, then what it does, in ``lang``."""
    verb = _PERK_VERB.fullmatch(option.label)
    if verb is None:
        return None
    what, value = verb.group(2), option.value
    diy, rough = _DIY.fullmatch(what), _ROUGH.fullmatch(what)
    if kind == Kind.DIY and diy is not None:
        said = ui(lang, "perk.diy_own" if own else "perk.diy", n=diy.group(1))
    elif kind == Kind.EXTRA_RECRUIT:
        said = ui(lang, "perk.recruit")
    elif kind == Kind.DO_OVER and isinstance(value, str) and value in cards:
        said = ui(lang, "perk.play", name=cards[value].name_in(lang))
    elif kind == Kind.RECYCLE and isinstance(value, str) and value in cards:
        said = ui(lang, "perk.take_own" if own else "perk.take",
                  name=cards[value].name_in(lang))
    elif kind == Kind.ROUGH_HOUSING and rough is not None:
        said = ui(lang, "perk.box", name=rough.group(1))
    else:  # a perk in the language: its action's own text
        said = what
    return ui(lang, f"perk.{verb.group(1)}_to", then=said)


def _place(value: tuple, lang: str, own: bool) -> str | None:
    where = value[0]
    if where == "park":
        return ui(lang, "place.park")
    if where == "yard" and isinstance(value[1], int):
        return ui(lang, "place.yard", seat=seat_label(lang, value[1]))
    if where in ("hand", "discard"):
        return ui(lang, f"place.{where}_own" if own else f"place.{where}")
    return None


def heading(decision: Decision, lang: str) -> str:
    """The decision's title: the engine's context (the card being resolved) in English; in
    another language the kind's title, then that context where it says more."""
    title = ui(lang, f"kind.{decision.kind.value}")
    context = decision.context
    if lang == "en":
        return context or title
    english = ui("en", f"kind.{decision.kind.value}")
    if not context or context == english:
        return title
    if context.endswith(": " + english):  # "Sparky: which actions, in which order (R5.2)"
        return context[: -len(english)] + title
    follow = _FOLLOW_CONTEXT.fullmatch(context)
    if follow is not None:
        return ui(lang, "ctx.follow", card=follow.group(1),
                  box=ui(lang, f"box.{follow.group(2)}"), action=follow.group(3))
    boost = _BOOST_CONTEXT.fullmatch(context)
    if boost is not None and boost.group(2) in _SUITS:
        return ui(lang, "ctx.boost", card=boost.group(1), suit=suit_name(boost.group(2), lang))
    action = _ACTION_CONTEXT.fullmatch(context)
    if action is not None:
        return ui(lang, "ctx.action", title=title, card=action.group(1),
                  box=ui(lang, f"box.{action.group(2)}"), action=action.group(3))
    return f"{title} — {context}"


#: The engine's contexts (English), read back to word them in another language.
_FOLLOW_CONTEXT = re.compile(r"follow (.+) \((public|private)\): (.*)")
_BOOST_CONTEXT = re.compile(r"(.+): add cards for (\w+) \(R5\.3\)")
_ACTION_CONTEXT = re.compile(r"(.+) \((public|private)\): (.*)")
_SUITS = frozenset(s.value for s in Suit)


def told(decision: Decision, index: int, watcher: int, lang: str,
         cards: Mapping[str, KidCard]) -> str:
    """What ``watcher`` sees of ``decision`` answered with ``index`` (the rule of the game's
    disclosure, ``GameModule.disclosure``: Fort's
    :func:`fortlang.games.fort.disclosure.told`), worded in ``lang`` and the third person."""
    rules = disclosure()
    if watcher == decision.player or rules.is_public(decision):
        answer = option_label(decision, decision.options[index], lang, cards,
                              own=watcher == decision.player)
    else:
        assert decision.kind in rules.SECRET
        answer = ui(lang, f"secret.{decision.kind.value}")
    return ui(lang, "told", heading=heading(decision, lang), answer=answer)


def disclosure() -> Any:
    """Which answers every seat sees, and what the others are told of a secret one: the
    disclosure of the game this terminal player is Fort's (``GameModule.disclosure``)."""
    from fortlang.module import DEFAULT_GAME
    from fortlang.table_pieces import table_piece

    return table_piece(DEFAULT_GAME, "disclosure", "its disclosure")


def event_text(event: Event, lang: str) -> str:
    """One event of :mod:`fortlang.games.fort.narration` in ``lang``."""
    names = ", ".join(c.name_in(lang) for c in event.cards)
    what = event.what
    if what == "draw":
        counted = _count(lang, "card", event.count)
        return (ui(lang, "ev.draw_named", cards=counted, names=names) if event.cards
                else ui(lang, "ev.draw", cards=counted))
    if what == "recruit":
        source = event.source
        place = (ui(lang, "from.yard", seat=seat_label(lang, int(source.split(":")[1])))
                 if source.startswith("yard:") else ui(lang, f"from.{source}"))
        return ui(lang, "ev.recruit", names=names, place=place)
    if what in ("lookout", "yard", "box", "discard"):
        return ui(lang, f"ev.{what}", names=names)
    if what in ("gain", "lose"):
        return ui(lang, f"ev.{what}", amount=resource_name(event.resource, lang, event.count),
                  pool=term(event.pool, lang))
    if what in ("vp", "level"):
        return ui(lang, f"ev.{what}", before=event.before, after=event.count)
    if what == "perk":
        return ui(lang, "ev.perk", name=event.name)
    if what == "rule":
        return (ui(lang, "ev.rule", name=event.name) if event.name
                else ui(lang, "ev.rule_secret"))
    raise ValueError(f"no words for the event {what!r}")


def _count(lang: str, key: str, n: int) -> str:
    from fortlang.phrasebook import plural

    return plural(lang, key, n)


class HumanAgent:
    """Asks a person at the terminal; re-asks on bad input, never raises on it."""

    def __init__(self, console: Any, stdin: TextIO, lang: str = "en",
                 names: list[str] | None = None,
                 cards: Mapping[str, KidCard] | None = None) -> None:
        self.console = console
        self.stdin = stdin
        self.lang = lang
        self.names = names or []
        self.cards: Mapping[str, KidCard] = cards or {}
        self._shown_for: int | None = None

    def show(self, view: Any) -> None:
        from rich.table import Table

        c, lang = self.console, self.lang
        table = Table(title=ui(lang, "table"), show_lines=False)
        for col in ("seat", "who", "vp", "level", "stuff", "pack", "lookout", "yard", "hand",
                    "deck"):
            table.add_column(ui(lang, f"col.{col}"))
        for p in view.players:
            who = self.names[p.seat] if p.seat < len(self.names) else "?"
            table.add_row(str(p.seat + 1), markup_text(who), str(p.vp), str(p.level),
                          tokens(p.stuff, lang),
                          f"{tokens(p.pack, lang)} /{p.pack_capacity}",
                          markup_text(", ".join(k.name_in(lang) for k in p.lookout) or "-"),
                          markup_text(", ".join(k.name_in(lang) for k in p.yard) or "-"),
                          str(p.hand_size), str(p.deck_size))
        c.print(table)
        park = markup_text(", ".join(k.name_in(lang) for k in view.park) or "-")
        c.print(ui(lang, "park", cards=park, n=view.park_deck_size,
                   supply=tokens(view.supply, lang)))
        me = view.me
        if me.rule is not None:
            c.print(ui(lang, "your_rule", name=markup_text(me.rule.name)))
        if me.perks:
            c.print(ui(lang, "your_perks",
                       names=markup_text(", ".join(k.name for k in me.perks))))
        c.print(f"[bold]{ui(lang, 'your_hand')}[/]")
        for card in me.hand or ():
            c.print("  " + card_line(card, lang), markup=False)

    def choose(self, view: Any, decision: Decision) -> int:
        if decision.kind == Kind.PLAY or self._shown_for is None:
            self.show(view)
            self._shown_for = 0
        lang, n = self.lang, len(decision.options)
        self.console.print(f"\n[bold]{markup_text(heading(decision, lang))}[/]")
        with_text = decision.kind in _CARD_MOVES
        for i, option in enumerate(decision.options, 1):
            label = option_label(decision, option, lang, self.cards, own=True,
                                 with_text=with_text)
            self.console.print(f"  {i}. {shown(label)}", markup=False)
        while True:
            self.console.print(ui(lang, "prompt", n=n), end="", markup=False)
            line = self.stdin.readline()
            if not line:
                raise Quit("end")
            answer = line.strip().lower()
            if answer in ("q", "quit"):
                raise Quit("quit")
            if answer in ("?", "help", "h"):
                self.help(decision)
                continue
            if answer.isdigit() and 1 <= int(answer) <= n:
                return int(answer) - 1
            self.console.print(ui(lang, "not_a_choice", answer=shown(line.strip()), n=n),
                               markup=False)

    def help(self, decision: Decision) -> None:
        lang = self.lang
        for line in (ui(lang, "help.commands", n=len(decision.options)),
                     ui(lang, "help.now", title=ui(lang, f"kind.{decision.kind.value}"),
                        explain=ui(lang, f"explain.{decision.kind.value}")),
                     ui(lang, "help.table")):
            self.console.print(line, markup=False)


class Narrated:
    """A bot whose answers are told to the person at the table (seat ``watcher``) as the table
    saw them: a secret choice is told without its answer (the game's disclosure), and the
    bot is spoken of in the third person."""

    def __init__(self, agent: Any, console: Any, name: str, watcher: int = 0, lang: str = "en",
                 cards: Mapping[str, KidCard] | None = None) -> None:
        self.agent = agent
        self.console = console
        self.name = name
        self.watcher = watcher
        self.lang = lang
        self.cards: Mapping[str, KidCard] = cards or {}

    def choose_in(self, state: Any, decision: Decision) -> int:
        """Answer as the bot does (given the state: see fortlang.sim.bridge.answer)."""
        from fortlang.sim.bridge import answer

        return self._tell(decision, answer(self.agent, state, decision))

    def choose(self, view: Any, decision: Decision) -> int:
        return self._tell(decision, self.agent.choose(view, decision))

    def _tell(self, decision: Decision, index: int) -> int:
        lang = self.lang
        who = ui(lang, "seat_named", seat=seat_label(lang, decision.player), name=self.name)
        self.console.print(ui(lang, "move", who=who, told=shown(
            told(decision, index, self.watcher, lang, self.cards))), markup=False)
        return index


def tell_events(console: Any, events: Sequence[Event], lang: str, names: Sequence[str],
                watcher: int = 0) -> None:
    """One line per seat that something happened to: ``→ seat 1 (greedy): drew 2 cards, ...``."""
    seats: dict[int, list[str]] = {}
    for e in events:
        seats.setdefault(e.seat, []).append(event_text(e, lang))
    for seat, said in seats.items():
        name = names[seat] if seat < len(names) else "?"
        who = name if seat == watcher else ui(lang, "seat_named", seat=seat_label(lang, seat),
                                               name=name)
        console.print(ui(lang, "did", who=shown(who), events=shown(", ".join(said))),
                      markup=False)
