"""One file as the server sees it: its text (the editor's, unsaved, or the disk's), its
positioned YAML tree, what kind of fortlang file it is, and LSP positions.

fortlang counts columns in characters; LSP counts them in the client's code units (UTF-16
unless negotiated otherwise), so every position crosses :class:`Source` on its way.
"""

from __future__ import annotations

import logging
import os
import re
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from lsprotocol import types
from pygls.workspace.position_codec import PositionCodec, ServerTextPosition

from fortlang.cardset.schema import MANIFEST_NAMES, Kind
from fortlang.cardset.yamlsrc import Document, read_document
from fortlang.nodes import Span

MANIFEST, CARDS, SCENARIO = "manifest", "cards", "scenario"
#: How far above a card file its set's manifest may be (as ``nearby_vocabulary`` looks).
SET_DEPTH = 8
#: The most entries (files and folders, at most SET_DEPTH deep) a set folder the server checks
#: may hold: a manifest planted high up (a home folder) would have each check walk it all.
MAX_SET_ENTRIES = 5000

log = logging.getLogger(__name__)


def card_keys() -> frozenset[str]:
    """The top keys of the installed games' card files (Fort's ``kids``, Frantic's ``cards``,
    ...): what marks a YAML file in no set as a card file."""
    from fortlang.cardset.build import installed_kinds

    return frozenset(k.key for k in installed_kinds() if k.key)


def scenario_sections(doc: Document) -> set[str]:
    """The top keys a scenario file of ``doc``'s game takes (Fort's: ``sets``, ``cards``,
    ``options``, ``scenarios``): a card kind's key among them (Frantic's ``cards``) does not
    make a file with ``scenarios`` a card file."""
    from fortlang.cardset.schema import load_schema
    from fortlang.scenario.games import editor_game, editor_rules

    try:
        rules = editor_rules(doc)
    except LookupError:
        return set()
    schema = load_schema(rules.file_kind) if rules.file_kind is not None \
        else rules.file_schema(editor_game(doc))
    return set(schema.get("properties", ()))


def _card_key(keys: frozenset[str]) -> re.Pattern[str] | None:
    """A card file's top key at a line's start: what marks a file too broken to read as one."""
    if not keys:
        return None
    return re.compile("^(?:" + "|".join(map(re.escape, sorted(keys))) + "):", re.M)


@dataclass
class Source:
    uri: str
    path: str
    text: str
    codec: PositionCodec = field(default_factory=PositionCodec)
    #: the workspace folders: no set is looked for above them
    roots: tuple[str, ...] = ()

    @cached_property
    def lines(self) -> list[str]:
        return self.text.split("\n")

    @cached_property
    def doc(self) -> Document:
        return read_document(self.path, self.text)

    @cached_property
    def set_folder(self) -> Path | None:
        """The folder of the set this file belongs to: the nearest one above with a manifest,
        within the workspace, and small enough to check as you type."""
        folder = set_folder(Path(self.path), self.roots)
        if folder is None:
            return None
        entries = count_entries(folder)
        if entries is None:
            log.warning("%s: its set folder %s holds over %d entries: not checked as a set",
                        self.path, folder, MAX_SET_ENTRIES)
            return None
        return folder

    @cached_property
    def card_kinds(self) -> tuple[Kind, ...]:
        """The kinds of card file of this file's set: its game module's (derived from the
        kinds it declares), Fort's for a Fort set, every installed game's for a file in no
        set."""
        from fortlang.cardset.build import card_kinds_near

        return card_kinds_near(Path(self.path))

    @cached_property
    def kind(self) -> str | None:
        """manifest, cards or scenario; None for a YAML file that is none of these (an editor
        sends every YAML file: a CI config gets no diagnostics)."""
        if Path(self.path).name in MANIFEST_NAMES:
            return MANIFEST
        root = self.doc.root
        keys = {k.value for k, _ in root.value} if root is not None and root.kind == "map" \
            else set()
        cards = card_keys()
        if "scenarios" in keys and not keys & cards - scenario_sections(self.doc):
            return SCENARIO
        if keys & cards or self.set_folder is not None:
            return CARDS  # in a set, any YAML file is a card file: `check` says so too
        if root is None and self.doc.diagnostics and self.path.endswith((".yaml", ".yml")):
            if "scenarios:" in self.text:
                return SCENARIO
            pattern = _card_key(cards)
            if pattern is not None and pattern.search(self.text):  # a kind's key starts a line
                return CARDS
        return None

    # -- positions ----------------------------------------------------------------------------

    def position(self, line: int, column: int) -> types.Position:
        """0-based line and character column -> the client's units."""
        if line >= len(self.lines):
            return types.Position(line=len(self.lines), character=0)
        return self.codec.position_to_client_units(self.lines,
                                                   ServerTextPosition(line, column))

    def range(self, span: Span | None) -> types.Range:
        if span is None:
            start = types.Position(line=0, character=0)
            return types.Range(start=start, end=start)
        return types.Range(start=self.position(span.line - 1, span.column - 1),
                           end=self.position(span.end_line - 1, span.end_column - 1))

    def offsets_range(self, start: int, end: int) -> types.Range:
        (l1, c1), (l2, c2) = self.doc.position(start), self.doc.position(end)
        return types.Range(start=self.position(l1, c1), end=self.position(l2, c2))

    def char_position(self, pos: types.Position) -> tuple[int, int]:
        """A client position -> 0-based (line, character column)."""
        p = self.codec.position_from_client_units(
            self.lines, types.Position(line=pos.line, character=pos.character))
        return p.line, p.character

    def offset(self, pos: types.Position) -> int:
        return self.doc.offset(*self.char_position(pos))

    def whole(self) -> types.Range:
        return types.Range(start=types.Position(line=0, character=0),
                           end=self.position(len(self.lines) - 1, len(self.lines[-1])))


def set_folder(path: Path, roots: tuple[str, ...] = ()) -> Path | None:
    """The nearest folder above ``path`` with a manifest, looked for no higher than the
    workspace folder holding ``path`` (any of ``roots``; a file outside them: its own folder;
    no roots at all: SET_DEPTH folders up)."""
    folder = path.parent
    real = os.path.realpath(folder)
    tops = [top for top in map(os.path.realpath, roots)
            if real == top or real.startswith(top.rstrip(os.sep) + os.sep)]
    top = max(tops, key=len) if tops else (real if roots else None)
    for _ in range(SET_DEPTH):
        if any((folder / name).is_file() for name in MANIFEST_NAMES):
            return folder
        if folder.parent == folder or os.path.realpath(folder) == top:
            break
        folder = folder.parent
    return None


def count_entries(folder: Path, limit: int = MAX_SET_ENTRIES) -> int | None:
    """How many entries ``folder`` holds, SET_DEPTH folders deep at most (links not followed);
    None once over ``limit``: the walk stops there, so its work is bounded."""
    seen = 0
    pending = [(folder, 0)]
    while pending:
        here, depth = pending.pop()
        try:
            with os.scandir(here) as entries:
                for entry in entries:
                    seen += 1
                    if seen > limit:
                        return None
                    if depth + 1 < SET_DEPTH and entry.is_dir(follow_symlinks=False):
                        pending.append((Path(entry.path), depth + 1))
        except OSError:
            continue
    return seen
