"""Text -> typed AST, through Lark's LALR parser (STYLE #4).

The AST is built *during* the parse: the builder below is handed to Lark as its internal
transformer, so each reduction calls a builder method directly and no parse tree is made. That is
faster than parse-then-transform, and it needs no recursion, so 100,000 nested parentheses are as
safe as one pair. Spans come from the tokens each reduction sees.

Every failure leaves as a :class:`FortSyntaxError` with a position, plain-word expectations and a
did-you-mean; no lark exception crosses this module's boundary.
"""

from __future__ import annotations

import re
import unicodedata
from copy import copy
from dataclasses import MISSING, fields, replace
from functools import cache, partial
from operator import itemgetter
from typing import Any

from lark import Lark, Token, Transformer
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken
from lark.lexer import LexerThread

from fortlang import nodes as n
from fortlang import parse_hints, vocabulary
from fortlang import registry as reg
from fortlang.errors import (
    ERROR,
    Diagnostic,
    FortError,
    FortSyntaxError,
    did_you_mean,
    line_starts,
)
from fortlang.parser_cache import cache_file, private_umask
from fortlang.resources import grammar_path

START_ACTION = "action"
START_SCORING = "scoring"


# Lark types token positions as Optional; tokens from its lexer always have them.


def _span(item: Token | n.Node) -> n.Span:
    if isinstance(item, Token):
        return n.Span(item.line, item.column, item.end_line, item.end_column,  # type: ignore[arg-type]
                      item.start_pos, item.end_pos)  # type: ignore[arg-type]
    assert item.span is not None
    return item.span


#: ``Span`` from a tuple of its six values, in C: the named tuple's own ``__new__`` is a Python
#: function, and the parser makes a span for every node.
_new_span = partial(tuple.__new__, n.Span)


def _span_of(items: list[Any]) -> n.Span:
    """One span from the first item to the last (the hot path: no intermediate spans)."""
    first, last = items[0], items[-1]
    if type(first) is Token:
        if type(last) is Token:
            return _new_span((first.line, first.column, last.end_line, last.end_column,
                              first.start_pos, last.end_pos))  # type: ignore[no-any-return]
        ls = last.span
        return _new_span((first.line, first.column, ls[2], ls[3], first.start_pos,
                          ls[5]))  # type: ignore[no-any-return]
    fs = first.span
    if type(last) is Token:
        return _new_span((fs[0], fs[1], last.end_line, last.end_column, fs[4],
                          last.end_pos))  # type: ignore[no-any-return]
    ls = last.span
    return _new_span((fs[0], fs[1], ls[2], ls[3], fs[4], ls[5]))  # type: ignore[no-any-return]


def _short(word: str, most: int = 40) -> str:
    """A word as a message quotes it: a megabyte of letters is one word, not one message."""
    return word if len(word) <= most else word[: most - 1] + "…"


def _unknown(kind: str, token: Token, words: list[str]) -> FortSyntaxError:
    return FortSyntaxError(Diagnostic(ERROR, "E101", f"unknown {kind} `{_short(str(token))}`",
                                      _span(token),
                                      hint=did_you_mean(str(token), words)))


def _int(tok: Token) -> int:
    """A number token's value; more digits than any card needs is an error, not a huge int."""
    if len(tok) > _MAX_DIGITS:
        raise FortSyntaxError(Diagnostic(
            ERROR, "E200", f"number `{str(tok)[:12]}…` is too large", _span(tok),
            hint=f"numbers have at most {_MAX_DIGITS} digits"))
    return int(tok)


_MAX_DIGITS = 6


def _any_children(build: Any) -> Any:
    """Marks a builder that reads its children by position from either end, so it may be
    given the filtered tokens too (see _direct_callbacks)."""
    build.any_children = True
    return build


def _chain(cls: type[n.Then] | type[n.Choice], c: list[Any]) -> n.Action:
    """``left then right`` (or ``or``), the grammar's rules being left-recursive: the chain on
    the left was made by this very parse and is not shared yet, so it grows in place, as the
    constructor would flatten it (``then`` and ``or`` are associative).

    While it grows, its ``items`` is a list, appended to in place (a new tuple per item would
    copy the chain at every step: quadratic in its length); :func:`_done` makes it the tuple
    once, where the chain is put into another node or the parse ends. Only a chain at the top
    of the parser's stack is ever growing."""
    left, right = c[0], c[-1]
    if type(left) is not cls:  # a new chain, flat already: made as its constructor would
        chain = object.__new__(cls)
        items = [_done(left), *right.items] if type(right) is cls else [_done(left),
                                                                           _done(right)]
        _SET(chain, "items", items)
        _SET(chain, "span", _span_of(c))
        n._set_depth(chain, *items)
        return _deep(chain)  # type: ignore[return-value]
    grown: Any = left.items  # a list while the chain grows
    if type(grown) is not list:  # a chain already put away (never in this grammar): reopened
        grown = list(grown)
        _SET(left, "items", grown)
    if type(right) is cls:
        grown.extend(right.items)
        depth = right._depth
    else:
        grown.append(_done(right))
        depth = 1 + right._depth
    if depth > left._depth:
        _SET(left, "_depth", depth)
    _SET(left, "span", _span_of(c))
    return _deep(left) if depth > reg.MAX_DEPTH else left  # type: ignore[return-value]


