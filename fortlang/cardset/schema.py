"""The JSON Schemas of card files (``fortlang/schemas``), and their errors as diagnostics.

The schemas are the single statement of a card file's shape: editors use them live through
yaml-language-server, and ``fortlang check`` validates with them, turning each jsonschema error
into a positioned diagnostic in the card file's own words (unknown field with did-you-mean,
missing field, wrong type, invalid value).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from fortlang.cardset.yamlsrc import Document, YNode
from fortlang.errors import ERROR, Diagnostic, did_you_mean
from fortlang.module import CardKind

SCHEMA_DIR = Path(__file__).resolve().parent.parent / "schemas"
MANIFEST_NAMES = ("manifest.yaml", "manifest.yml")
#: Schema errors reported per file; past this a file is surely not a card file of this kind,
#: and validating a 4 MB list of a million wrong items would take minutes.
MAX_ERRORS = 100
#: In ``validate``'s bad paths when it stopped early: the rest of the file was not validated.
TRUNCATED: tuple[Any, ...] = ("<truncated>",)


@dataclass(frozen=True)
class Kind:
    """A kind of card file: its top-level key and its schema: a file of ``fortlang/schemas``
    (the manifest), or the JSON text a game module's card kind derives (``inline``, see
    :func:`game_kinds`); the kinds are the games' (fortlang.cardset.build.installed_kinds)."""

    name: str
    key: str | None  # the top-level key that marks the kind; None for the manifest
    schema: str
    inline: str = ""


MANIFEST = Kind("manifest", None, "manifest.schema.json")


def schema_path(kind: Kind) -> Path:
    return SCHEMA_DIR / kind.schema


@cache
def schema_bytes(kind: Kind) -> bytes:
    """The schema's text, as the cache of valid files keys it."""
    return kind.inline.encode("utf-8") if kind.inline else schema_path(kind).read_bytes()


@cache
def load_schema(kind: Kind) -> dict[str, Any]:
    return json.loads(schema_bytes(kind))


def game_kinds(cards: tuple[CardKind, ...]) -> tuple[Kind, ...]:
    """The kinds of card file a game module declares (fortlang.module.CardKind), each with the
    schema its declaration derives: the very text of the file editors read
    (``CardKind.schema_text()``), its keywords in their declared order, which is the order
    jsonschema reports a card's errors in."""
    return tuple(Kind(c.name, c.key, c.schema_name, c.schema_text()) for c in cards)


@cache
def _validator(kind: Kind) -> Any:
    from jsonschema import Draft202012Validator  # type: ignore[import-untyped]  # lazy: slow

    return Draft202012Validator(load_schema(kind))


#: The top key of a scenario file (fortlang.scenario), which a set folder may hold too.
SCENARIO_KEY = "scenarios"


def kind_of(doc: Document, kinds: tuple[Kind, ...]) -> tuple[Kind | None, list[Diagnostic]]:
    """Which kind of card file ``doc`` is: the manifest by name, the others by their top key
    among ``kinds`` (a game module's, see :func:`game_kinds`)."""
    if Path(doc.path).name in MANIFEST_NAMES:
        return MANIFEST, []
    by_key = {k.key: k for k in kinds if k.key}
    root = doc.root
    keys = [k for k, _ in root.value] if root is not None and root.kind == "map" else []
    known = [k for k in keys if k.value in by_key]
    if len(known) == 1:
        return by_key[known[0].value], []
    if not known and any(k.value == SCENARIO_KEY for k in keys):
        return None, []  # a scenario file beside the cards: `fortlang test` reads it
    expected = ", ".join(f"`{k}`" for k in by_key)
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
                                                                    by_key))]


def validate(doc: Document, kind: Kind) -> tuple[list[Diagnostic], set[tuple[Any, ...]]]:
    """Every schema error in ``doc``, positioned, in source order; and the paths of the top-level
    items they fall in (``("kids", 3)``, ``("board",)``, ``()``), which are then not built."""
    assert doc.root is not None
    from fortlang.cardset import valid_cache

    out: list[Diagnostic] = []
    bad: set[tuple[Any, ...]] = set()
    seen: set[tuple[Any, ...]] = set()
    data = doc.root.to_data()
    key = valid_cache.digest(schema_bytes(kind), data)
    if valid_cache.known_valid(key):  # passed this very schema before: no jsonschema needed
        return out, bad
    for error in _validator(kind).iter_errors(data):
        if len(out) >= MAX_ERRORS:
            out.append(Diagnostic(ERROR, "E307", f"more than {MAX_ERRORS} schema errors in this "
                                  "file; the rest are not reported", node_at(
                                      doc.root, tuple(error.absolute_path)).span, doc.path,
                                  hint=f"is this a file of {kind.name}?"))
            bad.add(TRUNCATED)
            break
        out.extend(_translate(doc, error, seen))
        bad.add(tuple(error.absolute_path)[:2])
    if not bad:  # no error at all (one not reported again counts too)
        valid_cache.remember(key)
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


