"""The catalogue of codes (issue 13): every code the package raises is in it with one meaning, an
example and a fix; every catalogued code is raised somewhere; every project exception is a
FortError."""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

import fortlang
from fortlang.cli import main
from fortlang.codes import CATALOGUE
from fortlang.errors import CODES, FortError

PACKAGE = Path(fortlang.__file__).parent
CODE = re.compile(r"[EW]\d{3}")
#: Modules that name codes without raising them: the catalogue itself.
CATALOGUE_MODULES = {PACKAGE / "codes.py"}


def _sources() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if p not in CATALOGUE_MODULES)


def _raised() -> dict[str, set[str]]:
    """code -> the modules whose string literals name it (every code is a literal where it is
    raised: no code is built from parts)."""
    found: dict[str, set[str]] = {}
    for path in _sources():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                    and CODE.fullmatch(node.value):
                found.setdefault(node.value, set()).add(str(path.relative_to(PACKAGE)))
    return found


def test_every_raised_code_is_catalogued():
    unknown = {code: where for code, where in _raised().items() if code not in CATALOGUE}
    assert unknown == {}


def test_every_catalogued_code_is_raised():
    assert set(CATALOGUE) - set(_raised()) == set()


def test_codes_is_the_catalogue():
    assert CODES == {c.code: c.meaning for c in CATALOGUE.values()}


@pytest.mark.parametrize("code", sorted(CATALOGUE))
def test_each_entry_has_a_meaning_an_example_and_a_fix(code: str):
    entry = CATALOGUE[code]
    assert entry.code == code and CODE.fullmatch(code)
    assert entry.meaning and entry.example and entry.fix


def test_meanings_are_distinct():
    meanings = [c.meaning for c in CATALOGUE.values()]
    duplicated = {m for m in meanings if meanings.count(m) > 1}
    # E604 (docs --sets) and E703 (a scenario's sets:) say the same to the user, each in its
    # own command's words; no other meaning is shared
    assert duplicated <= {"unknown card set"}


#: the catalogue's example of each language code is an action that triggers it
LANGUAGE = ["E100", "E101", "E200", "E201", "E202", "W200", "W201"]


@pytest.mark.parametrize("code", LANGUAGE)
def test_language_examples_trigger_their_code(code: str):
    result = CliRunner().invoke(main, ["explain", CATALOGUE[code].example])
    assert f"[{code}]" in result.output, result.output


def test_nesting_example_triggers_e102():
    deep = "(gain pizza or (gain toy then " * 17 + "gain toy" + "))" * 17
    result = CliRunner().invoke(main, ["explain", deep])
    assert "[E102]" in result.output


# -- one hierarchy --------------------------------------------------------------------------------

#: Exceptions that are not errors a user can make, each for a reason.
NOT_USER_ERRORS = {
    "fortlang.output.Terminated",  # SIGTERM, a BaseException so `except Exception` lets it by
    "fortlang.agents.terminal.Quit",  # the person typed q: not an error
    "fortlang.games.fort.invariants.InvariantError",  # an engine bug (AssertionError), not input
    "fortlang.inputs.NotRegular",  # an OSError: every reader turns it into E300 with its path
    "fortlang.entrypoints.Refused",  # its callers turn it into E341 (a plugin) or E351 (a game)
}


def _exception_classes() -> list[str]:
    names = []
    for path in _sources():
        module = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and any(
                    re.search(r"(Error|Exception|Move|Failed|Unanswered|Unsafe)$",
                              ast.unparse(b)) for b in node.bases):
                names.append(f"{module}.{node.name}")
    return names


@pytest.mark.parametrize("name", _exception_classes())
def test_every_project_exception_is_a_fort_error(name: str):
    module, cls = name.rsplit(".", 1)
    obj = getattr(importlib.import_module(module), cls)
    assert issubclass(obj, BaseException)
    if name not in NOT_USER_ERRORS:
        assert issubclass(obj, FortError), f"{name} does not derive from FortError"


def test_the_walk_finds_the_known_exceptions():
    found = set(_exception_classes())
    assert {"fortlang.engine.choices.IllegalMove", "fortlang.plugins.PluginError",
            "fortlang.scenario.answers.LeftOver"} <= found


def test_an_illegal_move_keeps_its_message_rule_and_code():
    from fortlang.engine import IllegalMove

    e = IllegalMove("`Ana` is not allowed here (R5.4)", "R5.4")
    assert str(e) == "`Ana` is not allowed here (R5.4)" and e.rule == "R5.4"
    assert e.first.code == "E900"
    assert "error[E900]: `Ana` is not allowed here (R5.4)" in e.render()


def test_codes_named_in_the_hand_written_docs_are_catalogued():
    root = Path(__file__).resolve().parent.parent  # the repository's pages, wherever fortlang is
    named = {code: page.name for page in [root / "README.md", *sorted((root / "docs").glob(
        "*.md"))] for code in re.findall(r"\b[EW]\d{3}\b", page.read_text(encoding="utf-8"))}
    assert {code: page for code, page in named.items() if code not in CATALOGUE} == {}


#: the catalogue's example of each of these codes is a whole card file that triggers it
CARD_FILES = sorted(c.code for c in CATALOGUE.values() if c.example.startswith("kids:"))


def test_card_file_examples_are_covered():
    assert {"E301", "E302", "E303", "E310", "E311", "E312", "E313", "W304"} <= set(CARD_FILES)


@pytest.mark.parametrize("code", CARD_FILES)
def test_card_file_examples_trigger_their_code(code: str, tmp_path: Path):
    (tmp_path / "kids.yaml").write_text(CATALOGUE[code].example, encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(tmp_path / "kids.yaml")])
    assert f"[{code}]: " in result.output, result.output
