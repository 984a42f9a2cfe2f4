"""The language reference's sections, generated from the registry (R12-R14) and the JSON
Schemas: every primitive, quantity, operator and selector of a vocabulary with its rule number,
meaning, example, the example's canonical form (printer) and how it reads in each language
(phrasebook), the schemas' fields, and a game module's card kinds. A game module's reference
is :func:`game_reference_page`; a game that says more declares its own page from these
sections (``GameDocs.reference``: Fort's, with its resources and its scoring sub-language
over the sets' made-up rules, is fortlang.games.fort.docs.reference). Every section draws
and says only what the game it documents declares (``docs``, its ``GameModule.docs``): none
by default, never the default game's.
"""
from __future__ import annotations

import base64
import json
from collections.abc import Mapping
from functools import cache
from importlib.resources import files
from pathlib import Path
from typing import TYPE_CHECKING

from fortlang import registry as reg
from fortlang.docsite import lexicon as lx
from fortlang.docsite import markdown as md
from fortlang.docsite import safe
from fortlang.docsite.face import strip_svg
from fortlang.docsite.gamedocs import NONE, GameDocs, words_docs
from fortlang.docsite.icons import OPERATORS, QUANTITIES, action_icon
from fortlang.docsite.langref import language_section
from fortlang.docsite.meanings import meaning, primitive_meaning
from fortlang.parser import language
from fortlang.printer import to_text

if TYPE_CHECKING:
    from fortlang.module import GameModule

ICONS = "assets/icons"  # relative to the reference page


def _readings(text: str, lang: str, vocab: reg.Vocabulary | None = None) -> str:
    """How an example reads in every language."""
    node = language(vocab or reg.default_vocabulary()).parse_action(text)
    return md.table([lx.ui("language", lang), lx.ui("renders", lang)],
                    [(lx.LANGUAGE_NAMES[lang], lx.sentence(node, lang)) for lang in lx.LANGUAGES])


def _example(text: str, lang: str, vocab: reg.Vocabulary | None = None,
             docs: GameDocs = NONE) -> str:
    node = language(vocab or reg.default_vocabulary()).parse_action(text)
    canonical = to_text(node)
    data = base64.b64encode(strip_svg(node, docs=docs).encode()).decode()
    return (md.code(text) + f"\n{lx.label('canonical', lang)} {md.inline(canonical)}  \n"
            f"{lx.label('on_card', lang)} ![{canonical}](data:image/svg+xml;base64,{data})"
            "{ .fl-strip }\n\n" + _readings(text, lang, vocab))


def _kinds(spec: reg.PrimitiveSpec) -> list[str]:
    """A line per argument of another kind than Fort's (any kind, where Fort is not installed):
    what a card may write there (its words are letters, digits and `_/+-` only,
    fortlang.vocabulary)."""
    fort = reg.default_words()
    forts = fort.kinds if fort is not None else ()
    return [f"`{a.part}`: " + ", ".join(f"`{s}`" for s in a.kind.listing()) + "\n"
            for a in reg.arguments_of(spec.node) if a.kind not in forts]


def primitives(lang: str, vocab: reg.Vocabulary | None = None, docs: GameDocs = NONE) -> str:
    """Every primitive of ``vocab`` (Fort's by default): syntax, rule, meaning, example (its
    strip drawn with ``docs``, the documented game's pictures)."""
    vocab = vocab or reg.default_vocabulary()
    out = [md.heading(2, lx.ui("primitives", lang), "actions")]
    for spec in vocab.primitives:
        own = action_icon(spec)
        icon = md.icon(f"{ICONS}/{own.name}.svg", spec.name) + " " if own is not None else ""
        out += [md.heading(3, f"`{spec.syntax}`", spec.name),
                f"{icon}{lx.label('rule', lang)} {lx.rule_label(spec.rule, lang)}  \n"
                f"{lx.label('meaning', lang)} {primitive_meaning(spec, lang)}\n",
                *_kinds(spec), _example(spec.example, lang, vocab, docs)]
    return "\n".join(out)


