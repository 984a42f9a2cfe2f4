"""Argument kinds: what may stand after a primitive's keywords (issue 33 stage 5, design
docs/design/game-modules.md §3.1).

A primitive's syntax names its arguments by token (``gain [N] RES``, ``wish [WISH]``, ``test
SKILL FACE [N]``; ``[...]`` marks one that may be left out). Each token is an :class:`ArgKind`
that the vocabulary declares: the grammar terminal it is read with, the node field it fills, and
what its text may be, a closed list of :class:`Word`\\s, a pattern with its ``parse``, or a
:meth:`ArgKind.union` of kinds. The parser, the printer, the checker, the phrasebooks, the
language server and the engine's decisions all read that one declaration.

This module is the core's: it knows no game. The core's own kind is :data:`AMOUNT`; Fort's
resources and cost modifiers are declared on Fort's side (``fortlang.registry``).

>>> COLOUR = ArgKind("COLOUR", "colour", "COLOUR", name="colour",
...                  words=(Word("red", "R"), Word("blue", "B")))
>>> COLOUR.read("blue"), COLOUR.text_of("R")
('B', 'red')
>>> try:
...     COLOUR.read("bleu")
... except BadArgument as e:
...     print(e.code, e, e.hint)
E101 unknown colour `bleu` did you mean `blue`?
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Protocol

from fortlang.errors import MessageError, did_you_mean

#: A fixed multiplier (``x 3``) or an amount (``gain 3 pizza``) beyond this is surely a typo.
MAX_AMOUNT = 10
#: A number argument has at most this many digits: more is an error, never a huge int.
MAX_DIGITS = 6

#: What may follow a primitive's last argument and is spelled like a word: a word argument's
#: terminal never takes these (`wish then score` is `wish`, then `score`).
_OPERATOR_WORDS = ("then", "or", "x")
_WORD = r"[A-Za-z_][A-Za-z0-9_]*"
#: Where a token ends: no letter, digit or underscore follows.
_TOKEN_END = r"(?![A-Za-z0-9_])"
#: The terminal pattern of a kind of words: any word but the operators, so that a misspelled
#: word reaches the kind's did-you-mean instead of a bare syntax error.
WORD_PATTERN = rf"(?!(?:{'|'.join(_OPERATOR_WORDS)})(?![A-Za-z0-9_])){_WORD}"
_TERMINAL_NAME = re.compile(r"[A-Z][A-Z0-9_]*")
_SPELLING = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_/+-]{0,39}")
_TOKEN = re.compile(r"[A-Z0-9|+-][A-Z0-9_|+-]*")


class BadArgument(MessageError):
    """An argument's text is not a value of its kind: ``code`` is E101 (an unknown word) or
    E200 (a number out of range); the parser positions it at the argument."""

    def __init__(self, code: str, message: str, hint: str | None = None) -> None:
        super().__init__(code, message, hint, file="<argument>")


@dataclass(frozen=True)
class Word:
    """One word of a closed list: its spelling in cards and the typed value it stands for."""

    word: str  # "red"
    value: object  # Colour.RED
    #: Language -> what it stands for (the reference, the language server's completion).
    meanings: Mapping[str, str] = field(default_factory=dict)
    #: Language -> how a sentence says it ("rouge"); its spelling when a language lacks one.
    phrases: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Phrase:
    """A clause that counts in its language: ``say(lexicon, node)``, ``lexicon`` being that
    language's phrasebook (``count("card", 2)`` -> "2 cartes", ``noun``, ``resource``), so a
    declaration says numbers and resources with the phrasebooks' grammar without importing them
    (they read the declarations).

    >>> from types import SimpleNamespace
    >>> draw = Phrase(lambda b, a: f"draw {b.count('card', a.amount)}")
    >>> draw.say(SimpleNamespace(count=lambda key, k: f"{k} {key}s"), SimpleNamespace(amount=2))
    'draw 2 cards'
    """

    say: Callable[[Any, Any], str]


def counted(phrases: Mapping[str, Callable[[Any, Any], str]]) -> dict[str, Phrase]:
    """Language -> :class:`Phrase`, from language -> ``say(lexicon, node)``."""
    return {lang: Phrase(say) for lang, say in phrases.items()}


@dataclass(frozen=True)
class ArgKind:
    """What one argument token of a primitive's syntax may be."""

    token: str  # how a syntax names it: "N", "RES", "COLOUR"
    field: str  # the node field it fills: "amount", "colour"
    terminal: str  # the grammar terminal it is read with: "AMOUNT", "COLOUR"
    words: tuple[Word, ...] = ()  # a closed list (its values are a decision's options too)
    pattern: str | None = None  # else a regex its text matches: r"[0-9]+", r"[0-9]+\+"
    parse: Callable[[str], Any] | None = None  # the pattern's text -> its value
    lo: int | None = None  # a number's bounds (E200)
    hi: int | None = None
    default: object = None  # the value of an argument left out (`[N]`: 1)
    name: str = ""  # in plain words, for messages: "colour", "resource"
    #: How a value is written back (the printer): a word's spelling by default, else str().
    show: Callable[[Any], str] | None = None
    #: Language -> how a sentence says an argument left out for the player to choose
    #: ("a colour or a number of your choice").
    phrases: Mapping[str, str] = dataclasses.field(default_factory=dict)
    #: A union's kinds (:meth:`union`): a value of any of them.
    members: tuple[ArgKind, ...] = ()
    #: Bounds judged by the checker on the node (Fort's amounts: an AST holding `gain 0 pizza`
    #: must print and parse back, E200 is the checker's), rather than where the text is read.
    checked_later: bool = False
    #: Words a card may write by mistake that are no value of this kind, each with the hint
    #: that says why (Frantic's colours: `black`, F5.3), in place of a did-you-mean.
    refused: Mapping[str, str] = dataclasses.field(default_factory=dict)
    #: The rule its values come from, shown beside them (completion): Fort's cost modifier's
    #: R13.2; "" for none.
    rule: str = ""

    def __post_init__(self) -> None:
        if not _TOKEN.fullmatch(self.token):
            raise ValueError(f"argument kind `{self.token}`: a token is upper case (`COLOUR`)")
        if not _TERMINAL_NAME.fullmatch(self.terminal):
            raise ValueError(f"argument kind `{self.token}`: terminal `{self.terminal}` is not "
                             "an upper-case grammar name")
        if not self.field.isidentifier():
            raise ValueError(f"argument kind `{self.token}`: field `{self.field}` is not a name")
        if not (self.words or self.pattern or self.members):
            raise ValueError(f"argument kind `{self.token}` declares neither words nor a "
                             "pattern")
        for text in (self.pattern or "", *(w.word for w in self.words)):
            if any(ch.isspace() and ch != " " or not ch.isprintable() for ch in text):
                raise ValueError(f"argument kind `{self.token}`: {text[:40]!r} holds a line "
                                 "break or a control character")  # it is written in a grammar
        for w in self.words:  # what a card can write (and docs quote as it is)
            if not _SPELLING.fullmatch(w.word):
                raise ValueError(f"argument kind `{self.token}`: word {w.word[:40]!r} is not "
                                 "letters, digits, `_`, `/`, `+` or `-`")
        if self.pattern is not None:
            try:
                re.compile(self.pattern)
            except re.error as e:
                raise ValueError(f"argument kind `{self.token}`: pattern: {e}") from None
            if self.parse is None:
                raise ValueError(f"argument kind `{self.token}`: a pattern needs its `parse`")
        spelled = [w.word for w in self.all_words]
        both = sorted(set(spelled) & set(self.refused))
        if both:
            raise ValueError(f"argument kind `{self.token}`: word declared and refused: {both}")
        twice = sorted({w for w in spelled if spelled.count(w) > 1})
        if twice:
            raise ValueError(f"argument kind `{self.token}`: word declared twice: {twice}")

    @classmethod
    def union(cls, token: str, field: str, *kinds: ArgKind, terminal: str | None = None,
              name: str = "", phrases: Mapping[str, str] | None = None,
              default: object = None) -> ArgKind:
        """One argument that is a value of any of ``kinds`` (`wish red`, `wish 7`), read with
        one terminal: two terminals acceptable at one place could not be told apart by the
        lexer (design §7 risk 4).

        >>> NUMBER = ArgKind("NUM", "number", "NUMBER", pattern="[0-9]+", parse=int, lo=1, hi=9)
        >>> ODD = ArgKind("ODD", "odd", "ODD", words=(Word("odd", "odd"),))
        >>> EITHER = ArgKind.union("EITHER", "either", ODD, NUMBER, terminal="EITHER")
        >>> EITHER.read("7"), EITHER.read("odd"), EITHER.text_of(7)
        (7, 'odd', '7')
        """
        return cls(token, field, terminal or token, name=name or " or ".join(
            k.name or k.token.lower() for k in kinds), phrases=dict(phrases or {}),
            default=default, members=kinds)

    # -- reading and writing its text --

    @property
    def all_words(self) -> tuple[Word, ...]:
        """Its words, a union's members' included."""
        return self.words + tuple(w for k in self.members for w in k.all_words)

    def listing(self) -> list[str]:
        """Its spellings for a reference: each word, then each number range (``1``…``9``)."""
        out = [w.word for w in self.all_words]
        for kind in self.numbers:
            if kind.lo is not None and kind.hi is not None:
                out.append(f"{kind.text_of(kind.lo)}…{kind.text_of(kind.hi)}")
        return out

    @property
    def numbers(self) -> tuple[ArgKind, ...]:
        """Itself or its members that are read by a pattern."""
        own = (self,) if self.pattern is not None else ()
        return own + tuple(k for m in self.members for k in m.numbers)

    def regex(self) -> str:
        """The pattern of its grammar terminal. A union's alternatives are tried in order, so
        each ends where a token ends: a member reading one digit never takes the `1` of `10`
        that another reads whole."""
        parts = [WORD_PATTERN] if self.all_words else []
        parts += [k.pattern for k in self.numbers if k.pattern is not None]
        if len(parts) == 1:
            return parts[0]
        return "|".join(f"(?:{p}){_TOKEN_END}" for p in parts)

    def _by_word(self) -> dict[str, object]:
        return {w.word: w.value for w in reversed(self.all_words)}  # the first one wins

    def read(self, text: str) -> Any:
        """The value ``text`` stands for; :class:`BadArgument` when it stands for none."""
        by_word = self._by_word()
        for spelled in (text, "".join(text.split())):  # whitespace is free around a `/`
            if spelled in by_word:
                return by_word[spelled]
        refused: BadArgument | None = None
        for kind in self.numbers:  # the first member that reads it in its range
            if kind.pattern is not None and re.fullmatch(kind.pattern, text):
                try:
                    return kind._number(text)
                except BadArgument as e:
                    refused = refused or e
        if refused is not None:
            raise refused
        raise BadArgument("E101", f"unknown {self.name or self.token.lower()} "
                          f"`{_short(text)}`", self._hint(text))

    def _number(self, text: str) -> Any:
        if sum(ch.isdigit() for ch in text) > MAX_DIGITS:
            raise BadArgument("E200", f"number `{text[:12]}…` is too large",
                              f"numbers have at most {MAX_DIGITS} digits")
        assert self.parse is not None
        value = self.parse(text)
        if isinstance(value, int) and (self.lo is not None and value < self.lo
                                       or self.hi is not None and value > self.hi):
            raise BadArgument("E200", f"{self.name or self.token.lower()} `{text}` is out of "
                              f"range ({self.range_text()})")
        return value

    def range_text(self) -> str:
        lo, hi = self.lo, self.hi
        show = self.show or str
        if lo is not None and hi is not None:
            return f"{show(lo)} to {show(hi)}"
        return f"at least {show(lo)}" if lo is not None else f"at most {show(hi)}"

    @property
    def all_refused(self) -> Mapping[str, str]:
        """Its refused words with their hints, a union's members' included."""
        out: dict[str, str] = {}
        for kind in (*self.members[::-1], self):
            out.update(kind.all_refused if kind is not self else kind.refused)
        return out

    def _hint(self, text: str) -> str | None:
        refused = self.all_refused.get(text) if self.refused or self.members else None
        if refused is not None:
            return refused
        words = [w.word for w in self.all_words]
        meant = did_you_mean(text, words) if text[:1].isalpha() else None
        return meant or f"write {self.describe()}"

    def describe(self) -> str:
        """In plain words, with its values: "a colour (blue, red) or a number from 1 to 9"."""
        if self.members:
            return " or ".join(k.describe() for k in self.members)
        what = self.name or self.token.lower()
        if self.words:
            return f"a {what} ({', '.join(w.word for w in self.words)})"
        if self.lo is not None or self.hi is not None:
            return f"a {what} from {self.range_text()}".replace("from at", "at")
        return f"a {what}"

    def text_of(self, value: Any) -> str:
        """How the printer writes ``value``: the first word standing for it, else its number
        written as the pattern reads it."""
        for w in self.all_words:
            if w.value == value and type(w.value) is type(value):
                return w.word
        for kind in self.numbers:
            text = (kind.show or str)(value)
            if kind.pattern is not None and re.fullmatch(kind.pattern, text):
                return text
        if self.show is not None:
            return self.show(value)
        if self.numbers:  # out of its pattern (`gain -1 pizza` built by hand): as it is
            return (self.numbers[0].show or str)(value)
        raise ValueError(f"{value!r} is not a value of the argument kind `{self.token}`")

    def said(self, value: Any, lang: str) -> str:
        """How a sentence in ``lang`` says ``value``; left out (its default None), the phrase
        for the player's choice."""
        if value is None and self.default is None:
            return self.phrases.get(lang) or self.describe()
        for w in self.all_words:
            if w.value == value and type(w.value) is type(value):
                return w.phrases.get(lang, w.word)
        return self.text_of(value)

    @property
    def speaks(self) -> bool:
        """Whether it declares how sentences say it (else a template gets the raw value)."""
        return bool(self.phrases) or any(w.phrases for w in self.all_words)

    def values(self) -> tuple[Any, ...]:
        """Every value it may take, in order: its words' (one per value), then each number
        from ``lo`` to ``hi``; a kind with no such closed set cannot be chosen from."""
        out: list[Any] = []
        for w in self.all_words:
            if not any(v == w.value and type(v) is type(w.value) for v in out):
                out.append(w.value)
        for kind in self.numbers:
            if kind.lo is None or kind.hi is None:
                raise ValueError(f"argument kind `{kind.token}` has no bounds: its values "
                                 "cannot be offered")
            out += [kind.parse(kind.text_of(v)) if kind.parse else v
                    for v in range(kind.lo, kind.hi + 1)]
        return tuple(out)

    def options(self) -> tuple[Any, ...]:
        """The options of a decision among its values (an argument left out, for the player
        to choose): typed values, labelled as a card would spell them."""
        from fortlang.engine.choices import Option  # the engine's type, only when asked

        return tuple(Option(self.text_of(v), v) for v in self.values())


