"""What each word of the registry means, in the language of the page that explains it.

Every word says what it means in its own declaration (:mod:`fortlang.registry`): English is its
``meaning``, French and Russian its ``meanings``, in the rulebooks' terms (FORT-RULES.md
glossary); Fort's words as another vocabulary's. Only a suit's quantity and metric are said
from a template over the suit's name, which Fort's module declares (``GameModule.docs``:
fortlang.games.fort.docs.meanings): the page passes the pictures and words of the game it
documents (``docs``), never the default game's.
A test checks that every registry entry has both, so a new primitive, quantity, operator or
metric cannot reach the French or Russian reference without being explained there.

>>> meaning("primitive", "lookout", "fr")
'Ajoutez une carte de votre main à votre Observatoire.'
>>> from fortlang.docsite.gamedocs import GameDocs
>>> shovel = GameDocs(meaning=lambda kind, word, lang: f"every {word} ({kind}, {lang})")
>>> meaning("quantity", "shovel", "ru", shovel)
'every shovel (quantity, ru)'
"""

from __future__ import annotations

from functools import cache

from fortlang import registry as reg
from fortlang.docsite.gamedocs import NONE, GameDocs


@cache
def _declared() -> dict[str, dict[str, reg.WordSpec | reg.OperatorSpec | reg.PrimitiveSpec]]:
    """Every word the reference explains, by kind and key: its declaration (the default
    game's words, the core's operators)."""
    fort = reg.default_vocabulary()
    return {
        "primitive": {p.name: p for p in fort.primitives},
        "resource": {w.word: w for w in fort.resources},
        "quantity": {w.word: w for w in fort.quantities},
        "operator": {o.name: o for o in fort.operators},
        "metric": {w.word: w for w in fort.metrics},
    }


def meaning(kind: str, key: str, lang: str, docs: GameDocs = NONE) -> str:
    """The meaning of registry entry ``key`` (a primitive's name, a word...) in ``lang``: its
    declaration's (``meaning``, ``meanings``), else what the game being documented says of it
    (``docs``: Fort's suits' template)."""
    spec = _declared()[kind][key]
    if lang == "en":
        return spec.meaning
    if lang in spec.meanings:
        return spec.meanings[lang]
    said = docs.said(kind, key, lang)  # Fort's suits' template (GameModule.docs)
    if said is not None:
        return said
    raise KeyError(f"no {lang} meaning for the {kind} {key!r}: declare it (its `meanings`)")


def primitive_meaning(spec: reg.PrimitiveSpec, lang: str) -> str:
    """What a primitive does, in ``lang``: from its declaration (``meaning``, ``meanings``),
    whichever vocabulary declares it, Fort's included."""
    if lang == "en":
        return spec.meaning
    if lang in spec.meanings:
        return spec.meanings[lang]
    raise KeyError(f"primitive {spec.name!r} declares no {lang} meaning "
                   "(PrimitiveSpec.meanings)")


def entries() -> list[tuple[str, str]]:
    """Every (kind, key) of the registry that the reference explains."""
    return [(kind, key) for kind, table in _declared().items() for key in table]
