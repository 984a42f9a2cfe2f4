"""The card pages as a reader meets them, in headless Chromium, in English, French and Russian:
the glossary's legible faces, a face enlarged, the card browser with a filter applied, a 404
page, a page at phone width, the language switcher, search from the file system with no network.

The site (bundled sets and the docs sample) is built once and served over HTTP the way a static
host serves it (a missing page gets the language's 404.html). Screenshots are kept under
``artifacts/`` (gitignored) for a person to look at.
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Iterator
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from test_docs_glossary import sample_set
from test_docs_site import ARTIFACTS, CHROMIUM, needs_chromium

from fortlang.cardset import load_bundled
from fortlang.docsite.lexicon import ui
from fortlang.docsite.site import Built, build
from fortlang.games.fort.docs.browser import actions_of
from fortlang.games.fort.model import kids_of, park_kids_of
from fortlang.games.fort.nodes import Suit
from fortlang.model import CardSet, Source

LANGS = ("en", "fr", "ru")


@pytest.fixture(scope="module")
def sets() -> tuple[CardSet, ...]:
    return (*load_bundled().values(), sample_set())


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory, sets: tuple[CardSet, ...]) -> Built:
    return build(tmp_path_factory.mktemp("browser") / "site", sets)


class StaticHost(SimpleHTTPRequestHandler):
    """A static host: a missing file under /<lang>/ gets that language's 404.html, status 404."""

    def log_message(self, *args: object) -> None:
        pass

    def send_error(self, code: int, message: str | None = None,
                   explain: str | None = None) -> None:
        lang = self.path.strip("/").split("/")[0]
        page = Path(self.directory) / lang / "404.html"
        if code != 404 or not page.is_file():
            return super().send_error(code, message, explain)
        body = page.read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


class QuietServer(ThreadingHTTPServer):
    def handle_error(self, request: object, client_address: object) -> None:
        pass  # the browser closing a connection early is no error of the site


