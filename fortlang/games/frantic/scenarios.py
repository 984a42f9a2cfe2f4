"""Frantic's scenario rules (issue 34 items 4 and 5; docs/games/frantic.md "Scenarios"): what a
scenario's `given`, `when` and `then` say for Frantic, and how one runs.

`given` lays a table out through :class:`.table.FranticTable`'s own pieces (hands, piles, event
deck, wish, direction, switches); every `when` move goes through the game's own code (a turn is
:func:`.match.play_turns`, the flow's turn with Nice Try and Time Bomb after it; a deal is
:func:`.match.deal_hands`; scoring :func:`.match.score_round`); `then` reads the table back. No
rule is written twice here: the runner only places cards and answers questions.

Players are numbered from 1 as people count them (seat 0 is player 1). Cards are named by id
(``red_7``, ``gift_blue``) or by a name only one card has (``Fantastic``, ``Nice Try``).
Piles are written top first for the draw pile and the event deck (what comes next comes
first), bottom first for the discard pile (the top last, as cards are played onto it).

The module works on plain values (the YAML tree read by the core's scenario reader); every
problem it finds in a scenario is a :class:`ScenarioProblem` naming the path of the value at
fault (``("given", "players", 0, "hand", 2)``), which the core turns into a file position.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from fortlang.engine.chance import Distribution
from fortlang.engine.choices import Decision, Kind
from fortlang.errors import MessageError, did_you_mean
from fortlang.games.frantic import match
from fortlang.games.frantic.cards import EVENT_CARD as EVENT_KIND
from fortlang.games.frantic.cards import PLAY_CARD as PLAY_KIND
from fortlang.games.frantic.effects import playable
from fortlang.games.frantic.flow import Answer
from fortlang.games.frantic.table import (
    COLOURS,
    SWITCHES,
    EventCard,
    FranticTable,
    PlayCard,
    new_table,
)
from fortlang.model import CardSet
from fortlang.scenario.answers import Unanswered as CoreUnanswered
from fortlang.scenario.rules import NamePlace, ScenarioRules

Path = tuple[str | int, ...]

#: The core's code for a scenario a game's rules cannot set up: here one naming what
#: Frantic does not have (a card, an event, a switch, a seat, a card with no copy left).
CANNOT_SET_UP = "E711"
#: `direction` in words (F2.6: counter-clockwise, -1, is how a round starts).
DIRECTIONS: dict[str, int] = {"counter-clockwise": -1, "clockwise": 1}
#: The fields of `given` and of each given player.
GIVEN_FIELDS = ("players", "discard", "top", "draw_pile", "events", "wish", "direction",
                "last_colour", "time_bomb", "switches", "dealer")
GIVEN_PLAYER = ("hand", "score", "skipped")
#: What a `when` move does (each `by` a player): one of these keys.
VERBS = ("turn", "turns", "deal", "score")
#: `round_over` in words: why the round ended ("no": it goes on).
ROUND_OVER = ("no", "empty_hand", "empty_pile", "event", "bomb")
#: A `turns` move plays at most this many turns (Time Bomb's three, F9.14, and room to spare).
MOST_SCENARIO_TURNS = 100


class ScenarioProblem(MessageError):
    """A scenario that cannot be laid out or played as written (E711, a scenario its game's
    rules cannot set up): ``path`` is the value at fault in the scenario's tree, which
    :func:`read` turns into the file position."""

    def __init__(self, path: Path, message: str, hint: str | None = None) -> None:
        super().__init__(CANNOT_SET_UP, message, hint)
        self.path = path


# -- cards ---------------------------------------------------------------------------------------


class Names:
    """Card and event names as a scenario writes them: an id, or a name only one card has."""

    def __init__(self, cardset: CardSet) -> None:
        self.play_ids = {c.id for c in cardset.cards if c.kind != "event"}
        self.event_ids = {c.id for c in cardset.cards if c.kind == "event"}
        by_name: dict[str, set[str]] = {}
        for c in cardset.cards:
            by_name.setdefault(c.name.casefold(), set()).add(c.id)
        self.by_name = by_name

    def resolve(self, word: Any, path: Path, *, event: bool = False) -> str:
        ids = self.event_ids if event else self.play_ids
        what = "event" if event else "play card"
        if not isinstance(word, str):
            raise ScenarioProblem(path, f"a {what} is named by its id or its name, not {word!r}")
        if word in ids:
            return word
        named = sorted(self.by_name.get(word.casefold(), set()) & ids)
        if len(named) == 1:
            return named[0]
        if named:
            raise ScenarioProblem(path, f"{len(named)} cards are named {word!r}: say which by "
                                        f"id ({', '.join(named)})")
        raise ScenarioProblem(path, f"no {what} of frantic-base is named {word!r}",
                              did_you_mean(word, sorted(ids)))


def _seq(value: Any, path: Path) -> list[Any]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise ScenarioProblem(path, f"expected a list, got {value!r}")
    return value


def _map(value: Any, path: Path) -> Mapping[Any, Any]:
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise ScenarioProblem(path, f"expected a mapping, got {value!r}")
    return value


def _int(value: Any, path: Path, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ScenarioProblem(path, f"expected a whole number from {low} to {high}, "
                                    f"got {value!r}")
    return value


def _keys(value: Mapping[Any, Any], allowed: Sequence[str], path: Path, what: str) -> None:
    for key in value:
        if key not in allowed:
            raise ScenarioProblem((*path, key), f"{what} has no field `{key}` (it has: "
                                                f"{', '.join(allowed)})")


def _wish(value: Any, path: Path) -> str | int | None:
    """F7.2: a colour (never black, F5.3) or a number 1-9; `none`."""
    if value is None or value == "none":
        return None
    if value in COLOURS:
        return str(value)
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 9:
        return value
    raise ScenarioProblem(path, f"a wish is a colour ({', '.join(COLOURS)}) or a number 1 to "
                                f"9 (F7.2; black is not a colour, F5.3), not {value!r}")


def _player(value: Any, path: Path, n_players: int) -> int:
    """A player number as people count it (1 to n) -> its seat."""
    return _int(value, path, 1, n_players) - 1


# -- given -------------------------------------------------------------------------------------


def lay_table(cardset: CardSet, given: Mapping[str, Any], n_players: int) -> Run:
    """The `given` table: cards taken by id from a fresh table (every card in one place,
    F1.1), the rest of the play cards left in the draw pile in the cards file's order (or,
    when `draw_pile` is given, under the discard pile: played before), the events not named
    in `events` already turned."""
    path: Path = ("given",)
    given = _map(given, path)
    _keys(given, GIVEN_FIELDS, path, "`given`")
    names = Names(cardset)
    switches = dict(_map(given.get("switches"), (*path, "switches")))
    for key in switches:
        if key not in SWITCHES:
            raise ScenarioProblem((*path, "switches", key),
                                  f"Frantic has no switch `{key}` (docs/games/frantic.md F15: "
                                  f"{', '.join(SWITCHES)})")
    try:
        table = new_table(cardset, n_players, seed=0, switches=switches)
    except ValueError as e:
        raise ScenarioProblem((*path, "switches"), str(e)) from None
    table.chance_asked = True
    table.debug = True
    loose = sorted(table.draw_pile, key=lambda c: c.uid)
    table.draw_pile.clear()

    def grab(word: Any, where: Path) -> PlayCard:
        card_id = names.resolve(word, where)
        for i, card in enumerate(loose):
            if card.id == card_id:
                return loose.pop(i)
        raise ScenarioProblem(where, f"every copy of {card_id} is already placed (F1: the "
                                     f"set holds each card's copies only)")

    players = _seq(given.get("players"), (*path, "players"))
    for seat, spec in enumerate(players):
        where: Path = (*path, "players", seat)
        spec = _map(spec, where)
        _keys(spec, GIVEN_PLAYER, where, "a given player")
        p = table.players[seat]
        p.hand = [grab(w, (*where, "hand", i)) for i, w in
                  enumerate(_seq(spec.get("hand"), (*where, "hand")))]
        p.vp = _int(spec.get("score", 0), (*where, "score"), -10_000, 10_000)
        if spec.get("skipped", False):  # F6.4: the flow's clock skips their next turn
            table.flow.skip(seat)
    if "top" in given and "discard" in given:
        raise ScenarioProblem((*path, "top"), "say `top` or `discard`, not both")
    discard = [given["top"]] if "top" in given else _seq(given.get("discard"),
                                                         (*path, "discard"))
    key = "top" if "top" in given else "discard"
    laid = [grab(w, (*path, key) if key == "top" else (*path, key, i))
            for i, w in enumerate(discard)]
    if "draw_pile" in given:
        pile = [grab(w, (*path, "draw_pile", i))
                for i, w in enumerate(_seq(given["draw_pile"], (*path, "draw_pile")))]
        table.discard.extend(loose)  # the rest was played before (F9.4: under the top)
        table.draw_pile.extend(reversed(pile))  # the list's top is its last item
    else:
        table.draw_pile.extend(reversed(loose))  # the cards file's first card on top
    table.discard.extend(laid)
    _lay_events(table, names, given, path)
    if "wish" in given:
        table.wish = _wish(given["wish"], (*path, "wish"))
    if "direction" in given:
        table.flow.clock.direction = _direction(given["direction"], (*path, "direction"))
    if "last_colour" in given:
        colour = given["last_colour"]
        if colour not in COLOURS:
            raise ScenarioProblem((*path, "last_colour"), f"a colour is one of "
                                                          f"{', '.join(COLOURS)}, not {colour!r}")
        table.last_colour = str(colour)
    elif table.top is not None and table.top.colours:
        table.last_colour = table.top.colours[0]
    if "time_bomb" in given:
        table.bomb = _int(given["time_bomb"], (*path, "time_bomb"), 0, 100)
    dealer = _player(given["dealer"], (*path, "dealer"), n_players) if "dealer" in given else 0
    table.check_invariants()
    return Run(table, TurnAsker(None), dealer=dealer)


def _direction(value: Any, path: Path) -> int:
    if value not in DIRECTIONS:
        raise ScenarioProblem(path, f"the direction is {' or '.join(DIRECTIONS)} (F2.6), "
                                    f"not {value!r}")
    return DIRECTIONS[value]


def _lay_events(table: FranticTable, names: Names, given: Mapping[str, Any],
                path: Path) -> None:
    """`events`: the deck, top first; the events it does not name were turned before."""
    deck = sorted(table.events, key=lambda e: e.uid)
    table.events.clear()
    if "events" not in given:
        table.events.extend(reversed(deck))
        return
    chosen: list[EventCard] = []
    for i, word in enumerate(_seq(given["events"], (*path, "events"))):
        event_id = names.resolve(word, (*path, "events", i), event=True)
        found = next((e for e in deck if e.id == event_id), None)
        if found is None:
            raise ScenarioProblem((*path, "events", i), f"{event_id} is named twice")
        deck.remove(found)
        chosen.append(found)
    table.events_done.extend(deck)
    table.events.extend(reversed(chosen))


# -- when --------------------------------------------------------------------------------------


class Unanswered(CoreUnanswered):
    """A `turn` the scenario cannot make as written (a scenario mistake, no rule): the core
    fails the scenario at the move's line."""


