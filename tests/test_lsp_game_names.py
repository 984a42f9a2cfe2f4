"""Issue 33 (one core, games as modules): the language server's help in a scenario file is its
game's declaration (``ScenarioRules.places`` and ``rule_places``), its cards found by the
game's kinds in its sets, its rule numbers read from the game's rules pages. Frantic's and
Fortune and Glory's files get completion, hover and go-to-definition of their cards' names
through the code Fort's go through; the core's server names none of Fort's kinds or keys."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from lsprotocol import types

import fortlang.lsp
from fortlang.cardset import load_bundled
from fortlang.games import game_named
from fortlang.games.fort.scenarios.format import PLAYER_ZONES, TABLE_ZONES
from fortlang.lsp.completion import complete
from fortlang.lsp.definition import definition
from fortlang.lsp.hover import hover
from fortlang.lsp.source import Source

FRANTIC = """sets: [frantic-base]
scenarios:
  - name: a hand
    rule: F6.1
    given:
      players:
        - hand: [second_chance_blue, blue_2]
        - hand: [green_1]
      top: blue_5
      events: [charity]
    when:
      - turn: second_chance_blue
        choose: [play]
    then:
      top: blue_2
"""

FORTUNE = """sets: [fortune-base]
scenarios:
  - name: a fight
    rule: G6.3
    given: {hero: jake_zane}
    when: {fight: mobster, choose: [fight the round], chance: [4, 5, 1, 1, 4, 4]}
    then: {result: passed}
"""


def _source(tmp_path: Path, text: str) -> Source:
    path = tmp_path / "scenario.yaml"
    path.write_text(text, encoding="utf-8")
    return Source(uri=path.as_uri(), path=str(path), text=text)


def _at(text: str, needle: str, nth: int = 0) -> types.Position:
    """The position of the second character of the ``nth`` ``needle`` (inside the word)."""
    index = -1
    for _ in range(nth + 1):
        index = text.index(needle, index + 1)
    index += 1
    line = text.count("\n", 0, index)
    return types.Position(line=line, character=index - (text.rfind("\n", 0, index) + 1))


def _labels(src: Source, pos: types.Position) -> list[str]:
    return [item.label for item in complete(src, pos)]


def _hover(src: Source, pos: types.Position, lang: str = "en") -> str:
    said = hover(src, pos, lang)
    assert said is not None
    assert isinstance(said.contents, types.MarkupContent)
    return said.contents.value


def _ids(set_id: str, kind: str) -> list[str]:
    return [c.id for c in load_bundled()[set_id].cards if c.kind == kind]


def test_a_frantic_scenario_names_its_play_cards_and_events(tmp_path: Path) -> None:
    src = _source(tmp_path, FRANTIC)
    in_hand = _at(FRANTIC, "blue_2")
    labels = _labels(src, in_hand)
    assert labels == _ids("frantic-base", "card")  # by id, as the files write them
    assert "Bug" not in labels  # not Fort's kids
    assert _labels(src, _at(FRANTIC, "charity")) == _ids("frantic-base", "event")
    assert _labels(src, _at(FRANTIC, "second_chance_blue", 1)) == labels  # a `turn`
    assert "**Blue 2** `blue_2` · card" in _hover(src, in_hand)
    said = _hover(src, _at(FRANTIC, "second_chance_blue"))
    assert said.startswith("**Second Chance** `second_chance_blue`")
    assert "Play another matching card or draw 1 card" in said  # its action, in Frantic's words
    found = definition(src, in_hand)
    assert found is not None and found.uri.endswith("frantic-base/cards.yaml")
    card = next(c for c in load_bundled()["frantic-base"].cards if c.id == "blue_2")
    assert card.origin is not None and found.range.start.line == card.origin.line - 1


def test_a_frantic_scenario_cites_frantic_s_rules(tmp_path: Path) -> None:
    """`rule:` cites a rule of the game's digest (F1-F11), not Fort's R1-R15."""
    src = _source(tmp_path, FRANTIC)
    at = _at(FRANTIC, "F6.1")
    labels = _labels(src, at)
    assert "F6.1" in labels and "F2.1" in labels and not any(x.startswith("R") for x in labels)
    said = _hover(src, at)
    assert said.startswith("**F6.1**") and "Second Chance" in said
    assert definition(src, at) is None  # a rule is defined on the site


def test_a_fortune_scenario_names_its_hero_and_enemy(tmp_path: Path) -> None:
    src = _source(tmp_path, FORTUNE)
    assert _labels(src, _at(FORTUNE, "jake_zane")) == _ids("fortune-base", "hero")
    fight = _at(FORTUNE, "mobster")
    assert _labels(src, fight) == _ids("fortune-base", "enemy")
    said = _hover(src, fight)
    assert said.startswith("**Mobster** `mobster` · enemy")
    assert "escape: `test agility" in said  # its escape test, explained
    found = definition(src, _at(FORTUNE, "jake_zane"))
    assert found is not None and found.uri.endswith("fortune-base/heroes.yaml")
    assert _hover(src, _at(FORTUNE, "G6.3")).startswith("**G6.3**")


def test_a_fort_scenario_is_helped_as_before(tmp_path: Path) -> None:
    """Fort's declaration says what the server used to know: kids, perks and made-up rules
    by name, rule numbers after `error:`."""
    text = ("scenarios:\n  - name: x\n    given:\n      players:\n        - hand: [Bug]\n"
            "    when: [{play: Bug}]\n"
            "    then: {error: R5.5}\n")
    src = _source(tmp_path, text)
    assert "Bug" in _labels(src, _at(text, "Bug"))
    assert _hover(src, _at(text, "Bug", 1)).startswith("**Bug** `bug`")
    assert "R5.5" in _labels(src, _at(text, "R5.5"))
    assert _hover(src, _at(text, "R5.5")).startswith("**R5.5** Every card you add")


def test_the_second_item_of_a_flow_list_is_its_own(tmp_path: Path) -> None:
    """`hand: [a, b]`: the cursor on `b` is on `b` (the first plain item held the whole rest
    of its line)."""
    src = _source(tmp_path, FRANTIC)
    assert "`blue_2`" in _hover(src, _at(FRANTIC, "blue_2"))


def _code_words(path: Path) -> set[str]:
    """The identifiers and the string constants of a module, docstrings left out."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Expr)}
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            out.add(node.id)
        elif isinstance(node, ast.Attribute):
            out.add(node.attr)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and id(node) not in docs:
            out |= set(re.findall(r"[A-Za-z_][A-Za-z_-]*", node.value))
    return {w.lower() for w in out}


