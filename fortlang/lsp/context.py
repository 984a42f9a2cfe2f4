"""What a place in a file means, from its path of keys: an action or scoring text (parsed by
the grammar), a set's id, or, in a scenario file, a card's name or a rule number, where the
scenario file's game declares it names one (``ScenarioRules.places`` and ``rule_places``:
:class:`~fortlang.scenario.rules.NamePlace`), looked up in its sets by the game's kinds and in
its rules pages."""

from __future__ import annotations

import re
from pathlib import Path as FsPath
from typing import Any

from fortlang.cardset.yamlsrc import Document
from fortlang.lsp.source import CARDS, MANIFEST, SCENARIO, Source
from fortlang.registry import Vocabulary, default_vocabulary
from fortlang.scenario.rules import NamePlace

Path = tuple[Any, ...]
SET = "set"
RULE_NUMBER = "rule number"  # a rule of the scenario file's game, from its rules pages


def dsl_kind(kind: str | None, path: Path, game: str | None = None,
             doc: Document | None = None) -> str | None:
    """ACTION or SCORING when ``path`` leads to a text in the language, else None: in a card
    file, a field its kind declares written in the language (``Attribute.language``), of
    ``game``'s kinds (None: the default game's); in a scenario file ``doc`` (None: one of the
    default game's), a place its game declares a text (``ScenarioRules.text_places``)."""
    if kind == CARDS:
        if len(path) == 3 and isinstance(path[1], int):
            return text_fields(game).get((path[0], path[2]))
        return None
    if kind == SCENARIO:
        from fortlang.scenario.games import editor_rules

        return editor_rules(doc).text_at(path)
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


def name_kind(src: Source, path: Path) -> str | NamePlace | None:
    """SET or RULE_NUMBER when ``path`` leads to a place that names one, the
    :class:`NamePlace` of a scenario file's game when it leads to a card's name, else None."""
    if src.kind == MANIFEST:
        return SET if len(path) == 2 and path[0] == "requires" else None
    if src.kind != SCENARIO or not path:
        return None
    if len(path) == 2 and path[0] == "sets":
        return SET
    if len(path) < 3 or path[0] != "scenarios":
        return None
    from fortlang.scenario.games import editor_rules

    rules = editor_rules(src.doc)
    under = path[2:]  # the keys under the scenario
    if rules.names_rule_at(under):
        return RULE_NUMBER
    return rules.named_at(under)


def named_card(src: Source, place: NamePlace, word: str) -> Any:
    """The card ``word`` names at ``place`` of a scenario file (of the first of the place's
    kinds that has one), or None."""
    from fortlang.scenario.games import editor_names

    names, _ = editor_names(src.doc)
    for kind in place.kinds:
        found, _ = names.find(kind, word)
        if found is not None:
            return found
    return None


def rule_summaries(src: Source, lang: str) -> dict[str, str]:
    """Each numbered rule of the scenario file's game and its text, in ``lang``: the rules
    pages its module declares (``GameModule.rules_pages``, English where ``lang`` has none),
    the site's own rules pages for the default game; {} for a game without pages."""
    from fortlang.games import GameError, game_named
    from fortlang.module import DEFAULT_GAME
    from fortlang.scenario.games import editor_game

    game = editor_game(src.doc)
    try:
        module = game_named(game)
    except GameError:
        return {}
    if module.rules_pages:
        from fortlang.docsite.rules import game_source

        text = game_source(module, lang) or game_source(module, "en")
        return digest_summaries(text) if text is not None else {}
    if game == DEFAULT_GAME:
        from fortlang.docsite.rules import summaries

        return summaries(lang)
    return {}


_ITEM_NUMBER = re.compile(r"^(?:- )?([A-Z]\d{1,2}\.\d{1,2}) ")


def digest_summaries(text: str) -> dict[str, str]:
    """Each numbered rule of a game module's digest (``- F2.1 Separate the cards...``, its
    continuation lines indented) and its text, in the file's order; only the numbers of the
    digest's own letter (``letter_of``).

    >>> digest_summaries("## F2 Set-up\\n\\n- F2.1 Separate\\n  the cards.\\n- F2.2 Deal.\\n")
    {'F2.1': 'Separate the cards.', 'F2.2': 'Deal.'}
    """
    from fortlang.docsite.rules import letter_of

    letter = letter_of(text)
    out: dict[str, str] = {}
    number: str | None = None
    for line in text.splitlines() + [""]:
        item = _ITEM_NUMBER.match(line)
        if item is not None and item.group(1).startswith(letter):
            number = item.group(1)
            out[number] = line[item.end():].strip()
        elif number is not None and line.startswith("  ") and line.strip():
            out[number] += " " + line.strip()
        else:
            number = None
    return out


def game_of(src: Source) -> str | None:
    """The game whose phrasebook says the file's actions: a card file's set's game when it is
    a module of its own (:func:`fortlang.cardset.build.nearby_game`), a scenario file's sets'
    game, else None (the default game's: :func:`fortlang.phrasebook.book`)."""
    if src.kind == SCENARIO:
        from fortlang.scenario.games import editor_game

        return editor_game(src.doc)
    if src.kind == CARDS:
        from fortlang.cardset.build import nearby_game

        game = nearby_game(FsPath(src.path))
        return game.name if game is not None else None
    return None


def vocabulary_of(src: Source) -> Vocabulary:
    """The words the file's actions are read in: its set's plugins with its game's words (a
    scenario file: those its game reads it with)."""
    if src.kind == SCENARIO:
        from fortlang.scenario.games import editor_names

        return editor_names(src.doc)[1]
    if src.kind == CARDS:
        from fortlang.cardset.build import nearby_vocabulary

        return nearby_vocabulary(FsPath(src.path))
    return default_vocabulary()
