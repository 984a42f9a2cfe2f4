"""The card sets a command works with (``--sets``): bundled set ids or set folders, and, for a
game, each set's ``requires`` added before it and everything combined into one table.

>>> from fortlang.cardset.table import fingerprint, table_sets
>>> sets = table_sets([])          # no --sets: the base game
>>> [s.id for s in sets], fingerprint(sets[0])["version"]
(['fort-base'], '0.1.0')
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from pathlib import Path

from fortlang.errors import ERROR, Diagnostic, FortError, did_you_mean
from fortlang.games import mixed, mixed_message
from fortlang.model import Card, CardSet, Manifest
from fortlang.module import DEFAULT_GAME, CardKind

#: What a game is played with when no --sets is given.
DEFAULT_SETS = ("fort-base",)


def split_specs(values: Sequence[str]) -> list[str]:
    """``--sets a,b --sets c`` -> [a, b, c]."""
    return [v for value in values for v in value.split(",") if v]


def _load(spec: str, bundled: dict[str, CardSet]) -> tuple[CardSet, Path | None]:
    """One spec: a set folder (with its path, to find the sets it requires beside it) or a
    bundled set's id."""
    from fortlang.cardset.load import load_set

    path = Path(spec)
    if path.is_dir():
        return load_set(path), path
    if spec not in bundled:
        _game_missing(spec)
        raise FortError(Diagnostic(ERROR, "E604", f"no card set {spec!r}: not a folder, "
                                   "nor a bundled set", file=spec,
                                   hint=did_you_mean(spec, bundled)))
    return bundled[spec], None


def _game_missing(spec: str) -> None:
    """E350/E351 (FortError) when ``spec`` is a bundled set left out because its game cannot
    be had (Fort's base set where only a game module is installed)."""
    from fortlang.cardset.load import _bundled_games
    from fortlang.registry import game_problem

    game = _bundled_games().get(spec)
    e = game_problem(game) if game is not None else None
    if e is not None:
        raise FortError(Diagnostic(ERROR, e.code, f"the bundled set `{spec}` is of the game "
                                   f"`{game}`: {e.message}", file=spec, hint=e.hint))


def load_specs(specs: Sequence[str]) -> tuple[CardSet, ...]:
    """The bundled sets (no specs), or each spec as a folder path or a bundled set's id."""
    from fortlang.cardset.load import load_bundled

    bundled = load_bundled()
    if not specs:
        return tuple(bundled.values())
    return tuple(_load(spec, bundled)[0] for spec in specs)


def _beside(folder: Path, wanted: str) -> CardSet | None:
    """The set with id ``wanted`` in a folder beside ``folder`` (as `check` finds it)."""
    from fortlang.cardset.build import check_file
    from fortlang.cardset.load import load_set, manifest_path

    try:
        siblings = sorted(folder.resolve().parent.iterdir())
    except OSError:
        return None
    for sibling in siblings:
        mpath = manifest_path(sibling) if sibling.is_dir() else None
        if mpath is None:
            continue
        m = check_file(mpath).manifest
        if m is not None and m.id == wanted:
            return load_set(sibling)
    return None


def table_sets(specs: Sequence[str]) -> tuple[CardSet, ...]:
    """The sets a game is played with: ``specs`` (default: the base game), each preceded by
    the sets it requires (bundled ones, or folders beside it), each set once."""
    from fortlang.cardset.load import load_bundled

    bundled = load_bundled()
    return with_requirements([_load(spec, bundled) for spec in (specs or DEFAULT_SETS)])


def with_requirements(given: Sequence[tuple[CardSet, Path | None]],
                      known: Mapping[str, CardSet] | None = None) -> tuple[CardSet, ...]:
    """The ``given`` sets (each with its folder, if it has one), each preceded by the sets it
    requires, each set once: found among the given, then in ``known`` (e.g. the sets one
    `check` read), the bundled sets, and folders beside the set's own. A set not found is
    E322."""
    from fortlang.cardset.load import load_bundled

    bundled = load_bundled()
    known = known or {}
    out: dict[str, CardSet] = {}

    def add(cardset: CardSet, folder: Path | None, path: tuple[str, ...]) -> None:
        if cardset.id in out:
            return
        for wanted in cardset.manifest.requires:
            if wanted in out or wanted in path:  # a cycle is E332 at load; never loop here
                continue
            found = next((s for s, _ in given if s.id == wanted), None)
            if found is None:
                found = known.get(wanted) or bundled.get(wanted)
            if found is None and folder is not None:
                found = _beside(folder, wanted)
            if found is None:
                raise FortError(Diagnostic(
                    ERROR, "E322", f"set `{cardset.id}` requires the set `{wanted}`, which is "
                    "not found", file=str(folder or cardset.id),
                    hint="name it in --sets (a bundled id or a folder)"))
            add(found, None, (*path, cardset.id))
        out[cardset.id] = cardset

    for cardset, folder in given:
        add(cardset, folder, ())
    return tuple(out.values())


