"""A game's turn structure, derived from the flow it declares (``GameModule.flow``, a
:class:`~fortlang.flow.FlowSpec`; issue 33 items 1, 4 and 5): the phases of a turn in order
(with the events fired before, during and after each), who plays first and which way play
goes, the rounds and the game's end, the reaction windows (on which event, who is asked, what
they may do) and the lasting effects its cards may set.

:func:`structure` reads it once, in a language's words, as plain values (what ``fortlang
explain --game G --flow --json`` prints); :func:`markdown` makes the rules page's "Turn
structure" section of it, :func:`text` the terminal's. The site's own words (headings, the
direction, the runtime's events, the windows' verbs and orders) come from
:mod:`fortlang.docsite.lexicon`; the game's own (what a phase does, who plays first, when the
game ends, its events' names) from the spec's ``doc`` words, in English where the module gives
none in the language; what a round is called, from the spec's word for it
(``FlowSpec.round_words``, the core's where it gives none: :meth:`FlowSpec.round_word
<fortlang.flow.spec.FlowSpec.round_word>`), set in the lexicon's sentences. Every value is
escaped (:func:`fortlang.docsite.safe.markdown`).

>>> from fortlang.flow import Cycle, FlowSpec, Phase
>>> spec = FlowSpec(turn=(Phase("roll", run="fortlang.flow.spec:no_phase",
...                             doc={"en": "Roll the die.", "fr": "Lancez le dé."}),),
...                 cycle=Cycle(direction=-1), game_end="fortlang.flow.spec:never")
>>> facts = structure(spec, "fr")
>>> facts["phases"][0]["doc"], facts["direction"]["words"]
('Lancez le dé.', 'sens antihoraire')
>>> print(text(spec, "en"))
Turn structure
  Phases of a turn, in order:
    1. roll: Roll the die.
  Who plays first: The first seat.
  Direction of play: Counter-clockwise.
  Rounds: None (one run of turns).
  End of the game (asked after every turn): As the game's code decides.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fortlang.docsite import lexicon as lx
from fortlang.docsite import markdown as md
from fortlang.docsite import safe
from fortlang.flow.events import (
    AFTER_EFFECT,
    BEFORE_EFFECT,
    ROUND_END,
    ROUND_START,
    TARGETED,
    TURN_END,
    TURN_START,
    EventPattern,
)
from fortlang.flow.spec import ANSWER, CANCEL, REDIRECT, FlowSpec, Words
from fortlang.module import GameModule

#: The lexicon's key of each event the runtime fires itself.
_RUNTIME_EVENTS = {TURN_START: "flow_ev_turn_start", TURN_END: "flow_ev_turn_end",
                   ROUND_START: "flow_ev_round_start", ROUND_END: "flow_ev_round_end",
                   TARGETED: "flow_ev_targeted", BEFORE_EFFECT: "flow_ev_before_effect",
                   AFTER_EFFECT: "flow_ev_after_effect"}
_VERBS = {CANCEL: "flow_may_cancel", REDIRECT: "flow_may_redirect", ANSWER: "flow_may_answer"}
_ORDERS = {"from_next": "flow_order_from_next", "from_victim": "flow_order_from_victim"}


def words(doc: Words, lang: str) -> str:
    """The module's words in ``lang``, else in English, else ""."""
    return doc.get(lang) or doc.get("en") or ""


def event_words(spec: FlowSpec, event: str, lang: str) -> str:
    """What ``event`` is, in words: the runtime's own (a round's with the game's word for
    it), or as the game names its own (its name itself when it does not)."""
    key = _RUNTIME_EVENTS.get(event)
    if key is not None:
        return round_text(spec, key, lang)
    return words(spec.events.get(event, {}), lang) or event


def round_text(spec: FlowSpec, key: str, lang: str, escape: Any = None) -> str:
    """The lexicon's words ``key`` in ``lang``, a round named as ``spec`` calls it (each form
    through ``escape`` when given: the game's words are data). Words that name no round are
    the lexicon's as they are.

    >>> from fortlang.flow import FlowSpec, Phase
    >>> spec = FlowSpec(turn=(Phase("go", run="fortlang.flow.spec:no_phase"),),
    ...                 game_end="fortlang.flow.spec:never",
    ...                 round_words={"ru": {"one": "круг", "many": "круги", "gen": "круга",
    ...                                     "ins": "кругом"}})
    >>> round_text(spec, "flow_round_setup", "ru"), round_text(spec, "flow_round_end", "fr")
    ('перед каждым кругом', "fin d'une manche (vérifiée après chaque tour)")
    """
    forms = spec.round_word(lang)
    if escape is not None:
        forms = {k: escape(v) for k, v in forms.items()}
    return lx.ui(key, lang).format_map(forms)


def _until(spec: FlowSpec, until: EventPattern, lang: str) -> str:
    said = event_words(spec, until.name, lang)
    return lx.ui("flow_owners", lang).format(event=said) if until.owner_only else said