def quantities(lang: str, vocab: reg.Vocabulary | None = None, docs: GameDocs = NONE) -> str:
    """Every quantity of ``vocab`` (Fort's by default): another vocabulary's with the meaning
    its declaration gives, shown by its word; a word's picture and template meaning are
    those the documented game declares (``docs``)."""
    fort = reg.default_words()
    vocab = vocab or reg.default_vocabulary()
    rows = []
    for w in vocab.quantities:
        own = fort is not None and fort.quantity_by_word.get(w.word) is w
        # Fort's own words' icons; another game's word of the same name draws none of them
        icon = (docs.icon(w.word) or QUANTITIES.get(w.word)) if own else None
        local = lx.term(w.word, lang) if w.family else ""  # a suit's name (its glossary's)
        example = w.example or f"score x {w.word}"
        rows.append((md.icon(f"{ICONS}/{icon.name}.svg", w.word, local) if icon else "",
                     f"`{w.word}`", local, lx.rule_label(w.rule, lang),
                     meaning("quantity", w.word, lang, docs) if own
                     else w.meaning if lang == "en" else w.meanings[lang],
                     md.inline(example),
                     lx.sentence(language(vocab).parse_action(example), lang)))
    header = [lx.ui(k, lang) for k in ("icon", "word", "language", "rule", "meaning", "example",
                                       "renders")]
    header[2] = lx.LANGUAGE_NAMES[lang]
    return md.heading(2, lx.ui("quantities", lang), "quantities") + "\n" + md.table(header, rows)


def operators(lang: str, docs: GameDocs = NONE) -> str:
    out = [md.heading(2, lx.ui("operators", lang), "operators")]
    for op in reg.OPERATORS:
        glyph = OPERATORS.get(op.name) or OPERATORS[op.spellings[0]]
        spellings = ", ".join(f"`{s}`" for s in op.spellings)
        out += [md.heading(3, spellings, "op-" + glyph.name),
                f"{md.icon(f'{ICONS}/{glyph.name}.svg', op.name)} "
                f"{lx.label('rule', lang)} {lx.rule_label(op.rule, lang)}  \n"
                f"{lx.label('meaning', lang)} {meaning('operator', op.name, lang, docs)}\n",
                _example(op.example, lang, docs=docs)]
    return "\n".join(out)


def selectors(lang: str, vocab: reg.Vocabulary | None = None, docs: GameDocs = NONE) -> str:
    """Who may perform an action beside Fort's own (those are operators, above): each selector
    another vocabulary brings, with the meaning and an example its declaration gives; nothing
    for Fort's own vocabulary."""
    out = []
    for sel in (vocab or reg.default_vocabulary()).selectors:
        if sel in reg.CORE_SELECTORS:
            continue
        out += [md.heading(3, f"`{sel.syntax} ->`", "sel-" + sel.name),
                f"{lx.label('rule', lang)} {lx.rule_label(sel.rule, lang)}  \n"
                f"{lx.label('meaning', lang)} {safe.markdown(sel.meaning(lang))}\n",
                _example(f"{sel.syntax} -> {sel.example}", lang, vocab, docs)]
    return "\n".join([md.heading(2, lx.ui("selectors", lang), "selectors"), *out]) if out else ""


@cache
def _schema_text() -> dict[str, dict[str, str]]:
    """The schemas' titles and descriptions in French and Russian, keyed by the English text
    (``schema_text.json``; a test checks that every one of them is there)."""
    text = files("fortlang.docsite").joinpath("schema_text.json").read_text(encoding="utf-8")
    return json.loads(text)


def schema_text(text: str, lang: str) -> str:
    """A schema's title or description in ``lang`` (the schema itself stays in English, as the
    editors that validate card files show it)."""
    return _schema_text().get(lang, {}).get(text, text)


def _kind(prop: dict, lang: str = "en") -> str:
    """A field's type in a few words: ``string``, ``integer / null``, ``array of kid``."""
    if "$ref" in prop:
        return prop["$ref"].rsplit("/", 1)[-1]
    kind = prop.get("type")
    if kind == "array":
        return lx.ui("array_of", lang).format(_kind(prop.get("items", {}), lang))
    kinds = kind if isinstance(kind, list) else [kind or ("enum" if "enum" in prop else "any")]
    return " / ".join(lx.JSON_TYPES[lang].get(k, k) for k in kinds)