def _done(node: Any) -> Any:
    """``node`` as it is put into another: a chain still growing gets its tuple of items."""
    if type(node) in _CHAINS and type(node.items) is list:
        _SET(node, "items", tuple(node.items))
    return node


_CHAINS = (n.Then, n.Choice)


_SET = object.__setattr__
_new = object.__new__
#: Repeat's fields are the ones the parser's fast path sets (else it calls the constructor).
_FAST_REPEAT = {f.name for f in fields(n.Repeat)} == {"span", "body", "count", "_depth"} and \
    n.Repeat.__post_init__.__code__.co_names == ("_set_depth", "body", "count")


def _leaf_parts(node: Any) -> tuple[type, tuple[tuple[str, Any], ...]] | None:
    """(class, field values but the span) of a node that setting its slots remakes, or None."""
    cls = type(node)
    if not isinstance(node, n.Node) or isinstance(node, n._Composite) \
            or hasattr(cls, "__post_init__"):
        return None
    return cls, tuple((f.name, getattr(node, f.name)) for f in fields(node) if f.name != "span")


def _deep(node: n.Node) -> n.Node:
    if node.depth > reg.MAX_DEPTH:
        raise FortSyntaxError(Diagnostic(
            ERROR, "E102", f"actions nest at most {reg.MAX_DEPTH} deep", node.span,
            hint="split the action, or drop operators that repeat the same thing"))
    return node


class _Builder(Transformer):
    """Reduction callbacks: one per grammar rule, primitives generated from the vocabulary."""

    def __init__(self, vocab: reg.Vocabulary) -> None:
        super().__init__()
        self.quantities = vocab.quantity_by_word
        #: A quantity word's node, when it is a plain leaf (no __post_init__): its class and
        #: field values, for the builder to set on a new node, without the constructor's call.
        self.quantity_leaves = {word: leaf for word, spec in self.quantities.items()
                                if (leaf := _leaf_parts(spec.build(span=None))) is not None}
        self.resources = {w.word: w for w in vocab.resources}
        #: The value each resource word stands for, made once (an enum member read through
        #: its class costs more than the dict).
        self.resource_values = {w.word: w.build() for w in vocab.resources}
        self.metrics = {w.word: w for w in vocab.metrics}
        #: A selector's words -> what ``Target.who`` holds for it.
        self.selectors = {s.words: s.node_value for s in vocab.selectors}

    # -- actions --
    # `_` names: never a rule's (a primitive named `resource` would replace the method)
    def _resource(self, tok: Token) -> Any:
        # the token's plain text: a Token key would call Token.__eq__ in the lookup
        word = tok.value
        value = self.resource_values.get(word)
        if value is None:  # whitespace is free around the slash: `pizza / toy`
            value = self.resource_values.get("".join(word.split()))
        if value is None:
            raise _unknown("resource", tok, list(self.resources))
        return value

    def quantity(self, c: list[Token]) -> n.Quantity:
        tok = c[0]
        span: n.Span = _new_span((tok.line, tok.column, tok.end_line, tok.end_column,
                                  tok.start_pos, tok.end_pos))
        if tok.type == "AMOUNT":
            return n.Fixed(_int(tok), span=span)
        leaf = self.quantity_leaves.get(tok.value)  # a Token key would call Token.__eq__
        if leaf is not None:
            cls, values = leaf
            made: n.Quantity = _new(cls)
            _SET(made, "span", span)
            for name, value in values:
                _SET(made, name, value)
            return made  # type: ignore[no-any-return]
        spec = self.quantities.get(tok.value)
        if spec is None:
            raise _unknown("suit or quantity", tok, list(self.quantities))
        return spec.build(span=span)  # type: ignore[return-value]

    # The operators' builders read their children by position from either end, so they take
    # the reduction's children with the filtered tokens (`_X`, `_THEN`, `->`) in or out: the
    # parser calls them with all of them, saving a step per node (see _direct_callbacks).

    @_any_children
    def repeat(self, c: list[Any]) -> n.Action:
        # made as Repeat(body, count, span=...) would be (its __post_init__ only sets the
        # depth), without the constructor's calls: the most common operator
        if not _FAST_REPEAT:
            return _deep(n.Repeat(_done(c[0]), c[-1], span=_span_of(c)))  # type: ignore[return-value]
        made = _new(n.Repeat)
        body, count = c[0], c[-1]
        bs, cs = body.span, count.span  # _span_of inlined: both ends are nodes
        _SET(made, "span", _new_span((bs[0], bs[1], cs[2], cs[3], bs[4], cs[5])))
        _SET(made, "body", body)
        _SET(made, "count", count)
        # _set_depth inlined: every node reads a `_depth` (0 on a leaf, see nodes.Node)
        depth = body._depth if body._depth > count._depth else count._depth
        _SET(made, "_depth", depth + 1)
        if type(body) in _CHAINS:  # `(a then b) x 2`: the chain ends here
            _done(body)
        if depth >= reg.MAX_DEPTH:
            return _deep(made)  # type: ignore[return-value]
        return made

    @_any_children
    def sequence(self, c: list[Any]) -> n.Action:
        return _chain(n.Then, c)

    @_any_children
    def choice(self, c: list[Any]) -> n.Action:
        return _chain(n.Choice, c)

    @_any_children
    def conditional(self, c: list[Any]) -> n.Action:
        return _deep(n.Conditional(c[1], _done(c[-1]), span=_span_of(c)))  # type: ignore[return-value]

    @_any_children
    def targeted(self, c: list[Any]) -> n.Action:
        words = tuple(t.value for t in c[:-1] if type(t) is Token and t.type != "_ARROW")
        who = self.selectors.get(words)
        if who is None:  # a performer the base grammar writes (Fort's) another game lacks
            said = " ".join(words)
            raise FortSyntaxError(Diagnostic(
                ERROR, "E101", f"unknown performer `{said}`", _span_of(c[:len(words)]),
                hint=did_you_mean(said, [" ".join(w) for w in self.selectors])
                or ("write " + _word_list([f"`{' '.join(w)} ->`" for w in self.selectors])
                    if self.selectors else "this game's actions name no performer: write "
                    "the action alone (the acting player performs it)")))
        return _deep(n.Target(who, _done(c[-1]),  # type: ignore[return-value]
                              span=_span_of(c)))

    def action(self, c: list[Any]) -> n.Action:
        """The whole action (the start rule): a chain still growing gets its tuple."""
        return _done(c[0])  # type: ignore[no-any-return]

    def group(self, c: list[Any]) -> n.Node:
        _, inner, _ = c
        # The node was made by this very parse and is not shared yet, so widening its span to
        # take in the parentheses in place is safe (and spans do not take part in equality).
        object.__setattr__(inner, "span", _span_of(c))
        return inner

    # -- scoring --
    def number(self, c: list[Token]) -> n.Expr:
        return n.Number(_int(c[0]), span=_span(c[0]))

    def metric(self, c: list[Token]) -> n.Expr:
        (tok,) = c
        if str(tok) not in self.metrics:
            raise _unknown("metric", tok, list(self.metrics))
        return n.Metric(str(tok), span=_span(tok))

    def rival_best(self, c: list[Token]) -> n.Expr:
        _, tok = c
        if str(tok) not in self.metrics:
            raise _unknown("metric", tok, list(self.metrics))
        return n.RivalBest(str(tok), span=_span_of(c))

    def arith(self, c: list[Any]) -> n.Node:
        left, op, right = c
        return _deep(n.Arith(str(op), left, right, span=_span_of(c)))

    def comparison(self, c: list[Any]) -> n.Node:
        left, op, right = c
        return _deep(n.Compare(str(op), left, right, span=_span_of(c)))

    def if_else(self, c: list[Any]) -> n.Node:
        value, _if, test, *rest = c
        otherwise = rest[1] if rest else None
        return _deep(n.IfElse(value, test, otherwise, span=_span_of(c)))


