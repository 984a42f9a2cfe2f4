"""The card glossary page (R1.1, R1.2, R14, R15): texts generated from the cards' own data.

``sample_set`` is also the set the site test builds and opens in Chromium.
"""

from __future__ import annotations

from html import unescape

import pytest

from fortlang.cardset import load_bundled
from fortlang.docsite.lexicon import ui
from fortlang.docsite.safe import markdown
from fortlang.games.fort.docs.glossary import glossary_page
from fortlang.games.fort.model import (
    Board,
    KidCard,
    MadeUpRule,
    Perk,
    PerkHook,
    best_friends_of,
    fort_set,
    kids_of,
    park_kids_of,
    perks_of,
    rules_of,
)
from fortlang.games.fort.nodes import Resource, Suit
from fortlang.games.fort.phrasebook import perk_text, rule_text, suit_name
from fortlang.model import CardSet, Manifest, Source
from fortlang.parser import parse_action, parse_scoring
from fortlang.phrasebook import plural, sentence, term
from fortlang.printer import to_text

LANGS = ("en", "fr", "ru")


def sample_set() -> CardSet:
    kids = (
        KidCard("bug", "Bug", (Suit.SHOVEL,), parse_action("gain pizza x shovel"),
                parse_action("score x level"), copies=2, source=Source.RULEBOOK,
                names={"ru": "Жучок"}),
        KidCard("puddin", "Puddin", (Suit.COIN, Suit.CROWN),
                parse_action("(recruit then gain toy) x water_gun"), None, copies=5,
                note="Designed by us until checked."),
        KidCard("bitsy", "Bitsy", (Suit.GLUE,), parse_action("gain 2 pizza/toy"),
                parse_action("destroy card"), best_friend=True, source=Source.PUBLIC),
    )
    rules = (MadeUpRule("sleepover", "Sleepover",
                        parse_scoring("8 if cards > rival cards else 4 if cards = rival cards")),)
    perks = (Perk("xxl", "XXL Backpack", PerkHook.MODIFY, {"pack_capacity": 2}),)
    board = Board(costs=((Resource.TOY,),) * 5, points=(0, 2, 5, 9, 14, 23),
                  note="Costs are ours.")
    return fort_set(Manifest("docs-sample", "Docs sample", "0.1", ("en", "fr", "ru")),
                    kids, rules, perks, board)


@pytest.mark.parametrize("lang", LANGS)
def test_r1_1_each_card_shows_both_actions_as_dsl_and_sentence(lang: str) -> None:
    page = glossary_page(sample_set(), lang)
    for card in kids_of(sample_set()):
        assert f"{{ #{card.id} }}" in page and card.name_in(lang) in page
        for action in (card.public, card.private):
            if action is not None:
                assert f"```fortlang\n{to_text(action)}\n```" in page
                assert sentence(action, lang) in page


@pytest.mark.parametrize("lang", LANGS)
def test_r1_1_suits_are_icons_named_in_the_page_language(lang: str) -> None:
    page = glossary_page(sample_set(), lang)
    crown = suit_name(Suit.CROWN, lang)
    assert f'![crown](../assets/icons/crown.svg){{ .fl-icon title="{crown}" }} {crown}' in page


@pytest.mark.parametrize("lang", LANGS)
def test_r1_2_only_best_friends_get_the_star(lang: str) -> None:
    page = glossary_page(sample_set(), lang)
    bitsy = page.split("{ #bitsy }")[1]
    bug = page.split("{ #bug }")[1].split("{ #puddin }")[0]
    assert "icons/best_friend.svg" in bitsy and term("best_friend", lang).lower() in bitsy.lower()
    assert "icons/best_friend.svg" not in bug


def test_provenance_badge_carries_its_note() -> None:
    page = unescape(glossary_page(sample_set(), "en"))  # the note is escaped (card data)
    assert 'data-source="provisional">provisional</span> Designed by us until checked.' in page
    assert 'data-source="rulebook"' in page and 'data-source="public"' in page


@pytest.mark.parametrize(("lang", "copies"), [("en", "5 cards"), ("fr", plural("fr", "card", 5)),
                                              ("ru", "5 карт")])
