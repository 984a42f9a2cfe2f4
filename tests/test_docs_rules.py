"""The rules pages (R1-R15 in three languages) and the filter that links every R-number of the
site to its rule: each cited number resolves to an anchor that exists, in every language."""

from __future__ import annotations

import dataclasses
import os
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path

import pytest

from fortlang.cardset import load_bundled
from fortlang.docsite import rules as r
from fortlang.docsite.lexicon import LANGUAGES
from fortlang.docsite.pagefilter import NBSP, NNBSP, french, polish
from fortlang.docsite.site import Built, build
from fortlang.games.fort.table import Rules

ROOT = Path(__file__).resolve().parents[1]


def cited_in_repository() -> set[str]:
    """Every R-number the code, the tests, the docs and the card sets cite."""
    found: set[str] = set()
    for folder in ("fortlang", "tests", "docs", "cards", "grammar"):
        for path in (ROOT / folder).rglob("*"):
            if path.suffix in {".py", ".md", ".yaml", ".lark", ".json"} and path.is_file():
                found |= {m.group(0) for m in r.NUMBER.finditer(path.read_text("utf-8", "replace"))}
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_rule_number_the_project_cites_is_defined(lang: str) -> None:
    missing = cited_in_repository() - r.defined(lang)
    assert not missing, f"cited but not in docs/rules/{lang}.md: {sorted(missing)}"


