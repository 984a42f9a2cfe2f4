"""The language server's kept card files (fortlang.lsp.filecache): a check through the cache
says exactly what a fresh `check_report` says, edit after edit, on disk or in the editor, and
an unchanged file is not checked again."""

from __future__ import annotations

import shutil
from pathlib import Path

from fortlang.cardset import check_report
from fortlang.lsp.filecache import FileCache

ROOT = Path(__file__).resolve().parent.parent


def _same(a, b) -> bool:
    return [d.to_json() for d in a.diagnostics] == [d.to_json() for d in b.diagnostics]


def test_the_cache_changes_nothing_but_the_work(tmp_path: Path) -> None:
    folder = tmp_path / "fort-base"
    shutil.copytree(ROOT / "cards" / "fort-base", folder)
    cache = FileCache()
    shovel, book = folder / "kids-shovel.yaml", folder / "kids-book.yaml"
    first = check_report([folder], {}, cache.check)
    assert _same(first, check_report([folder]))
    # Nothing changed: every card file is the one kept.
    again = check_report([folder], {}, cache.check)
    assert all(a is b for a, b in zip(first.files[1:], again.files[1:], strict=True))
    assert _same(again, first)
    # Edited in the editor (unsaved), then on disk, then a file removed and one duplicated:
    # each time the same as a fresh check, and only the changed files are new.
    editor = {str(shovel): shovel.read_text().replace("public: gain pizza x shovel",
                                                      "public: gain pizza x shovle", 1)}
    edited = check_report([folder], editor, cache.check)
    assert _same(edited, check_report([folder], editor)) and edited.errors == 1
    changed = {f.path for f, g in zip(again.files, edited.files, strict=True) if f is not g}
    assert changed == {str(folder / "manifest.yaml"), str(shovel)}  # the manifest is not kept
    book.write_text(book.read_text().replace("suits: [book]", "suits: [bok]", 1))
    on_disk = check_report([folder], {}, cache.check)
    assert _same(on_disk, check_report([folder])) and on_disk.errors == 1
    (folder / "kids-glue.yaml").unlink()
    shutil.copy(folder / "kids-crown.yaml", folder / "kids-crown-2.yaml")
    shuffled = check_report([folder], {}, cache.check)
    assert _same(shuffled, check_report([folder]))
    assert "E320" in {d.code for d in shuffled.diagnostics}  # the copy's ids, set-wide


def test_an_unreadable_file_is_reported_every_time(tmp_path: Path) -> None:
    folder = tmp_path / "fort-base"
    shutil.copytree(ROOT / "cards" / "fort-base", folder)
    (folder / "kids-book.yaml").write_bytes(b"kids: \xff\n")
    cache = FileCache()
    for _ in range(2):
        report = check_report([folder], {}, cache.check)
        assert _same(report, check_report([folder]))
        assert [d.code for d in report.diagnostics if d.is_error] == ["E103"]
