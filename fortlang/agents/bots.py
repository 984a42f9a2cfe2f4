"""What every game's bots share (issue 33 item 5): the names ``--bots`` takes (``random``,
``greedy``, ``mcts:BUDGET``), each bot's own seed, the lineup of a run, building a game's bots
from what its module declares (``GameModule.bots``), and :func:`worth`, the value of an action
from what its primitives declare (the greedy bots' measure, any game's).

A game brings its bots as a mapping from those names to factories (Fort's:
``fortlang.games.fort.agents.bots.BOTS``); a module that declares none plays the generic ones
(fortlang.sim.module_games). Each bot gets its own generator derived from the game seed and its
seat (:func:`agent_seed`), so the game's shuffles never depend on how many questions a bot was
asked.

Compiled with the engine (pyproject.toml): every game of a run makes its bots here.
"""

from __future__ import annotations

import _random
import random
from collections.abc import Callable, Mapping
from hashlib import sha512
from typing import TYPE_CHECKING, Any, Final

from fortlang import nodes as n
from fortlang import registry as reg
from fortlang.engine import node_types as t
from fortlang.engine.choices import RandomAgent

if TYPE_CHECKING:
    from fortlang.module import GameModule

_RANDOM: Final = random.Random
#: The generator's C seeding, which ``random.Random.seed`` (Python code) ends in.
_C_SEED: Final = _random.Random.seed
#: Its ``__new__`` (``random.Random`` has none of its own), fetched once: no lookup by name.
_C_NEW: Final[Callable[[type], random.Random]] = _random.Random.__new__
#: The SHA-512 ``Random.seed`` hashes a text with: the random module's own (its lean built-in
#: one, not hashlib's OpenSSL constructor, which looks the digest up by name at each call),
#: hashlib's if that module has none.
_SHA512: Final[Callable[[bytes], Any]] = getattr(random, "_sha512", sha512)

# -- a static value of an action (what one use of it is roughly worth) ------------------------


def _repeat(a: n.Repeat) -> float:
    q = a.count
    count = q.n if isinstance(q, t.Fixed) else reg.quantity_spec(q).typical
    return worth(a.body) * count


#: How many rivals' worth a targeted action is, roughly: each rival (2 of 3 in a typical
#: game), one rival, or everyone (you gain it as your rivals do); another selector, one.
_RIVALS_WORTH: dict[str, float] = {n.Who.EACH_RIVAL: 2.0, n.Who.A_RIVAL: 1.0,
                                   n.Who.EACH_PLAYER: 1.0}

#: The operators combine the values the registry declares for each primitive.
_COMBINE: dict[type, Callable[[Any], float]] = {
    n.Repeat: _repeat,
    n.Then: lambda a: sum(worth(x) for x in a.items),
    n.Choice: lambda a: max(worth(x) for x in a.items),
    n.Conditional: lambda a: 0.5 * worth(a.body),  # a test that may fail: half the value
    # what rivals get, you do not
    n.Target: lambda a: -_RIVALS_WORTH.get(a.who, 1.0) * worth(a.body),
}


def worth(action: n.Action | None) -> float:
    """A rough value of performing ``action`` once (VP, fort progress, resources, cards): what
    its primitives declare (``worth`` of their registry entries), combined by the operators."""
    if action is None:
        return 0.0
    combine = _COMBINE.get(type(action))
    if combine is not None:
        return combine(action)
    spec = reg.spec_of(type(action))
    return spec.worth(action) if spec is not None else 0.0


# -- the bots' names, and a game's bots ------------------------------------------------------

#: The bots ``--bots`` names, at any game's table: uniform over the legal options, the game's
#: one-ply greedy bot, and its search bot (ISMCTS).
BOT_NAMES: Final = ("random", "greedy", "mcts")
#: The bots that take a budget after a colon (``mcts:400`` playouts, ``mcts:0.2s`` seconds).
BUDGETED: Final = frozenset({"mcts"})
#: The bots whose factory is handed its generator already seeded (see :func:`_seeded`); the
#: others get the seed.
_SEEDED: Final = frozenset({"random", "greedy"})

#: A game's bots (``GameModule.bots``): name -> factory, called ``(rng)`` for ``random`` and
#: ``greedy`` (a :class:`random.Random` already seeded), ``(seed)`` for another bot without a
#: budget, ``(seed, budget)`` with one (the text after the colon).
Bots = Mapping[str, Callable[..., Any]]


def bot_spec(spec: str) -> tuple[str, str | None]:
    """``name`` or ``name:budget`` -> (name, budget); ValueError (the message says why) for
    an unknown bot, a budget given to a bot that takes none, or a bad budget.

    >>> bot_spec("mcts:400"), bot_spec("greedy")
    (('mcts', '400'), ('greedy', None))
    """
    name, colon, budget = spec.partition(":")
    if name not in BOT_NAMES:
        raise ValueError(f"unknown bot `{name}`")
    if not colon:
        return name, None
    if name not in BUDGETED:
        raise ValueError(f"bot `{name}` takes no budget")
    from fortlang.agents.search import Budget

    Budget.parse(budget)  # raises with the reason
    return name, budget