class TurnAsker:
    """The table's asker during a scenario: the core's script (each seat's answers, the
    chance answers), and the first question of a `turn` move, what the mover does, answered
    from the move's `turn` value (a card to play, `draw`, `skipped`)."""

    def __init__(self, script: Any) -> None:
        self.script = script
        self.pending: tuple[int, str] | None = None  # (seat, what the turn says)

    def start_turn(self, seat: int, says: str | None) -> None:
        self.pending = (seat, says) if says is not None else None

    def decide(self, game: Any, decision: Decision) -> int:
        pending = self.pending
        if pending is not None and decision.kind is Kind.PLAY and decision.player == pending[0]:
            self.pending = None
            seat, says = pending
            if says == "draw" and not any(o.value is Answer.DRAW for o in decision.options):
                # nothing matched: the turn drew without asking (F3.2); this asks what to
                # play after the draw, a question for the script
                index: int = self.script.decide(game, decision)
                return index
            if says == "skipped":
                raise Unanswered(f"player {seat + 1} is asked what to play: their turn is "
                                 "not skipped")
            for i, option in enumerate(decision.options):
                if option.value == says or (says == "draw" and option.value is Answer.DRAW):
                    return i
            offered = ", ".join(str(o.value or o.label) for o in decision.options)
            raise Unanswered(f"player {seat + 1} may not play {says} here (F5): the turn "
                             f"offers {offered}")
        answer: int = self.script.decide(game, decision)
        return answer

    def chance(self, game: Any, dist: Distribution, context: str, seat: int) -> int:
        index: int = self.script.chance(game, dist, context, seat)
        return index

    def finish_turn(self, table: FranticTable, hand_before: int) -> None:
        """A `turn: <card>` whose turn never asked: the card was not played (a skipped
        player, or nothing matched)."""
        pending, self.pending = self.pending, None
        if pending is None:
            return
        seat, says = pending
        if says not in ("draw", "skipped"):
            raise Unanswered(f"player {seat + 1} was never asked what to play: {says} is not "
                             f"playable now (F5), or the turn is skipped (F6.4)")
        if says == "skipped" and len(table.players[seat].hand) != hand_before:
            raise Unanswered(f"player {seat + 1}'s turn was not skipped")


