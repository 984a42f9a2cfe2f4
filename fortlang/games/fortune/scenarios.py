"""Fortune and Glory's scenario rules (issue 35 item 3; docs/games/fortune-and-glory.md, "Scenario
files"): what a scenario file of this game may say, read and run by ``fortlang test``.

``given`` names the hero (a card id of the scenario's sets), and may set the fortune they hold,
the wounds they have and the rules' switches (G10). Each move makes one thing happen, with the
dice's faces given in ``chance`` (every die, in the order rolled; a fight: the hero's dice of
the round, then the enemy's):

* ``test: <text>``: a test in the game's words (`or`, `then`, `x N` too);
* ``danger: <id>``: the danger's tests (G4.1); passed, its glory and a danger marker (G4.2);
  failed, it turns to its cliffhanger (G4.3);
* ``danger: <id>`` with ``fight: true``: the danger's enemy fought instead (G6.1): beaten, the
  enemy's glory (not the danger's) and a danger marker; escaped (G6.5), a marker, no glory;
* ``cliffhanger: <id>``: the danger's cliffhanger test (G4.4): passed, its glory and a marker;
  failed, the hero is knocked out;
* ``fight: <enemy id>``: a fight to the end (G6.3-G6.5).

The hero's decisions are answered by ``choose`` (the core's): the branch of an `or` by its
text, ``spend N fortune`` before a roll, ``keep the roll`` or ``roll a failed die again``,
``fight the round`` or ``try to escape``. ``then`` compares what happened over every move:
the last move's ``result``, and the totals (:data:`THEN`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from fortlang import nodes as n
from fortlang.errors import FortError, did_you_mean
from fortlang.games.fortune.cards import DANGER, ENEMY, HERO
from fortlang.games.fortune.deck import Deck, deck_of
from fortlang.games.fortune.odds import Enemy, Hero, odds
from fortlang.games.fortune.play import FortuneTable, face, fight_start, hero_seat, test_action
from fortlang.games.fortune.switches import SWITCHES, Switches
from fortlang.games.fortune.vocabulary import VOCABULARY
from fortlang.module import ACTION
from fortlang.parser import language
from fortlang.scenario.answers import Script
from fortlang.scenario.rules import GameScenario, NamePlace, Report, ScenarioRules

_ID = {"type": "string", "pattern": "^[a-z0-9]+(_[a-z0-9]+)*$", "maxLength": 80}
_COUNT = {"type": "integer", "minimum": 0, "maximum": 10_000}

GIVEN = {
    "additionalProperties": False, "required": ["hero"],
    "properties": {
        "hero": {**_ID, "description": "The hero who makes the moves: a hero card's id."},
        "fortune": {"type": "integer", "minimum": 0, "maximum": 50,
                    "description": "The fortune the hero holds (default: the card's)."},
        "wounds": {"type": "integer", "minimum": 0, "maximum": 12,
                   "description": "The wounds the hero has already (default 0)."},
        "switches": {"type": "object", "additionalProperties": False,
                     "properties": {s.name: {"enum": list(s.values), "description": s.doc}
                                    for s in SWITCHES},
                     "description": "The rules' switches (G10), by name."},
    }}
WHEN = {
    "properties": {
        "test": {"type": "string", "minLength": 1, "maxLength": 400,
                 "description": "A test in the game's words, e.g. `test agility 5+ need 2`."},
        "danger": {**_ID, "description": "A danger card's id: its tests (or, with `fight: "
                                         "true`, its enemy)."},
        "cliffhanger": {**_ID, "description": "A danger card's id: its cliffhanger test."},
        "fight": {"type": ["string", "boolean"],
                  "description": "An enemy's id (a fight to the end), or `true` with "
                                 "`danger`: the danger's enemy instead of its tests."},
    }}
#: What `then` compares, over every move of the scenario.
THEN_FIELDS: dict[str, tuple[dict[str, Any], str]] = {
    "result": ({"enum": ["passed", "failed"]}, "The last move: passed (overcome) or failed."),
    "successes": (_COUNT, "Successes counted, over every test."),
    "rolls": (_COUNT, "Rolls made (a roll of all the test's dice; a re-roll is not one)."),
    "dice": (_COUNT, "The hero's dice rolled: bought with fortune and re-rolled ones too."),
    "rerolls": (_COUNT, "Failed dice rolled again."),
    "fortune_spent": (_COUNT, "Fortune spent on dice."),
    "fortune": (_COUNT, "The fortune the hero holds at the end."),
    "wounds": (_COUNT, "Wounds the hero took."),
    "knocked_out": ({"type": "boolean"}, "Whether the hero is knocked out (G3.1, G4.4)."),
    "glory": (_COUNT, "Glory gained."),
    "danger_markers": (_COUNT, "Danger markers gained (G4.2)."),
    "cliffhanger": ({"type": "boolean"}, "Whether a danger turned to its cliffhanger (G4.3)."),
    "enemy_wounds": (_COUNT, "Wounds the enemy took."),
    "rounds": (_COUNT, "Combat rounds fought or escaped (G6.3)."),
    "escaped": ({"type": "boolean"}, "Whether the hero escaped the enemy (G6.5)."),
}
THEN = {"additionalProperties": False,
        "properties": {k: {**schema, "description": doc}
                       for k, (schema, doc) in THEN_FIELDS.items()}}


@dataclass(frozen=True)
class Step:
    """One move, resolved: what it faces."""

    kind: str  # "test", "danger", "fight danger", "cliffhanger", "fight"
    action: n.Action | None = None
    danger: Mapping[str, Any] = field(default_factory=dict)
    enemy: Enemy | None = None
    escape: n.Action | None = None


@dataclass(frozen=True)
class Prepared:
    hero: Mapping[str, Any]
    switches: Switches
    steps: tuple[Step, ...]
    glory: Mapping[str, int]  # each enemy's, by id


def _deck(scenario: GameScenario) -> Deck:
    deck = Deck()
    for cardset in scenario.sets:
        one = deck_of(cardset)
        for kind, cards in one.cards.items():
            deck.cards.setdefault(kind, {}).update(cards)
        deck.actions.update(one.actions)
    return deck


_PLURAL = {"hero": "heroes", "danger": "dangers", "enemy": "enemies"}


def _find(deck: Deck, kind: str, card_id: Any, report: Report, node: Any
          ) -> Mapping[str, Any] | None:
    cards = deck.cards.get(kind, {})
    if card_id in cards:
        return cards[card_id]
    report("E363", f"no {kind} `{str(card_id)[:40]}` in the scenario's sets", node,
           did_you_mean(str(card_id), cards) or (f"{_PLURAL[kind]}: " + ", ".join(sorted(cards))))
    return None


def read(scenario: GameScenario, report: Report) -> Prepared | None:
    """The hero, the switches and each move resolved; every problem reported where it is."""
    deck = _deck(scenario)
    given = scenario.given
    hero = _find(deck, "hero", given["hero"], report, scenario.at("given", "hero"))
    said = given.get("switches", {})
    switches = Switches(**{k.removeprefix("fortune."): v for k, v in said.items()})
    steps = [_step(scenario, i, deck, report, hero, switches)
             for i in range(len(scenario.moves))]
    if hero is None or any(s is None for s in steps):
        return None
    glory = {e: int(card.get("glory", 0)) for e, card in deck.enemies.items()}
    return Prepared(hero, switches, tuple(s for s in steps if s is not None), glory)


def _step(scenario: GameScenario, i: int, deck: Deck, report: Report,
          hero: Mapping[str, Any] | None, switches: Switches) -> Step | None:
    fields = scenario.moves[i].fields
    said = [k for k in ("test", "danger", "cliffhanger", "fight") if k in fields]
    if said not in (["test"], ["danger"], ["cliffhanger"], ["fight"], ["danger", "fight"]):
        report("E711", "a move faces one thing: `test`, `danger` (with `fight: true` to fight "
               "its enemy), `cliffhanger` or `fight`" + (f"; this one says {', '.join(said)}"
                                                          if said else ""),
               scenario.at_move(i), "write one of them (a list of moves for several)")
        return None
    at = scenario.at_move(i, said[0])
    if said == ["test"]:
        try:
            action = language(VOCABULARY).parse_action(str(fields["test"]), scenario.file)
        except FortError as e:
            for d in e.diagnostics:
                report(d.code, d.message, at, d.hint)
            return None
        return _checked(Step("test", action), scenario, i, report, hero, switches)
    if "fight" in fields and "danger" not in fields:
        if not isinstance(fields["fight"], str):
            report("E711", "`fight: true` fights a danger's enemy: name the danger with "
                   "`danger`, or the enemy with `fight: <enemy id>`", at)
            return None
        return _fight(deck, str(fields["fight"]), report, at)
    danger = _find(deck, "danger", fields[said[0]], report, at)
    if danger is None:
        return None
    if said == ["cliffhanger"]:
        back = deck.actions.get((str(danger["id"]), "cliffhanger"))
        if back is None:
            report("E711", f"the danger `{danger['id']}` has no cliffhanger", at)
            return None
        return _checked(Step("cliffhanger", back, danger), scenario, i, report, hero,
                        switches)
    if "fight" in fields:
        foe = danger.get("enemy")
        if fields["fight"] is not True or foe is None:
            report("E711", f"the danger `{danger['id']}` has no enemy to fight (G6.1)"
                   if foe is None else "with `danger`, `fight: true` fights its enemy",
                   scenario.at_move(i, "fight"), "face its tests: leave `fight` out")
            return None
        step = _fight(deck, str(foe), report, at)
        return Step("fight danger", None, danger, step.enemy, step.escape) if step else None
    return _checked(Step("danger", deck.actions[(str(danger["id"]), "test")], danger),
                    scenario, i, report, hero, switches)


def _fight(deck: Deck, enemy_id: str, report: Report, at: Any) -> Step | None:
    card = _find(deck, "enemy", enemy_id, report, at)
    if card is None:
        return None
    return Step("fight", enemy=Enemy.from_card(card), escape=deck.actions.get((enemy_id,
                                                                             "escape")))


def _checked(step: Step, scenario: GameScenario, i: int, report: Report,
             hero: Mapping[str, Any] | None, switches: Switches) -> Step | None:
    """A test the exact walk can take is one the engine can roll (E360: too many dice,
    E362: not made of tests)."""
    if hero is None or step.action is None:
        return step
    try:
        odds(step.action, Hero.from_card(hero), switches)
    except FortError as e:
        for d in e.diagnostics:
            report(d.code, d.message, scenario.at_move(i), d.hint)
        return None
    return step


def run(scenario: GameScenario, prepared: Prepared, script: Script) -> dict[str, Any]:
    """Every move on the hero's table, each die answered by the scenario."""
    given = scenario.given
    hero = hero_seat(prepared.hero, fortune=given.get("fortune"),
                     wounds=int(given.get("wounds", 0)))
    table = FortuneTable(hero, prepared.switches, asker=script)
    table.chance_asked = True
    table.enemy_glory = dict(prepared.glory)
    wounds = hero.wounds
    passed = False
    cliffhanger = False
    for move, step in zip(scenario.moves, prepared.steps, strict=True):
        script.begin(move)
        if step.kind in ("fight", "fight danger"):
            assert step.enemy is not None
            table.enemy_wounds = table.rounds = 0
            table.escaped = False
            passed = face(table, fight_start(step.enemy, step.escape))
        else:
            assert step.action is not None
            passed = face(table, test_action(step.action))
        if step.kind in ("danger", "fight danger"):
            if passed:  # G4.2 (G6.1: a fight gains the enemy's glory, not the danger's)
                hero.danger_markers += 1
                if step.kind == "danger":
                    hero.glory += int(step.danger.get("glory", 0))
            else:
                cliffhanger = True  # G4.3
        elif step.kind == "cliffhanger":
            if passed:  # G4.4
                hero.glory += int(step.danger.get("cliffhanger_glory", 0))
                hero.danger_markers += 1
            else:
                hero.knocked_out = True
    return {"result": "passed" if passed else "failed", "successes": hero.successes,
            "rolls": hero.rolls, "dice": hero.dice, "rerolls": hero.rerolls,
            "fortune_spent": hero.fortune_spent, "fortune": hero.fortune,
            "wounds": hero.wounds - wounds, "knocked_out": hero.knocked_out,
            "glory": hero.glory, "danger_markers": hero.danger_markers,
            "cliffhanger": cliffhanger, "enemy_wounds": table.enemy_wounds,
            "rounds": table.rounds, "escaped": table.escaped}


#: Where a scenario names a card, by id (the schema's pattern), for an editor: the hero, a
#: move's danger or cliffhanger (a danger card's) and the enemy fought.
PLACES = (
    NamePlace("given.hero", (HERO.name,), by="id"),
    NamePlace("when.danger|cliffhanger", (DANGER.name,), by="id"),
    NamePlace("when.#.danger|cliffhanger", (DANGER.name,), by="id"),
    NamePlace("when.fight", (ENEMY.name,), by="id"),
    NamePlace("when.#.fight", (ENEMY.name,), by="id"),
)

SCENARIOS = ScenarioRules(
    given=GIVEN, when=WHEN, then=THEN, read=read, run=run,
    places=PLACES, rule_places=("rule",),
    text_places=(("scenarios.*.when.test", ACTION), ("scenarios.*.when.#.test", ACTION)),
    doc={"en": "A hero faces tests, dangers, cliffhangers and enemies, the dice's faces given.",
         "fr": "Un héros affronte tests, dangers, suspens et ennemis, les faces des dés données.",
         "ru": "Герой проходит проверки, опасности, клиффхэнгеры и бои; грани кубиков заданы."})