@pytest.fixture(scope="module")
def served(site: Built) -> Iterator[str]:
    server = QuietServer(("127.0.0.1", 0), partial(StaticHost, directory=str(site.out)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.fixture
def browser(tmp_path: Path):
    from chromium_pipe import Chromium

    assert CHROMIUM is not None
    with Chromium(CHROMIUM, tmp_path / "profile") as chromium:
        yield chromium


def _shot(browser, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    browser.screenshot(ARTIFACTS / f"docs-cards-{name}.png")


def _load(browser, url: str, width: int = 1280, height: int = 1000,
          mobile: bool = False) -> None:
    browser.open(url)
    browser.viewport(width, height, mobile)
    path = json.dumps(url.split("://", 1)[1].split("/", 1)[1].split("?")[0].split("#")[0])
    browser.wait_for(f"location.pathname === '/' + {path} && document.readyState === 'complete'"
                     " && document.fonts.status === 'loaded'")


@needs_chromium
@pytest.mark.parametrize("lang", LANGS)
def test_glossary_faces_are_legible_and_enlarge_on_click(served: str, lang: str, browser,
                                                         sets: tuple[CardSet, ...]) -> None:
    base = sets[0]
    _load(browser, f"{served}/{lang}/glossary/{base.id}.html")
    # the faces are 300 px wide: a box's caption (30 of 630 units) is 14 px
    assert browser.evaluate("document.querySelector('img.fl-face').getBoundingClientRect()"
                            ".width") >= 290
    # how many cards are provisional, and what that means, before the first card
    provisional = sum(k.copies for k in kids_of(base) if k.source is Source.PROVISIONAL)
    notice = browser.evaluate("document.querySelector('.admonition').textContent")
    assert f"{provisional}" in notice and ui("provisional_notice", lang).split()[-1] in notice
    _shot(browser, f"glossary-{lang}")

    browser.evaluate("document.querySelector('a.glightbox').click()")
    # once the opening animation is over, the enlarged face fills most of the window's height
    browser.wait_for("(() => { const i = document.querySelector('.gslide-image img');"
                     " return i && i.complete && i.getBoundingClientRect().height >= 800 })()",
                     timeout=10)
    src = browser.evaluate("document.querySelector('.gslide-image img').src")
    assert src.endswith(f"/assets/faces/{base.id}/{park_kids_of(base)[0].id}.svg")
    _shot(browser, f"enlarged-{lang}")


GRID = ("Array.from(document.querySelectorAll('.fl-grid-card'))"
        ".filter(e => !e.hidden).map(e => e.querySelector('figcaption').textContent)")


@needs_chromium
@pytest.mark.parametrize("lang", LANGS)
def test_the_card_browser_filters_by_suit_action_and_provenance(served: str, lang: str, browser,
                                                                sets: tuple[CardSet, ...]
                                                                ) -> None:
    kids = [k for s in sets for k in kids_of(s)]
    _load(browser, f"{served}/{lang}/cards.html?suit=shovel")
    shovels = [k.name_in(lang) for k in kids if Suit.SHOVEL in k.suits]
    assert browser.wait_for(f"({GRID}).length === {len(shovels)} && {GRID}")
    assert browser.evaluate(GRID) == shovels
    assert browser.evaluate("document.querySelector('.fl-grid-count').textContent") == str(
        len(shovels))
    # a second filter, chosen in the page: shovel cards whose boxes score (R12.8)
    browser.evaluate("(() => { const s = document.querySelector('select[data-filter=action]');"
                     " s.value = 'score'; s.dispatchEvent(new Event('change')); })()")
    scoring = [k.name_in(lang) for k in kids if Suit.SHOVEL in k.suits
               and "score" in actions_of(k)]
    assert 0 < len(scoring) < len(shovels)
    assert browser.evaluate(GRID) == scoring
    assert browser.evaluate("location.search") == "?suit=shovel&action=score"
    # enlarging a face pages through the cards shown only
    assert browser.evaluate("lightbox.elements.length") == len(scoring)
    _shot(browser, f"grid-{lang}")
    browser.evaluate("(() => { const s = document.querySelector('select[data-filter=source]');"
                     " s.value = 'rulebook'; s.dispatchEvent(new Event('change')); })()")
    assert browser.evaluate(GRID) == [k.name_in(lang) for k in kids if Suit.SHOVEL in k.suits
                                      and "score" in actions_of(k)
                                      and k.source is Source.RULEBOOK]


@needs_chromium
@pytest.mark.parametrize("lang", LANGS)
def test_a_missing_page_gets_a_styled_404_in_its_language(served: str, lang: str,
                                                          browser) -> None:
    _load(browser, f"{served}/{lang}/glossary/no-such-card.html")
    assert browser.evaluate("document.querySelector('h1').textContent.trim()") == "404"
    assert ui("not_found", lang) in browser.evaluate("document.body.textContent")
    # material's stylesheet applied: the header sticks to the top, the fonts are not serif
    assert browser.evaluate("getComputedStyle(document.querySelector('.md-header')).position"
                            ) == "sticky"
    sheets = browser.evaluate("Array.from(document.styleSheets).map(s => s.href)")
    assert f"{served}/{lang}/assets/fortlang.css" in sheets
    assert any(re.match(rf"{served}/{lang}/assets/stylesheets/main\.\w+\.min\.css", s or "")
               for s in sheets)
    home = browser.evaluate(
        "document.querySelector('a[href=\"index.html\"]').href")
    assert home == f"{served}/{lang}/index.html"
    _shot(browser, f"404-{lang}")


#: Words of table cells that the browser laid out on more than one line (split mid-word).
SPLIT_WORDS = """(() => {
  const split = [];
  for (const cell of document.querySelectorAll('.md-typeset table td, .md-typeset table th')) {
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const m of node.data.matchAll(/[^\\s\u2010-]+/g)) {  // a hyphen may end a line
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const tops = new Set(Array.from(range.getClientRects()).map(r => Math.round(r.top)));
        if (tops.size > 1) split.push(m[0]);
      }
    }
  }
  return split;
})()"""


@needs_chromium
@pytest.mark.parametrize("lang", LANGS)
def test_pages_fit_a_phone_and_tables_never_split_a_word(served: str, lang: str,
                                                         browser) -> None:
    for page in ("reference.html", "glossary/fort-base.html"):
        _load(browser, f"{served}/{lang}/{page}", 390, 844, mobile=True)
        # nothing wider than the phone: a wide table scrolls inside its own box
        assert browser.evaluate("document.documentElement.scrollWidth") <= 390, page
        assert browser.evaluate(SPLIT_WORDS) == [], page
    _load(browser, f"{served}/{lang}/reference.html#quantities", 390, 844, mobile=True)
    _shot(browser, f"phone-{lang}")
    _load(browser, f"{served}/{lang}/reference.html", 1280, 1000)
    assert browser.evaluate(SPLIT_WORDS) == []


@needs_chromium
@pytest.mark.parametrize(("start", "target"), [("fr", "ru"), ("ru", "en"), ("en", "fr")])
def test_the_language_switcher_keeps_the_page(served: str, start: str, target: str,
                                              browser) -> None:
    _load(browser, f"{served}/{start}/glossary/docs-sample.html")
    # clicked after this call returns: the navigation must not cut the answer off
    browser.evaluate("setTimeout(() => document.querySelector("
                     f"'a.md-select__link[hreflang={target}]').click(), 0)")
    path = f"/{target}/glossary/docs-sample.html"
    assert browser.wait_for(f"location.pathname === {json.dumps(path)} && location.pathname")


RESULTS = ("Array.from(document.querySelectorAll('.md-search-result__article'))"
           ".map(e => e.textContent.replace(/\\s+/g, ' ').trim()).join(' | ')")


@needs_chromium
@pytest.mark.parametrize(("lang", "query"), [("en", "bitsy"), ("fr", "puddin"), ("ru", "жучок")])
def test_search_works_offline_from_the_file_system(site: Built, lang: str, query: str,
                                                   browser) -> None:
    """No flag to let pages read files, no network: the worker shim ships with the site."""
    from urllib.parse import quote

    page = (site.out / lang / "glossary" / "docs-sample.html").as_uri()
    browser.open(f"{page}?q={quote(query)}")
    assert query in browser.wait_for(RESULTS).lower()


def test_no_page_loads_anything_from_another_host(site: Built) -> None:
    external = re.compile(r'<(?:script|link|img|iframe)\b[^>]*\b(?:src|href)="(?:https?:)?//')
    for page in site.out.rglob("*.html"):
        assert not external.search(page.read_text(encoding="utf-8")), page
    shim = site.out / "en" / "assets" / "javascripts" / "iframe-worker-shim.js"
    assert "IFrameWorker" in shim.read_text(encoding="utf-8")


def test_the_site_is_readable_by_everyone_under_the_usual_umask(tmp_path: Path) -> None:
    """A web server running as another user can serve it: 0755 folders, 0644 files."""
    import os
    import stat

    old = os.umask(0o022)
    try:
        built = build(tmp_path / "site", (sample_set(),), ("en",))  # mkdocs' files too
    finally:
        os.umask(old)
    for path in (built.out, *built.out.rglob("*")):
        mode = stat.S_IMODE(path.stat().st_mode)
        assert mode == (0o755 if path.is_dir() else 0o644), (path, oct(mode))