def _reader(kind: vocabulary.ArgKind, builder: _Builder) -> Any:
    """How a primitive's argument of ``kind`` is read from its token, in ``builder``: Fort's
    amounts, cost modifiers and resources as they always were (the same calls, the same
    errors), any other kind through its declaration (an unknown word E101, a number out of
    range E200, at the argument)."""
    if kind.checked_later and kind.parse is int:
        return _int
    fort = reg.default_words()  # None where the default game is not installed
    if fort is not None and kind is fort.kind_by_token.get("RES"):
        return builder._resource

    def read(tok: Token) -> Any:
        try:
            return kind.read(tok.value)
        except vocabulary.BadArgument as e:
            raise FortSyntaxError(Diagnostic(ERROR, e.code, e.message.split("\n")[0],
                                             _span(tok), hint=e.hint)) from None

    return read


def _argument_kinds(spec: reg.PrimitiveSpec) -> dict[str, vocabulary.ArgKind]:
    """The primitive's argument terminals -> their kinds (one terminal per argument)."""
    return {a.kind.terminal: a.kind for a in reg.arguments_of(spec.node)}


def _primitive_builder(spec: reg.PrimitiveSpec, keywords: frozenset[str]) -> Any:
    node = spec.node
    kinds = _argument_kinds(spec)

    def build(self: _Builder, c: list[Token]) -> n.Action:
        """Any expansion of the primitive's rule, through the node's constructor."""
        kw = {kinds[tok.type].field: _reader(kinds[tok.type], self)(tok) for tok in c
              if tok.type in kinds}
        return node(**kw, span=_span_of(c))  # type: ignore[no-any-return]

    # The fields after the span, with the defaults the constructor gives them: when every one
    # has a plain default and nothing runs after __init__, a rule's builder sets the slots
    # itself (the constructor's keyword dict and frame cost more than the node).
    rest = [f for f in fields(node) if f.name != "span"]
    if not hasattr(node, "__post_init__") and all(
            f.init and f.default is not MISSING for f in rest):
        defaults = tuple((f.name, f.default) for f in rest)
        build.for_rule = partial(_rule_builder, node, defaults,  # type: ignore[attr-defined]
                                 kinds)
    build.__name__ = spec.name
    return build