@dataclass
class Run:
    """A scenario's table as it runs, with what the game loop keeps outside the table."""

    table: FranticTable
    asker: TurnAsker
    dealer: int = 0
    #: The points of the last round scored (F4.3), by seat; None before `score: round`.
    points: list[int] | None = None


def make_move(run: Run, names: Names, move: Any, path: Path) -> None:
    """One `when` move through the game's own code: `turn` is one turn of the game loop
    (with Nice Try and Time Bomb after it), `turns` that many in a row, `deal` the deal of
    F2.3-F2.5, `score` the round's scoring (F4.3) and the next dealer (F2.4)."""
    table, fields, seat = run.table, move.fields, move.seat
    if seat >= len(table.players):
        raise ScenarioProblem((*path, "by"), f"player {seat + 1} is not seated")
    if "turn" in fields:
        said = fields["turn"]
        says = said if said in ("draw", "skipped") else names.resolve(said, (*path, "turn"))
        run.asker.start_turn(seat, says)
        before = len(table.players[seat].hand)
        match.play_turns(table, seat, limit=1)
        run.asker.finish_turn(table, before)
    elif "turns" in fields:
        match.play_turns(table, seat, limit=_int(fields["turns"], (*path, "turns"), 1,
                                                 MOST_SCENARIO_TURNS))
    elif "deal" in fields:
        run.dealer = seat
        match.deal_hands(table, seat)
    elif "score" in fields:
        run.points = match.score_round(table)
        run.dealer = match.next_dealer(table, run.dealer, run.points)
    else:
        raise ScenarioProblem(path, f"a move says one of {', '.join(VERBS)}")


