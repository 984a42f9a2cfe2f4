"""The JSON Schemas of card files (``fortlang/schemas``), and their errors as diagnostics.

The schemas are the single statement of a card file's shape: editors use them live through
yaml-language-server, and ``fortlang check`` validates with them, turning each jsonschema error
into a positioned diagnostic in the card file's own words (unknown field with did-you-mean,
missing field, wrong type, invalid value).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from fortlang.cardset.yamlsrc import Document, YNode
from fortlang.errors import ERROR, Diagnostic, did_you_mean

SCHEMA_DIR = Path(__file__).resolve().parent.parent / "schemas"
MANIFEST_NAMES = ("manifest.yaml", "manifest.yml")


@dataclass(frozen=True)
class Kind:
    """A kind of card file: its top-level key and its schema file."""

    name: str
    key: str | None  # the top-level key that marks the kind; None for the manifest
    schema: str


MANIFEST = Kind("manifest", None, "manifest.schema.json")
KIDS = Kind("kids", "kids", "kids.schema.json")
RULES = Kind("rules", "made_up_rules", "rules.schema.json")
PERKS = Kind("perks", "perks", "perks.schema.json")
BOARD = Kind("board", "board", "board.schema.json")
CARD_KINDS: tuple[Kind, ...] = (KIDS, RULES, PERKS, BOARD)
KIND_BY_KEY: dict[str, Kind] = {k.key: k for k in CARD_KINDS if k.key}


def schema_path(kind: Kind) -> Path:
    return SCHEMA_DIR / kind.schema


@cache
def load_schema(kind: Kind) -> dict[str, Any]:
    return json.loads(schema_path(kind).read_text(encoding="utf-8"))


@cache
def _validator(kind: Kind) -> Any:
    from jsonschema import Draft202012Validator  # type: ignore[import-untyped]  # lazy: slow

    return Draft202012Validator(load_schema(kind))


def kind_of(doc: Document) -> tuple[Kind | None, list[Diagnostic]]:
    """Which kind of card file ``doc`` is: the manifest by name, the others by their top key."""
    if Path(doc.path).name in MANIFEST_NAMES:
        return MANIFEST, []
    root = doc.root
    keys = [k for k, _ in root.value] if root is not None and root.kind == "map" else []
    known = [k for k in keys if k.value in KIND_BY_KEY]
    if len(known) == 1:
        return KIND_BY_KEY[known[0].value], []
    expected = ", ".join(f"`{k}`" for k in KIND_BY_KEY)
    if root is None or (root.kind == "scalar" and root.value is None):
        return None, [doc.error("E305", f"empty card file: expected a mapping with one of "
                                f"{expected}")]
    if root.kind != "map":
        return None, [doc.error("E310", f"a card file is a mapping with one of {expected}, "
                                f"not a {_type_name(root.to_data())}", root)]
    if known:
        return None, [doc.error("E311", f"one kind of card per file: `{known[1].value}` after "
                                f"`{known[0].value}`", known[1],
                                hint="move these cards to a file of their own")]
    first = keys[0] if keys else root
    return None, [doc.error("E311", f"unknown kind of card file `{first.value}`; expected "
                            f"{expected}", first, hint=did_you_mean(str(first.value),
                                                                    KIND_BY_KEY))]


def validate(doc: Document, kind: Kind) -> tuple[list[Diagnostic], set[tuple[Any, ...]]]:
    """Every schema error in ``doc``, positioned, in source order; and the paths of the top-level
    items they fall in (``("kids", 3)``, ``("board",)``, ``()``), which are then not built."""
    assert doc.root is not None
    out: list[Diagnostic] = []
    bad: set[tuple[Any, ...]] = set()
    seen: set[tuple[Any, ...]] = set()
    for error in _validator(kind).iter_errors(doc.root.to_data()):
        out.extend(_translate(doc, error, seen))
        bad.add(tuple(error.absolute_path)[:2])
    return sorted(out, key=_order), bad


def _order(d: Diagnostic) -> tuple[int, int]:
    return (d.span.line, d.span.column) if d.span else (0, 0)


def node_at(root: YNode, path: tuple[Any, ...]) -> YNode:
    """The deepest node along ``path`` (keys and indexes)."""
    node = root
    for step in path:
        if node.kind == "map" and isinstance(step, str):
            found = node.get(step)
        elif node.kind == "seq" and isinstance(step, int) and step < len(node.value):
            found = node.value[step]
        else:
            found = None
        if found is None:
            break
        node = found
    return node


def key_at(root: YNode, path: tuple[Any, ...]) -> YNode:
    """The key node naming the last step of ``path``, or the value node if there is none."""
    if path and isinstance(path[-1], str):
        parent = node_at(root, path[:-1])
        key = parent.key_node(path[-1])
        if key is not None:
            return key
    return node_at(root, path)


def _type_name(value: Any) -> str:
    if value is None:
        return "empty"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    return "a mapping"


_TYPE_WORDS = {"string": "a string", "integer": "an integer", "number": "a number",
               "boolean": "true or false", "array": "a list", "object": "a mapping",
               "null": "empty"}


def _field(path: tuple[Any, ...]) -> str:
    """How to name the place in a message: the last key, or `item N of KEY`."""
    names = [p for p in path if isinstance(p, str)]
    if not path:
        return "the file"
    if isinstance(path[-1], int):
        return f"item {path[-1] + 1} of `{names[-1]}`" if names else f"item {path[-1] + 1}"
    return f"`{path[-1]}`"


def _translate(doc: Document, error: Any, seen: set[tuple[Any, ...]]) -> Iterator[Diagnostic]:
    root = doc.root
    assert root is not None
    path = tuple(error.absolute_path)
    kind = error.validator
    value = error.instance
    here = node_at(root, path)

    def diag(code: str, message: str, node: YNode, hint: str | None = None) -> Diagnostic:
        return Diagnostic(ERROR, code, message, node.span, doc.path, hint)

    if kind == "additionalProperties" and isinstance(value, dict):
        allowed = list(error.schema.get("properties", {}))
        for key in value:
            if key in allowed or (path, "extra", key) in seen:
                continue
            seen.add((path, "extra", key))
            where = f" in {_field(path)}" if path and isinstance(path[-1], str) else ""
            if not allowed:
                message = f"`{key}` takes no parameters here"
            else:
                message = f"unknown field `{key}`{where}"
            yield diag("E311", message, here.key_node(key) or here,
                       did_you_mean(key, allowed) or (
                           "allowed: " + ", ".join(allowed) if allowed else None))
    elif kind == "required" and isinstance(value, dict):
        for key in error.validator_value:
            if key in value or (path, "missing", key) in seen:
                continue
            seen.add((path, "missing", key))
            first_key = here.value[0][0] if here.kind == "map" and here.value else here
            yield diag("E312", f"missing field `{key}`", first_key)
    elif kind == "type":
        wanted = error.validator_value
        expected: list[str] = wanted if isinstance(wanted, list) else [wanted]
        words = " or ".join(_TYPE_WORDS.get(t, t) for t in expected)
        hint = None
        if "boolean" in expected and str(value).lower() in ("yes", "no", "on", "off"):
            hint = "YAML 1.2: write true or false"
        elif "string" in expected and value is not None:
            hint = "quote the value to make it a string"
        elif value is None:
            hint = "an empty value is null; write a value after the colon"
        yield diag("E310", f"{_field(path)} must be {words}, not {_type_name(value)}", here, hint)
    elif kind == "enum":
        options = [str(o) for o in error.validator_value]
        if len(path) >= 2 and path[-2] == "suits":
            message = f"unknown suit `{value}`"
        else:
            message = f"{_field(path)}: `{value}` is not one of {', '.join(options)}"
        yield diag("E313", message, here, did_you_mean(str(value), options))
    elif kind == "maxItems" and path and path[-1] == "suits":
        yield diag("E313", f"a card shows one or two suits (R1.1), not {len(value)}", here,
                   "a card with a suit twice lists it twice: [book, book]")
    elif kind in ("minItems", "maxItems"):
        bound = error.validator_value
        word = "at least" if kind == "minItems" else "at most"
        yield diag("E313", f"{_field(path)} holds {word} {bound} item{'s' * (bound != 1)}, "
                   f"not {len(value)}", here)
    elif kind in ("minimum", "maximum"):
        word = "at least" if kind == "minimum" else "at most"
        yield diag("E313", f"{_field(path)} must be {word} {error.validator_value}, not {value}",
                   here)
    elif kind == "pattern" and "propertyNames" in error.schema_path:
        yield diag("E313", f"`{value}` is not a two-letter language code",
                   here.key_node(value) or here, "e.g. `fr` or `ru`")
    elif kind == "pattern" and "[a-z0-9]+" in error.validator_value:
        yield diag("E313", f"`{value}` is not a valid id: use lowercase words joined by dashes",
                   here, "e.g. `the-moles`")
    elif kind == "pattern":
        yield diag("E313", f"{_field(path)}: `{value}` does not match `{error.validator_value}`",
                   here)
    elif kind == "minLength":
        yield diag("E313", f"{_field(path)} must not be empty", here)
    elif kind == "uniqueItems":
        yield diag("E313", f"{_field(path)} lists the same item twice", here)
    else:
        yield diag("E313", f"{_field(path)}: {error.message}", here)
