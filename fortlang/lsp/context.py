"""What a place in a file means, from its path of keys: an action or scoring text (parsed by
the grammar), or a name of a card, perk, made-up rule or set (looked up in the sets)."""

from __future__ import annotations

from pathlib import Path as FsPath
from typing import Any

from fortlang.cardset.dsl import ACTION
from fortlang.lsp.source import CARDS, MANIFEST, SCENARIO, Source
from fortlang.registry import Vocabulary, default_vocabulary

Path = tuple[Any, ...]
KID, PERK, RULE, SET = "kid", "perk", "made-up rule", "set"
RULE_NUMBER = "rule number"  # a rule of Fort, R1-R15 (a scenario's `error:`)


def dsl_kind(kind: str | None, path: Path, game: str | None = None) -> str | None:
    """ACTION or SCORING when ``path`` leads to a text in the language, else None: in a card
    file, a field its kind declares written in the language (``Attribute.language``: Fort's
    kids' ``public``/``private``, made-up rules' ``score``, perks' ``action``), of ``game``'s
    kinds (None: the default game's)."""
    if len(path) == 3 and isinstance(path[1], int):
        if kind == CARDS:
            return text_fields(game).get((path[0], path[2]))
        if kind == SCENARIO and path[0] == "cards" and path[2] in ("public", "private"):
            return ACTION
    if kind == SCENARIO and len(path) == 5 and path[0] == "scenarios" and path[2] == "when" \
            and path[4] == "perform":
        return ACTION
    return None


def text_fields(game: str | None = None) -> dict[tuple[str, str], str]:
    """(kind's key, field) -> the language the field is written in, for every card kind
    ``game`` declares (None: the default game's); {} when that game is not installed."""
    from fortlang.games import GameError, game_named
    from fortlang.module import DEFAULT_GAME

    try:
        module = game_named(game or DEFAULT_GAME)
    except GameError:
        return {}
    return {(k.key, a.name): a.language for k in module.cards for a in k.all_attributes
            if a.language}


def name_kind(kind: str | None, path: Path) -> str | None:
    """KID, PERK, RULE, SET or RULE_NUMBER when ``path`` leads to a place that names one."""
    if kind == MANIFEST:
        return SET if len(path) == 2 and path[0] == "requires" else None
    if kind != SCENARIO or not path:
        return None
    if len(path) == 2 and path[0] == "sets":
        return SET
    if len(path) < 3 or path[0] != "scenarios":
        return None
    last, above = path[-1], path[-2]
    if last == "error" and above == "then" and len(path) == 4:
        return RULE_NUMBER
    in_moves = path[2] == "when"
    if in_moves:
        if last in ("play", "follow", "recruit") and len(path) == 5:
            return KID
        if isinstance(last, int) and above in ("add", "lookout", "choose"):
            return KID
        return None
    if isinstance(last, int) and above in _card_lists():
        return KID
    if isinstance(last, int) and above in ("perks", "perk_row"):
        return PERK
    if (isinstance(last, int) and above == "rule_pile") or (last == "rule" and "players" in path):
        return RULE
    return None


def _card_lists() -> frozenset[str]:
    """The `given` and `then` lists of a scenario whose items name cards (Fort's zones)."""
    from fortlang.scenario.games import editor_rules

    return editor_rules().card_lists


def game_of(src: Source) -> str | None:
    """The game whose phrasebook says the file's actions: a card file's set's game when it is
    a module of its own (:func:`fortlang.cardset.build.nearby_game`), else None (the default
    game's: :func:`fortlang.phrasebook.book`)."""
    if src.kind == CARDS:
        from fortlang.cardset.build import nearby_game

        game = nearby_game(FsPath(src.path))
        return game.name if game is not None else None
    return None


def vocabulary_of(src: Source) -> Vocabulary:
    """The words the file's actions are read in: its set's plugins with Fort's."""
    if src.kind == SCENARIO:
        from fortlang.scenario.games import editor_names

        return editor_names(src.doc)[1]
    if src.kind == CARDS:
        from fortlang.cardset.build import nearby_vocabulary

        return nearby_vocabulary(FsPath(src.path))
    return default_vocabulary()
