"""The card browser page's content (issue 36: it promised every face and showed kids only):
every face of every set, with a filter by kind; the filters' words come from the registry and
the model, never from a card file."""

from __future__ import annotations

import re

import pytest

from fortlang.cardset import load_bundled
from fortlang.docsite.faces import every_face
from fortlang.games import game_named
from fortlang.games.fort.docs.browser import KINDS, browser_page
from fortlang.games.fort.model import best_friends_of, park_kids_of, perks_of, rules_of
from fortlang.module import DEFAULT_GAME

LANGS = ("en", "fr", "ru")


@pytest.mark.parametrize("lang", LANGS)
def test_the_browser_shows_every_face_of_every_set(lang: str) -> None:
    base = load_bundled()["fort-base"]
    page = browser_page([base], lang)
    figures = re.findall(r'<figure class="fl-grid-card" data-kind="([a-z-]+)"', page)
    faces = [p for p in every_face(game_named(DEFAULT_GAME), base, lang) if p.kind != "back"]
    assert len(figures) == len(faces)
    assert figures.count("kid") == len(park_kids_of(base))
    assert figures.count("best-friend") == len(best_friends_of(base))
    assert figures.count("rule") == len(rules_of(base))
    assert figures.count("perk") == len(perks_of(base))
    assert figures.count("board") == 1
    assert f'<span class="fl-grid-count">{len(faces)}</span>' in page
    # each face links to its section of the glossary
    assert f'href="glossary/fort-base.html#rule-{rules_of(base)[0].id}"' in page
    assert f'href="glossary/fort-base.html#perk-{perks_of(base)[0].id}"' in page
    assert 'href="glossary/fort-base.html#board"' in page


def test_the_kind_filter_offers_every_kind() -> None:
    page = browser_page([load_bundled()["fort-base"]], "en")
    offered = re.findall(r'<option value="([a-z-]+)">', page.split('data-filter="kind"')[1]
                         .split("</select>")[0])
    assert offered == list(KINDS)
