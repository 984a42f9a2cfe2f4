"""Completion, in context:

* inside an action or a scoring text, the words the grammar accepts at the cursor: Lark's own
  LALR parser state is asked (``accepts()`` after the text before the cursor), so after `gain`
  come amounts and resources, after `x` the quantities, after `destroy` `card`, `this` and
  `rival`; the words and their meanings come from the registry;
* in a scenario, the names of its sets' cards where its game declares a place names one (of
  the kinds declared there), the game's rule numbers where it declares a place cites one; set
  ids in `sets:` and a manifest's `requires:`;
* fields of the mapping being written, and the values the schema lists (suits, hooks...).
"""

from __future__ import annotations

import re

from lsprotocol import types

from fortlang.cardset.dsl import ACTION, SCORING
from fortlang.lsp.context import (
    RULE_NUMBER,
    SET,
    dsl_kind,
    name_kind,
    rule_summaries,
    vocabulary_of,
)
from fortlang.lsp.dsl import Text
from fortlang.lsp.schema_help import fields, values
from fortlang.lsp.source import Source
from fortlang.lsp.spot import spot_for_completion
from fortlang.registry import COMPARE_OPS, OPERATORS, Vocabulary
from fortlang.scenario.rules import NamePlace

K = types.CompletionItemKind
_WORD_END = re.compile(r"[A-Za-z0-9_/]*$")


def complete(src: Source, pos: types.Position, lang: str = "en"
             ) -> list[types.CompletionItem]:
    """What may be written at ``pos``; ``lang``: the editor's language, that of the fields'
    help (as hover's)."""
    line, column = src.char_position(pos)
    spot, doc = spot_for_completion(src.doc, line, column)
    if spot is None:
        return []
    if spot.is_key:
        return _fields(src, spot.path[:-1], spot.parent, lang)
    path = spot.path
    kind = dsl_kind(src.kind, path, doc=src.doc)
    if kind is not None and spot.node is not None \
            and (spot.node.value is None or isinstance(spot.node.value, str)):
        text = Text(doc, spot.node, kind, vocabulary_of(src))
        prefix = _prefix(text, doc.offset(line, column))
        typed = _WORD_END.search(prefix)
        size = len(typed.group()) if typed else 0
        # The word being typed is replaced whole (`pizza/` by `pizza/toy`): editors' own word
        # boundaries stop at the slash.
        where = types.Range(start=src.position(line, max(column - size, 0)),
                            end=src.position(line, column))
        items = language_items(prefix, kind, text.vocab)
        for item in items:
            item.text_edit = types.TextEdit(range=where, new_text=item.label)
        return items
    what = name_kind(src, path)
    if what is not None:
        return _names(src, what)
    if spot.node is None and spot.parent is not None and spot.parent.kind == "map":
        return _fields(src, path, spot.parent, lang)
    return [types.CompletionItem(label=v, kind=K.EnumMember) for v in values(src, path)]


def _prefix(text: Text, offset: int) -> str:
    """The value's text before the cursor (a cursor in trailing spaces: the value and a
    space)."""
    value = text.value
    offsets = text.offsets()
    if not value or offset > offsets[-1]:
        return value + (" " if value else "")
    return value[:text.index(offset)]


def _fields(src: Source, path: tuple, parent: object, lang: str = "en"
            ) -> list[types.CompletionItem]:
    present = {k.value for k, _ in getattr(parent, "value", ())} \
        if getattr(parent, "kind", "") == "map" else set()
    return [types.CompletionItem(label=name, kind=K.Field, insert_text=f"{name}: ",
                                 documentation=about or None)
            for name, about in fields(src, path, lang).items() if name not in present]


def _names(src: Source, what: str | NamePlace) -> list[types.CompletionItem]:
    if what == RULE_NUMBER:  # every numbered rule, its text beside it (in the rules' language)
        return [types.CompletionItem(label=number, kind=K.Reference, detail=text[:60],
                                     documentation=text, sort_text=f"{i:03d}")
                for i, (number, text) in enumerate(rule_summaries(src, "en").items())]
    if what == SET:
        from fortlang.lsp.definition import known_sets

        return [types.CompletionItem(label=m.id, kind=K.Module, detail=m.name)
                for m in known_sets(src)]
    assert isinstance(what, NamePlace)
    from fortlang.scenario.games import editor_names, editor_rules

    names, _ = editor_names(src.doc)
    detail = editor_rules(src.doc).detail
    by_id = what.by == "id"
    out = []
    for kind in what.kinds:
        for card in names.every(kind):
            label, other = (card.id, card.name) if by_id else (card.name, card.id)
            out.append(types.CompletionItem(
                label=label, kind=K.Value, detail=detail(card) if detail else other,
                filter_text=f"{label} {other}"))
    return out


