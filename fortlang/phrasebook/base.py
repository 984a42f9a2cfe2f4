"""The sentence structure all three phrasebooks share.

A language module supplies words: a lexicon, one handler per quantity, and the templates
gathered in :class:`ActionWords` and :class:`ExprWords` (each primitive, Fort's included, brings
its own sentence in its declaration: ``PrimitiveSpec.phrases``). This module turns those
templates into the handlers for the operators (``x``, ``then``, ``or``) and for the scoring
sub-language, so the decisions about *structure* (when a repeated body is said inline, when a
group needs brackets, which comparisons have a natural wording) are made once for every language.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, fields
from types import ModuleType
from typing import Any, Protocol

from fortlang import nodes as n
from fortlang.registry import (
    arguments_of,
    metric_of,
    quantity_spec,
    selector_of,
    spec_of,
)
from fortlang.vocabulary import Phrase

#: A handler takes a node of the one class it is registered for (so ``Any``) and says it.
Handler = Callable[[Any], str]
Say = Callable[[n.Node], str]

class Book(Protocol):
    """What each language module (``en``, ``fr``, ``ru``) provides: its own words, and, once
    :func:`adopt` gave it the games' phrasebooks, theirs (``TERMS`` and ``resource`` are a
    game's: its glossary, its resources said; any other word a game's texts ask for is its
    lexicon's, through the book's ``__getattr__``)."""

    @property
    def LANG(self) -> str: ...  # module constants, read-only here
    @property
    def TABLE(self) -> Mapping[type, Handler]: ...
    @property
    def TERMS(self) -> Mapping[str, str]: ...

    def say(self, node: n.Node, /) -> str: ...
    def count(self, key: str, amount: int, /) -> str: ...
    def noun(self, key: str, /) -> str: ...
    def resource(self, resource: Any, amount: int | None = None, /) -> str: ...
    def polish(self, text: str, /) -> str: ...


def dispatch(table: Mapping[type, Handler], node: n.Node, lang: str,
             lexicon: object = None) -> str:
    """Say ``node`` with the language's table, or, a primitive (Fort's or another
    vocabulary's), with its declaration's phrase; a :class:`Phrase` counts with ``lexicon``,
    the language's phrasebook module."""
    handler = table.get(type(node))
    if handler is not None:
        return handler(node)
    if isinstance(node, n.Quantity) and not isinstance(node, n.Fixed):
        return declared_quantity(node, lang)  # said by its word's declaration, Fort's too
    spec = spec_of(type(node))
    phrase = spec.phrases.get(lang) if spec is not None else None
    if phrase is None:
        raise TypeError(f"the {lang} phrasebook has no phrase for {type(node).__name__}")
    if isinstance(phrase, Phrase):
        return phrase.say(lexicon, node)
    if callable(phrase):
        return phrase(node)
    values: dict[str, object] = {f.name: getattr(node, f.name) for f in fields(node)}
    for argument in arguments_of(type(node)):  # a kind that says its values says them
        kind = argument.kind
        if kind.speaks:
            values[kind.field] = kind.said(values[kind.field], lang)
    return phrase.format_map(values)


def declared_quantity(node: n.Quantity, lang: str) -> str:
    """A quantity, Fort's or another vocabulary's, in the words its declaration gives
    (``WordSpec.phrases``; a plugin's cover every language, checked when it loads)."""
    try:
        phrase = quantity_spec(node).phrases.get(lang)
    except KeyError:  # a quantity no vocabulary declares
        phrase = None
    if phrase is None:
        raise TypeError(f"the {lang} phrasebook has no phrase for the quantity "
                        f"{type(node).__name__}")
    return phrase


def _how_many(words: ActionWords, count: n.Node) -> str | None:
    """What "as many as" counts for this quantity in the language: the language's own
    (suits) or its word's declaration (``WordSpec.how_many``); None for none."""
    how = words.how_many.get(type(count))
    if how is not None:
        return how(count)
    if not isinstance(count, n.Quantity) or isinstance(count, n.Fixed):
        return None
    try:
        return quantity_spec(count).how_many.get(words.lang)
    except KeyError:  # a word no vocabulary declares (an AST built by hand)
        return None


def constant(text: str) -> Handler:
    return lambda node: text


def _leaf(node: n.Node) -> bool:
    return spec_of(type(node)) is not None  # a primitive, Fort's as a plugin's


def is_block(node: n.Node) -> bool:
    """A repeat whose body is not a single primitive: said as "for each X: body"."""
    return isinstance(node, n.Repeat) and not _leaf(node.body)