@dataclass
class _Error:
    """One jsonschema error, with what every translation needs."""

    doc: Document
    error: Any
    path: tuple[Any, ...]
    here: YNode
    seen: set[tuple[Any, ...]]

    @property
    def value(self) -> Any:
        return self.error.instance

    @property
    def bound(self) -> Any:
        return self.error.validator_value

    def diag(self, code: str, message: str, node: YNode | None = None,
             hint: str | None = None) -> Diagnostic:
        return Diagnostic(ERROR, code, message, (node or self.here).span, self.doc.path, hint)

    def once(self, *key: Any) -> bool:
        """True the first time ``key`` is seen at this path (jsonschema may repeat itself)."""
        mark = (self.path, *key)
        if mark in self.seen:
            return False
        self.seen.add(mark)
        return True


def _translate(doc: Document, error: Any, seen: set[tuple[Any, ...]]) -> Iterator[Diagnostic]:
    assert doc.root is not None
    path = tuple(error.absolute_path)
    here = node_at(doc.root, path)
    if (here.line, here.column) in doc.refused:  # already said why it is null
        return iter(())
    e = _Error(doc, error, path, here, seen)
    return _TRANSLATIONS.get(error.validator, _generic)(e)


def _unknown_fields(e: _Error) -> Iterator[Diagnostic]:
    if not isinstance(e.value, dict):
        return
    allowed = list(e.error.schema.get("properties", {}))
    where = f" in {_field(e.path)}" if e.path and isinstance(e.path[-1], str) else ""
    for key in e.value:
        if key in allowed or not e.once("extra", key):
            continue
        if not allowed:
            yield e.diag("E311", f"`{key}` takes no parameters here", e.here.key_node(key))
            continue
        hint = did_you_mean(key, allowed) or "allowed: " + ", ".join(allowed)
        yield e.diag("E311", f"unknown field `{key}`{where}", e.here.key_node(key), hint)


def _missing_fields(e: _Error) -> Iterator[Diagnostic]:
    if not isinstance(e.value, dict):
        return
    first_key = e.here.value[0][0] if e.here.kind == "map" and e.here.value else e.here
    for key in e.bound:
        if key not in e.value and e.once("missing", key):
            yield e.diag("E312", f"missing field `{key}`", first_key)


def _wrong_type(e: _Error) -> Iterator[Diagnostic]:
    expected: list[str] = e.bound if isinstance(e.bound, list) else [e.bound]
    words = " or ".join(_TYPE_WORDS.get(t, t) for t in expected)
    hint = None
    if "boolean" in expected and str(e.value).lower() in ("yes", "no", "on", "off"):
        hint = "YAML 1.2: write true or false"
    elif "string" in expected and e.value is not None:
        hint = "quote the value to make it a string"
    elif e.value is None:
        hint = "an empty value is null; write a value after the colon"
    yield e.diag("E310", f"{_field(e.path)} must be {words}, not {_type_name(e.value)}",
                 hint=hint)


def _not_one_of(e: _Error) -> Iterator[Diagnostic]:
    options = [str(o) for o in e.bound]
    if len(e.path) >= 2 and e.path[-2] == "suits":
        message = f"unknown suit `{e.value}`"
    else:
        message = f"{_field(e.path)}: `{e.value}` is not one of {', '.join(options)}"
    yield e.diag("E313", message, hint=did_you_mean(str(e.value), options))


def _size(e: _Error) -> Iterator[Diagnostic]:
    if e.error.validator == "maxItems" and e.path and e.path[-1] == "suits":
        yield e.diag("E313", f"a card shows one or two suits (R1.1), not {len(e.value)}",
                     hint="a card with a suit twice lists it twice: [book, book]")
        return
    word = "at least" if e.error.validator == "minItems" else "at most"
    yield e.diag("E313", f"{_field(e.path)} holds {word} {e.bound} "
                 f"item{'s' * (e.bound != 1)}, not {len(e.value)}")


def _range(e: _Error) -> Iterator[Diagnostic]:
    word = "at least" if e.error.validator == "minimum" else "at most"
    yield e.diag("E313", f"{_field(e.path)} must be {word} {e.bound}, not {e.value}")


def _pattern(e: _Error) -> Iterator[Diagnostic]:
    if "propertyNames" in e.error.schema_path:
        yield e.diag("E313", f"`{e.value}` is not a two-letter language code",
                     e.here.key_node(e.value), "e.g. `fr` or `ru`")
    elif "[a-z0-9]+" in e.bound:
        yield e.diag("E313", f"`{e.value}` is not a valid id: use lowercase words joined by "
                     "dashes", hint="e.g. `the-moles`")
    else:
        yield e.diag("E313", f"{_field(e.path)}: `{e.value}` does not match `{e.bound}`")


def _generic(e: _Error) -> Iterator[Diagnostic]:
    yield e.diag("E313", f"{_field(e.path)}: {e.error.message}")


#: jsonschema keyword -> its translation into the card file's words (others: _generic).
_TRANSLATIONS: dict[str, Callable[[_Error], Iterator[Diagnostic]]] = {
    "additionalProperties": _unknown_fields,
    "required": _missing_fields,
    "type": _wrong_type,
    "enum": _not_one_of,
    "minItems": _size,
    "maxItems": _size,
    "minimum": _range,
    "maximum": _range,
    "pattern": _pattern,
    "minLength": lambda e: iter([e.diag("E313", f"{_field(e.path)} must not be empty")]),
    "uniqueItems": lambda e: iter([e.diag("E313",
                                          f"{_field(e.path)} lists the same item twice")]),
}
