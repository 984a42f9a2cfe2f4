"""The site's "Error codes" page lists every catalogued code with its meaning, example and fix,
in every language's site and nav (issue 13)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fortlang.codes import CATALOGUE, translated
from fortlang.docsite.error_codes import FILE, error_codes_page, title
from fortlang.docsite.site import generate


@pytest.mark.parametrize("lang", ["en", "fr", "ru"])
def test_every_code_has_its_section(lang: str):
    page = error_codes_page(lang)
    for c in (translated(code, lang) for code in CATALOGUE):
        section = page.split(f"### {c.code} — {c.meaning} {{ #{c.code.lower()} }}\n", 1)
        assert len(section) == 2, c.code
        body = section[1].split("\n### ", 1)[0]
        assert c.example in body and c.fix in body
        assert f"[{c.code}](#{c.code.lower()})" in page  # the summary table links to it


def test_headings_are_translated():
    assert title("en") == "Error codes" and title("fr") == "Codes d'erreur"
    assert "Как исправить" in error_codes_page("ru")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_page_is_written_and_in_the_nav(tmp_path: Path, lang: str):
    generate(tmp_path, "../site", (), lang, ("en", "fr", "ru"))
    assert (tmp_path / "docs" / FILE).read_text(encoding="utf-8") == error_codes_page(lang)
    nav = json.loads((tmp_path / "mkdocs.yml").read_text(encoding="utf-8"))["nav"]
    assert {title(lang): FILE} in nav
