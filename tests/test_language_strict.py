"""Grammar hygiene (issue 18 item 5): Lark resolves shift/reduce conflicts silently unless
asked to be strict; the composed grammar of Fort, and of Fort with a plugin's words, builds
with ``strict=True`` (no conflict, no terminal collision)."""

from __future__ import annotations

from dataclasses import dataclass

from lark import Lark

from fortlang import nodes as n
from fortlang import registry
from fortlang.games.fort import nodes as fn
from fortlang.games.fort import vocabulary as fort_words
from fortlang.parser import compose_grammar


@dataclass(frozen=True, slots=True)
class Stash(n.Action):
    amount: int = 1
    resource: fn.Resource = fn.Resource.EITHER


def _strict(grammar: str) -> Lark:
    return Lark(grammar, parser="lalr", start=["action", "scoring"], strict=True)


def test_forts_grammar_has_no_conflict() -> None:
    _strict(compose_grammar(fort_words.FORT))


def test_a_grammar_extended_by_a_plugin_has_no_conflict() -> None:
    stash = registry.PrimitiveSpec("stash", Stash, "stash [N] RES", "T1", "Stash N tokens.",
                                   "stash 2 toy")
    _strict(compose_grammar(fort_words.FORT.extended("fort+stash", primitives=(stash,))))