def _rule_builder(node: type[n.Action], defaults: tuple[tuple[str, Any], ...],
                  kinds: dict[str, vocabulary.ArgKind], builder: _Builder,
                  terminals: list[str]) -> Any:
    """The builder of one expansion of a primitive's rule (`GAIN AMOUNT RESOURCE`): where each
    argument stands is known, so no token is dispatched on its type, and the node's slots are
    set as its constructor would set them (an argument left out keeps its default)."""
    given = tuple((i, kinds[t].field, _reader(kinds[t], builder))
                  for i, t in enumerate(terminals) if t in kinds)
    named = {name for _, name, _ in given}
    unset = tuple((name, value) for name, value in defaults if name not in named)

    def make(c: list[Token]) -> n.Action:
        made = _new(node)
        first, last = c[0], c[-1]  # all tokens: the span from the first to the last
        _SET(made, "span", _new_span((first.line, first.column, last.end_line, last.end_column,
                                      first.start_pos, last.end_pos)))
        for name, value in unset:
            _SET(made, name, value)
        for i, name, convert in given:
            _SET(made, name, convert(c[i]))
        return made  # type: ignore[no-any-return]

    return make


def _direct_callbacks(parser: Lark) -> None:
    """Call the builder straight from each reduction. Lark wraps every callback in the
    transformer's path in small Python objects: one that returns the only child of a `?rule`,
    one that drops filtered tokens (`_THEN`, `_X`), which cost more than the AST nodes
    themselves. The same work done once per rule: a `?rule` with one child kept is a C
    ``itemgetter``, a rule that drops tokens picks its kept children by index and calls the
    builder. What Lark would build is unchanged (a rule Lark shapes otherwise, inlined
    `_rule` children or placeholders, keeps Lark's callback), so the AST and every
    diagnostic are the same; only the calls in between go."""
    callbacks = getattr(getattr(getattr(parser.parser, "parser", None), "parser", None),
                        "callbacks", None)
    transformer = parser.options.transformer
    if not isinstance(callbacks, dict) or transformer is None:
        return  # another Lark inside: its own callbacks work, only slower
    for rule in list(callbacks):
        expansion = rule.expansion
        if any(not sym.is_term and sym.name.startswith("_") for sym in expansion) \
                or rule.options.keep_all_tokens or rule.options.empty_indices:
            continue
        kept = [i for i, sym in enumerate(expansion) if not (sym.is_term and sym.filter_out)]
        name = rule.alias or rule.options.template_source or rule.origin.name
        build = getattr(transformer, name, None)
        if rule.options.expand1 and not rule.alias and len(kept) == 1:
            callbacks[rule] = itemgetter(kept[0])  # `?rule` with one child: that child
        elif build is None:
            continue
        elif len(kept) == len(expansion) and hasattr(build, "for_rule"):
            callbacks[rule] = build.for_rule(transformer, [sym.name for sym in expansion])
        elif len(kept) == len(expansion) or getattr(build, "any_children", False):
            callbacks[rule] = build
        else:
            callbacks[rule] = _picking(build, tuple(kept))


def _lalr_parse(parser: Lark) -> Any:
    """``parse(text, start)`` straight into Lark's LALR parser over its contextual lexer:
    what Lark's front end does for a text, without the checks that hold for every text of
    this parser (the lexer type, the start symbol, a plugin's lexer thread: an options lookup
    that costs more than a small action's AST). Lark's own lexer and parser do all the work,
    so every result and error is theirs. Any other set-up keeps the front end."""
    frontend = parser.parser
    # LALR_Parser.parse adds only error recovery (on_error), which we never pass: its inner
    # parser is called directly
    lalr: Any = getattr(getattr(frontend, "parser", None), "parser", None)
    lexer = getattr(frontend, "lexer", None)
    if lexer is None or getattr(frontend, "skip_lexer", True) or not hasattr(lalr, "parse") \
            or parser.options._plugins.get("LexerThread") or parser.options.postlex:
        return frontend.parse
    starts = frozenset(frontend.parser_conf.start)
    from_text = LexerThread.from_text

    def parse(text: str, start: str) -> Any:
        if start not in starts:  # the front end's own ConfigurationError
            return frontend.parse(text, start=start)
        return lalr.parse(from_text(lexer, text), start)

    return parse


def _picking(build: Any, kept: tuple[int, ...]) -> Any:
    """``build`` over the children at ``kept`` (the rest are filtered tokens)."""
    if len(kept) == 1:
        (i,) = kept
        return lambda c: build([c[i]])
    pick = itemgetter(*kept)
    return lambda c: build(pick(c))


#: `GAIN: /gain\b/`, `RIVAL.2: /rival\b/`: a terminal's name at the start of a grammar line.
_TERMINAL = re.compile(r"^(_?[A-Z][A-Z0-9_]*)(?:\.\d+)?\s*:", re.MULTILINE)


def compose_grammar(vocab: reg.Vocabulary) -> str:
    """The grammar of ``vocab``: the shipped base (operators, quantities, scoring) plus, for
    each primitive, the rule its declared syntax gives and its keywords' terminals."""
    base = grammar_path().read_text(encoding="utf-8")
    defined = set(_TERMINAL.findall(base))
    lines = ["", f"// ---- generated from the {vocab.name} vocabulary's primitives ----",
             "?primitive: " + " | ".join(p.name for p in vocab.primitives)]
    kinds = vocab.kind_by_token
    lines += [f"{p.grammar_rule(kinds):<42} // {p.rule}" for p in vocab.primitives]
    words = dict.fromkeys(w for p in vocab.primitives for w in p.keywords)
    extra = [s for s in vocab.selectors if selector_rule(s) not in _base_selectors(base)]
    if extra:  # the base grammar writes Fort's own (`EACH RIVAL _ARROW step -> targeted`)
        lines.append("%extend step: " + "\n    | ".join(selector_rule(s) for s in extra))
        words.update(dict.fromkeys(w for s in extra for w in s.words))
    lines += [f"{keyword_terminal(w)}: /{w}\\b/" for w in words
              if keyword_terminal(w) not in defined]
    # the terminals of the argument kinds the base does not define; each one's words in a
    # comment, so the parser cache's key (the grammar text) changes with its declaration
    for kind in used_kinds(vocab).values():
        if kind.terminal not in defined:
            listed = " ".join(w.word for w in kind.all_words)
            lines += [f"// {kind.token}: {listed}" if listed else f"// {kind.token}",
                      f"{kind.terminal}: /{kind.regex().replace('/', chr(92) + '/')}/"]
    return base + "\n".join(lines) + "\n"


