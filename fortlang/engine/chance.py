"""The game's chance, drawn from a :class:`random.Random` exactly as the standard library draws
it: :func:`below` is ``rng.randrange(n)`` and :func:`shuffle` is ``rng.shuffle(x)``, the same
numbers from the same generator state (tests/test_chance.py holds them equal).

Why not call them: ``randrange`` and ``shuffle`` are Python code in ``random.py`` (an argument
check, then a loop over ``getrandbits``), and a bot answers a few hundred decisions per game;
written here, a compiled engine (mypyc) makes those draws without leaving C. A generator of
another class (one that overrides ``random()``, say) draws through its own methods.

>>> import random
>>> a, b = random.Random(7), random.Random(7)
>>> [below(a, 6) for _ in range(5)] == [b.randrange(6) for _ in range(5)]
True
"""

from __future__ import annotations

import _random
import random
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any, Final

from mypy_extensions import i64

#: The generator's C method, fetched once: ``rng.getrandbits`` looks the name up on each draw
#: (a generic attribute read, even compiled). Its argument typed Any: :func:`below` hands it
#: the bit count boxed once, not once per draw.
_GETRANDBITS: Final[Callable[[random.Random, Any], int]] = random.Random.getrandbits
#: Its C method ``random``: two words a call (see :func:`shuffle`).
_RANDOM_FLOAT: Final[Callable[[random.Random], float]] = random.Random.random
#: 2**53: a ``random()`` float times it is the integer its two words' bits make (see
#: :func:`shuffle`; fortlang.engine.choices.RandomAgent draws so too).
TWO_53: Final = 9007199254740992.0
#: The low 26 bits of that integer: the second word's top 26 bits.
LOW_26: Final[i64] = (1 << 26) - 1
_ONE: Final[i64] = 1
#: The class itself: ``random.Random`` is a lookup on the module at each use.
_RANDOM: Final = random.Random
#: The C method ``Random.seed`` calls for an int.
_C_SEED: Final[Callable[[random.Random, Any], None]] = _random.Random.seed
#: Its ``__new__`` (``random.Random`` has none of its own), fetched once: no lookup by name.
_C_NEW: Final[Callable[[type], Any]] = _random.Random.__new__


def seeded(seed: int) -> random.Random:
    """``random.Random(seed)``: made bare and seeded by the C ``seed`` that ``Random.seed`` ends
    in for an int (as agents/bots.py ``_seeded`` does), without the interpreted
    ``Random.__init__`` and ``seed`` around it; ``gauss_next`` set as ``seed`` sets it. A seed
    of another type goes the library's way."""
    if type(seed) is not int:
        return random.Random(seed)
    rng: Any = _C_NEW(_RANDOM)
    _C_SEED(rng, seed)
    rng.gauss_next = None
    return rng


def below(rng: random.Random, n: int) -> int:
    """A random int in ``[0, n)``, ``n > 0``: ``rng.randrange(n)``."""
    if type(rng) is not _RANDOM or n <= 0:
        return rng.randrange(n)
    # as Random._randbelow_with_getrandbits: k bits, redrawn while >= n
    k: object = n.bit_length()  # an object: boxed here once (compiled), not at each draw
    r: int = _GETRANDBITS(rng, k)
    while r >= n:
        r = _GETRANDBITS(rng, k)
    return r


def bit_length(n: i64) -> i64:
    """``n.bit_length()`` of ``n >= 0``, in machine ints (compiled: no method call, no int
    boxed).

    >>> bit_length(0), bit_length(1), bit_length(5), bit_length(64)
    (0, 1, 3, 7)
    """
    k: i64 = 0
    while n:
        k += 1
        n >>= 1
    return k


def shuffle(rng: random.Random, x: list[Any]) -> None:
    """Shuffle ``x`` in place: ``rng.shuffle(x)`` (Fisher-Yates from the end), the same
    permutation and the generator left in the same state.

    Each index is drawn as :func:`below` draws it: the top ``k`` bits of one 32-bit word of the
    generator, redrawn while too large, ``k`` the bit count of the items left (kept from draw
    to draw, changed only where that count falls below a power of two). The words are taken
    two at a time while two more at least are sure to be drawn (each index left takes one at
    least, so never a word more than ``rng.shuffle`` draws), from one ``rng.random()``: its
    float is ``(a * 2**26 + b) / 2**53`` exactly, ``a`` the first word's top 27 bits, ``b``
    the second's top 26, one call and no integer made for two words where ``getrandbits``
    takes a call each (issue 38); the last index alone, or a redraw with no word left over,
    takes ``getrandbits``. The counts are machine ints (i64) compiled. Drawn so while ``k``
    is at most 26 (fewer than 2**26 items left), ``getrandbits`` alone before that."""
    if type(rng) is not _RANDOM:
        rng.shuffle(x)
        return
    i: i64 = len(x) - 1
    if i <= 0:
        return
    k = bit_length(i + 1)  # the bit count of the items left
    least: i64 = _ONE << (k - 1)  # the least count of k bits
    spare: i64 = -1  # the top 26 bits of a word drawn and not used yet; -1: none
    j: i64 = 0
    while i > 0:
        n = i + 1
        if n < least:
            k -= 1
            least >>= 1
        while True:
            if spare >= 0:  # the second word of a pair: its top k bits
                j = spare >> (26 - k)
                spare = -1
            elif i >= 2 and k <= 26:  # i indices left, a word each at least: two words
                pair: i64 = int(_RANDOM_FLOAT(rng) * TWO_53)
                j = pair >> (53 - k)  # the first word's top k bits
                spare = pair & LOW_26
            else:
                bits: object = int(k)
                j = _GETRANDBITS(rng, bits)
            if j < n:
                break
        x[i], x[j] = x[j], x[i]
        i -= 1