# -- then --------------------------------------------------------------------------------------


def _same_cards(expected: list[str], actual: list[str]) -> list[str]:
    """A hand as observed: in the order written when it holds the same cards (a hand has no
    order), else sorted."""
    return list(expected) if sorted(expected) == sorted(actual) else sorted(actual)


def observe(run: Run, names: Names, then: Mapping[str, Any]) -> dict[str, Any]:
    """What the table holds for each `then` field written, in the scenario's words (cards by
    the name written when it is that card, players by number)."""
    table = run.table
    out: dict[str, Any] = {}

    def cards(where: Path, words: Any) -> list[str]:
        return [names.resolve(w, (*where, i)) for i, w in enumerate(_seq(words, where))]

    def written(where: Path, words: Any, ids: list[str]) -> list[str]:
        """Observed ids, said as written where the id is the one a written name meant."""
        meant = cards(where, words)
        said = {m: w for m, w in zip(meant, _seq(words, where), strict=True)}
        return [said.get(i, i) for i in ids]

    if "players" in then:
        players: list[dict[str, Any]] = []
        for seat, spec in enumerate(_seq(then["players"], ("then", "players"))):
            where: Path = ("then", "players", seat)
            if seat >= len(table.players):
                raise ScenarioProblem(where, f"player {seat + 1} is not seated")
            p = table.players[seat]
            got: dict[str, Any] = {}
            if "hand" in spec:
                ids = _same_cards(cards((*where, "hand"), spec["hand"]),
                                  [c.id for c in p.hand])
                got["hand"] = written((*where, "hand"), spec["hand"], ids)
            if "playable" in spec:
                ids = _same_cards(cards((*where, "playable"), spec["playable"]),
                                  list(dict.fromkeys(c.id for c in playable(table, seat))))
                got["playable"] = written((*where, "playable"), spec["playable"], ids)
            fields: dict[str, Any] = {"cards": len(p.hand), "score": p.vp, "skipped": p.skipped,
                      "points": run.points[seat] if run.points is not None else
                      "nothing (no `score: round` move)"}
            got.update({k: v for k, v in fields.items() if k in spec})
            players.append(got)
        out["players"] = players
    if "top" in then:
        top = table.top.id if table.top else "nothing"
        out["top"] = written(("then", "top"), [then["top"]], [top])[0]
    if "discard" in then:
        want = _seq(then["discard"], ("then", "discard"))
        ids = [c.id for c in table.discard[len(table.discard) - len(want):]] if want else []
        out["discard"] = written(("then", "discard"), want, ids)
    if "draw_pile" in then:
        want = _seq(then["draw_pile"], ("then", "draw_pile"))
        ids = [c.id for c in reversed(table.draw_pile)][:len(want)]
        out["draw_pile"] = written(("then", "draw_pile"), want, ids)
    if "events_turned" in then:
        out["events_turned"] = [e.id for e in turned_events(run)]
    said = then.get("round_over")
    reason = table.round_over or "no"
    out.update({
        "draw_pile_cards": len(table.draw_pile),
        "wish": "none" if table.wish is None else table.wish,
        "direction": next(k for k, v in DIRECTIONS.items() if v == table.play_direction),
        "last_colour": table.last_colour or "none",
        "time_bomb": table.bomb,
        "round_over": (reason != "no") if isinstance(said, bool) else reason,
        "dealer": run.dealer + 1,
        "game_over": match.game_over(table),
        "winners": [s + 1 for s in match.winners(table)],
    })
    return out


