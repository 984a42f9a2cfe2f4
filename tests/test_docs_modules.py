"""The docs site and print-and-play sheets of a game module's set (issue 33 item 5, issue 34
item 4, issue 35 item 3): ``fortlang docs build --sets cards/frantic-base`` (and Fortune and
Glory's) builds the game's rules page, a language reference derived from its vocabulary and a
glossary of its cards with their faces, in en, fr and ru; ``docs pnp`` prints every copy.

The sites are built by the real command in a child process (mkdocs --strict, three languages),
once per game for the module."""

from __future__ import annotations

import html
import json
import os
import re
import shutil
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

from fortlang.cardset.table import load_specs
from fortlang.games import game_named
from fortlang.registry import words_of

ROOT = Path(__file__).resolve().parent.parent
LANGS = ("en", "fr", "ru")
GAMES = {"frantic": ROOT / "cards" / "frantic-base",
         "fortune-and-glory": ROOT / "cards" / "fortune-base"}
HOSTILE_NAME = "<img src=x onerror=alert(1)>\u202eevil"


def fortlang(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, NO_COLOR="1")
    return subprocess.run([sys.executable, "-c", "from fortlang.cli import main; main()",
                           *args], env=env, cwd=cwd, capture_output=True, text=True,
                          timeout=900)


@pytest.fixture(scope="module", params=sorted(GAMES))
def built(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
          ) -> tuple[str, Path]:
    game = request.param
    work = tmp_path_factory.mktemp(game)
    run = fortlang(work, "docs", "build", "--sets", str(GAMES[game]), "--out", "site")
    assert run.returncode == 0, run.stdout + run.stderr
    return game, work / "site"


