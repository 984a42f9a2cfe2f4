"""What a game module is (issue 33 stage 4, docs/design/game-modules.md §2.4): one frozen value
an installed package names through the entry-point group ``fortlang.games``
(:mod:`fortlang.games` finds and loads it); a card set's manifest names its game (``game:``,
``fort`` by default).

>>> from fortlang.module import GameModule
>>> toy = GameModule(name="toy", titles={"en": "Toy", "fr": "Jouet", "ru": "Игрушка"},
...                  players=range(2, 4), new_table="random:Random", run="random:shuffle")
>>> toy.title("fr"), 3 in toy.players
('Jouet', True)
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass

#: The game of a card set whose manifest names none.
DEFAULT_GAME = "fort"


@dataclass(frozen=True)
class GameModule:
    """A game: its name, its titles, how many may play, and where its pieces are.

    The pieces are lazy ``"module:attribute"`` references, imported only when used, so finding
    a game (``check`` reading a manifest's ``game:``) imports nothing of its engine.

    Stage 4 declares only what has a reader today. The other fields of §2.4 come with the
    stages that give them one: ``grammar``, ``vocabulary`` (stage 5, vocabulary v2 and the
    grammar split), ``cards`` (stage 5, schemas generated from card kinds), ``table`` and
    ``flow`` (stage 7), ``switches``, ``phrasebooks``, ``faces``, ``rules_pages``,
    ``scenario``, ``codes``, ``returns`` and ``bots`` (stage 8, everything generic over the
    module).
    """

    #: The manifest's ``game:`` value, and the entry point's name.
    name: str
    #: The game's title by language ("en", "fr", "ru").
    titles: Mapping[str, str]
    #: How many seats a table may have (Fort: 2 to 4).
    players: range
    #: ``"module:function"`` that deals a new table: ``(cardset, n_players, *, seed, ...)``.
    new_table: str
    #: ``"module:function"`` that plays one whole game and returns its result.
    run: str

    def title(self, lang: str) -> str:
        """The game's title in ``lang``, else in English, else its name."""
        return self.titles.get(lang) or self.titles.get("en") or self.name

    def piece(self, field: str) -> object:
        """The object a lazy reference field names (``"new_table"``, ``"run"``), imported now.
        The references are the module's own: they come from the value its installed entry
        point gave, never from a card set."""
        ref = getattr(self, field)
        module, _, attr = ref.partition(":")
        found: object = importlib.import_module(module)
        for part in attr.split(".") if attr else ():
            found = getattr(found, part)
        return found