def test_the_language_server_names_none_of_fort_s_kinds_or_keys() -> None:
    fort = game_named("fort")
    words = {w.lower() for k in fort.cards for w in (k.name, k.key, k.label, k.slot) if w}
    words -= {"rules"}  # a game's scenario rules (ScenarioRules) are every game's
    words |= {"kid", "perk", "made-up", "made_up", "rule_pile", "perk_row", "recruit",
              "all_kids", "all_perks", "all_rules", "perform", "public", "private",
              *PLAYER_ZONES, *TABLE_ZONES}
    folder = Path(fortlang.lsp.__file__).parent
    found = {path.name: sorted(_code_words(path) & words) for path in sorted(folder.glob("*.py"))}
    assert {name: named for name, named in found.items() if named} == {}


def test_the_docstring_examples_of_the_names_and_the_rule_numbers() -> None:
    import doctest

    import fortlang.lsp.context
    import fortlang.scenario.names

    for module in (fortlang.scenario.names, fortlang.lsp.context):
        result = doctest.testmod(module)
        assert result.attempted >= 1 and result.failed == 0


def test_a_frantic_scenario_s_fields_are_frantic_s_even_half_typed(tmp_path: Path) -> None:
    """A key being typed (the file no YAML yet): the fields of Frantic's `given`, not Fort's
    (the game is read from the file's `sets:` alone)."""
    text = "sets: [frantic-base]\nscenarios:\n  - name: x\n    given:\n      top: blue_5\n" \
           "      dra\n"
    labels = _labels(_source(tmp_path, text), types.Position(line=5, character=9))
    assert "draw_pile" in labels and "top" not in labels and "park" not in labels


def test_a_fortune_scenario_s_test_is_read_in_fortune_s_words(tmp_path: Path) -> None:
    """A move's `test:` is a text in the game's language (``ScenarioRules.text_places``):
    hovered in its words (G2.1), completed by its grammar; Fort's declares its own (a move's
    `perform`), and no place of Fortune's file is a Fort action."""
    text = ("sets: [fortune-base]\nscenarios:\n  - name: x\n    given: {hero: jake_zane}\n"
            "    when: {test: test agility 5+ need 2, chance: [5, 6]}\n"
            "    then: {result: passed}\n")
    src = _source(tmp_path, text)
    at = _at(text, "agility", 0)
    said = _hover(src, at, "fr")
    assert said.startswith("`test agility 5+ need 2` (G2.1") and "test d'agilité" in said
    assert _labels(src, at) == ["combat", "agility", "cunning", "lore"]
    from fortlang.lsp.context import dsl_kind
    from fortlang.lsp.source import SCENARIO

    assert dsl_kind(SCENARIO, ("scenarios", 0, "when", "test"), doc=src.doc) == "action"
    assert dsl_kind(SCENARIO, ("scenarios", 0, "when", "test")) is None  # Fort's file: none
    assert dsl_kind(SCENARIO, ("scenarios", 0, "when", 0, "perform")) == "action"
