"""The built site, opened in headless Chromium: card names, icons, French and Russian texts.

The site is built once for this module (mkdocs --strict, three languages). A screenshot of each
language's glossary is kept under ``artifacts/`` (gitignored) for a person to look at.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from test_docs_glossary import sample_set

from fortlang.cardset import load_bundled
from fortlang.docsite.site import MARKER, Built, build
from fortlang.games.fort.model import kids_of
from fortlang.model import CardSet
from fortlang.phrasebook import plural, sentence, term

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
CHROMIUM = next((p for p in ("/usr/bin/chromium", shutil.which("chromium")) if p and
                 Path(p).exists()), None)
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
# Skipped on a developer's machine without it; in CI (.ci/run installs it) a missing browser fails.
needs_chromium = pytest.mark.skipif(CHROMIUM is None and not os.environ.get("CI"),
                                    reason="Debian's chromium is not installed")


@pytest.fixture(scope="module")
def sets() -> tuple[CardSet, ...]:
    return (*load_bundled().values(), sample_set())


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory, sets: tuple[CardSet, ...]) -> Built:
    return build(tmp_path_factory.mktemp("docs") / "site", sets)


def _chromium(url: str, user_dir: Path, *extra: str) -> str:
    assert CHROMIUM is not None, "chromium is missing: .ci/run installs Debian's package"
    done = subprocess.run([CHROMIUM, *FLAGS, f"--user-data-dir={user_dir}", *extra, url],
                          capture_output=True, text=True, timeout=120, check=True)
    return done.stdout


def test_site_has_every_language_with_a_switcher(site: Built, sets: tuple[CardSet, ...]) -> None:
    assert (site.out / MARKER).exists()
    for lang in ("en", "fr", "ru"):
        html = (site.out / lang / "index.html").read_text(encoding="utf-8")
        for other in ("en", "fr", "ru"):
            assert f'hreflang="{other}"' in html
        for s in sets:
            assert (site.out / lang / "glossary" / f"{s.id}.html").is_file()
        assert (site.out / lang / "search" / "search_index.json").is_file()


@pytest.mark.parametrize("lang", ["en", "fr", "ru"])
def test_glossary_is_searchable_in_its_language(site: Built, lang: str) -> None:
    index = json.loads((site.out / lang / "search" / "search_index.json").read_text("utf-8"))
    text = " ".join(doc["title"] + " " + doc["text"] for doc in index["docs"]
                    if doc["location"].startswith("glossary/docs-sample.html"))
    bug = kids_of(sample_set())[0]
    assert bug.name_in(lang) in text and sentence(bug.private, lang) in text


def test_language_switcher_keeps_the_page(site: Built) -> None:
    """The switcher leads to the same page in the other language, not to its home page."""
    for page in (site.out / "fr" / "glossary" / "docs-sample.html", site.out / "ru" / "cards.html",
                 site.out / "en" / "index.html"):
        html = page.read_text("utf-8")
        links = re.findall(r'<a href="([^"]+)" hreflang="(\w+)" class="md-select__link"', html)
        links += re.findall(r'<link rel="alternate" href="([^"]+)" hreflang="(\w+)"', html)
        assert len(links) == 6
        here = page.relative_to(site.out).parts[1:]
        for href, lang in links:
            assert (page.parent / href).resolve() == site.out.joinpath(lang, *here)


def test_every_card_has_a_face_linked_from_its_glossary(site: Built,
                                                        sets: tuple[CardSet, ...]) -> None:
    assert site.faces == 3 * sum(len(kids_of(s)) for s in sets)
    for s in sets:
        html = (site.out / "en" / "glossary" / f"{s.id}.html").read_text(encoding="utf-8")
        for card in kids_of(s):
            assert f'src="../assets/faces/{s.id}/{card.id}.svg"' in html
            assert (site.out / "en" / "assets" / "faces" / s.id / f"{card.id}.svg").is_file()


def test_dsl_snippets_are_highlighted_by_the_fortlang_lexer(site: Built) -> None:
    html = (site.out / "en" / "reference.html").read_text(encoding="utf-8")
    assert '<span class="k">gain</span>' in html  # Keyword: a primitive
    assert '<span class="nb">water_gun</span>' in html  # Name.Builtin: a quantity after x


@needs_chromium
@pytest.mark.parametrize("lang", ["en", "fr", "ru"])
def test_glossary_renders_in_chromium(site: Built, lang: str, tmp_path: Path) -> None:
    from PIL import Image

    page = (site.out / lang / "glossary" / "docs-sample.html").as_uri()
    dom = _chromium(page, tmp_path / "profile", "--dump-dom")
    sample = sample_set()
    bug, puddin, bitsy = kids_of(sample)
    # card names (Russian ones where the card has one), and the faces' and suits' images
    for card in kids_of(sample):
        assert card.name_in(lang) in dom
    assert 'alt="shovel"' in dom and 'alt="best_friend"' in dom
    # the texts of the page language, from the phrasebook
    assert sentence(bug.public, lang) in dom
    assert term("public_action", lang).lower() in dom.lower()
    assert plural(lang, "card", 5) in dom

    ARTIFACTS.mkdir(exist_ok=True)
    shot = ARTIFACTS / f"docs-glossary-{lang}.png"
    _chromium(page, tmp_path / "profile", f"--screenshot={shot}", "--window-size=1280,1600",
              "--hide-scrollbars")
    image = Image.open(shot).convert("RGB")
    colours = {c for _, c in image.getcolors(1 << 22)}
    for hex_colour in ("#8d5a2b", "#e8a400"):  # the shovel and crown icons were drawn
        rgb = tuple(int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
        assert any(sum(abs(a - b) for a, b in zip(c, rgb, strict=True)) < 12 for c in colours)


@pytest.mark.parametrize("lang", ["en", "fr", "ru"])
def test_the_scenario_format_is_a_page_of_every_site(site: Built, lang: str) -> None:
    from fortlang.docsite.lexicon import ui

    page = (site.out / lang / "scenarios.html").read_text(encoding="utf-8")
    assert "fortlang test" in page and "E701" in page and "bug.yaml" in page
    home = (site.out / lang / "index.html").read_text(encoding="utf-8")
    assert f'<a href="scenarios.html">{ui("scenarios", lang)}</a>' in home
    index = json.loads((site.out / lang / "search" / "search_index.json").read_text("utf-8"))
    assert any(doc["location"].startswith("scenarios.html") for doc in index["docs"])


@pytest.fixture(scope="module")
def served(site: Built):
    """The built site on a local web server, as it would be published."""
    import threading
    from functools import partial
    from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

    class Quiet(SimpleHTTPRequestHandler):
        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(Quiet, directory=str(site.out)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


RESULTS = ("Array.from(document.querySelectorAll('.md-search-result__article'))"
           ".map(e => e.textContent.replace(/\\s+/g, ' ').trim()).join(' | ')")


@needs_chromium
@pytest.mark.parametrize(("lang", "query"), [("en", "puddin"), ("fr", "bitsy"), ("ru", "жучок")])
def test_search_finds_a_card_in_the_browser(served: str, lang: str, query: str,
                                            tmp_path: Path) -> None:
    from urllib.parse import quote

    from chromium_pipe import Chromium

    card = next(c for c in kids_of(sample_set()) if c.name_in(lang).lower() == query)
    assert CHROMIUM is not None
    with Chromium(CHROMIUM, tmp_path / "profile") as browser:
        browser.open(f"{served}/{lang}/glossary/docs-sample.html?q={quote(query)}")
        found = browser.wait_for(RESULTS)
    assert card.name_in(lang) in found


def test_search_index_ships_as_a_script_for_file_urls(site: Built) -> None:
    for lang in ("en", "fr", "ru"):
        script = (site.out / lang / "search" / "search_index.js").read_text(encoding="utf-8")
        assert "Puddin" in script


@needs_chromium
def test_search_works_from_the_file_system_where_the_browser_allows_it(site: Built,
                                                                       tmp_path: Path) -> None:
    from chromium_pipe import Chromium

    assert CHROMIUM is not None
    page = (site.out / "en" / "glossary" / "docs-sample.html").as_uri()
    with Chromium(CHROMIUM, tmp_path / "profile", "--allow-file-access-from-files") as browser:
        browser.open(page + "?q=bitsy")
        assert "Bitsy" in browser.wait_for(RESULTS)


def test_hand_written_pages_are_in_the_language_of_their_site(site: Built) -> None:
    from html import unescape

    from fortlang.docsite.lexicon import ui

    # every hand-written page has its translation (tests/test_docs_translations.py)
    for page in ("scenarios.html", "card-format.html", "plugins.html", "simulate.html",
                 "search-bot.html", "editors.html", "playtest.html"):
        for lang in ("en", "fr", "ru"):
            html = unescape((site.out / lang / page).read_text("utf-8"))
            assert ui("english_only", lang) not in html


def test_the_editors_page_is_in_every_site_with_its_screenshot(site: Built) -> None:
    """docs/editors.md (the language server's set-up) is a page of each site, in the site's
    language, linked from the home page and the navigation, and its picture is copied in."""
    from html import unescape

    from fortlang.docsite.lexicon import ui
    from fortlang.resources import data_dir

    picture = (data_dir("docs") / "img" / "editor-neovim.png").read_bytes()
    for lang, words in (("en", "language server"), ("fr", "serveur de langage"),
                        ("ru", "языковой сервер")):
        html = unescape((site.out / lang / "editors.html").read_text("utf-8"))
        assert words in html and 'src="img/editor-neovim.png"' in html
        assert (site.out / lang / "img" / "editor-neovim.png").read_bytes() == picture
        home = unescape((site.out / lang / "index.html").read_text("utf-8"))
        assert 'href="editors.html"' in home and ui("editors", lang) in home


def test_every_hand_written_page_ships_in_the_wheel() -> None:
    """An installed fortlang (not an editable checkout) builds its site from the pages the wheel
    carries: each hand-written page must be force-included, or `fortlang docs build` fails on a
    link to it (as `expansions.md` did)."""
    import tomllib

    from fortlang.docsite.gamedocs import GAME_PAGES
    from fortlang.games.fort.docs import PAGES

    root = Path(__file__).resolve().parent.parent
    config = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    shipped = config["tool"]["hatch"]["build"]["targets"]["wheel"]["force-include"]
    for _, page in (*PAGES, *GAME_PAGES):
        assert shipped.get(f"docs/{page}") == f"fortlang/docs/{page}", page
