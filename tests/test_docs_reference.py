"""The language reference is generated from the registry (R12-R14) and the JSON Schemas."""

from __future__ import annotations

import base64
import json
import re

import pytest

from fortlang import registry as reg
from fortlang.docsite.icons import ACTIONS
from fortlang.docsite.reference import reference_page, schema_section
from fortlang.parser import parse_action
from fortlang.phrasebook import sentence
from fortlang.printer import to_text
from fortlang.resources import data_dir

LANGS = ("en", "fr", "ru")


@pytest.fixture(scope="module", params=LANGS)
def page(request: pytest.FixtureRequest) -> tuple[str, str]:
    return request.param, reference_page(request.param)


@pytest.mark.parametrize("spec", reg.PRIMITIVES, ids=lambda s: s.name)
def test_r12_every_primitive_with_rule_example_canonical_form_and_readings(
        spec: reg.PrimitiveSpec, page: tuple[str, str]) -> None:
    _, text = page
    section = text.split(f"{{ #{spec.name} }}")[1].split("\n### ")[0]
    assert spec.rule in section and spec.meaning in section
    assert f"```fortlang\n{spec.example}\n```" in section
    assert f"`#!fortlang {to_text(parse_action(spec.example))}`" in section
    for lang in LANGS:
        assert sentence(parse_action(spec.example), lang) in section
    # the example drawn in the icon language of the card faces
    encoded = re.search(r"data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)", section).group(1)
    assert f"fl-icon-{ACTIONS[spec.name].name}" in base64.b64decode(encoded).decode()


@pytest.mark.parametrize("op", reg.OPERATORS, ids=lambda o: o.name)
def test_r13_every_operator_with_its_spellings_and_example(op: reg.OperatorSpec,
                                                           page: tuple[str, str]) -> None:
    _, text = page
    assert ", ".join(f"`{s}`" for s in op.spellings) in text and op.rule in text
    assert sentence(parse_action(op.example), page[0]) in text


def test_r13_1_every_quantity_and_resource_is_listed(page: tuple[str, str]) -> None:
    lang, text = page
    for w in (*reg.QUANTITIES, *reg.RESOURCES):
        assert f"| `{w.word}` |" in text
    assert sentence(parse_action("score x any"), lang) in text


def test_r14_scoring_sub_language_lists_every_metric_and_operator(page: tuple[str, str]) -> None:
    _, text = page
    for w in reg.METRICS:
        assert f"| `{w.word}` | R14 | {w.meaning} |" in text
    for op in (*reg.ARITH_OPS, *reg.COMPARE_OPS):
        assert f"`{op}`" in text


def test_card_file_format_comes_from_every_json_schema() -> None:
    folder = data_dir("schemas")
    schemas = sorted(folder.glob("*.json"))
    if not schemas:
        pytest.skip("no JSON Schemas shipped yet")
    text = reference_page("en", schema_dir=folder)
    for path in schemas:
        schema = json.loads(path.read_text(encoding="utf-8"))
        assert f"(`{path.name}`)" in text
        for field in schema.get("properties", {}):
            assert f"| `{field}` |" in text


def test_schema_fields_show_type_required_and_enum() -> None:
    section = schema_section({"properties": {"source": {"enum": ["rulebook", "public"],
                                                        "description": "Where from."},
                                             "name": {"type": "string"}},
                              "required": ["name"]}, "en")
    assert "| `source` | enum |  | Where from. (`rulebook`, `public`) |" in section
    assert "| `name` | string | yes |  |" in section
