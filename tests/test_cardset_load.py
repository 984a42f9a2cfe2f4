"""The public API: load_set, load_bundled, base_set, check_paths."""

from __future__ import annotations

from pathlib import Path

import pytest

from fortlang.cardset import base_set, bundled_dir, check_paths, load_bundled, load_set
from fortlang.errors import FortError
from fortlang.games.fort.model import KidCard, board_of, kids_of
from fortlang.model import CardSet
from fortlang.parser import parse_action

GALLERY = Path(__file__).parent / "gallery"


def test_load_bundled_has_the_base_set_and_base_set_is_cached():
    sets = load_bundled()
    assert "fort-base" in sets and isinstance(sets["fort-base"], CardSet)
    assert base_set() is base_set() is sets["fort-base"]


def test_cards_are_frozen_model_objects_with_origins():
    bug = next(k for k in kids_of(base_set()) if k.id == "bug")
    assert isinstance(bug, KidCard)
    assert bug.public == parse_action("gain pizza x shovel")
    assert bug.origin is not None and bug.origin.file.endswith("kids-shovel.yaml")
    lines = Path(bug.origin.file).read_text(encoding="utf-8").splitlines()
    assert lines[bug.origin.line - 1].strip() == "- id: bug"
    with pytest.raises(AttributeError):
        bug.name = "Ladybug"  # type: ignore[misc]


def test_load_set_raises_with_every_error():
    with pytest.raises(FortError) as info:
        load_set(GALLERY / "bad-set")
    assert sorted(d.code for d in info.value.diagnostics) == ["E320", "E321", "E322", "E325"]
    assert all(d.is_error for d in info.value.diagnostics)


def test_load_set_of_a_folder_without_manifest_raises(tmp_path: Path):
    with pytest.raises(FortError) as info:
        load_set(tmp_path)
    assert [d.code for d in info.value.diagnostics] == ["E331"]


def test_an_expansion_may_require_the_base_set(tmp_path: Path):
    (tmp_path / "manifest.yaml").write_text(
        'id: my-expansion\nname: Mine\nversion: "1"\nrequires: [fort-base]\n', encoding="utf-8")
    (tmp_path / "kids.yaml").write_text(
        "kids:\n  - {id: newbie, name: Newbie, suits: [book], public: score x book, "
        "source: provisional}\n", encoding="utf-8")
    expansion = load_set(tmp_path)
    assert expansion.manifest.requires == ("fort-base",)
    assert board_of(expansion) is None and [k.id for k in kids_of(expansion)] == ["newbie"]


def test_check_paths_collects_errors_and_warnings():
    diagnostics = check_paths([GALLERY / "dsl-errors.yaml", bundled_dir()])
    severities = {d.severity for d in diagnostics}
    assert severities == {"error", "warning"}


def test_whole_floats_are_built_as_ints():
    # JSON Schema counts 2.0 as an integer; the model (and the engine's range()) must get 2
    from fortlang.cardset.build import check_file

    result = check_file("k.yaml", "kids:\n  - {id: a, name: A, suits: [glue], public: gain toy,"
                                  " copies: 2.0, source: public, note: n}\n")
    assert result.diagnostics == []
    (entry,) = result.entries
    assert entry.item.copies == 2 and type(entry.item.copies) is int


def test_a_printed_name_is_loaded_and_a_malformed_one_refused():
    """``printed: {ru: ...}``: the name a rulebook prints beside our corrected one (R14, R15)."""
    from fortlang.cardset.build import check_file

    ok = check_file("perks.yaml", "perks:\n  - {id: copy-cat, name: Copy Cat, hook: "
                                  "follow_discard_more, names: {ru: Подражатель}, "
                                  "printed: {ru: Копия кота}}\n")
    assert ok.diagnostics == [] and ok.entries[0].item.printed == {"ru": "Копия кота"}
    bad = check_file("made-up-rules.yaml", "made_up_rules:\n  - {id: p, name: P, score: crown, "
                                           "printed: Играть в королевство}\n")
    assert [(d.code, d.span and d.span.line) for d in bad.diagnostics] == [("E310", 2)]
    assert bad.entries == []
    bad = check_file("perks.yaml", "perks:\n  - {id: c, name: C, hook: recycle, "
                                   "printed: {russian: Копия кота}}\n")
    assert [(d.code, d.message) for d in bad.diagnostics] == [
        ("E313", "`russian` is not a two-letter language code")] and bad.entries == []