def turned_events(run: Run) -> list[EventCard]:
    """The events turned by the scenario's moves, in order: the last ones of the turned pile,
    as many as the table counted (F9.8: a deck that ran out starts the pile again)."""
    done = run.table.events_done
    ids = {e.id for e in run.table.all_events}
    count = sum(n for key, n in run.table.plays.items() if key in ids)
    return done[len(done) - count:] if 0 < count <= len(done) else list(done) if count else []


# -- the seam: ScenarioRules -------------------------------------------------------------------


def _cards_schema(what: str) -> dict[str, Any]:
    return {"type": "array", "maxItems": 125, "description": what,
            "items": {"type": "string", "minLength": 1, "maxLength": 80}}


_CARD = {"type": "string", "minLength": 1, "maxLength": 80}
_WISH = {"description": "A colour (blue, red, green, yellow) or a number 1 to 9 (F7.2); "
                        "none.",
         "oneOf": [{"enum": [*COLOURS, "none"]}, {"type": "integer", "minimum": 1,
                                                  "maximum": 9}]}
_PLAYER = {"type": "integer", "minimum": 1, "maximum": 8}

GIVEN_SCHEMA: dict[str, Any] = {
    "type": "object", "additionalProperties": False,
    "properties": {
        "players": {"type": "array", "minItems": 2, "maxItems": 8,
                    "description": "The seats in order, player 1 first (F2: 2 to 8).",
                    "items": {"type": "object", "additionalProperties": False, "properties": {
                        "hand": _cards_schema("The cards in hand, by id or name."),
                        "score": {"type": "integer", "minimum": -10000, "maximum": 10000,
                                  "description": "The total of points so far (F4.3)."},
                        "skipped": {"type": "boolean",
                                    "description": "Misses their next turn (F6.4)."}}}},
        "top": {**_CARD, "description": "The discard pile's one card."},
        "discard": _cards_schema("The discard pile, bottom first, its top last."),
        "draw_pile": _cards_schema("The draw pile exactly, top first; without it, every card "
                                   "not placed, in the cards file's order."),
        "events": {"type": "array", "maxItems": 20, "items": _CARD,
                   "description": "The event deck exactly, top first; the events it does not "
                                  "name were turned before."},
        "wish": _WISH,
        "direction": {"enum": list(DIRECTIONS), "description": "F2.6."},
        "last_colour": {"enum": list(COLOURS), "description": "Vandalism's (F9.4)."},
        "time_bomb": {"type": "integer", "minimum": 0, "maximum": 100,
                      "description": "Turns left before Time Bomb ends the round (F9.14)."},
        "switches": {"type": "object", "description": "Readings of the digest (F15).",
                     "propertyNames": {"enum": list(SWITCHES)}},
        "dealer": {**_PLAYER, "description": "Who dealt this round (F2.4)."}}}