def keyword_terminal(word: str) -> str:
    """The terminal of a keyword: ``a`` is ``AN`` (see :func:`keyword_text`)."""
    return "AN" if word == "a" else word.upper()


def selector_rule(selector: vocabulary.Selector) -> str:
    """The expansion of ``step`` a selector gives: ``NEXT PLAYER _ARROW step -> targeted``."""
    return " ".join(keyword_terminal(w) for w in selector.words) + " _ARROW step -> targeted"


#: An expansion of ``step`` the base grammar writes for a selector.
_BASE_SELECTOR = re.compile(r"^\s*\|\s*((?:[A-Z]+ )+_ARROW step)\s+-> targeted", re.MULTILINE)


def _base_selectors(base: str) -> set[str]:
    return {" ".join(m.split()) + " -> targeted" for m in _BASE_SELECTOR.findall(base)}


def used_kinds(vocab: reg.Vocabulary) -> dict[str, vocabulary.ArgKind]:
    """The argument kinds ``vocab``'s primitives take, by terminal, in order."""
    return {a.kind.terminal: a.kind for p in vocab.primitives for a in reg.arguments_of(p.node)}


class Language:
    """The parser of one vocabulary: its composed grammar, its LALR tables (built once), and
    the word lists its error messages use."""

    def __init__(self, vocab: reg.Vocabulary) -> None:
        self.vocab = vocab
        self.grammar = compose_grammar(vocab)
        #: The keyword terminals: the words of each primitive's syntax, `if`/`else`, and the
        #: words naming who performs an action (`each rival ->`).
        self.keywords = frozenset({w.upper() for p in vocab.primitives for w in p.keywords}
                                  | {"IF", "ELSE", "EACH", "AN", "PLAYER"}
                                  | {keyword_terminal(w) for s in vocab.selectors
                                     for w in s.words if w != "rival"})
        #: The words an action can start with: each primitive's first.
        self.action_starts = frozenset(p.keywords[0].upper() for p in vocab.primitives)
        self.resources = [w.word for w in vocab.resources]
        self.quantities = [w.word for w in vocab.quantities]
        self.metrics = [w.word for w in vocab.metrics]
        #: The argument kinds its primitives take, by terminal (Fort's: AMOUNT, RESOURCE,
        #: MODIFIER): their words and plain-word descriptions for messages and completion.
        self.kinds = used_kinds(vocab)
        builder = type(f"Builder_{vocab.name}", (_Builder,), {
            p.name: _primitive_builder(p, self.keywords) for p in vocab.primitives})
        # Never Lark's cache=True: a pickle in the shared temp folder (see fortlang.parser_cache).
        cached = cache_file(self.grammar)
        with private_umask():  # Lark writes the cache file: 0600, never group-writable
            self.lark = Lark(self.grammar, parser="lalr", start=[START_ACTION, START_SCORING],
                             transformer=builder(vocab),
                             cache=cached if cached is not None else False)
        _direct_callbacks(self.lark)
        self._parse = _lalr_parse(self.lark)

    def parse(self, text: str, start: str, filename: str) -> n.Node:
        if "\r" in text:  # a lone CR ends a line, as in YAML and editors; lark counts LF
            text = _LONE_CR.sub("\n", text)  # (same offsets)
        try:
            return self._parse(text, start)  # type: ignore[no-any-return]
        except (FortError, UnexpectedInput) as e:
            found = self._diagnose(e, text, start, filename)
        raise FortSyntaxError(self._all_errors(found, text, start, filename), text)

    def _diagnose(self, e: Exception, text: str, start: str,
                  filename: str) -> list[Diagnostic]:
        if isinstance(e, FortError):
            return [replace(d, file=filename) for d in e.diagnostics]
        assert isinstance(e, UnexpectedInput)
        return [_describe(self, e, text, start, filename)]

    def _all_errors(self, found: list[Diagnostic], text: str, start: str,
                    filename: str) -> list[Diagnostic]:
        """The first error, then the errors of the rest of the text: the parse starts again
        after the next `then`/`or` past each error (the text before it blanked, so positions
        stay), at most ``_RESYNC_WORK`` characters in all; the first ``MAX_ERRORS`` are shown,
        the last with how many more there are."""
        seen = {(d.span, d.message) for d in found}
        budget = _RESYNC_WORK
        exhausted = False
        while True:
            last = found[-1].span
            after = last[5] if last is not None and last[5] is not None else None
            cut = _next_sync(text, after) if after is not None else None
            if cut is None:
                break
            rest = _resync_text(text, cut)
            if not rest.strip():
                break
            budget -= len(text) - cut
            if budget < 0:
                exhausted = True
                break
            try:
                self._parse(rest, start)
                break
            except (FortError, UnexpectedInput) as e:
                more = [d for d in self._diagnose(e, rest, start, filename)
                        if (d.span, d.message) not in seen and d.span is not None
                        and d.span[4] is not None and d.span[4] >= cut]
            if not more:
                break
            seen.update((d.span, d.message) for d in more)
            found.extend(more)
        if len(found) > MAX_ERRORS or exhausted:
            extra = len(found) - MAX_ERRORS
            shown = found[:MAX_ERRORS]
            shown[-1] = replace(shown[-1], notes=(*shown[-1].notes,
                                                  parse_hints.more_errors(max(extra, 0),
                                                                          exhausted)))
            return shown
        return found

    def parse_action(self, text: str, filename: str = "<action>") -> n.Action:
        return self.parse(text, START_ACTION, filename)  # type: ignore[return-value]

    def parse_scoring(self, text: str, filename: str = "<scoring>") -> n.Expr:
        return self.parse(text, START_SCORING, filename)  # type: ignore[return-value]

    def words(self) -> set[str]:
        """Every word the language knows, for did-you-mean."""
        return ({keyword_text(t) for t in self.keywords} | set(self.resources)
                | set(self.quantities) | set(self.metrics) | {"then", "or", "x"}
                | {w.word for k in self.kinds.values() for w in k.all_words})


