"""Frantic's base game as data (issue 34 item 1; docs/games/frantic.md F1): the card files
validate against the JSON Schemas of Frantic's card kinds, hold every card with its copies as
the rulebook counts them, and every action text parses, prints back to itself and explains in
en, fr and ru with Frantic's words. Read here with ruamel until the generic card loader reads a
set by its game."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from ruamel.yaml import YAML

from fortlang.errors import FortSyntaxError
from fortlang.games.frantic.cards import CARD_KINDS, EVENT_CARD, PLAY_CARD
from fortlang.games.frantic.kinds import Colour
from fortlang.games.frantic.vocabulary import VOCABULARY
from fortlang.parser import Language, language
from fortlang.phrasebook import sentence
from fortlang.printer import to_text
from fortlang.registry import LANGUAGES

SET = Path(__file__).resolve().parents[1] / "cards" / "frantic-base"


def _read(path: Path) -> Any:
    return YAML(typ="safe", pure=True).load(path.read_text(encoding="utf-8"))


CARDS: list[dict[str, Any]] = _read(SET / "cards.yaml")["cards"]
EVENTS: list[dict[str, Any]] = _read(SET / "events.yaml")["events"]
TEXTS = [(c["id"], field, c[field]) for c in CARDS + EVENTS for field in ("action", "reaction")
         if field in c]


@pytest.fixture(scope="module")
def frantic() -> Language:
    return language(VOCABULARY)


def _copies(cards: list[dict[str, Any]]) -> int:
    return sum(c.get("copies", 1) for c in cards)


def test_the_manifest_names_the_game() -> None:
    manifest = _read(SET / "manifest.yaml")
    assert {k: manifest[k] for k in ("id", "name", "game", "languages", "requires")} == {
        "id": "frantic-base", "name": "Frantic", "game": "frantic",
        "languages": ["en", "fr", "ru"], "requires": []}
    assert isinstance(manifest["version"], str)


@pytest.mark.parametrize("kind, name", [(PLAY_CARD, "cards.yaml"), (EVENT_CARD, "events.yaml")])
def test_the_files_validate_against_their_kinds_schema(kind: Any, name: str) -> None:
    schema = kind.json_schema()
    Draft202012Validator.check_schema(schema)
    errors = list(Draft202012Validator(schema).iter_errors(_read(SET / name)))
    assert errors == [], [e.message for e in errors[:5]]


def test_a_schema_refuses_what_the_rules_do_not_allow() -> None:
    """Planted mistakes in the data: a number 11, black as a colour, three colours, a field
    no kind declares, an event without its action."""
    cards = Draft202012Validator(PLAY_CARD.json_schema())
    base = {"id": "red_1", "name": "Red 1", "kind": "number", "colours": ["red"],
            "number": 1, "points": 1}
    assert cards.is_valid({"cards": [base]})
    for bad in ({"number": 11}, {"colours": ["black"]}, {"colours": ["red", "blue", "green"]},
                {"kind": "power"}, {"colour": "red"}, {"points": -1}):
        assert not cards.is_valid({"cards": [base | bad]}), bad
    events = Draft202012Validator(EVENT_CARD.json_schema())
    assert not events.is_valid({"events": [{"id": "doomsday", "name": "Doomsday"}]})


def test_the_ids_are_unique_across_the_set() -> None:
    ids = [c["id"] for c in CARDS + EVENTS]
    assert len(ids) == len(set(ids))
    assert {k.key for k in CARD_KINDS} == {"cards", "events"}


# -- F1: the counts ---------------------------------------------------------------------------


def test_f1_1_the_play_cards_are_125_of_which_81_numbers_and_44_specials() -> None:
    numbers = [c for c in CARDS if c["kind"] == "number"]
    assert _copies(CARDS) == 125
    assert _copies(numbers) == 81
    assert _copies(CARDS) - _copies(numbers) == 44


def test_f1_2_numbers_1_to_9_twice_per_colour_and_once_in_black() -> None:
    held: Counter[tuple[str, int]] = Counter()
    for c in CARDS:
        if c["kind"] == "number":
            held[(c["colours"][0] if c["colours"] else "black", c["number"])] += c.get("copies", 1)
    assert held == {**{(colour.value, n): 2 for colour in Colour for n in range(1, 10)},
                    **{("black", n): 1 for n in range(1, 10)}}


@pytest.mark.parametrize("name, copies, per_colour", [
    ("Gift", 8, 2), ("Exchange", 4, 1), ("Second Chance", 4, 1), ("Skip", 4, 1)])
def test_f1_3_one_colour_specials(name: str, copies: int, per_colour: int) -> None:
    these = [c for c in CARDS if c["name"] == name]
    assert {c["kind"] for c in these} == {"special"}
    assert _copies(these) == copies
    by_colour = Counter(c["colours"][0] for c in these for _ in range(c.get("copies", 1)))
    assert by_colour == {colour.value: per_colour for colour in Colour}


@pytest.mark.parametrize("name, kind, copies", [
    ("Fantastic", "wish", 11), ("Fantastic Four", "wish", 5), ("Counterattack", "wish", 4),
    ("Equality", "wish", 2), ("Nice Try", "wish", 1), ("Fuck You", "peculiar", 1)])
def test_f1_4_and_f1_5_wish_and_peculiar_specials(name: str, kind: str, copies: int) -> None:
    these = [c for c in CARDS if c["name"] == name]
    assert [c["kind"] for c in these] == [kind]
    assert _copies(these) == copies
    assert these[0]["colours"] == []


def test_f9_7_the_20_base_events_once_each() -> None:
    assert [e["name"] for e in EVENTS] == [
        "Charity", "Communism", "Doomsday", "Earthquake", "Expansion", "Finish Line",
        "Friday the 13th", "Gambling Man", "Market", "Mating Season", "Merry Christmas",
        "Mexican Standoff", "Recession", "Robin Hood", "Surprise Party", "The All-Seeing Eye",
        "Thirdtime Lucky", "Time Bomb", "Tornado", "Vandalism"]
    assert _copies(EVENTS) == 20


def test_f1_7_points() -> None:
    for c in CARDS:
        expected = {"number": c.get("number"), "special": 7, "wish": 7}.get(c["kind"], 42)
        assert c["points"] == expected, c["id"]


def test_f5_2_black_numbers_trigger_an_event_and_coloured_ones_do_nothing() -> None:
    for c in CARDS:
        if c["kind"] == "number":
            assert c.get("action") == ("trigger event" if not c["colours"] else None), c["id"]


def test_f8_1_fuck_you_needs_ten_cards_and_goes_under() -> None:
    (fuck_you,) = (c for c in CARDS if c["kind"] == "peculiar")
    assert (fuck_you["hand"], fuck_you["under"], "action" in fuck_you) == (10, True, False)


def test_out_of_turn_cards_say_when_and_what() -> None:
    """F7.4, F7.6: on your turn they only wish a colour; out of turn they react."""
    reacting = {c["name"]: (c["when"], c["action"]) for c in CARDS if "when" in c}
    assert reacting == {"Counterattack": ("targeted", "wish colour"),
                        "Nice Try": ("hands_emptied", "wish colour")}
    assert all("reaction" in c for c in CARDS if "when" in c)


def test_every_special_and_event_quotes_the_rulebook() -> None:
    for c in [c for c in CARDS if c["kind"] != "number"] + EVENTS:
        assert c["source"] == "rulebook", c["id"]
        assert "«" in c["note"] and len(c["note"]) < 400, c["id"]
        assert c["names"]["fr"], c["id"]  # the French edition's names (English, as printed)


# -- the texts in Frantic's words -------------------------------------------------------------


@pytest.mark.parametrize("card, field, text", TEXTS, ids=[f"{c}.{f}" for c, f, _ in TEXTS])
def test_every_text_parses_prints_back_and_explains(frantic: Language, card: str, field: str,
                                                    text: str) -> None:
    action = frantic.parse_action(text, f"{card}.{field}")
    assert to_text(action) == text
    said = [sentence(action, lang) for lang in LANGUAGES]
    assert len(set(said)) == 3 and all(s.endswith(".") for s in said), said


def test_a_misspelt_wish_in_a_card_is_found_with_its_place(frantic: Language,
                                                           tmp_path: Path) -> None:
    """A planted mistake in a copy of the card file: the action is refused at the word, with
    the card's name as its file and a did-you-mean."""
    text = (SET / "cards.yaml").read_text(encoding="utf-8").replace(
        "action: deal 4 to others then wish\n", "action: deal 4 to others then wish rde\n")
    broken = tmp_path / "cards.yaml"
    broken.write_text(text, encoding="utf-8")
    card = next(c for c in _read(broken)["cards"] if c["id"] == "fantastic_four")
    with pytest.raises(FortSyntaxError) as caught:
        frantic.parse_action(card["action"], "fantastic_four.action")
    (d,) = caught.value.diagnostics
    assert (d.code, d.file, d.span.line, d.span.column, d.hint) == (
        "E101", "fantastic_four.action", 1, 28, "did you mean `red`?")


def test_the_game_module_names_its_words_and_kinds_lazily() -> None:
    from fortlang.games.frantic import GAME

    assert (GAME.name, GAME.players, GAME.cards) == ("frantic", range(2, 9), CARD_KINDS)
    assert GAME.piece("vocabulary") is VOCABULARY
    assert all(GAME.title(lang) == "Frantic" for lang in LANGUAGES)
