"""French and Russian pages in their own language (docs issue item 2): card notes and the board
note translated, the card-name policy stated, the Russian mistranslations gone."""

from __future__ import annotations

import re

import pytest

from fortlang.cardset import load_bundled
from fortlang.docsite.glossary import glossary_page
from fortlang.docsite.lexicon import ui
from fortlang.docsite.reference import reference_page
from fortlang.model import CardSet

OTHER = ("fr", "ru")


@pytest.fixture(scope="module")
def base() -> CardSet:
    return load_bundled()["fort-base"]


@pytest.mark.parametrize("lang", OTHER)
def test_every_note_of_the_base_set_is_translated(base: CardSet, lang: str) -> None:
    untranslated = [k.id for k in base.kids if k.note and not k.notes.get(lang)]
    assert not untranslated
    assert base.board is not None and base.board.notes.get(lang)


@pytest.mark.parametrize("lang", OTHER)
def test_the_glossary_shows_notes_in_the_page_language(base: CardSet, lang: str) -> None:
    page = glossary_page(base, lang)
    for kid in base.kids:
        if kid.note:
            assert kid.note_in(lang) in page
            assert kid.note not in page
    assert base.board is not None
    assert base.board.note_in(lang) in page and base.board.note not in page


def test_a_note_without_translation_falls_back_to_the_written_one(base: CardSet) -> None:
    bug = next(k for k in base.kids if k.id == "bug")
    assert bug.note_in("de") == bug.note and bug.note_in("en") == bug.note


@pytest.mark.parametrize("lang", ("en", "fr", "ru"))
def test_the_glossary_states_the_card_name_policy(base: CardSet, lang: str) -> None:
    page = glossary_page(base, lang)
    russian = sum(1 for k in base.kids if "ru" in k.names)
    assert ui("names_policy", lang).format(count=russian, total=len(base.kids)) in page
    assert f"{russian}" in page and russian == 6  # the names the Russian rulebook prints


MISTRANSLATIONS = ("Копия кота", "Сделай больше", "Скандальное соседство",
                   "Играть в королевство", "столько пиццы", "с вашей руки")


def test_the_russian_pages_have_none_of_the_old_mistranslations(base: CardSet) -> None:
    text = glossary_page(base, "ru") + reference_page("ru", [base])
    for wrong in MISTRANSLATIONS:
        assert wrong not in text
    for right in ("Подражатель", "Переигровка", "Потасовка", "Игровой дворец", "Преимущества",
                  "столько пицц,", "из руки"):
        assert right in text


def _russian_texts(base: CardSet) -> dict[str, str]:
    """Every Russian text the project ships: generated pages, hand-written pages, schema texts."""
    from fortlang.docsite.reference import _schema_text
    from fortlang.docsite.site import hand_written_page
    from fortlang.resources import data_dir

    docs = data_dir("docs")
    texts = {"glossary": glossary_page(base, "ru"), "reference": reference_page("ru", [base]),
             "schemas": "\n".join(_schema_text()["ru"].values())}
    for path in [*docs.glob("*/ru.md"), *(docs / "translations" / "ru").glob("*.md")]:
        texts[str(path.relative_to(docs))] = path.read_text(encoding="utf-8")
    for page in TRANSLATED:
        texts[f"hand-written {page}"] = hand_written_page(page, "ru") or ""
    return texts


def test_a_perk_is_a_neuter_преимущество_in_russian(base: CardSet) -> None:
    """The docs-site issue counts the Russian rulebook's «особенности» among its mistranslations
    (R2.3, R15): a perk is «преимущество», as the French rulebook's «avantage»."""
    from fortlang.phrasebook import ru

    assert ru.TERMS["perk"] == "преимущество"
    assert ui("perks", "ru") == "Преимущества"
    assert ru.PERK_WORDS.use_once == "уберите это преимущество в коробку, чтобы"
    texts = _russian_texts(base)
    assert "## R15 Преимущества" in texts["rules/ru.md"]
    wrong = {name for name, text in texts.items() if "особенност" in text.lower()}
    assert not wrong, f"«особенность» for a perk in {sorted(wrong)}"
    assert not [name for name, text in texts.items()
                if re.search(r"\b(эт[ау]|одноразовая) преимуществ", text)], "feminine agreement"


