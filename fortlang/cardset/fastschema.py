"""A fast yes/no JSON Schema check for the common case: a card file that is valid.

``fortlang check`` spends more time in jsonschema than anywhere else (importing it costs about
60 ms, validating 10,000 cards most of a second), and nearly every file it reads is valid. So a
file is first checked here, for the keywords our schemas use, with their draft 2020-12
meanings; only a file this check cannot *prove* valid goes to jsonschema, which finds and words
the errors. The answer is three-way and errs one way only:

- ``True``: valid, exactly as jsonschema would say (a differential test holds it to that);
- ``False``: invalid, or not sure — a keyword this module does not know, a look-up it cannot
  follow. Either way jsonschema then decides, so an unknown keyword costs speed, never errors.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from typing import Any


class _Unsure(Exception):
    """Raised for anything outside the supported subset: let jsonschema decide."""


def is_valid(schema: dict[str, Any], instance: Any) -> bool:
    """True when ``instance`` is certainly valid against ``schema`` (a whole schema document)."""
    return decide(schema, instance) is True


def decide(schema: dict[str, Any], instance: Any) -> bool | None:
    """Valid (True), invalid (False), or None when outside the subset this module knows."""
    try:
        return _valid(schema, instance, schema)
    except (_Unsure, RecursionError):
        return None


#: Keywords that only annotate: they never make an instance invalid.
_ANNOTATIONS = frozenset({"$schema", "$id", "$defs", "$comment", "title", "description",
                          "default", "examples", "deprecated", "readOnly", "writeOnly"})


def _valid(schema: Any, instance: Any, root: dict[str, Any]) -> bool:
    if schema is True:
        return True
    if schema is False:
        return False
    if not isinstance(schema, dict):
        raise _Unsure
    for keyword, value in schema.items():
        if keyword in _ANNOTATIONS or keyword in ("then", "else"):  # then/else: with `if`
            continue
        check = _KEYWORDS.get(keyword)
        if check is None:
            raise _Unsure
        if not check(value, instance, schema, root):
            return False
    return True


# -- types and equality, as JSON Schema has them (true is not 1, 2.0 is an integer) ----------


def _is_number(x: Any) -> bool:
    return isinstance(x, int | float) and not isinstance(x, bool)


_TYPES: dict[str, Callable[[Any], bool]] = {
    "null": lambda x: x is None,
    "boolean": lambda x: isinstance(x, bool),
    "string": lambda x: isinstance(x, str),
    "number": _is_number,
    "integer": lambda x: _is_number(x) and (isinstance(x, int) or float(x).is_integer()),
    "array": lambda x: isinstance(x, list),
    "object": lambda x: isinstance(x, dict),
}


def _equal(a: Any, b: Any) -> bool:
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_equal(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_equal(a[k], b[k]) for k in a)
    if isinstance(a, list | dict) or isinstance(b, list | dict):
        return False
    return bool(a == b)


# -- one function per keyword: (keyword value, instance, the schema, the root) -> valid? ------


def _type(value: Any, x: Any, schema: dict[str, Any], root: dict[str, Any]) -> bool:
    names = value if isinstance(value, list) else [value]
    for name in names:
        test = _TYPES.get(name)
        if test is None:
            raise _Unsure
        if test(x):
            return True
    return False


def _enum(value: Any, x: Any, schema: dict[str, Any], root: dict[str, Any]) -> bool:
    return any(_equal(x, option) for option in value)


def _const(value: Any, x: Any, schema: dict[str, Any], root: dict[str, Any]) -> bool:
    return _equal(x, value)


def _ref(value: Any, x: Any, schema: dict[str, Any], root: dict[str, Any]) -> bool:
    if not isinstance(value, str) or not value.startswith("#/"):
        raise _Unsure
    target: Any = root
    for step in value[2:].split("/"):
        if "~" in step or "%" in step or not isinstance(target, dict) or step not in target:
            raise _Unsure
        target = target[step]
    return _valid(target, x, root)


def _all_of(value: Any, x: Any, schema: dict[str, Any], root: dict[str, Any]) -> bool:
    return all(_valid(sub, x, root) for sub in value)


def _if(value: Any, x: Any, schema: dict[str, Any], root: dict[str, Any]) -> bool:
    branch = "then" if _valid(value, x, root) else "else"
    return _valid(schema[branch], x, root) if branch in schema else True


# objects


def _properties(value: Any, x: Any, schema: dict[str, Any], root: dict[str, Any]) -> bool:
    if not isinstance(x, dict):
        return True
    return all(_valid(sub, x[key], root) for key, sub in value.items() if key in x)


def _additional(value: Any, x: Any, schema: dict[str, Any], root: dict[str, Any]) -> bool:
    if not isinstance(x, dict):
        return True
    if "patternProperties" in schema:
        raise _Unsure
    known = schema.get("properties", {})
    return all(_valid(value, v, root) for k, v in x.items() if k not in known)


def _required(value: Any, x: Any, schema: dict[str, Any], root: dict[str, Any]) -> bool:
    return not isinstance(x, dict) or all(key in x for key in value)


def _property_names(value: Any, x: Any, schema: dict[str, Any], root: dict[str, Any]) -> bool:
    return not isinstance(x, dict) or all(_valid(value, key, root) for key in x)


def _min_properties(value: Any, x: Any, schema: dict[str, Any], root: dict[str, Any]) -> bool:
    return not isinstance(x, dict) or len(x) >= value


# arrays


def _items(value: Any, x: Any, schema: dict[str, Any], root: dict[str, Any]) -> bool:
    if "prefixItems" in schema:
        raise _Unsure
    return not isinstance(x, list) or all(_valid(value, item, root) for item in x)


def _min_items(value: Any, x: Any, schema: dict[str, Any], root: dict[str, Any]) -> bool:
    return not isinstance(x, list) or len(x) >= value


def _max_items(value: Any, x: Any, schema: dict[str, Any], root: dict[str, Any]) -> bool:
    return not isinstance(x, list) or len(x) <= value


def _unique(value: Any, x: Any, schema: dict[str, Any], root: dict[str, Any]) -> bool:
    if not value or not isinstance(x, list):
        return True
    if not all(isinstance(item, str) for item in x):
        raise _Unsure  # strings are all our schemas list; anything else: jsonschema
    return len(set(x)) == len(x)


# numbers and strings


def _minimum(value: Any, x: Any, schema: dict[str, Any], root: dict[str, Any]) -> bool:
    return not _is_number(x) or not x < value


def _maximum(value: Any, x: Any, schema: dict[str, Any], root: dict[str, Any]) -> bool:
    return not _is_number(x) or not x > value


def _min_length(value: Any, x: Any, schema: dict[str, Any], root: dict[str, Any]) -> bool:
    return not isinstance(x, str) or len(x) >= value


@cache
def _regex(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern)


def _pattern(value: Any, x: Any, schema: dict[str, Any], root: dict[str, Any]) -> bool:
    return not isinstance(x, str) or _regex(value).search(x) is not None


_KEYWORDS: dict[str, Callable[[Any, Any, dict[str, Any], dict[str, Any]], bool]] = {
    "type": _type, "enum": _enum, "const": _const, "$ref": _ref, "allOf": _all_of, "if": _if,
    "properties": _properties, "additionalProperties": _additional, "required": _required,
    "propertyNames": _property_names, "minProperties": _min_properties,
    "items": _items, "minItems": _min_items, "maxItems": _max_items, "uniqueItems": _unique,
    "minimum": _minimum, "maximum": _maximum, "minLength": _min_length, "pattern": _pattern,
}  # fmt: skip
