"""Stored XSS: a set whose every free-text field is markup builds a site with none of it live.

``tests/fixtures/hostile-set`` puts ``<script>``, ``<img onerror>``, Markdown links and images to
``javascript:``, raw HTML blocks, attribute lists, ``{{ }}`` and ``{% %}``, control characters
and a bidi override into the set name, card names (every language), notes, perk and rule names
and texts and the board's note. Every payload calls ``fortXss``: the site is built (mkdocs
--strict, three languages), every HTML page, search index and SVG face is parsed, and nothing
that the parser sees as an element, an attribute or a URL may carry that word; the payloads
must still be there as text (escaped, not dropped). The print-and-play PDF gets the same set.
"""

from __future__ import annotations

import json
import os
import re
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

import pytest

from fortlang.cardset import load_set
from fortlang.docsite.site import Built, build
from fortlang.games.fort.model import kids_of, perks_of, rules_of
from fortlang.model import CardSet

HOSTILE = Path(__file__).parent / "fixtures" / "hostile-set"
MARK = "fortxss"
#: Attributes whose value is plain text to a browser: card data may show there, as text.
TEXT_ATTRIBUTES = {"alt", "title", "aria-label", "data-name", "content"}
URL_ATTRIBUTES = {"href", "src", "action", "formaction", "data", "xlink:href", "srcset"}
CONTROLS = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\u202a-\u202e\u2066-\u2069]")


@pytest.fixture(scope="module")
def hostile() -> CardSet:
    return load_set(HOSTILE)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory, hostile: CardSet) -> Built:
    return build(tmp_path_factory.mktemp("hostile") / "site", (hostile,))