def _short(word: str, most: int = 40) -> str:
    return word if len(word) <= most else word[: most - 1] + "…"


def parse_syntax(syntax: str) -> list[tuple[str, str | None, bool]]:
    """A syntax's parts: (keyword, None, False) or (argument token, its token without
    brackets, optional?).

    >>> parse_syntax("wish [WISH]")
    [('wish', None, False), ('[WISH]', 'WISH', True)]
    """
    out: list[tuple[str, str | None, bool]] = []
    for part in syntax.split():
        if part.isalpha() and part.islower():
            out.append((part, None, False))
        elif part.startswith("[") and part.endswith("]"):
            out.append((part, part[1:-1], True))
        else:
            out.append((part, part, False))
    return out


def is_argument_token(part: str) -> bool:
    """Whether a part of a syntax may name an argument kind (``N``, ``[N]``, ``[-1|+1]``)."""
    inner = part[1:-1] if part.startswith("[") and part.endswith("]") else part
    return bool(_TOKEN.fullmatch(inner))


# -- the core's own kinds ---------------------------------------------------------------------

#: How many times, or how much: `gain 2 pizza`, `score`. Bounded by the checker (E200 on the node:
#: every AST prints and parses back, `gain 0 pizza` included).
AMOUNT = ArgKind("N", "amount", "AMOUNT", pattern=r"[0-9]+", parse=int, lo=1, hi=MAX_AMOUNT,
                 default=1, name="number", checked_later=True)