def test_copies_use_the_language_plural(lang: str, copies: str) -> None:
    assert copies in glossary_page(sample_set(), lang)
    assert plural(lang, "card", 2) in glossary_page(sample_set(), lang)


@pytest.mark.parametrize("lang", LANGS)
def test_r14_r15_rules_and_perks_are_said_from_their_data(lang: str) -> None:
    cs = sample_set()
    page = glossary_page(cs, lang)
    assert f"```fortlang-scoring\n{to_text(rules_of(cs)[0].score)}\n```" in page
    assert rule_text(rules_of(cs)[0], lang) in page
    assert perk_text(perks_of(cs)[0], lang) in page
    assert "../assets/faces/docs-sample/rule-sleepover.svg" in page
    assert "../assets/faces/docs-sample/perk-xxl.svg" in page


def test_r10_4_board_lists_every_level_with_its_points() -> None:
    page = unescape(glossary_page(sample_set(), "en"))
    assert "| 5 | toy | 23 |" in page and "Costs are ours." in page


@pytest.mark.parametrize(("lang", "toy", "either"), [("en", "toy", "pizza or toy"),
                                                     ("fr", "jouet", "pizza ou jouet"),
                                                     ("ru", "игрушка", "пицца или игрушка")])
def test_r1_5_board_costs_are_said_in_the_page_language(lang: str, toy: str, either: str) -> None:
    page = glossary_page(sample_set(), lang)
    assert f"| 5 | {toy} | 23 |" in page
    base = glossary_page(load_bundled()["fort-base"], lang)
    assert f"| 4 | {either} + {either} | 14 |" in base


@pytest.mark.parametrize("lang", LANGS)
def test_r15_perks_say_what_they_do_without_engine_internals(lang: str) -> None:
    """A reader sees the perk's text, never the engine's hook or parameter names."""
    base = next(iter(load_bundled().values()))
    page = glossary_page(base, lang)
    perks = page.split("{ #perks }")[1].split("{ #board }")[0]
    for perk in perks_of(base):
        assert perk_text(perk, lang) in perks
        assert f"`{perk.hook.value}`" not in perks
        for key in perk.params:
            assert f"`{key}`" not in perks
    assert "followable" not in page and "engine hook" not in page and "`from`" not in perks


@pytest.mark.parametrize("lang", LANGS)
def test_r1_1_the_glossary_says_how_many_cards_are_provisional(lang: str) -> None:
    cs = sample_set()  # Puddin (5 copies) is provisional, of 8 cards
    page = glossary_page(cs, lang)
    head = page.split("{ #kids }")[0]
    assert ui("provisional_notice", lang).format(n=5, total=8) in head


@pytest.mark.parametrize("lang", LANGS)
def test_the_glossary_counts_add_up(lang: str) -> None:
    """Issue 36: the header counted the park's kids only (42, 60 cards) while the provisional
    notice counted every kid card (59 of 68); the header now gives the whole and its parts."""
    base = load_bundled()["fort-base"]
    page = glossary_page(base, lang)
    park = sum(k.copies for k in park_kids_of(base))
    friends = sum(k.copies for k in best_friends_of(base))
    total = sum(k.copies for k in kids_of(base))
    assert total == park + friends
    header = ui("kid_counts", lang).format(
        kids=len(kids_of(base)), cards=plural(lang, "card", total), park=len(park_kids_of(base)),
        park_cards=plural(lang, "card", park), friends=plural(lang, "best_friend", friends))
    assert header in page
    provisional = sum(k.copies for k in kids_of(base) if k.source is Source.PROVISIONAL)
    assert ui("provisional_notice", lang).format(n=provisional, total=total) in page


@pytest.mark.parametrize("lang", LANGS)
def test_r14_a_made_up_rule_shows_the_text_its_card_file_gives(lang: str) -> None:
    """Issue 36: a made-up rule's `text:` appeared nowhere in the site."""
    rule = MadeUpRule("sleepover", "Sleepover", parse_scoring("8 if cards > rival cards"),
                      text="8 VP if you have <b>more</b> cards than every opponent.")
    card_set = fort_set(Manifest("t", "T", "0.1"), rules=(rule,))
    page = glossary_page(card_set, lang)
    assert markdown(rule.text) in page and "<b>" not in page
    assert ui("card_text", lang) in page