def structure(spec: FlowSpec, lang: str) -> dict[str, Any]:
    """What ``spec`` declares, in ``lang``: each piece's name as declared (events, verbs,
    orders: the identifiers a module and a log use) beside its words. Plain values (JSON)."""
    phases = [{"name": p.name, "doc": words(p.doc, lang), "per_seat": p.per_seat,
               "before": [{"event": e, "words": event_words(spec, e, lang)} for e in p.before],
               "during": [{"event": e, "words": event_words(spec, e, lang)} for e in p.during],
               "after": [{"event": e, "words": event_words(spec, e, lang)} for e in p.after]}
              for p in spec.turn]
    first = words(spec.cycle.doc, lang) or lx.ui("flow_first_seat", lang)
    word = dict(spec.round_word(lang))
    direction = spec.cycle.direction
    rounds: dict[str, Any] | None = None
    if spec.round_end is not None or spec.round_setup is not None:
        rounds = {"setup": words(spec.round_setup_doc, lang) if spec.round_setup else None,
                  "end": (words(spec.round_end_doc, lang) or lx.ui("flow_by_code", lang))
                  if spec.round_end else None}
    windows = [{"event": w.event, "event_words": event_words(spec, w.event, lang),
                "doc": words(w.doc, lang), "order": w.order,
                "who": lx.ui(_ORDERS[w.order], lang), "may": list(w.may),
                "may_words": [lx.ui(_VERBS[v], lang) for v in w.may]} for w in spec.windows]
    lasting = [{"name": e.name, "doc": words(e.doc, lang),
                "until": {"event": e.until.name, "owner_only": e.until.owner_only},
                "until_words": _until(spec, e.until, lang)} for e in spec.lasting]
    return {"lang": lang, "phases": phases,
            "first": first,
            "direction": {"value": direction,
                          "words": lx.ui("flow_clockwise" if direction == 1
                                         else "flow_counterclockwise", lang)},
            "rounds": rounds, "round_words": word,
            "game_end": words(spec.game_end_doc, lang) or lx.ui("flow_by_code", lang),
            "max_turns": spec.max_turns,
            "windows": windows, "lasting": lasting}


def _sentence(text: str) -> str:
    """``text`` as a sentence: a capital first, a full stop at the end unless it has one."""
    text = lx.cap(text)
    return text if not text or text[-1] in ".!?…" else text + "."


def _colon(lang: str) -> str:
    return " :" if lang == "fr" else ":"


def _phase_line(phase: Mapping[str, Any], lang: str, escape: Any) -> str:
    line = f"{escape(phase['name'])}"
    if phase["doc"]:
        line += f"{_colon(lang)} {escape(_sentence(phase['doc']))}"
    extra = []
    if phase["per_seat"]:
        extra.append(lx.ui("flow_per_seat", lang))
    for key, events in (("flow_before", phase["before"]), ("flow_during", phase["during"]),
                        ("flow_after", phase["after"])):
        if events:
            extra.append(lx.ui(key, lang).format(
                events=", ".join(escape(e["words"]) for e in events)))
    return line + (f" ({'; '.join(extra)})" if extra else "")


def markdown(spec: FlowSpec, lang: str, level: int = 2) -> str:
    """The "Turn structure" section of a rules page (a heading of ``level``), in ``lang``."""
    facts = structure(spec, lang)
    esc = safe.markdown

    def label(key: str) -> str:
        return lx.label(key, lang)

    out = [md.heading(level, lx.ui("flow_heading", lang), "turn-structure"),
           f"*{lx.ui('flow_intro', lang)}*\n", label("flow_phases") + "\n"]
    for i, phase in enumerate(facts["phases"], 1):
        name = f"<code>{esc(phase['name'])}</code>"
        line = _phase_line({**phase, "name": ""}, lang, esc)
        out.append(f"{i}. {name}{line}")
    out.append("")
    out.append(f"{label('flow_first')} {esc(_sentence(facts['first']))}\n")
    out.append(f"{label('flow_direction')} {esc(_sentence(facts['direction']['words']))}\n")
    rounds = facts["rounds"]
    def round_label(key: str) -> str:  # the game's word escaped, the lexicon's not
        return lx.label_text(round_text(spec, key, lang, esc), lang)

    if rounds is None:
        out.append(f"{round_label('flow_rounds')} "
                   f"{esc(_sentence(lx.ui('flow_no_rounds', lang)))}\n")
    else:
        if rounds["setup"] is not None:
            out.append(f"{round_label('flow_round_setup')} {esc(_sentence(rounds['setup']))}\n")
        if rounds["end"] is not None:
            out.append(f"{round_label('flow_round_end')} {esc(_sentence(rounds['end']))}\n")
    out.append(f"{label('flow_game_end')} {esc(_sentence(facts['game_end']))}\n")
    if facts["windows"]:
        out.append(label("flow_windows") + "\n")
        for w in facts["windows"]:
            head = f"- *{esc(lx.cap(w['event_words']))}* (<code>{esc(w['event'])}</code>)"
            if w["doc"]:
                head += f"{_colon(lang)} {esc(_sentence(w['doc']))}"
            out.append(f"{head} {esc(_who(w, lang))}")
        out.append("")
    if facts["lasting"]:
        out.append(label("flow_lasting") + "\n")
        for e in facts["lasting"]:
            head = f"- <code>{esc(e['name'])}</code>"
            if e["doc"]:
                head += f"{_colon(lang)} {esc(_sentence(e['doc']))}"
            until = lx.ui("flow_until", lang).format(event=e["until_words"])
            out.append(f"{head} {esc(_sentence(until))}")
        out.append("")
    return "\n".join(out)


