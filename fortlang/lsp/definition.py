"""Go to definition: a card named in a scenario (where its game declares a place names one) to
where it is written; a set named in `requires:` or `sets:` to its manifest."""

from __future__ import annotations

from pathlib import Path

from lsprotocol import types
from pygls.uris import from_fs_path

from fortlang.lsp.context import SET, name_kind, named_card
from fortlang.lsp.source import Source
from fortlang.lsp.spot import spot_at
from fortlang.model import Manifest
from fortlang.scenario.rules import NamePlace


def definition(src: Source, pos: types.Position) -> types.Location | None:
    line, column = src.char_position(pos)
    spot = spot_at(src.doc, line, column)
    if spot is None or spot.node is None or spot.is_key or spot.node.value is None:
        return None
    what = name_kind(src, spot.path)
    word = str(spot.node.value)
    if what == SET:
        folder = set_folder_of(src, word)
        if folder is None:
            return None
        from fortlang.cardset.load import manifest_path

        manifest = manifest_path(folder)
        return _location(manifest, 1, 1) if manifest is not None else None
    if not isinstance(what, NamePlace):  # a rule is defined on the site, not in a file
        return None
    item = named_card(src, what, word)
    if item is None:
        return None
    if item.origin is None:  # a card of the scenario file itself
        return _inline(src, item.name)
    return _location(Path(item.origin.file), item.origin.line, item.origin.column)


def _inline(src: Source, name: str) -> types.Location | None:
    """Where the scenario file itself defines the card ``name``: an item of one of its top
    lists other than its scenarios (Fort's file's own `cards:`)."""
    root = src.doc.root
    for key, top in root.value if root is not None and root.kind == "map" else ():
        if key.value == "scenarios" or top is None or top.kind != "seq":
            continue
        for card in top.value:
            node = card.get("name") if card.kind == "map" else None
            if node is not None and node.value == name:
                return types.Location(uri=src.uri, range=src.range(card.span))
    return None


def _location(path: Path, line: int, column: int) -> types.Location:
    at = types.Position(line=max(line - 1, 0), character=max(column - 1, 0))
    return types.Location(uri=from_fs_path(str(path.absolute())) or "",
                          range=types.Range(start=at, end=at))


def _candidate_folders(src: Source) -> list[Path]:
    """Bundled sets, the sets beside this file's set, and (scenario) folders it names."""
    from fortlang.cardset.load import _set_folders, bundled_dir

    out = list(_set_folders(bundled_dir()).files)
    home = src.set_folder
    beside = (home.parent if home is not None else Path(src.path).parent)
    try:
        out += sorted(p for p in beside.iterdir() if p.is_dir())
    except OSError:
        pass
    return out


def _manifest(folder: Path) -> Manifest | None:
    from fortlang.cardset.build import check_file
    from fortlang.cardset.load import manifest_path

    path = manifest_path(folder)
    return check_file(path).manifest if path is not None else None


def set_folder_of(src: Source, word: str) -> Path | None:
    """The folder of the set ``word`` names: an id, or (in a scenario) a folder."""
    direct = Path(src.path).parent / word
    if "/" in word or word.startswith("."):
        return direct if direct.is_dir() else None
    for folder in _candidate_folders(src):
        m = _manifest(folder)
        if m is not None and m.id == word:
            return folder
    return direct if direct.is_dir() else None


def find_set(src: Source, word: str) -> Manifest | None:
    folder = set_folder_of(src, word)
    return _manifest(folder) if folder is not None else None


def known_sets(src: Source) -> list[Manifest]:
    seen: dict[str, Manifest] = {}
    for folder in _candidate_folders(src):
        m = _manifest(folder)
        if m is not None:
            seen.setdefault(m.id, m)
    return list(seen.values())