def _text(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def test_every_language_has_its_home_rules_reference_and_glossary(built: tuple[str, Path]
                                                                  ) -> None:
    game, site = built
    set_id = load_specs([str(GAMES[game])])[0].id
    for lang in LANGS:
        for page in ("index.html", "rules.html", "reference.html",
                     f"glossary/{set_id}.html"):
            assert (site / lang / page).is_file(), (lang, page)
        home = _text(site / lang / "index.html")
        assert game_named(game).title(lang) in home
        assert "Leder" not in home  # not Fort's home page


def test_rules_page_is_the_games_digest_with_anchored_numbers(built: tuple[str, Path]) -> None:
    game, site = built
    letter = {"frantic": "f", "fortune-and-glory": "g"}[game]
    declared = game_named(game).rules_pages
    notes = {"fr": "Cette page n'existe qu'en anglais", "ru": "только на английском"}
    for lang in LANGS:
        rules = html.unescape(_text(site / lang / "rules.html"))
        assert f'id="{letter}1-1"' in rules and f'id="{letter}2"' in rules
        # a language without its translation of the digest shows the English one, and says so
        if lang != "en":
            assert (notes[lang] in rules) == (lang not in declared), lang


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_translated_digest_numbers_the_same_rules_as_the_english_one(game: str) -> None:
    from fortlang.docsite.rules import game_source, letter_of, numbered

    module = game_named(game)
    english = game_source(module, "en")
    assert english is not None
    letter = letter_of(english)
    assert len(numbered(english, letter)) > 50
    for lang in module.rules_pages:
        text = game_source(module, lang)
        assert text is not None, lang
        assert numbered(text, letter) == numbered(english, letter), lang


def test_reference_lists_every_primitive_of_the_games_vocabulary(built: tuple[str, Path]
                                                                 ) -> None:
    game, site = built
    vocab = words_of(game)
    assert vocab is not None and vocab.primitives
    for lang in LANGS:
        page = _text(site / lang / "reference.html")
        for spec in vocab.primitives:
            assert f'id="{spec.name}"' in page, (lang, spec.name)
        assert 'id="resources"' not in page  # Fort's pizzas and toys are not this game's
        assert 'id="scoring"' not in page
        for kind in game_named(game).cards:
            assert f"{kind.key}.schema.json" in page


def test_glossary_shows_every_card_with_its_face_in_every_language(built: tuple[str, Path]
                                                                  ) -> None:
    game, site = built
    (cardset,) = load_specs([str(GAMES[game])])
    for lang in LANGS:
        page = _text(site / lang / "glossary" / f"{cardset.id}.html")
        for card in cardset.cards:
            assert f'data-card="{card.id}"' in page, (lang, card.id)
            face = site / lang / "assets" / "faces" / cardset.id / f"{card.id}.svg"
            svg = _text(face)
            assert svg.startswith("<svg") and f'data-card="{card.id}"' in svg


def test_a_cards_action_is_explained_in_each_language(built: tuple[str, Path]) -> None:
    from fortlang.phrasebook import sentence

    game, site = built
    (cardset,) = load_specs([str(GAMES[game])])
    card = next(c for c in cardset.cards if c.texts)
    node = next(iter(card.texts.values()))
    for lang in LANGS:
        said = sentence(node, lang)
        words = re.findall(r"\w{4,}", said)[:3]
        page = _text(site / lang / "glossary" / f"{cardset.id}.html")
        assert all(w in page for w in words), (lang, said)


class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.attrs: list[tuple[str, str, str | None]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.attrs += [(tag, k, v) for k, v in attrs]

    handle_startendtag = handle_starttag

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def _hostile_set(tmp_path: Path) -> Path:
    folder = tmp_path / "hostile-frantic"
    shutil.copytree(GAMES["frantic"], folder)
    events = folder / "events.yaml"
    # YAML's own escape writes the bidi override into the card's name
    text = _text(events).replace("name: Charity\n",
                                 'name: "<img src=x onerror=alert(1)>\\u202eevil"\n', 1)
    assert "onerror" in text
    events.write_text(text, encoding="utf-8")
    return folder


def test_hostile_card_name_stays_text_in_pages_and_faces(tmp_path: Path) -> None:
    folder = _hostile_set(tmp_path)
    run = fortlang(tmp_path, "docs", "build", "--sets", str(folder), "--lang", "en",
                   "--out", "site")
    assert run.returncode == 0, run.stdout + run.stderr
    pages = list((tmp_path / "site" / "en").rglob("*.html"))
    pages += list((tmp_path / "site" / "en").rglob("*.svg"))
    seen = False
    for page in pages:
        html = _text(page)
        assert "\u202e" not in html, page
        parsed = _Tags()
        parsed.feed(html)
        assert not any(k == "onerror" for _, k, _ in parsed.attrs), page
        assert not any(t == "img" and k == "src" and v == "x" for t, k, v in parsed.attrs), page
        seen = seen or any("<img src=x onerror=alert(1)>" in t for t in parsed.text)
    assert seen  # the name is still there, as text
    # the search index holds the pages' text, which the search shows as HTML
    index = json.loads(_text(tmp_path / "site" / "en" / "search" / "search_index.json"))
    for doc in index["docs"]:
        parsed = _Tags()
        parsed.feed(doc["title"] + " " + doc["text"])
        assert not any(k == "onerror" for _, k, _ in parsed.attrs), doc["location"]


def _pdf_pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page\b", pdf))


@pytest.mark.parametrize("game", sorted(GAMES))
def test_print_and_play_prints_every_copy_of_every_card(game: str, tmp_path: Path) -> None:
    from fortlang.docsite.pnp import PER_PAGE

    (cardset,) = load_specs([str(GAMES[game])])
    copies = sum(c.copies for c in cardset.cards)
    out = tmp_path / "cards.pdf"
    run = fortlang(tmp_path, "docs", "pnp", "--sets", str(GAMES[game]), "--out", str(out),
                   "--no-backs")
    assert run.returncode == 0, run.stdout + run.stderr
    assert f"{copies} cards" in run.stdout
    assert _pdf_pages(out.read_bytes()) == -(-copies // PER_PAGE)
    one = tmp_path / "one.pdf"
    run = fortlang(tmp_path, "docs", "pnp", "--sets", str(GAMES[game]), "--out", str(one),
                   "--one-each", "--lang", "ru")
    assert run.returncode == 0, run.stdout + run.stderr
    assert _pdf_pages(one.read_bytes()) == 2 * -(-len(cardset.cards) // PER_PAGE)


def test_hostile_card_name_on_the_sheet_is_shown_as_text(tmp_path: Path) -> None:
    from fortlang.docsite.gameface import face_of

    folder = _hostile_set(tmp_path)
    out = tmp_path / "cards.pdf"
    run = fortlang(tmp_path, "docs", "pnp", "--sets", str(folder), "--out", str(out),
                   "--one-each")
    assert run.returncode == 0, run.stdout + run.stderr
    (cardset,) = load_specs([str(folder)])
    card = next(c for c in cardset.cards if c.id == "charity")
    texts = [t.text for t in face_of(game_named("frantic"), card, "en").texts]
    # the sheet sets these runs as they are: the override shown as U+FFFD, the tag as text
    # (the long name wrapped on two lines)
    assert "<img src=x onerror=alert(1)>\ufffdevil" in " ".join(texts)
    assert not any("\u202e" in t for t in texts)


def test_a_games_primitive_named_as_one_of_forts_does_not_borrow_its_drawing() -> None:
    """Frantic's `draw` is not Fort's (R12): the reference and the strips show its keyword,
    not Fort's picture of drawing a kid; Fort's own keeps its icon."""
    from fortlang.docsite.icons import action_icon
    from fortlang.docsite.reference import primitives
    from fortlang.registry import default_vocabulary

    frantic = words_of("frantic")
    assert frantic is not None
    draw = next(p for p in frantic.primitives if p.name == "draw")
    assert action_icon(draw) is None
    forts = default_vocabulary().primitives
    assert action_icon(next(p for p in forts if p.name == "draw")) is not None
    assert "assets/icons/draw.svg" not in primitives("en", frantic)


def test_a_language_without_its_digest_shows_the_english_one_and_says_so() -> None:
    import dataclasses

    from fortlang.docsite.site import rules_page

    frantic = game_named("frantic")
    english_only = dataclasses.replace(frantic, rules_pages={"en": frantic.rules_pages["en"]})
    page = rules_page(english_only, "ru")
    assert page is not None and "только на английском" in page
    assert "{ #f4-2 .fl-rule }" in page and "## F1 Components" in page
    assert "только на английском" not in (rules_page(frantic, "ru") or "")
    assert rules_page(dataclasses.replace(frantic, rules_pages={}), "fr") is None


def test_the_pages_a_game_site_carries_link_only_pages_it_carries() -> None:
    """mkdocs --strict refuses a link to a page the site lacks: every hand-written page a
    game's site carries (docs/games.md and the pages it links) links only pages it carries,
    in every language (games.md came to link search-bot.md and the sites stopped building)."""
    import re

    from fortlang.docsite import site
    from fortlang.docsite.gamedocs import GAME_PAGES

    carried = {name for _, name in GAME_PAGES}
    for _, name in GAME_PAGES:
        for lang in ("en", "fr", "ru"):
            text = site.hand_written_page(name, lang)
            assert text is not None, (name, lang)
            linked = set(re.findall(r"\]\(([\w-]+\.md)(?:#[\w-]*)?\)", text))
            assert linked <= carried, (name, lang, linked - carried)


def test_a_games_rule_numbers_link_to_its_rules_page(built: tuple[str, Path]) -> None:
    """Fort's pages link every R-number to its rules page; a game's site does the same with
    its own letter (F4.2, G8.3): the reference's primitives and the glossary's cards cite
    them."""
    game, site = built
    letter = {"frantic": "f", "fortune-and-glory": "g"}[game]
    for lang in LANGS:
        reference = _text(site / lang / "reference.html")
        links = re.findall(r'class="fl-rule-link" href="rules\.html#([a-z]\d+(?:-\d+)?)"',
                           reference)
        assert links and all(x.startswith(letter) for x in links), (lang, links[:5])
        rules = _text(site / lang / "rules.html")
        for target in set(links):
            assert f'id="{target}"' in rules, (lang, target)  # no link to a missing anchor


def test_the_card_browser_shows_every_card_with_its_kind_actions_and_provenance(
        built: tuple[str, Path]) -> None:
    game, site = built
    (cardset,) = load_specs([str(GAMES[game])])
    kinds = {k.name for k in game_named(game).cards}
    for lang in LANGS:
        page = _text(site / lang / "cards.html")
        figures = re.findall(r'<figure class="fl-grid-card" data-kind="([\w-]+)" '
                             r'data-suit="[^"]*" data-action="([^"]*)" data-source="(\w*)"',
                             page)
        assert len(figures) == len(cardset.cards), lang
        assert {k for k, _, _ in figures} <= kinds
        assert {s for _, _, s in figures} == {c.source.value for c in cardset.cards}
        used = {a for _, actions, _ in figures for a in actions.split()}
        assert used <= {p.name for p in words_of(game).primitives}
        if any(c.texts for c in cardset.cards):
            assert used, lang
        for card in cardset.cards:
            assert f'href="glossary/{cardset.id}.html#{card.id}"' in page, (lang, card.id)
        assert 'href="cards.html"' in _text(site / lang / "index.html")


def test_a_games_reference_speaks_of_its_own_grammar_not_forts() -> None:
    from fortlang.docsite.langref import language_section

    fort_words = ("kid card", "carte gamin", "карты ребёнка", "made-up rule",
                  "règle improvisée", "придуманное правило")
    for game in ("frantic", "fortune-and-glory"):
        vocab = words_of(game)
        assert vocab is not None
        for lang in LANGS:
            section = language_section(lang, vocab)
            assert not [w for w in fort_words if w in section], (game, lang)
    assert "kid card" in language_section("en")  # Fort's page is Fort's