def is_inline(node: n.Node) -> bool:
    """Said as one clause that needs no brackets inside a sequence or a choice: a primitive,
    or a primitive repeated."""
    return _leaf(node) or (isinstance(node, n.Repeat) and not is_block(node))


# -- actions (R12, R13) -------------------------------------------------------------------------


@dataclass(frozen=True)
class ActionWords:
    """How a language says the operators."""

    then: str  # ", then "  (R13.4)
    choice: str  # " or "
    inline: str  # "{body} {each}": a primitive repeated (R13.3)
    block: str  # "{each}: {body}": a group repeated as a whole (R13.5)
    #: Quantity class -> its comparative complement ("que de pelles", "сколько у вас лопаток").
    #: How "as many" is said over it by a primitive that declares it (``PrimitiveSpec.as_many``,
    #: used when a primitive with an amount of 1 is repeated by a counted quantity).
    how_many: Mapping[type, Callable[..., str]]
    #: "if {test}, {body}": an action done only while a comparison holds.
    conditional: str = "if {test}, {body}"
    #: "if {test}: {body}": the same over a sequence or a choice, which runs to the end of the
    #: sentence (no brackets, issue 36).
    conditional_block: str = "if {test}: {body}"
    #: The language: who performs an action (core C6) is said by the selector's own phrase
    #: in it ("each rival, in turn order: {body}", fortlang.vocabulary.Selector.phrases).
    lang: str = "en"
    #: The language's phrasebook module (``count``, ``resource``...), which a declaration's
    #: ``as_many`` counts with.
    lexicon: object = None


def action_handlers(words: ActionWords, say: Say) -> dict[type, Handler]:
    """Brackets only where a reader needs them: a block (a group repeated, a condition, a
    target) that ends a sequence runs to the end of the sentence, so it is said bare; one that
    something follows, and a choice or sequence inside another, is bracketed."""

    def bracket(node: n.Node) -> str:
        text = say(node)
        return text if is_inline(node) else f"({text})"

    def sequence(node: n.Then) -> str:
        *first, last = node.items
        tail = say(last) if isinstance(last, n.Repeat | n.Conditional | n.Target) else \
            bracket(last)
        return words.then.join([*(bracket(i) for i in first), tail])

    def repeat(node: n.Repeat) -> str:
        body, count = node.body, node.count
        if is_block(node):
            inner = f"({say(body)})" if is_block(body) else say(body)
            return words.block.format(each=say(count), body=inner)
        spec = spec_of(type(body))
        as_many = spec.as_many.get(words.lang) if spec is not None else None
        how = _how_many(words, count) if as_many else None
        if how and as_many and getattr(body, "amount", 1) == 1:
            return as_many(words.lexicon, body, how)
        return words.inline.format(body=say(body), each=say(count))

    def conditional(node: n.Conditional) -> str:
        form = words.conditional_block if isinstance(node.body, n.Then | n.Choice) else \
            words.conditional
        return form.format(test=say(node.test), body=say(node.body))

    def target(node: n.Target) -> str:  # "each rival: {body}" runs to the sentence's end
        phrases = selector_of(node.who).phrases
        return (phrases.get(words.lang) or phrases["en"]).format(body=say(node.body))

    return {
        n.Repeat: repeat,
        n.Conditional: conditional,
        n.Target: target,
        n.Then: sequence,
        n.Choice: lambda node: words.choice.join(bracket(i) for i in node.items),
    }


# -- the scoring sub-language (R14) -------------------------------------------------------------


@dataclass(frozen=True)
class MetricWords:
    """How a language says one metric of the registry (``cards``, ``level``...)."""

    each: str  # "for each card in your lookout"
    value: str  # "the number of cards in your lookout"
    rival: str  # "the most cards in a rival's lookout"
    #: For counted metrics: the thing counted, as it follows "more" ("cards in your lookout"),
    #: and the lexicon key and place for "you have exactly 2 cards in your lookout".
    counted: str | None = None
    noun: str | None = None
    place: str = ""