CORE_KINDS: tuple[ArgKind, ...] = (AMOUNT,)


def kinds_by_token(kinds: tuple[ArgKind, ...], owner: str) -> dict[str, ArgKind]:
    """A vocabulary's kinds by token; two kinds of one token are an error."""
    out: dict[str, ArgKind] = {}
    for kind in kinds:
        known = out.get(kind.token)
        if known is not None and known != kind:
            raise ValueError(f"{owner}: argument kind `{kind.token}` declared twice")
        out[kind.token] = kind
    return out


# -- selectors: who performs an action (issue 33 stage 5, design §3.2) -------------------------

#: How a selector picks: one seat (`next player`), every seat it gives in order (`each rival`),
#: or one of them the actor chooses (`a rival`).
PICKS = ("one", "each", "chosen")
#: Who a selector that picks one seat takes when several qualify: the first in turn order from
#: the actor's next (Frantic F9.3), or the actor chooses among them.
TIES = ("first_in_turn_order", "chooser")
#: Seats at the largest table a selector is bounded for (the checker's E202 reads
#: :meth:`Selector.most_seats` at it): Fort's 4, Frantic's 8 would raise it with the module.
MOST_PLAYERS = 4
_SELECTOR_WORD = re.compile(r"[a-z][a-z_]*")
#: Words whose upper case names a terminal of the base grammar that is not the keyword itself
#: (`AMOUNT` reads any number, `AN` is `a`): a selector word so named would take another's
#: terminal (tests/test_selectors.py checks the list against grammar/fort.lark).
GRAMMAR_NAMES = frozenset({"amount", "modifier", "resource", "quantity", "metric", "lpar",
                           "rpar", "times", "addop", "cmp", "an"})


