"""The JSON Schemas (the one statement of a file's shape) read for the editor: which fields a
mapping takes, which values a field takes, what a field means. A card file's are its game's:
a game module's card kinds derive them from their attributes (fortlang.module.CardKind),
Fort's as every game's (the shipped files are the same text)."""

from __future__ import annotations

from typing import Any

from fortlang.cardset import schema as sc
from fortlang.lsp.source import CARDS, MANIFEST, SCENARIO, Source

Path = tuple[Any, ...]


def schema_of(src: Source, path: Path) -> dict[str, Any] | None:
    """The schema of the file's kind (a card file's by the top key the path starts with)."""
    if src.kind == MANIFEST:
        return sc.load_schema(sc.MANIFEST)
    if src.kind == SCENARIO:
        from fortlang.scenario.games import editor_game, editor_rules

        rules = editor_rules(src.doc)
        if rules.file_kind is not None:  # a file the game reads whole: its own schema
            return sc.load_schema(rules.file_kind)
        return rules.file_schema(editor_game(src.doc))
    if src.kind == CARDS and path:  # the kinds of the file's game (in no set: any game's)
        kind = next((k for k in src.card_kinds if k.key == path[0]), None)
        return sc.load_schema(kind) if kind is not None else None
    return None


def _resolve(root: dict[str, Any], node: dict[str, Any]) -> dict[str, Any]:
    for _ in range(16):  # $ref chains in our schemas are short; never loop on a cycle
        ref = node.get("$ref")
        if not isinstance(ref, str) or not ref.startswith("#/"):
            break
        target: Any = root
        for part in ref[2:].split("/"):
            target = target.get(part, {}) if isinstance(target, dict) else {}
        node = {**target, **{k: v for k, v in node.items() if k != "$ref"}}
    return node


def _branches(root: dict[str, Any], node: dict[str, Any]) -> list[dict[str, Any]]:
    """The node and the alternatives it allows (if/then/else, anyOf, oneOf, allOf)."""
    node = _resolve(root, node)
    out = [node]
    for key in ("then", "else"):
        if isinstance(node.get(key), dict):
            out.extend(_branches(root, node[key]))
    for key in ("anyOf", "oneOf", "allOf"):
        for sub in node.get(key, ()):
            if isinstance(sub, dict):
                out.extend(_branches(root, sub))
    return out


def at(root: dict[str, Any], path: Path) -> list[dict[str, Any]]:
    """The schemas that may describe the value at ``path``."""
    here = _branches(root, root)
    for part in path:
        nxt: list[dict[str, Any]] = []
        for node in here:
            if isinstance(part, int):
                items = node.get("items")
                if isinstance(items, dict):
                    nxt.extend(_branches(root, items))
            else:
                prop = node.get("properties", {}).get(part)
                if isinstance(prop, dict):
                    nxt.extend(_branches(root, prop))
                elif isinstance(node.get("additionalProperties"), dict):
                    nxt.extend(_branches(root, node["additionalProperties"]))
        here = nxt
    return here


def fields(src: Source, path: Path, lang: str = "en") -> dict[str, str]:
    """Field name -> description in ``lang`` (:func:`said`), for the mapping at ``path``."""
    root = schema_of(src, path) if path else _top_schema(src)
    out: dict[str, str] = {}
    for node in at(root, path) if root else ():
        for name, prop in node.get("properties", {}).items():
            if name not in out:
                text = str(_resolve(root, prop).get("description", ""))  # type: ignore[arg-type]
                out[name] = said(src, (*path, name), text, lang)
    return out


def said(src: Source, path: Path, text: str, lang: str) -> str:
    """A schema's description ``text`` of the place at ``path`` in ``lang``: what the card
    kind of a game module declares for that field (``Attribute.doc``), or the translation of
    a schema's text (Fort's, ``docsite/schema_text.json``, as its docs site shows them);
    English where there is none."""
    if lang == "en" or not text:
        return text
    kind = _declared_kind(src, path)
    if kind is not None and len(path) == 3 and isinstance(path[2], str):  # key, card, field
        attribute = next((a for a in kind.all_attributes if a.name == path[2]), None)
        if attribute is not None and attribute.doc.get("en") == text:
            return attribute.doc.get(lang) or text
    from fortlang.docsite.reference import schema_text

    return schema_text(text, lang)


def _declared_kind(src: Source, path: Path) -> Any:
    """The game module's card kind (fortlang.module.CardKind) the card file's path is under;
    None for Fort's kinds, or another file."""
    if src.kind != CARDS or not path:
        return None
    from pathlib import Path as FsPath

    from fortlang.cardset.build import nearby_game

    game = nearby_game(FsPath(src.path))
    if game is None:
        return None
    key = path[0]
    return next((k for k in game.cards if k.key == key), None)


def _top_schema(src: Source) -> dict[str, Any] | None:
    if src.kind == CARDS:  # an empty card file: any kind's top key
        merged: dict[str, Any] = {"properties": {}}
        for kind in src.card_kinds:
            merged["properties"].update(sc.load_schema(kind).get("properties", {}))
        return merged
    return schema_of(src, ())


def values(src: Source, path: Path) -> list[str]:
    """The values the schema lists for the place at ``path`` (suits, a perk's hook...)."""
    root = schema_of(src, path)
    out: list[str] = []
    for node in at(root, path) if root else ():
        out.extend(str(v) for v in node.get("enum", ()) if str(v) not in out)
    return out


def field_description(src: Source, path: Path, lang: str = "en") -> str | None:
    """A key's description in ``lang`` (:func:`said`) and the values it takes, for hover."""
    root = schema_of(src, path)
    if root is None or not path:
        return None
    from fortlang.lsp import markup

    for node in at(root, path):
        text = node.get("description")
        if text:
            choices = values(src, path)
            return markup.text(said(src, path, str(text), lang)) + (
                "\n\none of: " + ", ".join(markup.code(c) for c in choices) if choices else "")
    return None