@dataclass(frozen=True)
class ExprWords:
    metrics: Mapping[str, MetricWords]
    count: Callable[[str, int], str]  # ("point", 8) -> "8 points", in the game's point word
    score: str  # "score {amount}"
    score_per: str  # "score {amount} {each}"
    score_value: str  # "score as many {points} as {value}"
    plus: str  # "{clause}, plus {amount}"
    conditional: str  # "{clause} if {test}"
    otherwise: str  # "{clause}; otherwise, {otherwise}"
    value_if: str  # "({value} if {test}, otherwise {otherwise})"
    arith: Mapping[str, str]  # "+": "{left} plus {right}"
    compare: Mapping[str, str]  # ">": "{left} is greater than {right}"
    vs_rival: Mapping[str, str]  # ">": "you have more {counted} than every rival"
    vs_number: Mapping[str, str]  # ">": "you have more than {count}"
    vs_zero: Mapping[str, str]  # "=": "you have no {counted}"
    #: The language, and its lexicon, with which a metric's declaration says it
    #: (``WordSpec.said``) when ``metrics`` does not (the suits').
    lang: str = "en"
    lexicon: object = None
    #: A lexicon key's noun as "as many" counts it (the game's plural of "point"): {points} of
    #: ``score_value`` is the game's word for a point.
    many: Callable[[str], str] = str


#: ``a op b`` is ``b MIRROR[op] a``.
MIRROR = {"=": "=", "!=": "!=", "<": ">", ">": "<", "<=": ">=", ">=": "<="}
_PREC = {"+": 1, "-": 1, "*": 2}


def expr_handlers(words: ExprWords, say: Say) -> dict[type, Handler]:
    """Handlers that *say* a scoring expression ("score 8 points if ...", in the game's point
    word: its phrasebook's noun ``point``)."""

    def metric(name: str) -> MetricWords:
        known = words.metrics.get(name)
        if known is not None:
            return known
        spec = metric_of(name)
        say = spec.said.get(words.lang) if spec is not None else None
        if say is None:
            raise ValueError(f"unknown metric {name!r}")
        said: MetricWords = say(words.lexicon)
        return said

    def score_per(k: int, name: str) -> str:
        return words.score_per.format(amount=words.count("point", k), each=metric(name).each)

    # -- a value as a noun phrase ("the number of cards you have", "2") --
    def wrapped(child: n.Expr, parent_prec: int, right: bool) -> str:
        text = value(child)
        prec = _PREC[child.op] if isinstance(child, n.Arith) else 0
        weaker = prec < parent_prec or (right and prec == parent_prec)
        return f"({text})" if weaker and isinstance(child, n.Arith | n.IfElse) else text

    def arith_value(node: n.Arith) -> str:
        p = _PREC[node.op]
        return words.arith[node.op].format(left=wrapped(node.left, p, False),
                                           right=wrapped(node.right, p, True))

    def if_value(node: n.IfElse) -> str:
        return words.value_if.format(value=value(node.value), test=say(node.test),
                                     otherwise=value(node.otherwise or n.Number(0)))

    values: dict[type, Handler] = {
        n.Number: lambda node: str(node.value),
        n.Metric: lambda node: metric(node.name).value,
        n.RivalBest: lambda node: metric(node.name).rival,
        n.Arith: arith_value,
        n.IfElse: if_value,
    }

    def value(node: n.Node) -> str:
        return dispatch(values, node, "scoring value")

    # -- comparisons: natural wordings for the common shapes, a generic one otherwise --
    def vs_rival(op: str, left: n.Metric, right: n.RivalBest) -> str | None:
        counted = metric(left.name).counted
        if left.name != right.name or counted is None:
            return None
        return words.vs_rival[op].format(counted=counted)

    def vs_number(op: str, left: n.Metric, right: n.Number) -> str | None:
        m = metric(left.name)
        if m.noun is None or right.value < 0:
            return None
        zero = words.vs_zero.get(op) if right.value == 0 else None
        if zero:
            return zero.format(counted=m.counted)
        count = words.count(m.noun, right.value) + (f" {m.place}" if m.place else "")
        return words.vs_number[op].format(count=count)

    special: dict[tuple[type, type], Callable[[str, Any, Any], str | None]] = {
        (n.Metric, n.RivalBest): vs_rival,
        (n.Metric, n.Number): vs_number,
    }

    def compare(node: n.Compare) -> str:
        op, left, right = node.op, node.left, node.right
        if (type(right), type(left)) in special:  # say "3 < cards" as "cards > 3"
            op, left, right = MIRROR[op], right, left
        shape = special.get((type(left), type(right)))
        said = shape(op, left, right) if shape else None
        return said or words.compare[op].format(left=value(left), right=value(right))

    # -- a value as a scoring clause ("score 1 point for each card you have") --
    #: Sums and products with a natural wording: "2 points for each card", "..., plus 1".
    arith_shapes: dict[tuple[str, type, type], Handler] = {
        ("*", n.Number, n.Metric): lambda a: score_per(a.left.value, a.right.name),
        ("*", n.Metric, n.Number): lambda a: score_per(a.right.value, a.left.name),
        ("+", n.Metric, n.Number): lambda a: words.plus.format(
            clause=score_per(1, a.left.name), amount=words.count("point", a.right.value)),
    }

    def bonus(node: n.Arith) -> str | None:
        """``suits + (1 if suits = 6)``: "1 point for each suit, plus 1 point if ..." (R14)."""
        right = node.right
        assert isinstance(right, n.IfElse) and isinstance(node.left, n.Metric)
        if not isinstance(right.value, n.Number) or right.otherwise not in (None, n.Number(0)):
            return None
        extra = words.conditional.format(clause=words.count("point", right.value.value),
                                         test=say(right.test))
        return words.plus.format(clause=score_per(1, node.left.name), amount=extra)

    def arith_score(node: n.Arith) -> str:
        said = bonus(node) if (node.op, type(node.left), type(node.right)) == (
            "+", n.Metric, n.IfElse) else None
        if said:
            return said
        shape = arith_shapes.get((node.op, type(node.left), type(node.right)))
        return shape(node) if shape else score_value(node)

    def score_value(node: n.Node) -> str:  # "score as many points as ..."
        return words.score_value.format(value=value(node), points=words.many("point"))

    def if_score(node: n.IfElse) -> str:
        clause = say(node.value)  # "(8 if a) if b": the outer test covers the whole inner rule
        clause = f"({clause})" if isinstance(node.value, n.IfElse) else clause
        text = words.conditional.format(clause=clause, test=say(node.test))
        if node.otherwise is None:
            return text
        return words.otherwise.format(clause=text, otherwise=say(node.otherwise))

    return {
        n.Number: lambda node: words.score.format(amount=words.count("point", node.value)),
        n.Metric: lambda node: score_per(1, node.name),
        n.RivalBest: score_value,
        n.Arith: arith_score,
        n.Compare: compare,
        n.IfElse: if_score,
    }