@dataclass(frozen=True)
class Acting:
    """The acting context a selector reads: who performs the action (``actor``); who played
    the card or raised the event, the player an effect is about and the card being resolved
    are for the triggers and metrics still to come (None until then)."""

    actor: int
    source: int | None = None
    that: int | None = None
    card: object | None = None


class TableView(Protocol):
    """What a selector may read of the table, read-only: how many seats, which way play goes
    (+1: to the left, the next seat up; -1: to the right) and the players, one per seat, for
    a measure (``hand_size``...)."""

    @property
    def seat_count(self) -> int: ...

    @property
    def direction(self) -> int: ...

    @property
    def players(self) -> Sequence[Any]: ...


def in_turn_order(view: TableView, actor: int) -> tuple[int, ...]:
    """The other seats in the order play reaches them from ``actor`` (its next first).

    >>> from types import SimpleNamespace as T
    >>> left, right = T(seat_count=4, direction=1), T(seat_count=4, direction=-1)
    >>> in_turn_order(left, 1), in_turn_order(right, 1)
    ((2, 3, 0), (0, 3, 2))
    """
    count, step = view.seat_count, -1 if view.direction < 0 else 1
    return tuple((actor + step * i) % count for i in range(1, count))


def others(view: TableView, acting: Acting) -> tuple[int, ...]:
    """Every other player, in turn order from the actor's next."""
    return in_turn_order(view, acting.actor)