#: The errors of one action shown at most; the last says how many more there are.
MAX_ERRORS = 10
#: Characters re-parsed in all to find an action's further errors (each re-parse reads the rest
#: of the text: bounded, so a megabyte of broken action costs a few parses, not thousands).
_RESYNC_WORK = 200_000
_SYNC = re.compile(r"\b(?:then|or)\b|▶")


def _next_sync(text: str, after: int) -> int | None:
    """Where the parse can start again: just past the next `then` or `or` after ``after``."""
    m = _SYNC.search(text, after)
    return None if m is None else m.end()


def _resync_text(text: str, cut: int) -> str:
    """``text`` from ``cut`` on, the part before blanked (line breaks kept, so every position
    is the same) and each `)` closing a `(` of the blanked part dropped."""
    rest = list(text[cut:])
    depth = 0
    for i, ch in enumerate(rest):
        if ch == "(":
            depth += 1
        elif ch == ")":
            if depth:
                depth -= 1
            else:
                rest[i] = " "
    return _NOT_BREAK.sub(" ", text[:cut]) + "".join(rest)


_NOT_BREAK = re.compile(r"[^\r\n]")


def language(vocab: reg.Vocabulary | None = None) -> Language:
    """The parser of ``vocab`` (the default game's by default), built once per vocabulary."""
    return _language(reg.default_vocabulary() if vocab is None else vocab)


@cache
def _language(vocab: reg.Vocabulary) -> Language:
    return Language(vocab)


def lark_rule_names() -> set[str]:
    """The grammar's rule names (for the test that the registry and the grammar agree)."""
    return {str(r.origin.name) for r in language().lark.rules}


def parse_action(text: str, filename: str = "<action>") -> n.Action:
    """Parse one card action. Raises :class:`FortSyntaxError`.

    >>> from fortlang.printer import to_text
    >>> to_text(parse_action("(recruit ▶ gain toy) × water_gun"))
    '(recruit then gain toy) x water_gun'
    """
    return language().parse(text, START_ACTION, filename)  # type: ignore[return-value]


def parse_scoring(text: str, filename: str = "<scoring>") -> n.Expr:
    """Parse the scoring expression of a made-up rule (R14). Raises :class:`FortSyntaxError`.

    >>> parse_scoring("5 if best_friends = 0").test
    Compare(op='=', left=Metric(name='best_friends'), right=Number(value=0))
    """
    return _parse(text, START_SCORING, filename)  # type: ignore[return-value]


def _parse(text: str, start: str, filename: str) -> n.Node:
    return language().parse(text, start, filename)


# -- turning lark's exceptions into plain words ------------------------------------------------

def keyword_text(terminal: str) -> str:
    """How a keyword terminal is spelled: ``AN`` is `a` (a one-letter terminal name would read
    as a typo in the grammar)."""
    return "a" if terminal == "AN" else terminal.lower()


def keywords() -> set[str]:
    """Fort's keywords: the words of each primitive's declared syntax, `if`/`else` and the words
    of `each rival ->`, `a rival ->` and `each player ->`."""
    return {keyword_text(k) for k in language().keywords}


def action_starts() -> set[str]:
    return {k.lower() for k in language().action_starts}


def _word_list(words: list[str]) -> str:
    return ", ".join(words)


def written_numbers(kind: vocabulary.ArgKind) -> list[str]:
    """The numbers an argument of a few may be written with, its default (the argument left
    out) aside: Fort's cost modifier's ``-1``, ``+1`` (R13.2, its vocabulary's kind).

    >>> written_numbers(vocabulary.ArgKind("M", "m", "M", pattern="[+-][0-9]+", parse=int,
    ...                                    lo=-1, hi=1, default=0, show=lambda v: f"{v:+d}"))
    ['-1', '+1']
    """
    if kind.lo is None or kind.hi is None:
        return []
    return [kind.text_of(v) for v in range(kind.lo, kind.hi + 1) if v != kind.default]