# -- a game's words (GameModule.phrasebooks) ------------------------------------------------------


def adopt(book: ModuleType, lexicons: Sequence[object]) -> None:
    """Give a language's book the words of the games' phrasebooks in that language (the first
    lexicon's win; the core's own nouns and handlers win over every game's): a lexicon may hold

    - ``NOUNS``: lexicon key -> noun (what ``count``, ``noun`` and ``plural`` say);
    - ``TERMS``: its glossary (``term``);
    - ``HANDLERS``: its own node classes -> a handler (Fort's suits after `x`);
    - ``HOW_MANY``: node class -> its "as many" complement (:attr:`ActionWords.how_many`);
    - ``METRICS``: metric word -> :class:`MetricWords` (Fort's suits in scoring);

    and any other name the book lacks (``resource``, and whatever a game's own texts ask its
    book for), which the book's module ``__getattr__`` looks up in them, in order: so a
    declaration's :class:`fortlang.vocabulary.Phrase` counts and names a game's things with the
    book it is given."""
    games = list(lexicons)
    parts: dict[str, dict[Any, Any]] = {
        "NOUNS": {}, "TERMS": {}, "HANDLERS": {}, "HOW_MANY": {}, "METRICS": {}}
    parts["NOUNS"].update(getattr(book, "FALLBACK_NOUNS", None) or {})  # the games' win
    for lexicon in reversed(games):
        for name, merged in parts.items():
            merged.update(getattr(lexicon, name, None) or {})
    parts["NOUNS"].update(book.CORE_NOUNS)
    parts["HANDLERS"].update(book.CORE_TABLE)
    for name, target in (("NOUNS", book.NOUNS), ("TERMS", book.TERMS),
                         ("HANDLERS", book.TABLE), ("HOW_MANY", book.HOW_MANY),
                         ("METRICS", book.METRICS)):
        new = parts[name]
        for stale in target.keys() - new.keys():  # a game gone; never empty meanwhile
            del target[stale]
        target.update(new)
    book.GAMES[:] = games


def game_word(games: Sequence[object], book: str, name: str) -> Any:
    """``name`` in the first of the games' lexicons that has it (a book module's
    ``__getattr__``); AttributeError when none has (and for a dunder name: a module's own)."""
    for lexicon in () if name.startswith("__") else games:
        try:
            return getattr(lexicon, name)
        except AttributeError:
            continue
    raise AttributeError(f"module {book!r} has no attribute {name!r} (nor has any game's "
                         "phrasebook it adopted)")
