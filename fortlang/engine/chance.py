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

import random
from typing import Any, Final

#: The generator's C method, fetched once: ``rng.getrandbits`` looks the name up on each draw
#: (a generic attribute read, even compiled).
_GETRANDBITS: Final = random.Random.getrandbits
#: The class itself: ``random.Random`` is a lookup on the module at each use.
_RANDOM: Final = random.Random


def below(rng: random.Random, n: int) -> int:
    """A random int in ``[0, n)``, ``n > 0``: ``rng.randrange(n)``."""
    if type(rng) is not _RANDOM or n <= 0:
        return rng.randrange(n)
    k = n.bit_length()  # as Random._randbelow_with_getrandbits: k bits, redrawn while >= n
    r: int = _GETRANDBITS(rng, k)
    while r >= n:
        r = _GETRANDBITS(rng, k)
    return r


def shuffle(rng: random.Random, x: list[Any]) -> None:
    """Shuffle ``x`` in place: ``rng.shuffle(x)`` (Fisher-Yates from the end)."""
    if type(rng) is not _RANDOM:
        rng.shuffle(x)
        return
    for i in range(len(x) - 1, 0, -1):
        j = below(rng, i + 1)
        x[i], x[j] = x[j], x[i]


def choice(rng: random.Random, seq: list[Any]) -> Any:
    """An item of a non-empty list: ``rng.choice(seq)``."""
    if not seq:
        raise IndexError("Cannot choose from an empty sequence")
    return seq[below(rng, len(seq))]
