"""The cache of card files known to pass their schema (fortlang.cardset.valid_cache): a check of
unchanged files needs no jsonschema, and gives the same diagnostics as without the cache; only
files with no schema error are remembered, and only in a cache nobody else can write."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

CHECK = """
import json, sys
from fortlang.cardset import check_report
report = check_report(sys.argv[1:])
print(json.dumps({"jsonschema": "jsonschema" in sys.modules,
                  "diagnostics": [d.to_json() for d in report.diagnostics]}))
"""


def _check(cache: Path, *paths: Path) -> dict:
    env = {**os.environ, "XDG_CACHE_HOME": str(cache)}
    run = subprocess.run([sys.executable, "-c", CHECK, *map(str, paths)], env=env,
                         capture_output=True, text=True, check=True)
    return json.loads(run.stdout)


@pytest.fixture
def card_set(tmp_path: Path) -> Path:
    folder = tmp_path / "fort-base"
    shutil.copytree(ROOT / "cards" / "fort-base", folder)
    return folder


def test_unchanged_files_are_not_validated_again(tmp_path: Path, card_set: Path) -> None:
    cache = tmp_path / "cache"
    first = _check(cache, card_set)
    second = _check(cache, card_set)
    assert first["jsonschema"] and not second["jsonschema"]
    assert first["diagnostics"] == second["diagnostics"] and first["diagnostics"]  # warnings
    assert oct((cache / "fortlang").stat().st_mode & 0o777) == "0o700"


def test_a_file_with_a_schema_error_is_never_remembered(tmp_path: Path, card_set: Path) -> None:
    cache = tmp_path / "cache"
    kids = card_set / "kids-book.yaml"
    kids.write_text(kids.read_text(encoding="utf-8").replace("suits: [book]", "suits: [bok]", 1),
                    encoding="utf-8")
    runs = [_check(cache, card_set) for _ in range(2)]
    for run in runs:
        assert [d["code"] for d in run["diagnostics"] if d["severity"] == "error"] == ["E313"]
    assert runs[1]["jsonschema"]
    assert runs[0]["diagnostics"] == runs[1]["diagnostics"]


def test_an_edited_file_is_validated_again(tmp_path: Path, card_set: Path) -> None:
    cache = tmp_path / "cache"
    _check(cache, card_set)
    kids = card_set / "kids-book.yaml"
    kids.write_text(kids.read_text(encoding="utf-8").replace("suits: [book]", "suits: [bok]", 1),
                    encoding="utf-8")
    run = _check(cache, card_set)
    assert run["jsonschema"]
    assert "E313" in [d["code"] for d in run["diagnostics"]]


def _poisoned(cache: Path, card: Path) -> Path:
    """A cache file that says the (invalid) card file passed its schema."""
    from fortlang.cardset.build import fort_kinds
    from fortlang.cardset.schema import schema_bytes
    from fortlang.cardset.valid_cache import NAME, digest
    from fortlang.cardset.yamlsrc import read_document

    root = read_document(card).root
    assert root is not None
    env = dict(os.environ, XDG_CACHE_HOME=str(cache))
    # The digest as the checking process computes it (same jsonschema, same schema text).
    key = subprocess.run([sys.executable, "-c", "import json, sys\n"
                          "from fortlang.cardset.valid_cache import digest\n"
                          "from fortlang.cardset.build import fort_kinds\n"
                          "from fortlang.cardset.schema import schema_bytes\n"
                          "KIDS = fort_kinds()[0]\n"
                          "print(digest(schema_bytes(KIDS), json.loads(sys.argv[1])))",
                          json.dumps(root.to_data())], env=env, capture_output=True, text=True,
                         check=True).stdout.strip()
    assert key == digest(schema_bytes(fort_kinds()[0]), root.to_data())
    folder = cache / "fortlang"
    folder.mkdir(parents=True, mode=0o700)
    target = folder / NAME
    target.write_text(key + "\n", encoding="ascii")
    return target


def test_a_cache_file_others_can_write_is_not_trusted(tmp_path: Path, card_set: Path) -> None:
    cache = tmp_path / "cache"
    kids = card_set / "kids-book.yaml"
    kids.write_text(kids.read_text(encoding="utf-8").replace("suits: [book]", "suits: [bok]", 1),
                    encoding="utf-8")
    target = _poisoned(cache, kids)
    os.chmod(target, 0o666)
    run = _check(cache, card_set)
    assert "E313" in [d["code"] for d in run["diagnostics"]]
    assert target.read_text(encoding="ascii").count("\n") == 1  # not written either


def test_a_symlinked_cache_file_is_not_trusted(tmp_path: Path, card_set: Path) -> None:
    cache = tmp_path / "cache"
    kids = card_set / "kids-book.yaml"
    kids.write_text(kids.read_text(encoding="utf-8").replace("suits: [book]", "suits: [bok]", 1),
                    encoding="utf-8")
    target = _poisoned(cache, kids)
    elsewhere = tmp_path / "elsewhere.txt"
    target.rename(elsewhere)
    target.symlink_to(elsewhere)
    assert "E313" in [d["code"] for d in _check(cache, card_set)["diagnostics"]]
