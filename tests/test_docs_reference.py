"""The language reference is generated from the registry (R12-R14) and the JSON Schemas."""

from __future__ import annotations

import base64
import json
import re

import pytest

from fortlang import registry as reg
from fortlang.docsite.icons import action_icons
from fortlang.docsite.lexicon import rule_label
from fortlang.docsite.meanings import entries, meaning
from fortlang.docsite.reference import schema_section
from fortlang.games.fort import vocabulary as fort_words
from fortlang.games.fort.docs import DOCS
from fortlang.games.fort.docs.reference import reference_page
from fortlang.games.fort.nodes import Suit
from fortlang.games.fort.phrasebook import suit_name
from fortlang.parser import parse_action, parse_scoring
from fortlang.phrasebook import sentence
from fortlang.printer import to_text
from fortlang.resources import data_dir

ACTIONS = action_icons()  # Fort's primitives' icons, from their declarations

LANGS = ("en", "fr", "ru")


@pytest.fixture(scope="module", params=LANGS)
def page(request: pytest.FixtureRequest) -> tuple[str, str]:
    return request.param, reference_page(request.param)


@pytest.mark.parametrize("spec", fort_words.PRIMITIVES, ids=lambda s: s.name)
def test_r12_every_primitive_with_rule_example_canonical_form_and_readings(
        spec: reg.PrimitiveSpec, page: tuple[str, str]) -> None:
    lang, text = page
    section = text.split(f"{{ #{spec.name} }}")[1].split("\n### ")[0]
    assert rule_label(spec.rule, lang) in section
    assert meaning("primitive", spec.name, lang) in section
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
    lang, text = page
    assert ", ".join(f"`{s}`" for s in op.spellings) in text
    assert rule_label(op.rule, lang) in text
    assert rule_label(op.rule, "en") == op.rule
    assert sentence(parse_action(op.example), page[0]) in text


def test_r13_1_every_quantity_and_resource_is_listed(page: tuple[str, str]) -> None:
    lang, text = page
    for w in (*fort_words.QUANTITIES, *fort_words.RESOURCES):
        assert f"| `{w.word}` |" in text
    assert sentence(parse_action("score x any"), lang) in text


def test_r14_scoring_sub_language_lists_every_metric_and_operator(page: tuple[str, str]) -> None:
    lang, text = page
    for w in fort_words.METRICS:
        assert (f"| `#!fortlang-scoring {w.word}` | {rule_label(w.rule, lang)} | "
                f"{meaning('metric', w.word, lang, DOCS)} | "
                f"{sentence(parse_scoring(w.word), lang)} |") in text
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


@pytest.mark.parametrize("lang", ["fr", "ru"])
def test_issue_33_2_fort_s_words_mean_what_their_declarations_say(lang: str) -> None:
    """One path: the reference reads the meanings of Fort's primitives, resources, quantities,
    operators and metrics from their declarations, as a plugin's; the docs keep only the suits'
    template (a suit's quantity and metric, over the suit's name)."""
    from fortlang.docsite import meanings as m

    declared = {"primitive": fort_words.PRIMITIVES, "resource": fort_words.RESOURCES,
                "quantity": fort_words.QUANTITIES, "operator": reg.OPERATORS,
                "metric": fort_words.METRICS}
    suits = {s.value for s in Suit}
    for kind, specs in declared.items():
        for spec in specs:
            key = getattr(spec, "word", None) or spec.name
            if key in suits and lang not in spec.meanings:
                assert suit_name(key, lang) in meaning(kind, key, lang, DOCS)
                continue
            assert meaning(kind, key, lang, DOCS) == spec.meanings[lang]
    tables = [name for name, v in vars(m).items()
              if isinstance(v, dict) and not name.startswith("__")]
    assert tables == []  # read from the declarations (m._declared) and Fort's GameModule.docs
    from fortlang.games.fort.docs import meanings as fort_meanings

    assert all(set(t) <= {"quantity", "metric"}
               for t in fort_meanings.SUIT_MEANINGS.values())


def test_english_meanings_are_the_registry_s_own() -> None:
    assert all(meaning("primitive", p.name, "en") == p.meaning for p in fort_words.PRIMITIVES)
    assert all(meaning("metric", w.word, "en") == w.meaning for w in fort_words.METRICS)


@pytest.mark.parametrize("lang", ["fr", "ru"])
def test_every_registry_entry_is_explained_in_the_page_language(lang: str) -> None:
    for kind, key in entries():
        local = meaning(kind, key, lang, DOCS)
        assert local and local != meaning(kind, key, "en"), (kind, key)


@pytest.mark.parametrize(("lang", "words"), [
    ("fr", ("Observatoire", "Sac à dos", "Affaires", "Jardin", "pelle")),
    ("ru", ("дозор", "рюкзак", "вещ", "двор", "лопатка")),
])
def test_reference_meanings_use_the_rulebook_terms(lang: str, words: tuple[str, ...]) -> None:
    import re

    text = reference_page(lang)
    for word in words:
        assert word in text
    prose = re.sub(r"```.*?```", "", text, flags=re.S)  # the grammar is shown as it runs
    for english in ("Take N of the resource", "each card in your lookout", "your fort level",
                    "designers' extension"):
        assert english not in prose


def test_meanings_docstring_examples() -> None:
    import doctest

    import fortlang.docsite.meanings

    result = doctest.testmod(fortlang.docsite.meanings)
    assert result.attempted >= 2 and result.failed == 0
