"""`fortlang fmt` never writes over a file with errors (set checks of the file included) nor over
an edit made between its read and its write."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

import fortlang.cardset.fmt as fmt_module
from fortlang.cli import main

DUPLICATES = """\
kids:
  - {id: bug, name: Bug, suits: [shovel], public: gain  pizza x shovel, private: score}
  - {id: bug, name: Bug Two, suits: [glue], public: score, private: score}
"""


def test_a_file_with_duplicate_ids_is_left_untouched(tmp_path: Path):
    path = tmp_path / "kids.yaml"
    path.write_text(DUPLICATES, encoding="utf-8")
    result = CliRunner().invoke(main, ["fmt", str(path)])
    assert result.exit_code == 1
    assert "error[E320]" in result.output  # fmt prints codes
    assert path.read_text(encoding="utf-8") == DUPLICATES


def test_an_edit_between_read_and_write_is_kept(tmp_path: Path, monkeypatch):
    path = tmp_path / "kids.yaml"
    path.write_text("kids:\n  - {id: bug, name: Bug, suits: [shovel], public: gain  pizza, "
                    "private: score}\n", encoding="utf-8")
    edited = "kids:\n  - {id: bug, name: Bug, suits: [shovel], public: score, private: score}\n"
    real = fmt_module.format_file

    def read_then_someone_edits(p):
        result = real(p)
        Path(p).write_text(edited, encoding="utf-8")
        return result

    monkeypatch.setattr(fmt_module, "format_file", read_then_someone_edits)
    result = CliRunner().invoke(main, ["fmt", str(path)])
    assert result.exit_code == 1
    assert f"{path}: error[E802]: changed since it was read" in result.output
    assert path.read_text(encoding="utf-8") == edited
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kids.yaml"]


def test_a_file_whose_id_another_file_of_the_set_uses_is_left_untouched(tmp_path: Path):
    (tmp_path / "manifest.yaml").write_text(
        'id: mine\nname: Mine\nversion: "1"\nrequires: [fort-base]\n', encoding="utf-8")
    first = "kids:\n  - {id: bug, name: Bug, suits: [shovel], public: score, private: score}\n"
    second = ("kids:\n  - {id: bug, name: Other, suits: [glue], public: gain  pizza, "
              "private: score}\n")
    (tmp_path / "a.yaml").write_text(first, encoding="utf-8")
    (tmp_path / "b.yaml").write_text(second, encoding="utf-8")
    result = CliRunner().invoke(main, ["fmt", str(tmp_path)])
    assert result.exit_code == 1
    assert f"{tmp_path / 'b.yaml'}:2:10: error[E320]: duplicate id `bug`" in result.output
    assert (tmp_path / "b.yaml").read_text(encoding="utf-8") == second
