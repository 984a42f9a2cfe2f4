"""Fort's language reference (its ``GameDocs.reference``, which the docs site writes as
``reference.md``): the core's sections over Fort's words and the sets' plugins' (every
primitive, quantity, operator and selector with its rule number, meaning, example, canonical
form and readings: :mod:`fortlang.docsite.reference`), then Fort's own: its resources (R1.4)
and its scoring sub-language with the sets' made-up rules as examples (R14), the grammar, the
card-file format and its schemas.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from fortlang import registry as reg
from fortlang.docsite import lexicon as lx
from fortlang.docsite import markdown as md
from fortlang.docsite import safe
from fortlang.docsite.icons import RESOURCES
from fortlang.docsite.langref import language_section
from fortlang.docsite.meanings import meaning
from fortlang.docsite.reference import (
    ICONS,
    operators,
    primitives,
    quantities,
    schemas,
    selectors,
)
from fortlang.games.fort.docs import DOCS
from fortlang.games.fort.model import rules_of
from fortlang.games.fort.phrasebook import rule_text
from fortlang.model import CardSet
from fortlang.parser import parse_action, parse_scoring
from fortlang.printer import to_text


def resources(lang: str) -> str:
    rows = []
    fort = reg.default_vocabulary()
    for w in fort.resources:
        icon = RESOURCES[fort.resource_word[w.build()]]
        example = f"gain 2 {w.word}"
        rows.append((md.icon(f"{ICONS}/{icon.name}.svg", w.word), f"`{w.word}`",
                     lx.rule_label(w.rule, lang),
                     meaning("resource", w.word, lang, DOCS), md.inline(example),
                     lx.sentence(parse_action(example), lang)))
    header = [lx.ui(k, lang) for k in ("icon", "word", "rule", "meaning", "example", "renders")]
    return md.heading(2, lx.ui("resources", lang), "resources") + "\n" + md.table(header, rows)


def scoring(lang: str, sets: Iterable[CardSet]) -> str:
    out = [md.heading(2, lx.ui("scoring", lang), "scoring"),
           md.heading(3, lx.ui("metrics", lang)),
           md.table([lx.ui(k, lang) for k in ("word", "rule", "meaning", "renders")],
                    [(md.inline(w.word, md.SCORING_LEXER), lx.rule_label(w.rule, lang),
                      meaning("metric", w.word, lang, DOCS),
                      lx.sentence(parse_scoring(w.word), lang))
                     for w in reg.default_vocabulary().metrics]),
           md.table([lx.ui("operators", lang), lx.ui("syntax", lang)], [
               (lx.ui("arithmetic", lang), " ".join(f"`{o}`" for o in reg.ARITH_OPS)),
               (lx.ui("comparison", lang), " ".join(f"`{o}`" for o in reg.COMPARE_OPS)),
               (lx.ui("conditional", lang), "`VALUE if TEST else OTHERWISE`"),
               (lx.term("rival", lang), "`rival METRIC`"),
           ])]
    for card_set in sets:
        for rule in rules_of(card_set):
            out += [md.heading(3, safe.markdown(rule.names.get(lang, rule.name)),
                                f"{card_set.id}-{rule.id}"),
                    md.code(to_text(rule.score), md.SCORING_LEXER),
                    md.table([lx.ui("language", lang), lx.ui("renders", lang)],
                             [(lx.LANGUAGE_NAMES[x], rule_text(rule, x))
                              for x in lx.LANGUAGES])]
    return "\n".join(out)


def _vocabulary(sets: Iterable[CardSet]) -> reg.Vocabulary:
    """Fort's words and those of every plugin the sets use (the sets loaded, so they load)."""
    from fortlang.plugins import vocabulary

    return vocabulary(name for s in sets for name in s.manifest.uses)


def schema_folder() -> Path | None:
    """The JSON Schemas of Fort's card files (``schemas/``, shipped with fortlang), or None
    where they are not there."""
    from fortlang.resources import data_dir

    try:
        return data_dir("schemas")
    except FileNotFoundError:
        return None


def reference_page(lang: str, sets: Iterable[CardSet] = (), schema_dir: Path | None = None,
                   card_format: bool = False, error_codes: bool = False) -> str:
    """``card_format``, ``error_codes``: the site has those pages, so the reference links them;
    ``schema_dir``: the card files' schemas it lists (its site's: :func:`schema_folder`).
    Its strips and words' pictures are Fort's own (``DOCS``)."""
    sets = tuple(sets)
    vocab = _vocabulary(sets)
    parts = [md.heading(1, lx.ui("reference", lang)), primitives(lang, vocab, DOCS),
             resources(lang), quantities(lang, vocab, DOCS), operators(lang, DOCS),
             selectors(lang, vocab, DOCS),
             scoring(lang, sets),
             language_section(lang, vocab, error_codes)]
    if card_format:
        parts.append(md.heading(2, lx.ui("card_format", lang), "card-format")
                     + f"\n[{lx.ui('card_format', lang)}](card-format.md)\n")
    parts.append(schemas(lang, schema_dir))
    return "\n\n".join(p for p in parts if p) + "\n"
