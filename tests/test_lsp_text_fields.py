"""The language server finds a card file's texts in the language by the card kinds' declarations
(``Attribute.language``), not by a list of Fort's paths: every field a kind declares written in
the language is parsed, hovered and completed (Fort's perks' ``action`` among them, R15), and a
game module's kinds declare their own (issue 33 item 5)."""

from __future__ import annotations

from fortlang.cardset.dsl import ACTION, SCORING
from fortlang.games import game_named
from fortlang.lsp.context import dsl_kind, text_fields
from fortlang.lsp.source import CARDS, SCENARIO
from fortlang.module import DEFAULT_GAME


def test_every_field_a_kind_writes_in_the_language_is_a_text() -> None:
    declared = {(k.key, a.name): a.language for k in game_named(DEFAULT_GAME).cards
                for a in k.all_attributes if a.language}
    assert declared == text_fields()
    for (key, name), language in declared.items():
        assert dsl_kind(CARDS, (key, 0, name)) == language
    assert dsl_kind(CARDS, ("kids", 2, "public")) == ACTION
    assert dsl_kind(CARDS, ("made_up_rules", 0, "score")) == SCORING


def test_a_perks_action_is_a_text() -> None:
    """R15: a perk written in the language (its `action`): the server reads it as one."""
    assert dsl_kind(CARDS, ("perks", 0, "action")) == ACTION


def test_fields_not_in_the_language_are_not_texts() -> None:
    assert dsl_kind(CARDS, ("kids", 0, "name")) is None
    assert dsl_kind(CARDS, ("kids", 0, "suits")) is None
    assert dsl_kind(CARDS, ("board", "costs")) is None
    assert dsl_kind(SCENARIO, ("kids", 0, "public")) is None


def test_a_game_modules_kinds_declare_their_own_texts() -> None:
    frantic = text_fields("frantic")
    assert frantic and all(language in (ACTION, SCORING) for language in frantic.values())
    (key, name), language = next(iter(frantic.items()))
    assert dsl_kind(CARDS, (key, 0, name), "frantic") == language
    assert text_fields("no-such-game") == {}
