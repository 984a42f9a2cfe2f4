"""What one seat of a game module's table sees (issue 33 item 5), as the page draws it: the lines
the module's narration says the seat may see of the table (``seen``), the pending decision with
its options worded by the narration, the log as that seat was told it, the final scores.

Nothing here reads the module's table: a rival's hand reaches a page only if the module's
narration tells it, and Frantic's never does (fortlang.games.frantic.narration). The page puts
every value into text nodes; each is also escaped (:func:`fortlang.escape.shown`: control and
bidi characters) as Fort's view does."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fortlang.escape import shown
from fortlang.i18n import ui
from fortlang.playtest.words import page_words

if TYPE_CHECKING:
    from fortlang.playtest.module_table import ModuleTable


def module_catalogue(table: ModuleTable) -> dict[str, dict[str, str]]:
    """The cards a page may name: none by id (a module's options carry their own words and
    its cards have no face the page draws)."""
    return {}


def module_seat_view(table: ModuleTable, seat: int | None) -> dict[str, Any]:
    """What ``seat`` sees now (None: the host, who sees the answers the narration tells
    everyone and nobody's table)."""
    lang = table.lang
    words = page_words(lang)
    words["title"] = table.game.title(lang)
    words["final"] = ui(lang, "final")
    view: dict[str, Any] = {
        "version": table.version, "seat": seat, "lang": lang, "game": table.game.name,
        "seat_name": None if seat is None else table.name(seat),
        "words": {k: shown(v) for k, v in words.items()},
        "players": [], "table": [], "supply": "",
        "seen": [] if seat is None else [shown(line) for line in table.seen(seat)],
        "log": [shown(line) for line in table.told(seat)],
        "decision": None, "waiting_for": None, "undo": False, "over": None,
    }
    d = table.decision()
    if d is None:
        view["over"] = _final(table)
    elif d.player == seat:
        view["decision"] = {
            "number": len(table.log), "kind": str(d.kind),
            "context": shown(table.heading(d)),
            "options": [{"label": shown(table.option_label(d, o)), "card": None}
                        for o in d.options],
            "excluded": [[shown(label), shown(rule)] for label, rule in d.excluded],
        }
    else:
        view["waiting_for"] = table.name(d.player)
    return view


def _final(table: ModuleTable) -> dict[str, Any]:
    """The module's outcome: each seat's score and the winners."""
    out = table.state.outcome()
    lang = table.lang
    winners = ui(lang, "and").join(table.name(w) for w in out.winners)
    return {
        "rows": [[table.name(s), score] for s, score in enumerate(out.scores)],
        "winners": [table.name(w) for w in out.winners], "turns": out.turns,
        "text": shown(ui(lang, "module.winner", who=winners, turns=out.turns)),
    }