WHEN_SCHEMA: dict[str, Any] = {
    "oneOf": [{"required": [verb]} for verb in VERBS],
    "properties": {
        "turn": {**_CARD, "description": "A turn of `by` (F3): the card they play, `draw`, "
                                         "or `skipped` (F6.4)."},
        "turns": {"type": "integer", "minimum": 1, "maximum": MOST_SCENARIO_TURNS,
                  "description": "That many turns in a row from `by`'s (F3, F9.14)."},
        "deal": {"const": "round", "description": "`by` deals the round from the draw pile "
                                                  "as given (F2.3-F2.5)."},
        "score": {"const": "round", "description": "The round is scored (F4.3, F10) and "
                                                   "its loser deals next (F2.4)."}}}

_THEN_PLAYER = {
    "type": "object", "additionalProperties": False,
    "properties": {
        "hand": _cards_schema("The cards in hand, in any order."),
        "cards": {"type": "integer", "minimum": 0, "maximum": 125},
        "score": {"type": "integer"},
        "points": {"type": "integer", "description": "The last round's points (F4.3)."},
        "skipped": {"type": "boolean"},
        "playable": _cards_schema("The cards their turn would offer now (F5), in any "
                                  "order.")}}

THEN_SCHEMA: dict[str, Any] = {
    "type": "object", "additionalProperties": False,
    "properties": {
        "players": {"type": "array", "maxItems": 8, "items": _THEN_PLAYER},
        "top": _CARD,
        "discard": _cards_schema("The discard pile's top cards, the top last."),
        "draw_pile": _cards_schema("The draw pile's top cards, top first."),
        "draw_pile_cards": {"type": "integer", "minimum": 0, "maximum": 125},
        "wish": _WISH,
        "direction": {"enum": list(DIRECTIONS)},
        "last_colour": {"enum": [*COLOURS, "none"]},
        "time_bomb": {"type": "integer", "minimum": 0},
        "round_over": {"oneOf": [{"type": "boolean"}, {"enum": list(ROUND_OVER)}]},
        "events_turned": {"type": "array", "items": _CARD},
        "dealer": _PLAYER,
        "game_over": {"type": "boolean"},
        "winners": {"type": "array", "items": _PLAYER}}}



