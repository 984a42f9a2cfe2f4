"""A Fortune and Glory card set read for the odds: its heroes, dangers and enemies by id, each
file validated against its kind's JSON Schema (``cards.py``) and each action field parsed with
the game's vocabulary, every problem a positioned diagnostic.

TODO(lead, issue 33 stage 5): the core's generic card loader (a manifest's ``game:`` -> the
module's card kinds) replaces this reader; ``odds_of`` below needs only the three mappings.

>>> deck = read_set(SAMPLE)
>>> sorted(deck.heroes), deck.dangers["boat_chase"]["glory"]
(['duke_dudley', 'jake_zane'], 2)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fortlang import nodes as n
from fortlang.cardset.dsl import parse_scalar
from fortlang.cardset.schema import _translate, node_at
from fortlang.cardset.yamlsrc import Document, read_document
from fortlang.errors import ERROR, Diagnostic, FortError, did_you_mean
from fortlang.games.fortune.cards import CARDS
from fortlang.games.fortune.vocabulary import VOCABULARY
from fortlang.module import ACTION, CardKind

#: The sample set shipped with the module (see its manifest).
SAMPLE = Path(__file__).resolve().parent / "sets" / "fortune-base"
#: The manifest's ``game:`` of a set of this game.
GAME_NAME = "fortune-and-glory"
#: A set holds at most this many card files (a folder of thousands is surely not a set).
MOST_FILES = 64


@dataclass
class Deck:
    """Cards by kind name ("hero", "danger", "enemy"), then by id; each action field's AST by
    (card id, field)."""

    cards: dict[str, dict[str, Mapping[str, Any]]] = field(default_factory=dict)
    actions: dict[tuple[str, str], n.Action] = field(default_factory=dict)

    @property
    def heroes(self) -> dict[str, Mapping[str, Any]]:
        return self.cards.get("hero", {})

    @property
    def dangers(self) -> dict[str, Mapping[str, Any]]:
        return self.cards.get("danger", {})

    @property
    def enemies(self) -> dict[str, Mapping[str, Any]]:
        return self.cards.get("enemy", {})

    def find(self, kind: str, card_id: str, where: str = "<command line>") -> Mapping[str, Any]:
        """The card ``card_id`` of ``kind``; E363 with a did-you-mean when there is none."""
        cards = self.cards.get(kind, {})
        if card_id in cards:
            return cards[card_id]
        raise FortError(Diagnostic(ERROR, "E363", f"no {kind} `{card_id[:40]}` in the set",
                                   None, where, did_you_mean(card_id, cards) or (
                                       f"{kind}s: " + ", ".join(sorted(cards)))))


def _kind_of(doc: Document) -> CardKind | None:
    root = doc.root
    if root is None or root.kind != "map":
        return None
    return next((k for k in CARDS if root.get(k.key) is not None), None)


def read_set(folder: Path) -> Deck:
    """Every card file of ``folder`` (its ``*.yaml`` but the manifest); FortError with every
    diagnostic found when any file is wrong."""
    manifest = read_document(folder / "manifest.yaml")
    if manifest.root is None:
        raise FortError(Diagnostic(ERROR, "E331", "not a card set folder (no manifest)", None,
                                   str(folder), "a set folder holds a manifest.yaml"))
    game = manifest.root.get("game")
    if game is None or game.value != GAME_NAME:
        said = "none" if game is None else f"`{str(game.value)[:40]}`"
        raise FortError(Diagnostic(ERROR, "E352", f"the set's game is {said}, not "
                                   f"`{GAME_NAME}`", game.span if game else None,
                                   manifest.path, f"its manifest says `game: {GAME_NAME}`"))
    files = sorted(p for p in folder.glob("*.yaml") if p.name != "manifest.yaml")[:MOST_FILES + 1]
    if len(files) > MOST_FILES:
        raise FortError(Diagnostic(ERROR, "E304", f"more than {MOST_FILES} card files",
                                   None, str(folder)))
    deck = Deck()
    problems: list[Diagnostic] = []
    for path in files:
        doc = read_document(path)
        problems += doc.diagnostics
        kind = _kind_of(doc)
        if kind is None or doc.root is None:
            if not doc.diagnostics:
                problems.append(Diagnostic(ERROR, "E311", "not a card file of Fortune and "
                                           "Glory (heroes, dangers, enemies)", None, str(path)))
            continue
        problems += _read_file(doc, kind, deck)
    if problems:
        raise FortError(problems)
    return deck


def _read_file(doc: Document, kind: CardKind, deck: Deck) -> list[Diagnostic]:
    """The file's schema errors and its action fields' errors (each card's fields are parsed
    even when another field is wrong, so one pass shows every error); only a card with none is
    kept."""
    assert doc.root is not None
    out: list[Diagnostic] = []
    seen: set[tuple[Any, ...]] = set()
    data = doc.root.to_data()
    bad: set[tuple[Any, ...]] = set()
    from jsonschema import Draft202012Validator  # type: ignore[import-untyped]  # lazy: slow

    for error in Draft202012Validator(kind.json_schema()).iter_errors(data):
        out.extend(_translate(doc, error, seen))
        bad.add(tuple(error.absolute_path)[:2])
    items = doc.root.get(kind.key)
    if () in bad or items is None or items.kind != "seq":
        return out
    cards = deck.cards.setdefault(kind.name, {})
    for i, item in enumerate(items.value):
        card = data[kind.key][i]
        problems: list[Diagnostic] = []
        for attribute in kind.attributes:
            node = item.get(attribute.name) if item.kind == "map" else None
            if attribute.language != ACTION or node is None or not isinstance(node.value, str):
                continue
            ast, found = parse_scalar(doc, node, ACTION, VOCABULARY)
            problems += found
            if ast is not None and isinstance(ast, n.Action):
                deck.actions[(str(card.get("id")), attribute.name)] = ast
        out += problems
        if problems or (kind.key, i) in bad or (kind.key,) in bad:
            continue
        if card["id"] in cards:
            out.append(Diagnostic(ERROR, "E313", f"{kind.name} `{card['id']}` twice",
                                  node_at(doc.root, (kind.key, i, "id")).span, doc.path))
            continue
        cards[card["id"]] = card
    return out