class Elements(HTMLParser):
    """Every element, attribute and text run of a page, as the browser's tokenizer sees them."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, list[tuple[str, str | None]]]] = []
        self.text: list[str] = []
        self._raw: list[str] = []  # open <script>/<style> elements

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, attrs))
        if tag in ("script", "style"):
            self._raw.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, attrs))

    def handle_endtag(self, tag: str) -> None:
        if self._raw and self._raw[-1] == tag:
            self._raw.pop()

    def handle_data(self, data: str) -> None:
        if self._raw:  # inside a script or style: code, not text
            self.tags.append((f"{self._raw[-1]}-body", [("text", data)]))
        else:
            self.text.append(data)

    def handle_comment(self, data: str) -> None:
        self.tags.append(("!--", [("text", data)]))


def live_markup(html: str) -> list[str]:
    """What in ``html`` came from card data as markup rather than as text."""
    page = Elements()
    page.feed(html)
    page.close()
    found = []
    for tag, attrs in page.tags:
        if MARK in tag.lower():
            found.append(f"element <{tag}>")
        for name, value in attrs:
            value = (value or "").lower()
            if MARK in name.lower() or name.startswith("on") and MARK in value:
                found.append(f"<{tag} {name}={value!r}>")
            elif name in URL_ATTRIBUTES and (MARK in value or value.startswith("javascript")):
                found.append(f"<{tag} {name}={value!r}>")
            elif MARK in value and name not in TEXT_ATTRIBUTES:
                found.append(f"<{tag} {name}={value!r}>")
    return found


def _pages(site: Built) -> list[Path]:
    return sorted(p for lang in site.languages for p in (site.out / lang).rglob("*.html"))


def test_no_page_carries_markup_from_the_card_file(site: Built) -> None:
    pages = _pages(site)
    assert len(pages) > 10
    found = {str(p.relative_to(site.out)): live for p in pages
             if (live := live_markup(p.read_text(encoding="utf-8")))}
    assert found == {}


@pytest.mark.parametrize("lang", ["en", "fr", "ru"])
def test_the_payloads_are_shown_as_text(site: Built, hostile: CardSet, lang: str) -> None:
    page = Elements()
    page.feed((site.out / lang / "glossary" / "hostile-set.html").read_text(encoding="utf-8"))
    text = "".join(page.text)
    assert hostile.manifest.name in text
    for card in kids_of(hostile):
        assert re.sub(CONTROLS, "�", card.name_in(lang)) in text
    for perk in perks_of(hostile):
        assert perk.names.get(lang, perk.name) in text
    for rule in rules_of(hostile):
        assert rule.names.get(lang, rule.name) in text
    assert "**fortBold**" in text and "{{ fortXss }}" in text and "AT&amp;T" in text
    if lang == "en":
        assert "# Heading <b>fortBold</b> ```" in text  # the made-up rule's name, as it is


def test_no_page_holds_a_control_character_from_the_card_file(site: Built) -> None:
    for page in _pages(site):
        html = page.read_text(encoding="utf-8")
        assert not CONTROLS.search(html), page
        assert "&#7;" not in html and "&#27;" not in html and "&#8238;" not in html, page


def test_the_search_index_holds_only_text(site: Built) -> None:
    for lang in site.languages:
        index = json.loads((site.out / lang / "search" / "search_index.json").read_text("utf-8"))
        for doc in index["docs"]:
            for field in ("title", "text"):  # the search shows both as HTML
                assert live_markup(doc[field]) == [], (lang, doc["location"], field)
                assert not CONTROLS.search(doc[field])


def test_the_navigation_and_page_titles_hold_only_text(site: Built) -> None:
    html = (site.out / "en" / "index.html").read_text(encoding="utf-8")
    assert "<script>fortXss" not in html and "&lt;script&gt;fortXss" in html.replace(
        "&#60;", "&lt;").replace("&#62;", "&gt;")


def test_every_face_is_well_formed_svg_with_no_markup_from_the_card(site: Built,
                                                                    hostile: CardSet) -> None:
    faces = sorted(site.out.glob("*/assets/faces/hostile-set/*.svg"))
    # kids, made-up rules, perks, the board and the back, in three languages
    kinds = len(kids_of(hostile)) + len(rules_of(hostile)) + len(perks_of(hostile)) + 2
    assert len(faces) == 3 * kinds
    for face in faces:
        source = face.read_text(encoding="utf-8")
        root = ET.fromstring(source)  # an SVG the browser would refuse to draw is an error too
        assert not CONTROLS.search(source), face
        for element in root.iter():
            tag = element.tag.rsplit("}", 1)[-1]
            assert tag not in ("script", "foreignObject", "a", "iframe", "image"), face
            for name, value in element.attrib.items():
                assert not name.rsplit("}", 1)[-1].startswith("on"), face
                assert MARK not in value.lower() or name == "data-name", (face, name)
        texts = "".join(root.itertext())
        if face.name != "board.svg":  # the board prints no text of the card file
            assert "fortXss" in texts or "<" in texts  # the name is printed, as text


def test_the_print_and_play_sheet_carries_the_names_as_text(tmp_path: Path,
                                                            hostile: CardSet) -> None:
    from fortlang.docsite.faces import every_face
    from fortlang.docsite.pnp import render
    from fortlang.docsite.site import site_game

    pdf = render([printed.face for printed in every_face(site_game([hostile]), hostile, "en")])
    for action in (b"/JavaScript", b"/JS", b"/URI", b"/Launch", b"/AA"):
        assert action not in pdf
    (tmp_path / "hostile.pdf").write_bytes(pdf)
    import shutil
    import subprocess

    if shutil.which("pdftotext") is None:
        pytest.skip("poppler-utils is not installed")
    text = subprocess.run(["pdftotext", str(tmp_path / "hostile.pdf"), "-"],
                          capture_output=True, text=True, check=True).stdout
    assert "fortXss" in text and not CONTROLS.search(text.replace("\f", ""))  # \f: a page


@pytest.mark.skipif(not Path("/usr/bin/chromium").exists() and not os.environ.get("CI"),
                    reason="Debian's chromium is not installed")
@pytest.mark.parametrize("page", ["glossary/hostile-set.html", "cards.html", "index.html"])
def test_no_payload_runs_in_the_browser_even_when_a_face_is_enlarged(site: Built, page: str,
                                                                     tmp_path: Path) -> None:
    """The pages' own scripts (search, lightbox, grid filters) read card data from the DOM:
    they must not turn it back into markup. Every payload calls fortXss, defined to record."""
    import time

    from chromium_pipe import Chromium

    with Chromium("/usr/bin/chromium", tmp_path / "profile") as browser:
        browser.open("about:blank")
        browser.call("Page.enable")
        browser.call("Page.addScriptToEvaluateOnNewDocument", {
            "source": "window.__ran = []; window.fortXss = (w) => window.__ran.push(String(w));"})
        browser.call("Page.navigate", {"url": (site.out / "en" / page).as_uri() + "?q=fortxss"})
        browser.wait_for("location.protocol === 'file:' && document.readyState === 'complete'")
        if browser.evaluate("document.querySelector('a.glightbox') !== null"):
            browser.evaluate("document.querySelector('a.glightbox').click()")
            browser.wait_for("document.querySelector('.gslide-image img') !== null", timeout=10)
        browser.wait_for("document.querySelectorAll('.md-search-result__article').length > 0"
                         " || document.querySelector('.md-search-result__meta') !== null",
                         timeout=20)
        time.sleep(0.5)  # let lazy images and late handlers run
        assert browser.evaluate("window.__ran") == []
        live = ("Array.from(document.querySelectorAll('[onerror], [onload], [onclick], "
                "[onmouseover], iframe:not([hidden]), object')).map(e => e.outerHTML)")
        assert browser.evaluate(live) == []


@pytest.mark.parametrize("bad", ['x" onclick="fortXss()', "../../../escaped", "a b", "Caps", ""])
def test_an_id_that_is_not_an_id_is_refused_before_anything_is_written(tmp_path: Path,
                                                                        hostile: CardSet,
                                                                        bad: str) -> None:
    """Ids become file names, anchors and links: a set built in Python (not by the loader,
    whose schema refuses them, E313) is held to the same rule."""
    from dataclasses import replace

    from fortlang.errors import FortError

    kid = replace(kids_of(hostile)[0], id=bad)
    with pytest.raises(FortError) as caught:
        build(tmp_path / "site", (hostile.with_slot("kids", (kid,)),), ("en",), mkdocs=False)
    assert caught.value.diagnostics[0].code == "E313"
    assert list(tmp_path.iterdir()) == []  # refused before any work
