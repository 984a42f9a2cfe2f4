"""Hover: an action's canonical form and sentence (the part under the cursor, and the whole
box), a card or a rule number named in a scenario (where its game declares a place names one),
a field's meaning from the schema."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lsprotocol import types

from fortlang import nodes as n
from fortlang.lsp import markup
from fortlang.lsp.context import (
    RULE_NUMBER,
    SET,
    dsl_kind,
    game_of,
    name_kind,
    named_card,
    rule_summaries,
    vocabulary_of,
)
from fortlang.lsp.dsl import Text, innermost
from fortlang.lsp.schema_help import field_description
from fortlang.lsp.source import Source
from fortlang.lsp.spot import spot_at
from fortlang.printer import to_text
from fortlang.registry import OPERATORS, Vocabulary
from fortlang.scenario.rules import NamePlace

if TYPE_CHECKING:
    from fortlang.model import Card
    from fortlang.scenario.rules import ScenarioRules

#: The operator declaration behind each composite node (its rule number for the hover).
_OPERATOR_OF = {n.Repeat: "x", n.Then: "then", n.Choice: "or"}


def hover(src: Source, pos: types.Position, lang: str) -> types.Hover | None:
    line, column = src.char_position(pos)
    spot = spot_at(src.doc, line, column)
    if spot is None or spot.node is None:
        return None
    if spot.is_key:
        about = field_description(src, spot.path, lang)
        return _reply(src, spot.node, about) if about else None
    kind = dsl_kind(src.kind, spot.path, doc=src.doc)
    if kind is not None and isinstance(spot.node.value, str):
        return _action_hover(src, Text(src.doc, spot.node, kind, vocabulary_of(src)),
                             src.doc.offset(line, column), lang)
    what = name_kind(src, spot.path)
    if what is not None and spot.node.value is not None:
        about = describe_named(src, what, str(spot.node.value), lang)
        return _reply(src, spot.node, about) if about else None
    return None


def _reply(src: Source, node: Any, value: str) -> types.Hover:
    return types.Hover(contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value=value),
                       range=src.range(node.span))


def _action_hover(src: Source, text: Text, offset: int, lang: str) -> types.Hover | None:
    ast = text.ast()
    if ast is None:
        return None  # its diagnostic says why
    part = innermost(ast, text.index(offset))
    game = game_of(src)
    lines = [explain(part, lang, text.vocab, game)]
    if part is not ast:
        lines += ["---", explain(ast, lang, text.vocab, game)]
    assert part.span is not None
    start, end = text.file_span(part.span)
    return types.Hover(contents=types.MarkupContent(kind=types.MarkupKind.Markdown,
                                                    value="\n\n".join(lines)),
                       range=src.offsets_range(start, end))


def explain(node: n.Node, lang: str, vocab: Vocabulary, game: str | None = None) -> str:
    """What ``fortlang explain`` prints, as Markdown: the canonical form and the sentence (in
    ``game``'s words; None: the default game's)."""
    from fortlang.phrasebook import sentence

    try:
        said = sentence(node, lang, game)
    except Exception:  # noqa: BLE001  # a quantity alone has no sentence in every language
        said = ""
    rule = _rule_of(node, vocab)
    head = markup.code(to_text(node)) + (f" ({rule})" if rule else "")
    return head + (f"\n\n{markup.text(said)}" if said else "")


def _rule_of(node: n.Node, vocab: Vocabulary) -> str:
    spec = vocab.primitive_by_node.get(type(node))
    if spec is not None:
        return spec.rule
    op = _OPERATOR_OF.get(type(node))
    return next((o.rule for o in OPERATORS if o.name == op), "") if op else ""


def describe_named(src: Source, what: str | NamePlace, word: str, lang: str) -> str | None:
    if what == RULE_NUMBER:  # the rule's text, in the client's language when the site has it
        text = rule_summaries(src, lang).get(word) or rule_summaries(src, "en").get(word)
        return f"**{markup.text(word)}** {markup.text(text)}" if text else None
    if what == SET:
        from fortlang.lsp.definition import find_set

        found = find_set(src, word)
        if found is None:
            return None
        return f"**{markup.text(found.name)}** {markup.code(found.id)} version " \
               f"{markup.code(found.version)}" + (f"\n\n{markup.text(found.description)}"
                                                  if found.description else "")
    assert isinstance(what, NamePlace)
    item = named_card(src, what, word)
    if item is None:
        return None
    from fortlang.scenario.games import editor_game, editor_names, editor_rules

    _, vocab = editor_names(src.doc)
    return describe(item, lang, vocab, editor_rules(src.doc), editor_game(src.doc))


def describe(item: Card, lang: str, vocab: Vocabulary, rules: ScenarioRules | None = None,
             game: str | None = None) -> str:
    """A card as Markdown: name, id, what it does (as the scenario file's game says it:
    ``ScenarioRules.describe``; else its kind and its texts in ``game``'s words), where it
    is written."""
    name = item.names.get(lang, item.name)
    says = rules.describe if rules is not None else None
    tags, out = says(item, lang, vocab) if says is not None else _generic(item, lang, vocab,
                                                                           game)
    out = [" · ".join([f"**{markup.text(name)}** {markup.code(item.id)}", *tags]), *out]
    origin = getattr(item, "origin", None)
    if origin is not None:
        out.append(f"defined in {markup.text(origin.file)}:{origin.line}")
    return "\n\n".join(x for x in out if x)


def _generic(item: Any, lang: str, vocab: Vocabulary, game: str | None
             ) -> tuple[list[str], list[str]]:
    """A card of a game that says nothing of its own: its kind, and each of its fields
    written in the game's language, explained."""
    kind = getattr(item, "kind", "")
    texts = getattr(item, "texts", None) or {}
    return ([markup.text(kind)] if kind else []), [
        f"{markup.text(field)}: " + explain(node, lang, vocab, game).replace("\n\n", " — ")
        for field, node in texts.items()]