def with_turn_structure(page: str, spec: FlowSpec, lang: str) -> str:
    """A rules page with the turn structure of ``spec`` as its first section (before its first
    ``## `` heading; at its end when it has none).

    >>> from fortlang.flow import FlowSpec, Phase
    >>> spec = FlowSpec(turn=(Phase("go", run="fortlang.flow.spec:no_phase"),),
    ...                 game_end="fortlang.flow.spec:never")
    >>> page = with_turn_structure("# Rules\\n\\nIntro.\\n\\n## R1 Cards\\n", spec, "en")
    >>> [line for line in page.splitlines() if line.startswith("#")]
    ['# Rules', '## Turn structure { #turn-structure }', '## R1 Cards']
    """
    block = markdown(spec, lang)
    lines = page.splitlines(keepends=True)
    for i, line in enumerate(lines):
        if line.startswith("## "):
            return "".join(lines[:i]) + block + "\n" + "".join(lines[i:])
    return page.rstrip("\n") + "\n\n" + block


def turn_structure(game: GameModule, page: str, lang: str) -> str:
    """``game``'s rules ``page`` with its turn structure as the first section, derived from
    the flow the module declares (``GameModule.flow``), in ``lang``; ``page`` as it is for a
    game whose turns are a loop of its own. :class:`fortlang.games.GameError` (E351) when the
    declared flow cannot be had."""
    from fortlang.games import flow_of

    spec = flow_of(game)
    return page if spec is None else with_turn_structure(page, spec, lang)


def _who(window: Mapping[str, Any], lang: str) -> str:
    """Who a window asks and what they may do, in two sentences."""
    verbs = _join(window["may_words"], lang)
    return (f"{_sentence(lx.ui('flow_asked', lang).format(who=window['who']))} "
            f"{_sentence(lx.ui('flow_may', lang).format(verbs=verbs))}")


def _join(items: list[str], lang: str) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + lx.ui("flow_or", lang) + items[-1]


def text(spec: FlowSpec, lang: str) -> str:
    """The turn structure as the terminal prints it (``fortlang explain --flow``)."""
    facts = structure(spec, lang)

    def label(key: str) -> str:
        return lx.cap(lx.ui(key, lang)) + _colon(lang)

    def plain(value: str) -> str:
        return safe.visible(value)

    out = [lx.ui("flow_heading", lang), f"  {label('flow_phases')}"]
    for i, phase in enumerate(facts["phases"], 1):
        out.append(f"    {i}. {_phase_line(phase, lang, plain)}")
    out.append(f"  {label('flow_first')} {plain(_sentence(facts['first']))}")
    out.append(f"  {label('flow_direction')} {plain(_sentence(facts['direction']['words']))}")
    rounds = facts["rounds"]
    def round_label(key: str) -> str:
        return lx.cap(round_text(spec, key, lang, plain)) + _colon(lang)

    if rounds is None:
        out.append(f"  {round_label('flow_rounds')} {_sentence(lx.ui('flow_no_rounds', lang))}")
    else:
        if rounds["setup"] is not None:
            out.append(f"  {round_label('flow_round_setup')} "
                       f"{plain(_sentence(rounds['setup']))}")
        if rounds["end"] is not None:
            out.append(f"  {round_label('flow_round_end')} {plain(_sentence(rounds['end']))}")
    out.append(f"  {label('flow_game_end')} {plain(_sentence(facts['game_end']))}")
    if facts["windows"]:
        out.append(f"  {label('flow_windows')}")
        for w in facts["windows"]:
            line = f"    - {plain(lx.cap(w['event_words']))} ({plain(w['event'])})"
            if w["doc"]:
                line += f"{_colon(lang)} {plain(_sentence(w['doc']))}"
            out.append(line)
            out.append(f"      {_who(w, lang)}")
    if facts["lasting"]:
        out.append(f"  {label('flow_lasting')}")
        for e in facts["lasting"]:
            line = f"    - {plain(e['name'])}"
            if e["doc"]:
                line += f"{_colon(lang)} {plain(_sentence(e['doc']))}"
            until = lx.ui("flow_until", lang).format(event=plain(e["until_words"]))
            out.append(f"{line} {_sentence(until)}")
    return "\n".join(out)
