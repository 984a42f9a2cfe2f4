"""What one seat sees, as generic data the page draws: players with counters and zones of cards,
the shared table, the pending decision with its options (and the options the rules exclude, each
with its rule), the log as that seat was told it.

The page knows no Fort field names: a zone is a title and cards (or only a count, when the seat
may not see them), a counter is a title and a value. Fort fills these from the seat's
observation (:func:`fortlang.game.pull.observe`), which already holds nothing the rules hide
(rivals' hands and made-up rules, deck orders): a game module will fill them the same way.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fortlang.engine.choices import Option
from fortlang.escape import shown
from fortlang.game.pull import observe
from fortlang.model import CardSet
from fortlang.playtest.table import Table


def catalogue(cardset: CardSet, lang: str) -> dict[str, dict[str, str]]:
    """Every card a page may show, by id: its name in ``lang`` and its kind."""
    cards: dict[str, dict[str, str]] = {}
    for kid in cardset.kids:
        cards[kid.id] = {"name": shown(kid.name_in(lang)), "kind": "kid"}
    for perk in cardset.perks:
        cards[perk.id] = {"name": shown(perk.names.get(lang, perk.name)), "kind": "perk",
                          "text": shown(perk.text)}
    for rule in cardset.rules:
        cards[rule.id] = {"name": shown(rule.names.get(lang, rule.name)), "kind": "rule",
                          "text": shown(rule.text)}
    return cards


def _zone(title: str, cards: Any, count: int | None = None) -> dict[str, Any]:
    if cards is None:
        return {"title": title, "count": count}
    return {"title": title, "cards": list(cards)}


def _tokens(counts: Any) -> str:
    pizza, toy = counts
    return f"{pizza} pizza, {toy} toy"


def seat_view(table: Table, seat: int | None) -> dict[str, Any]:
    """What ``seat`` sees now (None: the host's page, which sees only what is public)."""
    game = table.state.game
    seen = observe(game, -1 if seat is None else seat)
    players = []
    for p in seen["players"]:
        s = p["seat"]
        mine = s == seat
        counters = [["VP", p["vp"]], ["fort level", p["level"]],
                    ["stuff", _tokens(p["stuff"])],
                    ["pack", f"{_tokens(p['pack'])} (room {game.pack_capacity(game.players[s])})"],
                    ["deck", p["deck_size"]]]
        if p["has_rule"]:
            counters.append(["made-up rule", p["rule"] if mine else "secret"])
        if game.macaroni == s:
            counters.append(["macaroni sculpture", "yes"])
        players.append({
            "seat": s, "name": "you" if mine else table._name(s), "mine": mine,
            "counters": counters,
            "zones": [_zone("hand", p["hand"], p["hand_size"]),
                      _zone("in play", p["in_play"]), _zone("lookout", p["lookout"]),
                      _zone("yard", p["yard"]), _zone("perks", p["perks"]),
                      _zone("discard", p["discard"])],
        })
    shared = [_zone("park", seen["park"]), _zone("perk row", seen["perk_row"]),
              {"title": "park deck", "count": seen["park_deck_size"]},
              {"title": "rule pile", "count": seen["rule_pile_size"]}]
    view: dict[str, Any] = {
        "version": table.version, "seat": seat, "lang": table.lang,
        "players": players, "table": shared,
        "supply": _tokens(seen["supply"]),
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
            "number": len(table.log), "kind": str(d.kind), "context": shown(d.context),
            "options": [_option(o, table.card_names) for o in d.options],
            "excluded": [[shown(label), shown(rule)] for label, rule in d.excluded],
        }
    else:
        view["waiting_for"] = table._name(d.player)
    return view


def _option(option: Option, names: Mapping[str, str]) -> dict[str, Any]:
    """An option's label, and the card it names if it names one (its face is shown)."""
    card = _card_in(option.value, names)
    return {"label": shown(option.label), "card": card}


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
        "scores": [{"name": table._name(s.seat), "total": s.total, "track": s.track,
                    "fort": s.fort, "rule": s.rule, "rule_name": shown(rules.get(s.seat, "")),
                    "macaroni": s.macaroni, "level": s.level} for s in out.scores],
        "winners": [table._name(w) for w in out.winners],
        "turns": out.turns, "triggers": list(out.triggers),
    }