def _schema_texts() -> set[str]:
    """Every title and description of the shipped JSON Schemas."""
    import json

    from fortlang.resources import data_dir

    found: set[str] = set()

    def walk(node: object) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if key in ("title", "description") and isinstance(value, str):
                    found.add(value)
                else:
                    walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    for path in data_dir("schemas").glob("*.json"):
        walk(json.loads(path.read_text(encoding="utf-8")))
    return found


@pytest.mark.parametrize("lang", OTHER)
def test_every_schema_text_is_translated_and_no_translation_is_stale(lang: str) -> None:
    from fortlang.docsite.reference import _schema_text

    texts = _schema_texts()
    table = _schema_text()[lang]
    assert texts - table.keys() == set(), "schema texts without a translation"
    assert table.keys() - texts == set(), "translations of texts no schema has any more"
    assert all(value.strip() and value != key for key, value in table.items())


@pytest.mark.parametrize("lang", OTHER)
def test_the_json_schema_section_is_in_the_page_language(lang: str) -> None:
    from fortlang.docsite.site import _optional

    page = reference_page(lang, (), _optional("schemas"))
    section = page[page.index("{ #schemas }"):]
    assert "JSON Schema" not in section.splitlines()[0]
    for english in _schema_texts():
        assert english not in section


TRANSLATED = ("card-format.md", "scenarios.md", "plugins.md", "simulate.md")
_FENCE = r"^```[^\n]*\n.*?^```\n"


def _code_blocks(text: str) -> list[str]:
    """A page's fenced blocks without their `# ...` comments (the one part translated)."""
    import re

    blocks = re.findall(_FENCE, text, flags=re.S | re.M)
    return [re.sub(r"(^|\s+)# (?!yaml-language-server)(?![\w/.-]+\.yaml$).*$", "", b,
                   flags=re.M) for b in blocks]


@pytest.mark.parametrize("lang", OTHER)
@pytest.mark.parametrize("page", TRANSLATED)
def test_a_translated_page_keeps_the_english_pages_examples(lang: str, page: str) -> None:
    """The examples are tested on the English page (test_scenario_docs.py), so a translation
    carries exactly the same code, comments aside; and every error code and rule it cites."""
    import re

    from fortlang.resources import data_dir

    docs = data_dir("docs")
    english = (docs / page).read_text(encoding="utf-8")
    translated = (docs / "translations" / lang / page).read_text(encoding="utf-8")
    assert _code_blocks(translated) == _code_blocks(english)
    codes = re.compile(r"\b[EW]\d\d\d\b|\bR\d+(?:\.\d+)?\b")
    assert set(codes.findall(translated)) == set(codes.findall(english))
    assert translated.count("\n#") == english.count("\n#")  # the same sections


@pytest.mark.parametrize("lang", OTHER)
def test_hand_written_pages_come_in_the_page_language(lang: str,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    from fortlang.docsite import site

    for page in TRANSLATED:
        text = site.hand_written_page(page, lang)
        assert text is not None and ui("english_only", lang) not in text
    # a page without a translation: the English one, saying so under its title
    monkeypatch.setattr(site, "_handwritten",
                        lambda name: "# New\n\nText.\n" if name == "new.md" else None)
    assert site.hand_written_page("new.md", lang) == (
        f'# New\n\n!!! note ""\n    {ui("english_only", lang)}\n\nText.\n')
    assert site.hand_written_page("new.md", "en") == "# New\n\nText.\n"


@pytest.mark.parametrize(("lang", "words"), [("fr", ("chaîne", "entier", "objet", "booléen")),
                                             ("ru", ("строка", "целое", "объект", "логическое"))])
def test_schema_types_are_named_in_the_page_language(lang: str, words: tuple[str, ...]) -> None:
    from fortlang.docsite.site import _optional

    page = reference_page(lang, (), _optional("schemas"))
    section = page[page.index("{ #schemas }"):]
    for word in words:
        assert f"| {word} |" in section
    assert "| string |" not in section and "| integer |" not in section