def _cardset(scenario: Any) -> CardSet:
    cardset: CardSet = scenario.sets[0]
    return cardset


def read(scenario: Any, report: Any) -> None:
    """Everything a scenario names, resolved once at load time (a positioned E711 each): the
    table laid out, the moves' cards and seats, the `then` cards."""
    names = Names(_cardset(scenario))
    try:
        run = lay_table(_cardset(scenario), scenario.given, seated(scenario.given))
        for i, move in enumerate(scenario.moves):
            if move.seat >= len(run.table.players):
                raise ScenarioProblem(("when", i, "by"), f"player {move.seat + 1} is not "
                                      f"seated (the scenario seats {len(run.table.players)})")
            for seat in move.choices:
                if seat >= len(run.table.players):
                    raise ScenarioProblem(("when", i, "answers", str(seat + 1)),
                                          f"player {seat + 1} is not seated")
            said = move.fields.get("turn")
            if said is not None and said not in ("draw", "skipped"):
                names.resolve(said, ("when", i, "turn"))
        observe(run, names, scenario.then)
    except ScenarioProblem as e:
        path = e.path
        node = scenario.at_move(int(path[1]), *path[2:]) if path[:1] == ("when",) \
            else scenario.at(*path)
        report(CANNOT_SET_UP, e.message, node, e.hint)


def run(scenario: Any, prepared: Any, script: Any) -> dict[str, Any]:
    """The scenario on a Frantic table: laid out, its moves made through the game's code with
    the core's script answering, and what the table holds for each `then` field."""
    cardset = _cardset(scenario)
    names = Names(cardset)
    laid = lay_table(cardset, scenario.given, seated(scenario.given))
    laid.asker.script = script
    laid.table.asker = laid.asker
    for i, move in enumerate(scenario.moves):
        script.begin(move)
        make_move(laid, names, move, ("when", i))
    return observe(laid, names, scenario.then)


def seated(given: Any) -> int:
    """How many players a scenario seats: its given players (at least 2)."""
    players = given.get("players") if isinstance(given, Mapping) else None
    return max(2, len(players) if isinstance(players, list) else 0)


_PLAY = (PLAY_KIND.name,)
#: Where a scenario names a card, for an editor (written by id, as the files do; :class:`Names`
#: takes a name only one card has too): play cards in hands, piles and a `turn`, events in the
#: event deck and among those turned.
PLACES = (
    NamePlace("given|then.players.#.hand.#", _PLAY, by="id"),
    NamePlace("then.players.#.playable.#", _PLAY, by="id"),
    NamePlace("given|then.top", _PLAY, by="id"),
    NamePlace("given|then.discard|draw_pile.#", _PLAY, by="id"),
    NamePlace("when.turn", _PLAY, by="id"),
    NamePlace("when.#.turn", _PLAY, by="id"),
    NamePlace("given.events.#", (EVENT_KIND.name,), by="id"),
    NamePlace("then.events_turned.#", (EVENT_KIND.name,), by="id"),
)

#: Frantic's scenario rules (GameModule.scenarios): docs/games/frantic.md "Scenarios".
SCENARIOS = ScenarioRules(
    given=GIVEN_SCHEMA, when=WHEN_SCHEMA, then=THEN_SCHEMA, read=read, run=run,
    places=PLACES, rule_places=("rule",),
    doc={"en": "A Frantic table laid out card by card, turns played through the game's own "
               "loop, the table read back.",
         "fr": "Une table de Frantic posée carte par carte, des tours joués par la boucle du "
               "jeu elle-même, la table relue.",
         "ru": "Стол Frantic, выложенный карта за картой, ходы, сыгранные самим циклом игры, "
               "и прочитанный стол."})
