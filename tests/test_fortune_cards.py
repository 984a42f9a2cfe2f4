"""Fortune and Glory's card kinds and sample set (issue 35 item 3): every file of the set
satisfies its kind's JSON Schema (validated here with jsonschema directly), every action field
parses with the game's vocabulary, every card says where its values come from; a broken file is
refused with positioned diagnostics; the odds of every danger for every hero are exact."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
import yaml
from jsonschema import Draft202012Validator

from fortlang.checker import check
from fortlang.errors import FortError
from fortlang.games.fortune.cards import CARDS, DANGER
from fortlang.games.fortune.deck import SAMPLE, read_set
from fortlang.games.fortune.odds import Enemy, Hero, fight_odds, odds
from fortlang.games.fortune.report import odds_of
from fortlang.games.fortune.vocabulary import VOCABULARY
from fortlang.module import ACTION
from fortlang.parser import language

FILES = {k.key: SAMPLE / f"{k.key}.yaml" for k in CARDS}


@pytest.mark.parametrize("kind", CARDS, ids=lambda k: k.name)
def test_each_file_satisfies_its_kinds_schema(kind) -> None:
    Draft202012Validator.check_schema(kind.json_schema())
    data = yaml.safe_load(FILES[kind.key].read_text(encoding="utf-8"))
    assert list(Draft202012Validator(kind.json_schema()).iter_errors(data)) == []
    cards = data[kind.key]
    assert cards and len({c["id"] for c in cards}) == len(cards)
    for card in cards:
        assert card["source"] in ("rulebook", "provisional")
        for attribute in kind.attributes:
            if attribute.language == ACTION and attribute.name in card:
                action = language(VOCABULARY).parse_action(card[attribute.name])
                assert list(check(action)) == [], card["id"]


def test_the_manifest_names_the_game() -> None:
    manifest = yaml.safe_load((SAMPLE / "manifest.yaml").read_text(encoding="utf-8"))
    assert manifest["game"] == "fortune-and-glory"


def test_a_dangers_enemy_is_an_enemy_of_the_set() -> None:
    deck = read_set(SAMPLE)
    assert all(d.get("enemy", next(iter(deck.enemies))) in deck.enemies
               for d in deck.dangers.values())


def test_a_broken_card_file_is_refused_where_it_is_wrong(tmp_path: Path) -> None:
    for path in SAMPLE.glob("*.yaml"):
        (tmp_path / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    dangers = (tmp_path / "dangers.yaml").read_text(encoding="utf-8")
    dangers = dangers.replace("test: test agility 5+ need 2\n", "test: test agilty 5+ need 2\n")
    dangers = dangers.replace("    glory: 3\n    test: test cunning", "    glory: lots\n"
                              "    test: test cunning")
    (tmp_path / "dangers.yaml").write_text(dangers, encoding="utf-8")
    with pytest.raises(FortError) as err:
        read_set(tmp_path)
    found = {(d.code, d.span.line if d.span else None) for d in err.value.diagnostics}
    lines = dangers.splitlines()
    assert ("E101", lines.index("    test: test agilty 5+ need 2") + 1) in found
    assert ("E310", lines.index("    glory: lots") + 1) in found
    schema = DANGER.json_schema()
    assert list(Draft202012Validator(schema).iter_errors(yaml.safe_load(dangers)))


@pytest.mark.parametrize("hero", ["duke_dudley", "jake_zane"])
def test_a_dangers_odds_are_the_heros_better_option(hero: str) -> None:
    deck = read_set(SAMPLE)
    champion = Hero.from_card(deck.heroes[hero])
    for danger_id, danger in deck.dangers.items():
        by_test = odds(deck.actions[(danger_id, "test")], champion)
        foe = danger.get("enemy")
        by_fight = fight_odds(champion, Enemy.from_card(deck.enemies[foe]),
                              deck.actions.get((foe, "escape"))) if foe else Fraction(0)
        figures = odds_of(danger_id, hero, deck)
        assert figures.exact == max(by_test, by_fight)
        assert figures.how == ("fight" if by_fight > by_test else "tests")
        assert 0 <= figures.exact <= 1


def test_a_folder_that_is_no_set_of_this_game_is_refused(tmp_path: Path) -> None:
    with pytest.raises(FortError) as err:
        read_set(tmp_path)
    assert err.value.diagnostics[0].code == "E331"
    (tmp_path / "manifest.yaml").write_text("id: x\nname: X\ngame: fort\n", encoding="utf-8")
    with pytest.raises(FortError) as err:
        read_set(tmp_path)
    (d,) = err.value.diagnostics
    assert (d.code, d.span.line, d.span.column) == ("E352", 3, 7)
