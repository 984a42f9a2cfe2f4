"""``fortlang docs``: exit codes and diagnostics through click's CliRunner (STYLE #13)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from fortlang.cli import main


def test_build_refuses_to_replace_a_folder_it_did_not_build(tmp_path: Path) -> None:
    (tmp_path / "keep.txt").write_text("mine")
    result = CliRunner().invoke(main, ["docs", "build", "--out", str(tmp_path)])
    assert result.exit_code == 1
    assert f"{tmp_path}: error[E601]: refusing to replace a folder" in result.output
    assert (tmp_path / "keep.txt").read_text() == "mine"


def test_unknown_set_is_a_diagnostic_with_a_did_you_mean(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["docs", "pnp", "--out", str(tmp_path / "c.pdf"),
                                       "--sets", "fort-bsae"])
    assert result.exit_code == 1
    assert "fort-bsae: error[E604]: no card set 'fort-bsae'" in result.output
    assert "did you mean `fort-base`" in result.output
    assert not (tmp_path / "c.pdf").exists()


def test_pnp_writes_the_bundled_set(tmp_path: Path) -> None:
    out = tmp_path / "cards.pdf"
    result = CliRunner().invoke(main, ["docs", "pnp", "--out", str(out), "--one-each"])
    assert result.exit_code == 0, result.output
    assert out.read_bytes().startswith(b"%PDF") and "wrote" in result.output
    assert [p.name for p in tmp_path.iterdir()] == ["cards.pdf"]  # no temporary file left


def test_build_one_language_then_rebuild_in_place(tmp_path: Path) -> None:
    out = tmp_path / "site"
    first = CliRunner().invoke(main, ["docs", "build", "--out", str(out), "--lang", "ru"])
    assert first.exit_code == 0, first.output
    assert "built ru: 1 set(s)" in first.output
    assert (out / "ru" / "glossary" / "fort-base.html").is_file() and not (out / "en").exists()
    again = CliRunner().invoke(main, ["docs", "build", "--out", str(out), "--lang", "fr"])
    assert again.exit_code == 0, again.output
    assert (out / "fr" / "index.html").is_file() and not (out / "ru").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]  # no temporary tree left


def test_strict_mkdocs_failure_keeps_the_previous_site(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    from fortlang.docsite import site

    out = tmp_path / "site"
    assert CliRunner().invoke(main, ["docs", "build", "--out", str(out), "--lang", "en"]
                              ).exit_code == 0
    before = (out / "en" / "index.html").read_bytes()
    real = site.hand_written
    monkeypatch.setattr(site, "hand_written", lambda name: "# Format\n\n[broken](missing.md)\n"
                        if name == "card-format.md" else real(name))
    result = CliRunner().invoke(main, ["docs", "build", "--out", str(out), "--lang", "en"])
    assert result.exit_code == 1
    assert "error[E603]: mkdocs build --strict failed" in result.output
    assert "missing.md" in result.output
    assert (out / "en" / "index.html").read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]


def test_broken_set_folder_is_reported_with_file_line_caret_and_hint(tmp_path: Path) -> None:
    folder = tmp_path / "my-expansion"
    folder.mkdir()
    (folder / "manifest.yaml").write_text("id: my-expansion\nname: Mine\nversion: '0.1'\n"
                                          "requires: [fort-base]\n")
    (folder / "kids.yaml").write_text("kids:\n  - id: zed\n    name: Zed\n    suits: [shovel]\n"
                                      "    public: gain piza x shovel\n")
    out = tmp_path / "cards.pdf"
    result = CliRunner().invoke(main, ["docs", "pnp", "--out", str(out), "--sets", str(folder)])
    assert result.exit_code == 1
    assert f"{folder / 'kids.yaml'}:5:18: error[E101]: unknown resource `piza`" in result.output
    assert "  " + "    public: gain piza x shovel\n" + " " * 19 + "^^^^" in result.output
    assert "hint: did you mean `pizza`" in result.output
    assert not out.exists()


def test_pnp_into_a_missing_folder_is_a_diagnostic(tmp_path: Path) -> None:
    out = tmp_path / "no" / "such" / "cards.pdf"
    result = CliRunner().invoke(main, ["docs", "pnp", "--out", str(out), "--one-each"])
    assert result.exit_code == 1
    assert f"{out}: error[E801]: cannot write" in result.output


def test_every_docs_diagnostic_code_is_registered() -> None:
    import re

    import fortlang.cardset.table
    import fortlang.cli.docs
    import fortlang.docsite
    from fortlang.errors import CODES

    sources = [Path(fortlang.cli.docs.__file__), Path(fortlang.cardset.table.__file__),
               *Path(fortlang.docsite.__file__).parent.glob("*.py")]
    used = {code for p in sources for code in re.findall(r'"([EW]\d{3})"', p.read_text())}
    assert {"E601", "E602", "E603", "E604", "E801"} <= used
    assert used - set(CODES) == set()


def test_build_under_a_file_is_a_diagnostic_not_a_traceback(tmp_path: Path) -> None:
    blocker = tmp_path / "notes.txt"
    blocker.write_text("mine")
    out = blocker / "site"
    result = CliRunner().invoke(main, ["docs", "build", "--out", str(out), "--lang", "en"])
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit)
    assert f"{out}: error[E801]: cannot write: {blocker} is a file, not a folder" in result.output
    assert "Traceback" not in result.output
    assert blocker.read_text() == "mine" and sorted(p.name for p in tmp_path.iterdir()) == [
        "notes.txt"]


def test_build_into_an_unwritable_folder_is_a_diagnostic(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(Path, "mkdir", refuse)
    out = tmp_path / "site"
    result = CliRunner().invoke(main, ["docs", "build", "--out", str(out), "--lang", "en"])
    assert result.exit_code == 1
    assert f"{out}: error[E801]: cannot write: Permission denied" in result.output
    assert not out.exists()


def test_a_write_failing_midway_keeps_the_previous_site_and_leaves_no_temporary_tree(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from fortlang.docsite import site

    out = tmp_path / "site"
    assert CliRunner().invoke(main, ["docs", "build", "--out", str(out), "--lang", "en"]
                              ).exit_code == 0
    before = (out / "en" / "index.html").read_bytes()
    written = []
    real_write = site._write

    def disk_fills_up(path: Path, text: str) -> None:
        written.append(path)
        if len(written) > 5:
            raise OSError(28, "No space left on device")
        real_write(path, text)

    monkeypatch.setattr(site, "_write", disk_fills_up)
    result = CliRunner().invoke(main, ["docs", "build", "--out", str(out), "--lang", "en"])
    assert result.exit_code == 1
    assert f"{out}: error[E801]: cannot write: No space left on device" in result.output
    assert (out / "en" / "index.html").read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]


def test_site_url_fills_the_sitemap_and_canonical_addresses(tmp_path: Path) -> None:
    out = tmp_path / "site"
    result = CliRunner().invoke(main, ["docs", "build", "--out", str(out), "--lang", "fr",
                                       "--site-url", "https://example.org/fort"])
    assert result.exit_code == 0, result.output
    sitemap = (out / "fr" / "sitemap.xml").read_text(encoding="utf-8")
    assert "<loc>https://example.org/fort/fr/glossary/fort-base.html</loc>" in sitemap
    page = (out / "fr" / "glossary" / "fort-base.html").read_text(encoding="utf-8")
    assert '<link rel="canonical" href="https://example.org/fort/fr/glossary/fort-base.html">' \
        in page


def test_site_url_must_be_a_web_address(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["docs", "build", "--out", str(tmp_path / "s"),
                                       "--site-url", "javascript:alert(1)"])
    assert result.exit_code == 2 and "not an http(s) address" in result.output
    assert not (tmp_path / "s").exists()
