"""Journal._logged writes ``(str(kind), index)`` for every decision (issue 38): the entries made
once per kind (journal._ENTRIES), the five frequent kinds told by a constant each, must be the
pairs a fresh tuple would be, of the right kind, for every kind and index."""

from __future__ import annotations

import pytest

from fortlang.engine.choices import Kind
from fortlang.games.fort.table import Game


@pytest.mark.parametrize("kind", list(Kind))
def test_every_kind_and_index_is_logged_as_its_pair(kind):
    game = Game(2)
    indices = [*range(70), 1000, 2**40]
    for i in indices:
        game._logged(kind, i)
    assert game.log == [(str(kind), i) for i in indices]
    assert all(type(e) is tuple and type(e[0]) is str and type(e[1]) is int for e in game.log)