def everyone(view: TableView, acting: Acting) -> tuple[int, ...]:
    """Every player, the actor first, then the others in turn order."""
    return (acting.actor, *in_turn_order(view, acting.actor))


def next_seat(view: TableView, acting: Acting) -> tuple[int, ...]:
    """The player play passes to from the actor (by the table's direction)."""
    return in_turn_order(view, acting.actor)[:1]


def previous_seat(view: TableView, acting: Acting) -> tuple[int, ...]:
    """The player play came from, to reach the actor."""
    return in_turn_order(view, acting.actor)[-1:]


def _extreme(measure: Callable[[TableView, int], int], sign: int, every: bool,
             view: TableView, acting: Acting) -> tuple[int, ...]:
    """The seat with the highest (``sign`` 1) or lowest (-1) measure; ties to the first in turn
    order from the actor's next, the actor last (F9.3), or (``every``) all the tied seats in
    that order, for the actor to choose among."""
    order = (*in_turn_order(view, acting.actor), acting.actor)
    values = [sign * measure(view, seat) for seat in order]
    top = max(values)
    tied = tuple(seat for seat, value in zip(order, values, strict=True) if value == top)
    return tied if every else tied[:1]


@dataclass(frozen=True)
class Selector:
    """Who performs an action: ``next player -> gain toy``. Declared once; the grammar rule,
    the builder, the printer, the sentences, the checker's bound, the engine and the language
    server's completion read the declaration."""

    name: str  # "next_player"
    syntax: str  # the words a card writes before `->`: "next player"
    picks: str  # one of PICKS
    #: The seats that perform, in the order they act, from a read-only view of the table and
    #: the acting context (``picks="chosen"``: the seats the actor chooses among).
    seats: Callable[[TableView, Acting], tuple[int, ...]]
    #: Language -> how a sentence says it, around ``{body}``: "the next player: {body}".
    phrases: Mapping[str, str] = field(default_factory=dict)
    #: Language -> what it means, for the reference and completion ("en" at least).
    meanings: Mapping[str, str] = field(default_factory=dict)
    ties: str = "first_in_turn_order"
    rule: str = "core"
    example: str = "gain toy"  # an action it may stand before, for the reference
    #: The most seats :attr:`seats` gives at a table of that many players (the checker's bound).
    most_seats: Callable[[int], int] = lambda players: 1
    #: What the AST holds for it (``Target.who``): its syntax, or a game's own value (Fort's
    #: ``Who`` members, a ``str`` equal to the syntax, so its ASTs stay as they were).
    value: str = ""
    #: False for a construct the base game's cards never use.
    base: bool = False

    def __post_init__(self) -> None:
        if self.picks not in PICKS:
            raise ValueError(f"selector `{self.syntax}`: picks is one of {', '.join(PICKS)}, "
                             f"not {self.picks!r}")
        if self.ties not in TIES:
            raise ValueError(f"selector `{self.syntax}`: ties is one of {', '.join(TIES)}, "
                             f"not {self.ties!r}")
        if not self.words or not all(_SELECTOR_WORD.fullmatch(w) and w not in _OPERATOR_WORDS
                                     for w in self.words):
            raise ValueError(f"selector {self.syntax[:40]!r}: its syntax is lowercase words "
                             "(`next player`), not an operator")
        taken = [w for w in self.words if w in GRAMMAR_NAMES]
        if taken:
            raise ValueError(f"selector `{self.syntax}`: `{taken[0]}` names a grammar terminal "
                             "of another meaning: spell it otherwise")
        if self.value and self.value != self.syntax:
            raise ValueError(f"selector `{self.syntax}`: its value {self.value!r} is not "
                             "its syntax")
        for lang, phrase in self.phrases.items():
            if "{body}" not in phrase:
                raise ValueError(f"selector `{self.syntax}`: its {lang} phrase says no {{body}}")

    @property
    def words(self) -> tuple[str, ...]:
        return tuple(self.syntax.split())

    @property
    def node_value(self) -> str:
        """What ``Target.who`` holds for it."""
        return self.value or self.syntax

    def meaning(self, lang: str = "en") -> str:
        return self.meanings.get(lang) or self.meanings.get("en", "")

    @property
    def checked_seats(self) -> Callable[[TableView, Acting], tuple[int, ...]]:
        """:attr:`seats` if it is one of the core's own functions (known to give seats of the
        table, each once), else :meth:`performers`, which checks what it gives."""
        return self.seats if self.seats in _CORE_SEATS else self.performers

    def performers(self, view: TableView, acting: Acting) -> tuple[int, ...]:
        """:attr:`seats`, checked: seats of the table, each once (a declaration's function
        that gives anything else is a ValueError naming it, never a wrong seat)."""
        seats = tuple(self.seats(view, acting))
        count = view.seat_count
        seen: set[object] = set()
        for s in seats:
            if type(s) is not int or not 0 <= s < count or s in seen:
                raise ValueError(f"selector `{self.syntax}` gave seats {seats[:8]!r} at a "
                                 f"table of {count}")
            seen.add(s)
        if self.picks == "one" and self.ties != "chooser" and len(seats) > 1:
            raise ValueError(f"selector `{self.syntax}` picks one seat, it gave {len(seats)}")
        return seats

    @classmethod
    def extreme(cls, word: str, measure: Callable[[TableView, int], int], *,
                fewest: bool = False, phrases: Mapping[str, str] | None = None,
                meanings: Mapping[str, str] | None = None, rule: str = "core",
                example: str = "lose", ties: str = "first_in_turn_order") -> Selector:
        """`the player with most WORD` (or `fewest`): the one seat whose ``measure`` is highest
        (lowest); ties to the first in turn order from the actor's next, the actor last (F9.3),
        or (``ties="chooser"``) the actor chooses among the tied players.

        >>> from types import SimpleNamespace as T
        >>> cards = Selector.extreme("cards", lambda view, seat: view.hands[seat])
        >>> view = T(seat_count=4, direction=1, hands=(5, 2, 5, 3))
        >>> cards.syntax, cards.performers(view, Acting(1)), cards.performers(view, Acting(2))
        ('the player with most cards', (2,), (0,))
        """
        most = "fewest" if fewest else "most"
        return cls(f"{most}_{word}", f"the player with {most} {word}", "one",
                   partial(_extreme, measure, -1 if fewest else 1, ties == "chooser"),
                   dict(phrases or {}),
                   dict(meanings or {"en": f"The player with the {most} {word} (ties: the "
                                           "first in turn order from your next player)."}),
                   ties=ties, rule=rule, example=example,
                   most_seats=_all_seats if ties == "chooser" else _one_seat)


