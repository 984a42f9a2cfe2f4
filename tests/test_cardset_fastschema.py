"""The fast validity check agrees with jsonschema wherever it answers (fortlang.cardset.fastschema).

It may only say "valid" when jsonschema does; a file it cannot decide goes to jsonschema."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from fortlang.cardset import bundled_dir
from fortlang.cardset import schema as sc
from fortlang.cardset.fastschema import _ANNOTATIONS, _KEYWORDS, decide
from fortlang.cardset.yamlsrc import read_document

SCHEMA_DIR = Path(sc.SCHEMA_DIR)
SCHEMAS = {p.name.split(".")[0]: json.loads(p.read_text(encoding="utf-8"))
           for p in sorted(SCHEMA_DIR.glob("*.schema.json"))}
TESTS = Path(__file__).parent
KIND_OF = {"manifest": "manifest", "kids": "kids", "made_up_rules": "rules", "perks": "perks",
           "board": "board", "scenarios": "scenario"}


def _kind(path: Path, data: object) -> str | None:
    if path.name == "manifest.yaml":
        return "manifest"
    if isinstance(data, dict):
        for key in data:
            if key in KIND_OF:
                return KIND_OF[key]
    return None


def _documents() -> list[tuple[str, str, object]]:
    out = []
    files = [*bundled_dir().rglob("*.yaml"), *(TESTS / "gallery").rglob("*.yaml"),
             *(TESTS / "scenarios").rglob("*.yaml")]
    for path in sorted(files):
        doc = read_document(path)
        if doc.root is None or not doc.complete:
            continue
        data = doc.root.to_data()
        kind = _kind(path, data)
        if kind is not None:
            out.append((path.name, kind, data))
    return out


DOCUMENTS = _documents()


def _keywords(schema: object) -> set[str]:
    found: set[str] = set()
    stack = [(schema, False)]
    while stack:
        node, named = stack.pop()  # named: the keys of `properties`/`$defs` are names
        if isinstance(node, dict):
            for key, value in node.items():
                if not named:
                    found.add(key)
                stack.append((value, not named and key in ("properties", "$defs")))
        elif isinstance(node, list):
            stack.extend((v, False) for v in node)
    return found


@pytest.mark.parametrize("kind", SCHEMAS)
def test_every_keyword_of_the_shipped_schemas_is_known(kind: str):
    assert _keywords(SCHEMAS[kind]) <= set(_KEYWORDS) | _ANNOTATIONS | {"then", "else"}


def test_there_are_documents_of_every_kind_valid_and_not():
    kinds = {kind for _, kind, _ in DOCUMENTS}
    assert kinds == set(SCHEMAS)
    verdicts = {Draft202012Validator(SCHEMAS[k]).is_valid(d) for _, k, d in DOCUMENTS}
    assert verdicts == {True, False}


@pytest.mark.parametrize(("name", "kind", "data"), DOCUMENTS, ids=[d[0] for d in DOCUMENTS])
def test_bundled_and_gallery_files_decided_as_jsonschema_decides(name, kind, data):
    assert decide(SCHEMAS[kind], data) == Draft202012Validator(SCHEMAS[kind]).is_valid(data)


# -- mutations of real documents: the property that matters ----------------------------------

SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 30),
    st.sampled_from([-1, 0, 1, 5, 6, 20, 21, 99, 2.0, 1e3, 0.5, float("nan")]),
    st.sampled_from(["", "x", "shovel", "glue", "coin", "fort-base", "Bad Id", "en", "english",
                     "modify", "pizza", "either", "rulebook", "gain pizza x shovel", "park"]),
)
VALUES = st.recursive(SCALARS, lambda kids: st.one_of(
    st.lists(kids, max_size=4),
    st.dictionaries(st.sampled_from(["id", "name", "suits", "copies", "from", "zz", "fr"]),
                    kids, max_size=3)), max_leaves=6)


def _paths(data: object, prefix: tuple = ()) -> list[tuple]:
    out = [prefix]
    if isinstance(data, dict):
        for key, value in data.items():
            out += _paths(value, (*prefix, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            out += _paths(value, (*prefix, i))
    return out


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_mutated_documents_decided_as_jsonschema_decides(data):
    _, kind, original = data.draw(st.sampled_from(DOCUMENTS), label="document")
    doc = copy.deepcopy(original)
    for _ in range(data.draw(st.integers(1, 3), label="mutations")):
        path = data.draw(st.sampled_from(_paths(doc)), label="path")
        if not path:
            continue
        parent = doc
        for step in path[:-1]:
            parent = parent[step]
        op = data.draw(st.sampled_from(["replace", "delete", "add"]), label="op")
        if op == "replace":
            near = st.sampled_from([-1, 0, 1, 20, 21, 99]) if isinstance(
                parent[path[-1]], int) else VALUES  # numbers: around their bounds
            parent[path[-1]] = data.draw(st.one_of(near, VALUES), label="value")
        elif op == "delete":
            del parent[path[-1]]
        elif isinstance(parent, dict):
            parent[data.draw(st.sampled_from(["note", "zz", "names", "copies"]))] = \
                data.draw(VALUES, label="added")
    decided = decide(SCHEMAS[kind], doc)
    if decided is not None:
        assert decided == Draft202012Validator(SCHEMAS[kind]).is_valid(doc)


def test_unknown_keywords_are_left_to_jsonschema():
    assert decide({"type": "string", "format": "email"}, "x") is None
    assert decide({"uniqueItems": True}, [1, True]) is None
    assert decide({"$ref": "https://example.com/s.json"}, 1) is None


@pytest.mark.parametrize(("schema", "value", "valid"), [
    ({"type": "integer"}, True, False),  # true is not 1
    ({"type": "integer"}, 2.0, True),  # 2.0 is an integer
    ({"enum": [1]}, True, False),
    ({"const": False}, 0, False),
    ({"minimum": 1}, "0", True),  # keywords apply to their own types only
    ({"maximum": 20}, 21, False),
    ({"minimum": 1}, float("nan"), True),
    ({"if": {"const": 1}, "then": {"const": 2}}, 1, False),
    ({"then": {"const": 2}}, 1, True),  # then without if is ignored
])
def test_json_schema_corners(schema, value, valid):
    assert decide(schema, value) is valid
    assert Draft202012Validator(schema).is_valid(value) is valid


def test_checking_the_valid_bundled_sets_never_imports_jsonschema():
    import subprocess
    import sys

    code = ("import sys; from fortlang.cardset import check_report; r = check_report(); "
            "assert r.errors == 0 and r.files; print('jsonschema' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