def choice(rng: random.Random, seq: list[Any]) -> Any:
    """An item of a non-empty list: ``rng.choice(seq)``."""
    if not seq:
        raise IndexError("Cannot choose from an empty sequence")
    return seq[below(rng, len(seq))]


#: ``current_player()`` at a chance point (OpenSpiel's convention): the chance "seat".
CHANCE: Final = -1
#: The most outcomes one chance event may have: a distribution is listed whole (the pull API's
#: ``chance_outcomes``), so its size is bounded like every count read from a card (6^5 dice faces
#: fit; a deck's every order does not, and is drawn as a shuffle instead).
MOST_OUTCOMES: Final = 10_000
#: The largest weight of one outcome (weights are counts: faces, combinations).
MOST_WEIGHT: Final = 10**12


class Distribution:
    """A chance event's outcomes (the options an outcome is told by: label and value) with
    integer weights; outcome ``i`` comes up with probability ``weights[i] / total``.

    >>> from fortlang.engine.choices import Option
    >>> d6 = Distribution.uniform([Option(str(f), f) for f in range(1, 7)])
    >>> d6.probabilities()[0]
    (Option(label='1', value=1), Fraction(1, 6))
    >>> loaded = Distribution([Option("miss"), Option("hit")], [2, 1])
    >>> [str(p) for _, p in loaded.probabilities()]
    ['2/3', '1/3']
    """

    __slots__ = ("outcomes", "weights", "total")

    def __init__(self, outcomes: Sequence[Any], weights: Sequence[int] | None = None) -> None:
        if not 0 < len(outcomes) <= MOST_OUTCOMES:
            raise ValueError(f"a chance event has 1 to {MOST_OUTCOMES} outcomes, "
                             f"not {len(outcomes)}")
        ws = [1] * len(outcomes) if weights is None else list(weights)
        if len(ws) != len(outcomes):
            raise ValueError(f"{len(outcomes)} outcomes but {len(ws)} weights")
        for w in ws:
            if type(w) is not int or not 0 < w <= MOST_WEIGHT:
                raise ValueError(f"a weight is an integer from 1 to {MOST_WEIGHT}, not {w!r}")
        self.outcomes: tuple[Any, ...] = tuple(outcomes)
        self.weights: tuple[int, ...] = tuple(ws)
        self.total: int = sum(ws)

    @classmethod
    def uniform(cls, outcomes: Sequence[Any]) -> Distribution:
        return cls(outcomes)

    def probabilities(self) -> list[tuple[Any, Fraction]]:
        """Each outcome with its exact probability."""
        total = self.total
        return [(o, Fraction(w, total))
                for o, w in zip(self.outcomes, self.weights, strict=True)]

    def find(self, said: Any) -> int | None:
        """The index of the outcome a person names (a scenario's `chance:` answer): the one
        whose value is ``said``, else whose label is its text; None if none is.

        >>> from fortlang.engine.choices import Option
        >>> d6 = Distribution.uniform([Option(str(f), f) for f in range(1, 7)])
        >>> d6.find(6), d6.find("2"), d6.find(7)
        (5, 1, None)
        """
        for i, o in enumerate(self.outcomes):
            if o.value == said:
                return i
        text = str(said)
        for i, o in enumerate(self.outcomes):
            if o.label == text:
                return i
        return None

    def draw(self, rng: random.Random) -> int:
        """An outcome's index, drawn from ``rng``: one :func:`below` of the total weight."""
        r = below(rng, self.total)
        for i, w in enumerate(self.weights):
            if r < w:
                return i
            r -= w
        raise AssertionError("a draw below the total falls in some weight")

    def __repr__(self) -> str:
        return f"Distribution({list(self.outcomes)!r}, {list(self.weights)!r})"