def _quantity_words(lang: Language) -> str:
    """What a quantity may be: each family of words named once ("a suit": its declarations'
    ``WordSpec.family``), the other words, or a number."""
    words = lang.vocab.quantities
    families = [f"a {f}" for f in dict.fromkeys(w.family for w in words if w.family)]
    others = [w.word for w in words if not w.family]
    listed = ", ".join([*families, *([_word_list(others)] if others else [])])
    return f"a quantity ({listed} or a number)"


def _terminal_words(lang: Language, start: str) -> dict[str, str]:
    modifier = lang.kinds.get("MODIFIER")
    return {
        "_X": "`x`", "_THEN": "`then`", "_OR": "`or`", "LPAR": "`(`", "RPAR": "`)`",
        "_ARROW": "`->`",
        "TIMES": "`*`", "ADDOP": "`+` or `-`",
        "CMP": "a comparison (" + _word_list(list(reg.COMPARE_OPS)) + ")",
        "AMOUNT": "a number",
        **({"MODIFIER": f"a {modifier.name} (" + _word_list(written_numbers(modifier)) + ")"}
           if modifier is not None else {}),
        "RESOURCE": "a resource (" + _word_list(lang.resources) + ")",
        "QUANTITY": _quantity_words(lang),
        "METRIC": "a metric (" + _word_list(lang.metrics) + ")",
        "$END": "the end of the " + ("action" if start == START_ACTION else "rule"),
        **{t: k.describe() for t, k in lang.kinds.items() if t not in _FORT_TERMINALS},
    }


#: The argument terminals whose plain words are Fort's own (above), not their kinds'.
_FORT_TERMINALS = frozenset({"AMOUNT", "MODIFIER", "RESOURCE"})


def _expected(lang: Language, expected: set[str], start: str) -> tuple[str, list[str]]:
    """(the expected tokens in plain words, the spellings a misspelled word may have meant)."""
    words = _terminal_words(lang, start)
    parts: list[str] = []
    spellings: list[str] = []
    exp = set(expected)
    if lang.action_starts <= exp:
        exp -= lang.action_starts
        starts = sorted(t.lower() for t in lang.action_starts)
        parts.append("an action (" + _word_list(starts) + ")")
        spellings += starts
    if "QUANTITY" in exp:  # a quantity may already be a number
        exp.discard("AMOUNT")
    for t in sorted(exp):
        if t in lang.keywords:
            parts.append(f"`{keyword_text(t)}`")
            spellings.append(keyword_text(t))
        elif t in words:
            parts.append(words[t])
            spellings += {"RESOURCE": lang.resources, "QUANTITY": lang.quantities,
                          "METRIC": lang.metrics}.get(t, [])
            if t in lang.kinds and t not in _FORT_TERMINALS:
                spellings += [w.word for w in lang.kinds[t].all_words]
    if not parts:
        return "", spellings
    text = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " or " + parts[-1]
    return text, spellings


_RUN = re.compile(r"[^\s()]+")
_LONE_CR = re.compile(r"\r(?!\n)")


def _position(text: str, pos: int) -> tuple[int, int]:
    """The 1-based (line, column) of an offset, with the line breaks diagnostics count."""
    starts = line_starts(text[:pos])
    return len(starts), pos - starts[-1] + 1


def _end_span(text: str) -> n.Span:
    body = text.rstrip()
    line, col = _position(body, len(body))
    return n.Span(line, col, line, col + 1, len(body), len(body))


def _accepted(e: UnexpectedInput) -> set[str] | None:
    """The terminals the parser would really take where it failed (LALR's merged look-aheads
    make lark's own ``expected`` list too wide: a `)` with no `(` open), or None."""
    ip = getattr(e, "interactive_parser", None)
    if ip is None:
        return None
    try:
        found = set(ip.accepts())
        probe = ip.copy(deepcopy_values=False)
        conf = copy(probe.parser_state.parse_conf)
        conf.callbacks = {}  # a probe builds nothing
        probe.parser_state.parse_conf = conf
        try:
            probe.parser_state.feed_token(Token("$END", ""), True)
            found.add("$END")
        except UnexpectedInput:
            pass
    except Exception:  # lark internals: fall back on lark's own list
        return None
    return found or {"$END"}  # nothing can follow: only the end


#: Characters that look like a fortlang letter or operator but are not (Unicode confusables).
_LOOKALIKES = {
    **dict(zip("аеорсухіјѕԁԛԝАВЕКМНОРСТХ", "aeopcyxijsdqwABEKMHOPCTX", strict=True)),
    **dict(zip("αοιρνκτυ", "aoipvktu", strict=True)),
    "✕": "×", "✖": "×", "⨯": "×", "╳": "×",
    "►": "▶", "▸": "▶", "▷": "▶", "⯈": "▶", "➤": "▶", "→": "▶",
}


def _fold(word: str) -> str:
    """``word`` with look-alike characters replaced by the ASCII (or operator) ones."""
    word = unicodedata.normalize("NFKC", word)
    return "".join(_LOOKALIKES.get(ch, ch) for ch in word)


