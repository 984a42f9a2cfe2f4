"""A CardSet holds its cards by the slots its game's kinds name (issue 33): the core names no
game's kinds (Fort's are read through fortlang.games.fort.model), combines sets slot by slot
by the kinds the game declares, and writes the frozen "hash text v1" for any set."""

from __future__ import annotations

import dataclasses

import pytest

from fortlang.cardset import base_set
from fortlang.cardset.table import combine, content_hash, hash_text, named_cards
from fortlang.errors import FortError
from fortlang.games.fort.model import (
    board_of,
    fort_set,
    kids_of,
    park_kids_of,
    perks_of,
    rules_of,
)
from fortlang.model import CardSet, GameCard, Manifest


def test_the_core_cardset_has_no_field_named_for_a_game() -> None:
    assert [f.name for f in dataclasses.fields(CardSet)] == ["manifest", "slots", "cards"]


def test_fort_set_holds_each_kind_in_its_slot_as_the_loader_does() -> None:
    base = base_set()
    again = fort_set(base.manifest, kids_of(base), rules_of(base), perks_of(base),
                     board_of(base))
    assert again == base and hash_text(again) == hash_text(base)
    assert content_hash(again) == content_hash(base)


def test_a_set_with_no_board_writes_board_none_and_empty_slots_as_empty_tuples() -> None:
    base = base_set()
    kids_only = fort_set(base.manifest, kids=kids_of(base)[:2])
    assert kids_only.slot_names == ("kids",)
    assert hash_text(kids_only).endswith(", rules=(), perks=(), board=None)")
    assert board_of(kids_only) is None and perks_of(kids_only) == ()


def _frantic(set_id: str, *ids: str) -> CardSet:
    return CardSet(Manifest(set_id, set_id.title(), "1", game="frantic"),
                   cards=tuple(GameCard("card", i, i.title()) for i in ids))


def test_sets_of_a_game_without_a_board_combine_their_cards() -> None:
    """Before, combine read only Fort's fields: two sets of another game lost their cards
    and were refused for want of a board (E324)."""
    table = combine([_frantic("one", "a", "b"), _frantic("two", "c")])
    assert [c.id for c in table.cards] == ["a", "b", "c"]
    assert table.id == "one+two" and table.manifest.game == "frantic"
    with pytest.raises(FortError) as e:
        combine([_frantic("one", "a"), _frantic("two", "a")])
    assert e.value.diagnostics[0].code == "E334"


def test_fort_sets_combine_slot_by_slot_with_the_first_board() -> None:
    base = base_set()
    kids = tuple(dataclasses.replace(k, id=k.id + "-2") for k in park_kids_of(base)[:3])
    extra = fort_set(Manifest("extra", "Extra", "1"), kids=kids)
    table = combine([base, extra])
    assert table.slot_names == ("kids", "rules", "perks", "board")
    assert kids_of(table) == kids_of(base) + kids_of(extra)
    assert board_of(table) is board_of(base) and rules_of(table) == rules_of(base)
    assert len(park_kids_of(table)) == len(park_kids_of(base)) + 3
    assert board_of(table) not in named_cards(table)
    with pytest.raises(FortError) as e:
        combine([extra, fort_set(Manifest("more", "More", "1"))])
    assert e.value.diagnostics[0].code == "E324"
    assert "none of the sets has a board: extra, more" in e.value.diagnostics[0].message