def schema_section(schema: dict, lang: str, level: int = 3,
                   described: Mapping[str, str] | None = None) -> str:
    """One JSON Schema as a table of its fields (top level and each ``$defs`` entry);
    ``described``: what fields are in ``lang`` by name (a module's ``Attribute.doc``), before
    the schemas' own translations (``schema_text``)."""
    out = []
    required = set(schema.get("required", ()))
    rows = []
    for name, prop in schema.get("properties", {}).items():
        detail = (described or {}).get(name) or schema_text(prop.get("description", ""), lang)
        values = prop.get("enum") or prop.get("items", {}).get("enum")
        if values:
            detail += " (" + ", ".join(f"`{v}`" for v in values) + ")"
        rows.append((f"`{name}`", _kind(prop, lang), lx.ui("yes", lang) if name in required else "",
                     detail.strip()))
    if schema.get("description"):
        out.append(schema_text(schema["description"], lang) + "\n")
    if rows:
        out.append(md.table([lx.ui(k, lang) for k in ("field", "type", "required",
                                                      "description")], rows))
    for name, sub in schema.get("$defs", {}).items():
        out += [md.heading(level + 1, f"`{name}`"), schema_section(sub, lang, level + 1)]
    return "\n".join(out)


def schemas(lang: str, folder: Path | None) -> str:
    if folder is None or not folder.is_dir():
        return ""
    out = [md.heading(2, lx.ui("schema", lang), "schemas")]
    for path in sorted(folder.glob("*.json")):
        schema = json.loads(path.read_text(encoding="utf-8"))
        out += [md.heading(3, lx.cap(schema_text(schema.get("title", path.stem), lang))
                           + f" (`{path.name}`)"),
                schema_section(schema, lang)]
    return "\n".join(out)


def card_kinds(lang: str, game: GameModule) -> str:
    """A game module's card kinds, each as the JSON Schema its declaration derives (the one
    an editor checks its card files with): fields, types, whether required, what they are,
    said in ``lang`` where the kind's attributes declare it (``Attribute.doc``; the schema
    itself keeps the English an editor shows)."""
    out = [md.heading(2, lx.ui("schema", lang), "schemas")]
    for kind in game.cards:
        schema = kind.json_schema()
        held = schema["properties"][kind.key]  # a list of cards, or one (``single``)
        card = held if kind.single else held["items"]
        if kind.item_def:  # the card's schema is a ``$defs`` entry the key refers to
            card = schema["$defs"][kind.item_def]
        out += [md.heading(3, lx.cap(safe.markdown(kind.doc.get(lang, schema["title"])))
                           + f" (`{kind.key}.schema.json`)", f"kind-{kind.name}"),
                schema_section(card, lang, described={
                    a.name: a.doc[lang] for a in kind.all_attributes if lang in a.doc})]
    return "\n".join(out)


def game_reference_page(lang: str, game: GameModule, vocab: reg.Vocabulary,
                        error_codes: bool = False) -> str:
    """The reference of a game module's language, derived as Fort's is: every primitive of
    its vocabulary (syntax, rule, meaning, the words of its arguments' kinds, an example read
    in every language), its quantities and selectors, the grammar the vocabulary composes,
    then its card kinds' schemas. Fort's own resources, operators' examples and scoring
    sub-language are Fort's: they stay on Fort's reference. Its strips and words' pictures
    and meanings are those of ``game``'s words (:func:`fortlang.docsite.gamedocs.words_docs`:
    its own; the default game's only where it borrows that game's words)."""
    docs = words_docs(game)
    parts = [md.heading(1, lx.ui("reference", lang)), primitives(lang, vocab, docs),
             quantities(lang, vocab, docs) if vocab.quantities else "",
             selectors(lang, vocab, docs),
             language_section(lang, vocab, error_codes), card_kinds(lang, game)]
    return "\n\n".join(p for p in parts if p) + "\n"