def test_the_three_languages_number_the_same_rules() -> None:
    numbers = {lang: r.defined(lang) for lang in LANGUAGES}
    assert numbers["fr"] == numbers["en"] == numbers["ru"]
    # R1-R15, and the sub-rules from R1.1 to R13.5
    assert {f"R{i}" for i in range(1, 16)} <= numbers["en"]
    assert {"R1.5", "R5.7", "R6.7", "R11.4", "R12.13", "R13.5"} <= numbers["en"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_interpretation_names_the_switch_that_changes_it(lang: str) -> None:
    text = r.source(lang)
    assert text is not None
    named = set(re.findall(r"`Rules\((\w+)=", text))
    assert named == {f.name for f in dataclasses.fields(Rules)}
    for field, value in re.findall(r"`Rules\((\w+)=(\w+)\)`", text):
        assert str(getattr(Rules(), field)) != value  # the switch turns the other reading on


def test_anchors_are_made_from_the_numbers() -> None:
    page = r.mark_rules("## R6 Following\n\nR6.1 Discard a card.\nNot R6.2 here.\n")
    assert "## R6 Following { #r6 }" in page
    assert "[R6.1](#r6-1){ #r6-1 .fl-rule } Discard a card." in page
    assert "Not R6.2 here." in page
    with pytest.raises(ValueError):
        r.anchor("E201")


def test_the_filter_links_text_and_leaves_code_links_and_headings() -> None:
    html = ('<h2 id="x">R5 Play</h2><p>R5.3, <code>R5.4</code> <a href="y">R5.5</a> '
            '<span title="R5.6">R12.13</span></p><pre><code>R1</code></pre><p>R14</p>')
    out = polish(html, "en", "glossary/set.html")
    assert out == ('<h2 id="x">R5 Play</h2><p><a class="fl-rule-link" '
                   'href="../rules.html#r5-3">R5.3</a>, <code>R5.4</code> '
                   '<a href="y">R5.5</a> <span title="R5.6"><a class="fl-rule-link" '
                   'href="../rules.html#r12-13">R12.13</a></span></p>'
                   '<pre><code>R1</code></pre><p><a class="fl-rule-link" '
                   'href="../rules.html#r14">R14</a></p>')
    assert polish("<p>R5.3</p>", "en", "index.html", rules=False) == "<p>R5.3</p>"
    assert polish("<p>rR5 R5x</p>", "en", "index.html") == "<p>rR5 R5x</p>"


def test_french_typography() -> None:
    assert french("Règle : jouez !") == f"Règle{NBSP}: jouez{NNBSP}!"
    assert french("Exemple: « Bug »; fin?") == (f"Exemple{NBSP}: «{NBSP}Bug{NBSP}»{NNBSP}; "
                                                f"fin{NNBSP}?")
    assert french('il dit "oui"') == f"il dit «{NBSP}oui{NBSP}»"
    assert french("pizzas &amp; jouets") == "pizzas &amp; jouets"  # references stay whole
    assert french("R5.3 : 12:30") == f"R5.3{NBSP}: 12:30"
    # never inside code
    assert polish("<p><code>a : b</code></p>", "fr", "index.html") == "<p><code>a : b</code></p>"


class _Page(HTMLParser):
    """The ids of a page, its rule links, and R-numbers left as plain text where a link
    was due."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.links: list[str] = []
        self.unlinked: list[str] = []
        self._open: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if values.get("id"):
            self.ids.add(str(values["id"]))
        if "fl-rule-link" in (values.get("class") or ""):
            self.links.append(str(values["href"]))
        if tag not in {"br", "img", "input", "meta", "link", "hr", "wbr", "source"}:
            self._open.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag in self._open:
            del self._open[len(self._open) - 1 - self._open[::-1].index(tag):]

    def handle_data(self, data: str) -> None:
        skip = {"a", "code", "pre", "script", "style", "title", "h1", "h2", "h3", "h4", "h5",
                "h6", "nav", "label", "header", "kbd", "samp", "textarea"}
        if "article" in self._open and not skip & set(self._open):
            self.unlinked += [m.group(0) for m in r.NUMBER.finditer(data)]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Built:
    return build(tmp_path_factory.mktemp("rules") / "site", list(load_bundled().values()))


def _parse(path: Path) -> _Page:
    page = _Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_r_number_of_the_site_links_to_an_anchor_that_exists(site: Built,
                                                                   lang: str) -> None:
    root = site.out / lang
    rules_ids = _parse(root / "rules.html").ids
    assert {r.anchor(n) for n in r.defined(lang)} <= rules_ids
    checked = 0
    for path in root.rglob("*.html"):
        if path.name == "404.html":
            continue
        page = _parse(path)
        assert not page.unlinked, f"{path.relative_to(root)}: {page.unlinked[:5]}"
        for href in page.links:
            target, _, fragment = href.partition("#")
            assert (path.parent / target).resolve() == root / "rules.html", href
            assert fragment in rules_ids, f"{path.relative_to(root)}: {href}"
            checked += 1
    assert checked > 100  # the glossary, the reference, the scenario and card-format pages


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_home_page_says_how_to_play_and_that_the_tool_is_unofficial(site: Built,
                                                                        lang: str) -> None:
    from fortlang.docsite.lexicon import ui
    from fortlang.resources import data_dir

    html = (site.out / lang / "index.html").read_text(encoding="utf-8")
    assert 'href="rules.html"' in html
    overview = (data_dir("docs") / "home" / f"{lang}.md").read_text(encoding="utf-8")
    assert overview.startswith("## ")
    assert overview.splitlines()[0][3:] in html  # "How to play, in one minute"
    assert html.count('class="fl-rule-link"') >= 10  # its rule numbers link to the rules
    assert html.count("Leder Games") >= 2  # the notice on the page and in the footer
    assert ui("the_rules", lang) in html
    footer = (site.out / lang / "reference.html").read_text("utf-8").split('class="md-footer"')[1]
    assert "Leder Games" in footer
    assert "Made with" not in footer  # the theme's credit line is English on every site


def test_permalink_tooltips_are_in_the_page_language(site: Built) -> None:
    from fortlang.docsite.lexicon import ui

    for lang in LANGUAGES:
        html = (site.out / lang / "rules.html").read_text(encoding="utf-8")
        assert f'title="{ui("permalink", lang)}"' in html
        if lang != "en":
            assert "Permanent link" not in html


ARTIFACTS = ROOT / "artifacts"
CHROMIUM = next((p for p in ("/usr/bin/chromium", shutil.which("chromium")) if p and
                 Path(p).exists()), None)
# As in test_docs_site: skipped on a machine without it; in CI (.ci/run installs it) it fails.
needs_chromium = pytest.mark.skipif(CHROMIUM is None and not os.environ.get("CI"),
                                    reason="Debian's chromium is not installed")

#: Where the element a URL's fragment names is, and whether it is on screen.
TARGET = ("(() => { const id = decodeURIComponent(location.hash.slice(1));"
          " const e = id && document.getElementById(id); if (!e) return null;"
          " const r = e.getBoundingClientRect();"
          " return {id: id, text: e.textContent.trim(), page: location.pathname.split('/').pop(),"
          " visible: r.top >= 0 && r.top < innerHeight}; })()")


def _screenshot(browser: object, timeout: float = 60) -> bytes:
    """A PNG of the page once it is painted (a page just loaded may still be blank: a few
    kilobytes of white), polled."""
    import base64
    import time

    deadline = time.monotonic() + timeout
    while True:
        shot = base64.b64decode(browser.call("Page.captureScreenshot")["data"])  # type: ignore
        if len(shot) > 20_000 or time.monotonic() > deadline:
            return shot
        time.sleep(0.3)


def _landed(browser: object, page: str, anchor: str, timeout: float = 60) -> dict:
    """Where the browser is once it shows ``page#anchor`` with the target on screen (polled:
    the page may still be loading or scrolling, or between documents)."""
    import time

    deadline = time.monotonic() + timeout
    last = None
    while time.monotonic() < deadline:
        try:
            last = browser.evaluate(TARGET)  # type: ignore[attr-defined]
        except RuntimeError:  # evaluated while the next document replaces this one
            last = None
        if last and last["page"] == page and last["id"] == anchor and last["visible"]:
            return last
        time.sleep(0.2)
    raise AssertionError(f"never landed on {page}#{anchor}: {last}")


@needs_chromium
@pytest.mark.parametrize("lang", LANGUAGES)
def test_rules_and_home_pages_in_chromium(site: Built, lang: str, tmp_path: Path) -> None:
    """The home page's R5.3 link lands on rule R5.3 of the rules page; an anchor opened
    directly shows its rule; screenshots of both pages are kept for a reader to look at."""
    from chromium_pipe import Chromium

    assert CHROMIUM is not None
    ARTIFACTS.mkdir(exist_ok=True)
    root = site.out / lang
    with Chromium(CHROMIUM, tmp_path / "profile") as browser:
        browser.open((root / "index.html").as_uri())
        browser.call("Emulation.setDeviceMetricsOverride",
                     {"width": 1280, "height": 1000, "deviceScaleFactor": 1, "mobile": False})
        browser.wait_for("document.readyState === 'complete'", timeout=60)
        home = _screenshot(browser)
        (ARTIFACTS / f"docs-home-{lang}.png").write_bytes(home)
        clicked = browser.evaluate(
            "(() => { const a = document.querySelector('article a.fl-rule-link[href$=\"#r5-3\"]');"
            " if (!a) return false; a.click(); return true; })()")
        assert clicked, "the home page cites R5.3 as a link"
        assert _landed(browser, "rules.html", "r5-3")["text"] == "R5.3"

        browser.call("Page.navigate", {"url": (root / "rules.html").as_uri() + "#r6-7"})
        assert _landed(browser, "rules.html", "r6-7")["text"] == "R6.7"
        rules = _screenshot(browser)
        (ARTIFACTS / f"docs-rules-{lang}.png").write_bytes(rules)
        # every rule of the page has its anchor in the rendered document
        ids = browser.evaluate("Array.from(document.querySelectorAll('[id^=r]'), e => e.id)")
        assert {r.anchor(x) for x in r.defined(lang)} <= set(ids)
    for shot in (home, rules):
        assert shot.startswith(b"\x89PNG") and len(shot) > 20_000


def test_french_typography_after_an_element() -> None:
    html = "<p><code>x</code> : y ; <a>z</a> ! « w »</p>"
    assert polish(html, "fr", "index.html") == (
        f"<p><code>x</code>{NBSP}: y{NNBSP}; <a>z</a>{NNBSP}! «{NBSP}w{NBSP}»</p>")


class _Text(HTMLParser):
    """The text of a page's article, outside code."""

    def __init__(self) -> None:
        super().__init__()
        self.text: list[str] = []
        self._open: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in {"br", "img", "input", "meta", "link", "hr", "wbr", "source"}:
            self._open.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag in self._open:
            del self._open[len(self._open) - 1 - self._open[::-1].index(tag):]

    def handle_data(self, data: str) -> None:
        if "article" in self._open and not {"code", "pre", "script", "style"} & set(self._open):
            self.text.append(data)