def combine(sets: Sequence[CardSet]) -> CardSet:
    """One set for the table: the cards of each slot of every set (in set order; the slots in
    the order the game declares its kinds), the cards of the others, and of a ``single`` kind
    (Fort's board) the first set's that has one. Two cards with one id refuse (E334):
    statistics, logs and scenarios name cards by id; none of the sets holding a ``single``
    kind of the game refuses too (E324)."""
    if len(sets) == 1:
        return sets[0]
    one_game(sets)
    kinds = _kinds_of(sets[0].manifest.game)
    single = {k.slot: k.card_label for k in kinds if k.single and k.slot}
    seen: dict[str, str] = {}
    for s in sets:
        for item in named_cards(s):
            if item.id in seen:
                raise FortError(Diagnostic(
                    ERROR, "E334", f"`{item.id}` is in both `{seen[item.id]}` and `{s.id}`: "
                    "sets played together need distinct ids", file=s.id,
                    hint=f"rename the card in `{s.id}`"))
            seen[item.id] = s.id
    for slot, label in single.items():
        if not any(s.slot(slot) for s in sets):
            raise FortError(Diagnostic(ERROR, "E324", f"none of the sets has a {label}: "
                                       + ", ".join(s.id for s in sets), file=sets[0].id,
                                       hint=f"add a set with a {label} to --sets, e.g. "
                                            "the base game"))
    declared = [k.slot for k in kinds if k.slot]
    names = list(dict.fromkeys(name for s in sets for name in s.slot_names))
    names.sort(key=lambda name: declared.index(name) if name in declared else len(declared))
    slots = tuple((name, next(s.slot(name) for s in sets if s.slot(name)) if name in single
                   else tuple(c for s in sets for c in s.slot(name))) for name in names)
    manifest = Manifest(id="+".join(s.id for s in sets),
                        name=" + ".join(s.manifest.name for s in sets),
                        version="+".join(s.manifest.version for s in sets),
                        uses=tuple(dict.fromkeys(u for s in sets for u in s.manifest.uses)),
                        game=sets[0].manifest.game)
    return CardSet(manifest=manifest, slots=slots,
                   cards=tuple(c for s in sets for c in s.cards))


def named_cards(cardset: CardSet, others: bool = True) -> list[Card]:
    """The cards of ``cardset`` that statistics, logs and scenarios name by id: those of its
    slots but a ``single`` kind's (Fort's board), slot by slot, then (``others``) its
    :attr:`cards`."""
    single = {k.slot for k in _kinds_of(cardset.manifest.game) if k.single and k.slot}
    return [*(c for name, cards in cardset.slots if name not in single for c in cards),
            *(cardset.cards if others else ())]


def _kinds_of(game: str) -> tuple[CardKind, ...]:
    """The kinds a set of ``game`` was built by: those it declares, else (a game that
    declares none) the default game's, as the loader reads its files
    (``cardset.build.usable_game``); none where neither can be had."""
    from fortlang.games import GameError, game_named

    for name in (game, DEFAULT_GAME):
        try:
            kinds = game_named(name).cards
        except GameError:
            continue
        if kinds:
            return kinds
    return ()


def one_game(sets: Sequence[CardSet]) -> None:
    """Sets of different games are never dealt together: E352, naming two of them."""
    pair = mixed((s.id, s.manifest.game) for s in sets)
    if pair is not None:
        raise FortError(Diagnostic(ERROR, "E352", mixed_message(*pair), file=pair[1][0],
                                   hint="play together only sets of one game (the manifests' "
                                        "`game:`)"))


#: "hash text v1": the slots the hash text names, in this order, each with its value when a
#: set has no such cards (() for a list kind; None for a ``single`` kind, whose one card is
#: written bare). They are Fort's, whose sets' hashes were first made of the core's CardSet
#: holding them as fields: the text is that CardSet's repr, frozen.
HASH_SLOTS_V1: tuple[tuple[str, bool], ...] = (
    ("kids", False), ("rules", False), ("perks", False), ("board", True))


def hash_text(cardset: CardSet) -> str:
    """The text a set's content hash is made of, "hash text v1" (frozen: a log records the
    hash and a replay compares it, so the same cards must give the same text forever)::

        CardSet(manifest=<repr(manifest)>, kids=<repr>, rules=<repr>, perks=<repr>, board=<repr>)

    then, when the set has other cards, the repr of the tuple of them: its :attr:`cards`,
    then the cards of any slot not named above, slot by slot. Each slot of
    :data:`HASH_SLOTS_V1` is written even when the set has none (``()``, or ``None`` for the
    board); a ``single`` slot's one card is written bare. A change to this text changes every
    recorded hash: make a "v2", never edit v1.

    >>> from fortlang.model import CardSet, Manifest
    >>> hash_text(CardSet(Manifest("t", "T", "1")))
    "CardSet(manifest=Manifest(id='t', name='T', version='1', languages=('en',), requires=(), \
description='', uses=(), park_size=None, best_friend_count=None, names={}), kids=(), \
rules=(), perks=(), board=None)"
    """
    parts = [f"manifest={cardset.manifest!r}"]
    for name, single in HASH_SLOTS_V1:
        cards = cardset.slot(name)
        parts.append(f"{name}={(cards[0] if cards else None) if single else cards!r}")
    named = {name for name, _ in HASH_SLOTS_V1}
    others = (*cardset.cards,
              *(c for name, cards in cardset.slots if name not in named for c in cards))
    return f"CardSet({', '.join(parts)})" + (repr(others) if others else "")


def content_hash(cardset: CardSet) -> str:
    """A hash of what the engine reads from a set (the definitions, not the file layout or
    comments): the same cards give the same hash in every process (:func:`hash_text`)."""
    return hashlib.sha256(hash_text(cardset).encode()).hexdigest()[:16]


def fingerprint(cardset: CardSet) -> dict[str, str]:
    """What a log records of one set: id, version and content hash."""
    return {"id": cardset.id, "version": cardset.manifest.version, "hash": content_hash(cardset)}