def _lookalike(word: str, lang: Language) -> str | None:
    """A hint for a word holding a character that only looks like the one meant."""
    odd = next((ch for ch in word if not ch.isascii() and ch not in "×▶"), None)
    if odd is None:
        return None
    shown = odd if odd.isprintable() and not odd.isspace() else repr(odd)[1:-1]
    said = f"`{shown}` is U+{ord(odd):04X} {unicodedata.name(odd, 'an unnamed character')}"
    if unicodedata.category(odd)[0] in "CZ":  # a no-break or zero-width space, a control
        return said + (", not a plain space" if _fold(odd).isspace() else ": delete it")
    folded = _fold(word)
    if len(word) > 1 and folded != word and folded in lang.words():
        return f"{said}: did you mean `{folded}`?"
    meant = _LOOKALIKES.get(odd) or _fold(odd)
    if meant != odd and (meant.isascii() or meant in "×▶"):
        return f"{said}, not `{meant}`"
    return said + "; fortlang words are plain ASCII letters"


def _odd_run(text: str, pos: int) -> tuple[int, int] | None:
    """The word around ``pos`` when it holds a non-ASCII character (a look-alike), else None."""
    stop = " \t\r\n()"
    lo = pos
    while lo > 0 and text[lo - 1] not in stop:
        lo -= 1
    hi = pos
    while hi < len(text) and text[hi] not in stop:
        hi += 1
    run = text[lo:hi]
    if not any(not ch.isascii() and ch not in "×▶" for ch in run):
        return None
    return lo, hi


def _widen(text: str, pos: int, word: str, span: n.Span) -> tuple[str, n.Span]:
    """The whole word when a look-alike letter split it (`pizzа` lexes as `pizz` + `а`)."""
    run = _odd_run(text, pos)
    if run is None or "\n" in text[run[0]:pos]:
        return word, span
    lo, hi = run
    column = span.column - (pos - lo)
    return text[lo:hi], n.Span(span.line, column, span.line, column + hi - lo, lo, hi)


def _describe(lang: Language, e: UnexpectedInput, text: str, start: str,
              filename: str) -> Diagnostic:
    what = "action" if start == START_ACTION else "rule"
    accepted = _accepted(e)
    expected, spellings = _expected(lang, accepted if accepted is not None else set(
        getattr(e, "expected", None) or getattr(e, "allowed", None) or ()), start)
    tail = f"; expected {expected}" if expected else ""
    if isinstance(e, UnexpectedEOF) or (isinstance(e, UnexpectedToken) and e.token.type == "$END"):
        if not text.strip():
            return Diagnostic(ERROR, "E100", f"empty {what}{tail}", _end_span(text), filename,
                              hint="a blank box is written as an empty YAML value, not as text")
        opened = parse_hints.unmatched_open(text) if accepted and "RPAR" in accepted else None
        if opened is not None:  # point at the `(`, not at the end of the line
            line, column = _position(text, opened)
            return Diagnostic(ERROR, "E100", parse_hints.unclosed_paren(),
                              n.Span(line, column, line, column + 1, opened, opened + 1),
                              filename, hint=parse_hints.unclosed_paren_hint())
        return Diagnostic(ERROR, "E100", f"unexpected end of the {what}{tail}", _end_span(text),
                          filename)
    if isinstance(e, UnexpectedToken):
        tok = e.token
        word = str(tok)
        span = _span(tok)
        if tok.start_pos is not None:
            word, span = _widen(text, tok.start_pos, word, span)
        if tok.type == "RPAR" and accepted is not None and "RPAR" not in accepted:
            return Diagnostic(ERROR, "E100", f"unexpected `)`{tail}", span, filename,
                              hint="no `(` is open before this `)`")
    else:
        assert isinstance(e, UnexpectedCharacters)
        pos: int = e.pos_in_stream or 0
        m = _RUN.match(text, pos)
        word = m.group() if m else text[pos : pos + 1]
        length = 1 if not word[:1].isalnum() else len(word.split("\n")[0])
        # counted here, not by lark: NEL, LS and PS end a line too (each is such a character)
        line, column = _position(text, pos)
        span = n.Span(line, column, line, column + length, pos, pos + length)
        if not word[:1].isalnum() and word[:1] != "_":
            ch = text[pos]
            shown = ch if ch.isprintable() else repr(ch)[1:-1]
            return Diagnostic(ERROR, "E100", f"unexpected character `{shown}`{tail}", span,
                              filename, hint=_lookalike(ch, lang) or _teach(
                                  lang, text, pos, ch, accepted))
        word, span = _widen(text, pos, word, span)
    hint = _lookalike(word, lang)
    if span.start != (e.pos_in_stream if isinstance(e, UnexpectedCharacters)
                      else e.token.start_pos):  # widened: the expectations were mid-word
        tail = ""
    if hint is None and span.start is not None:
        hint = _teach(lang, text, span.start, word, accepted)
    if hint is None and word[:1].isalpha():
        hint = did_you_mean(word, spellings)
    return Diagnostic(ERROR, "E100", f"unexpected `{_short(word)}`{tail}", span, filename,
                      hint=hint)


def _teach(lang: Language, text: str, pos: int, found: str,
           accepted: set[str] | None) -> str | None:
    """A hint naming the form meant (`->` for `:`, `>=` for `=>`...), or None."""
    return parse_hints.teach(parse_hints.Failure(text, pos, found, frozenset(accepted or ())),
                             lang)