def test_every_french_page_has_french_typography(site: Built) -> None:
    checked = 0
    for path in (site.out / "fr").rglob("*.html"):
        page = _Text()
        page.feed(path.read_text(encoding="utf-8"))
        text = "\x00".join(page.text)
        assert not re.findall(r".{0,20} [:;!?](?=\s|\x00|$)", text), path.name
        assert not re.findall(r'"[^"\x00]+"', text), path.name  # « guillemets »
        checked += text.count(NBSP + ":")
    assert checked > 100


@pytest.mark.parametrize("module", ["fortlang.docsite.rules", "fortlang.docsite.pagefilter"])
def test_docstring_examples_run(module: str) -> None:
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(module))
    assert result.attempted > 0 and result.failed == 0


def test_a_page_the_generator_does_not_know_is_linked_too(tmp_path: Path) -> None:
    """The filter is mkdocs' hook, so a page written by anyone into the docs folder (the error
    codes page, say) has its R-numbers linked, in a subfolder too."""
    from fortlang.docsite.site import generate, run_mkdocs

    src = tmp_path / "_src" / "fr"
    generate(src, "../../fr", (), "fr", LANGUAGES)
    (src / "docs" / "extra").mkdir()
    (src / "docs" / "extra" / "codes.md").write_text("# Codes\n\nE205 : voir R5.5.\n", "utf-8")
    run_mkdocs([src / "mkdocs.yml"])
    from html import unescape

    # unescaped: a plugin re-serialises the page, writing the no-break space as &nbsp;
    html = unescape((tmp_path / "fr" / "extra" / "codes.html").read_text(encoding="utf-8"))
    assert (f'E205{NBSP}: voir <a class="fl-rule-link" href="../rules.html#r5-5">R5.5</a>.'
            in html)