#: The core's seat functions: what they give needs no check (see Selector.checked_seats).
_CORE_SEATS = (others, everyone, next_seat, previous_seat)


def _one_seat(players: int) -> int:
    return 1


def _all_seats(players: int) -> int:
    return players


def _other_seats(players: int) -> int:
    return players - 1


#: The core's selectors. A game or a vocabulary plugin lists those it offers (a game's own
#: spellings are its own declarations: Fort's `each rival`, `a rival`, `each player`).
NEXT_PLAYER = Selector(
    "next_player", "next player", "one", next_seat, rule="core", example="gain toy",
    phrases={"en": "the next player: {body}", "fr": "le joueur suivant : {body}",
             "ru": "следующий игрок: {body}"},
    meanings={"en": "The next player in the direction of play performs the action on the "
                    "right as themselves.",
              "fr": "Le joueur suivant dans le sens du jeu effectue l'action de droite.",
              "ru": "Следующий по направлению игры игрок выполняет действие справа."})
PREVIOUS_PLAYER = Selector(
    "previous_player", "previous player", "one", previous_seat, example="gain toy",
    phrases={"en": "the previous player: {body}", "fr": "le joueur précédent : {body}",
             "ru": "предыдущий игрок: {body}"},
    meanings={"en": "The player before you in the direction of play performs the action on "
                    "the right as themselves.",
              "fr": "Le joueur précédent dans le sens du jeu effectue l'action de droite.",
              "ru": "Предыдущий по направлению игры игрок выполняет действие справа."})
A_PLAYER = Selector(
    "a_player", "a player", "chosen", everyone, example="draw", most_seats=_all_seats,
    phrases={"en": "a player of your choice (you too): {body}",
             "fr": "un joueur de votre choix (vous aussi) : {body}",
             "ru": "игрок по вашему выбору (и вы тоже): {body}"},
    meanings={"en": "A player you choose, you included, performs the action on the right as "
                    "themselves.",
              "fr": "Un joueur de votre choix, vous compris, effectue l'action de droite.",
              "ru": "Игрок по вашему выбору, включая вас, выполняет действие справа."})
CORE_SELECTORS: tuple[Selector, ...] = (NEXT_PLAYER, PREVIOUS_PLAYER, A_PLAYER)