# -- the language ---------------------------------------------------------------------------------


def accepted(text: str, kind: str, vocab: Vocabulary) -> set[str] | None:
    """The grammar's terminals that may come next after ``text`` (None: it does not parse
    that far, e.g. an unknown word)."""
    from fortlang.parser import START_ACTION, START_SCORING, language

    lark = language(vocab).lark
    try:
        ip = lark.parse_interactive(text, start=START_ACTION if kind == ACTION else START_SCORING)
        ip.exhaust_lexer()
        return set(ip.accepts())
    except Exception:  # noqa: BLE001  # lark's or the builder's error: no grammar-led list
        return None


def language_items(prefix: str, kind: str, vocab: Vocabulary) -> list[types.CompletionItem]:
    """Completions for the word being typed at the end of ``prefix``."""
    typed = _WORD_END.search(prefix)
    base = prefix[:typed.start()] if typed else prefix
    terminals = accepted(base, kind, vocab)
    if terminals is None:
        return []
    out: list[types.CompletionItem] = []
    from fortlang.parser import keyword_text, language, written_numbers

    lang = language(vocab)
    for t in sorted(terminals):
        if t in lang.keywords:
            out.extend(_keyword_items(keyword_text(t), vocab, base))
        elif t == "RESOURCE":
            out += [_word(w.word, K.EnumMember, f"resource ({w.rule})", w.meaning)
                    for w in vocab.resources]
        elif t == "QUANTITY":
            out += [_word(w.word, K.EnumMember, f"quantity ({w.rule})", w.meaning)
                    for w in vocab.quantities]
        elif t == "METRIC":
            out += [_word(w.word, K.EnumMember, f"metric ({w.rule})", w.meaning)
                    for w in vocab.metrics]
        elif t in lang.kinds and lang.kinds[t].all_words:  # another kind of words: its own
            arg = lang.kinds[t]
            out += [_word(w.word, K.EnumMember, arg.name or arg.token.lower(),
                          w.meanings.get("en", "")) for w in arg.all_words]
        elif t == "MODIFIER" and t in lang.kinds:  # Fort's cost modifier: its kind's numbers
            arg = lang.kinds[t]
            detail = f"{arg.name} ({arg.rule})" if arg.rule else arg.name
            out += [_word(m, K.Value, detail, "") for m in written_numbers(arg)]
        elif t in ("_X", "_THEN", "_OR"):
            op = next(o for o in OPERATORS if o.name == t[1:].lower())
            out.append(_word(op.name, K.Operator, f"operator ({op.rule})", op.meaning))
        elif t == "CMP" and kind == SCORING:
            out += [_word(c, K.Operator, "comparison", "") for c in COMPARE_OPS]
        elif t == "IF" or t == "ELSE" or t == "RIVAL":
            out.append(_word(t.lower(), K.Keyword, "scoring (R14)", ""))
    return out


def _keyword_items(word: str, vocab: Vocabulary, base: str) -> list[types.CompletionItem]:
    """A keyword; at the start of a primitive, each primitive it starts, written out whole."""
    out = []
    before = base.split()[-1:] or [""]
    for sel in vocab.selectors:  # who performs: `next player ->`, written out whole
        words = sel.words
        if words[0] == word:
            out.append(_word(f"{sel.syntax} ->", K.Keyword, f"selector ({sel.rule})",
                             sel.meaning()))
        elif any(w == word and words[i] == before[0] for i, w in enumerate(words[1:])):
            out.append(_word(word, K.Keyword, f"selector ({sel.rule})", sel.meaning()))
    for spec in vocab.primitives:
        words = spec.keywords
        if words[0] == word:
            out.append(_word(" ".join(words), K.Keyword, f"{spec.syntax} ({spec.rule})",
                             spec.meaning))
        elif any(w == word and words[i] == before[0] for i, w in enumerate(words[1:])):
            out.append(_word(word, K.Keyword, f"{spec.syntax} ({spec.rule})", spec.meaning))
    return list({item.label: item for item in out}.values())


def _word(label: str, kind: types.CompletionItemKind, detail: str,
          doc: str) -> types.CompletionItem:
    return types.CompletionItem(label=label, kind=kind, detail=detail,
                                documentation=doc or None)