def declared_bots(game: GameModule) -> Bots | None:
    """The bots ``game`` declares (``GameModule.bots``), or None for a module that declares
    none (it plays the generic module bots: fortlang.sim.module_games); E351
    (:class:`fortlang.games.GameError`) when the declaration fails to load or is no mapping."""
    from fortlang import games

    found: Bots | None = games.declared(game, "bots", Mapping, "its bots")
    return found


def make_bot(spec: str, seed: int, bots: Bots) -> Any:
    """The bot ``spec`` names (see :func:`bot_spec`) among a game's ``bots``, with its own
    generator ``seed``."""
    name, budget = _spec(spec)
    if budget is None and name in _SEEDED:
        return _seeded_bot(bots[name], _seeded(seed))
    return bots[name](seed) if budget is None else bots[name](seed, budget)


#: :func:`bot_spec` of each spec already read (a run reads the same few at every game).
_SPECS: Final[dict[str, tuple[str, str | None]]] = {}


def _spec(spec: str) -> tuple[str, str | None]:
    """:func:`bot_spec`, read once per spec (an error is raised each time, never kept)."""
    found = _SPECS.get(spec)
    if found is None:
        found = bot_spec(spec)
        if len(_SPECS) >= 256:
            _SPECS.clear()
        _SPECS[spec] = found
    return found


def _seeded(seed: int) -> random.Random:
    """``random.Random(seed)``, seeded by its C method directly: the same state, without the
    interpreted ``Random.__init__`` and ``seed`` around it (twice per bot per game)."""
    rng = _C_NEW(_RANDOM)
    _C_SEED(rng, seed)
    rng.gauss_next = None  # type: ignore[attr-defined]  # as Random.seed sets it
    return rng


def _seeded_bot(factory: Callable[..., Any], rng: random.Random) -> Any:
    """``factory(rng)``, ``rng`` a generator made for the bot alone: a
    :class:`~fortlang.engine.choices.RandomAgent` is told it owns it (nobody else holds it),
    so that it may draw it two words at a time (its class docstring)."""
    if factory is RandomAgent:
        return RandomAgent(rng, owned=True)
    return factory(rng)


def _text_seeded(text: str) -> random.Random:
    """``random.Random(text)``: the text turned into the number ``Random.seed`` makes of it
    (version 2: its UTF-8 bytes followed by their SHA-512), seeded natively."""
    data = text.encode()
    return _seeded(int.from_bytes(data + _SHA512(data).digest(), "big"))


def text_seed(text: str, bits: int) -> int:
    """``random.Random(text).getrandbits(bits)``, without the interpreted ``Random.__init__``
    and ``seed`` (a run derives every game's seed so: fortlang.sim.replay.game_seed).

    >>> text_seed("fortlang-game:1:0", 63) == random.Random("fortlang-game:1:0").getrandbits(63)
    True
    """
    return _text_seeded(text).getrandbits(bits)


def agent_seed(game_seed: int, seat: int) -> int:
    """Each bot's own generator, derived from the game seed and its seat:
    ``random.Random(f"fortlang-agent:{game_seed}:{seat}").getrandbits(64)``, the text turned
    into the number ``Random.seed`` makes of it (version 2: the bytes and their SHA-512).

    >>> agent_seed(7, 1) == random.Random("fortlang-agent:7:1").getrandbits(64)
    True
    """
    return text_seed(f"fortlang-agent:{game_seed}:{seat}", 64)


def agent_rng(game_seed: int, seat: int) -> random.Random:
    """``random.Random(agent_seed(game_seed, seat))``: the generator that derived the seed
    seeded again with it, in place (one generator a bot, not two)."""
    rng = _text_seeded(f"fortlang-agent:{game_seed}:{seat}")
    _C_SEED(rng, rng.getrandbits(64))
    rng.gauss_next = None  # type: ignore[attr-defined]  # as Random.seed sets it
    return rng


def make_bots(names: list[str], n_players: int, game_seed: int, bots: Bots) -> list[Any]:
    """A game's ``bots`` for every seat, ``names`` (specs: ``greedy``, ``mcts:400``) repeated
    in seat order, each with its own generator (:func:`agent_seed`)."""
    out: list[Any] = []
    for seat in range(n_players):
        name, budget = _spec(names[seat % len(names)])
        if budget is None and name in _SEEDED:  # as make_bot: its generator seeded
            out.append(_seeded_bot(bots[name], agent_rng(game_seed, seat)))
        elif budget is None:
            out.append(bots[name](agent_seed(game_seed, seat)))
        else:
            out.append(bots[name](agent_seed(game_seed, seat), budget))
    return out


def seat_bots(bots: tuple[str, ...] | list[str], players: int, index: int) -> list[str]:
    """The bot at each seat in game ``index``: the lineup (``bots`` repeated to fill the
    table) rotated by one seat per game, so no bot keeps a seat over a run.

    >>> [seat_bots(["greedy", "random"], 3, i) for i in range(3)]
    [['greedy', 'random', 'greedy'], ['random', 'greedy', 'greedy'], ['greedy', 'greedy', 'random']]
    """
    lineup = [bots[s % len(bots)] for s in range(players)]
    return [lineup[(s + index) % players] for s in range(players)]


__all__ = ["BOT_NAMES", "BUDGETED", "Bots", "agent_rng", "agent_seed", "bot_spec",
           "declared_bots", "make_bot", "make_bots", "seat_bots", "text_seed", "worth"]
