"""``fortlang replay`` of a game module's lines (fortlang.sim.module_log): each line bounded by
the module's own ranges before anything is built from it, its sets compared, then its game
played again through the module's ``run``; whatever differs is a diagnostic positioned on the
line (the answer, the set, the key it is about)."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from fortlang.errors import ERROR, Diagnostic, FortError
from fortlang.module import GameModule
from fortlang.nodes import Span
from fortlang.sim.module_log import LABEL_CHARS

#: The most answers a line may hold (a Frantic game has hundreds, a long one a few thousand).
MAX_ANSWERS = 200_000
#: The most options a decision may have that a line can name (as Fort's lines).
MAX_OPTION = 1_000_000
#: The longest decision kind and option label a line may hold.
MAX_KIND, MAX_LABEL = 40, LABEL_CHARS
#: The most bots a line may name (one a seat).
MAX_BOTS = 64


def is_module_line(entry: Any) -> bool:
    """Whether a parsed line is a game module's (it names its module)."""
    return isinstance(entry, dict) and "module" in entry


def logged_set_ids(entry: Mapping[str, Any]) -> tuple[str, ...]:
    """The ids of the sets a module's line was played with (bundled ids: what ``replay``
    loads when no --sets is given); () when the line does not say."""
    sets = entry.get("sets")
    if not isinstance(sets, list) or not sets or len(sets) > MAX_BOTS:
        return ()
    ids = tuple(s.get("id") for s in sets if isinstance(s, dict))
    if len(ids) != len(sets) or not all(isinstance(i, str) and 0 < len(i) <= 200 for i in ids):
        return ()
    return ids  # type: ignore[return-value]


def _whole(value: Any, low: int, high: int) -> bool:
    return type(value) is int and low <= value <= high


def _answer_ok(a: Any) -> bool:
    if not isinstance(a, list) or len(a) not in (2, 3):
        return False
    if not isinstance(a[0], str) or not 0 < len(a[0]) <= MAX_KIND:
        return False
    if not _whole(a[1], 0, MAX_OPTION):
        return False
    return len(a) == 2 or (isinstance(a[2], str) and len(a[2]) <= MAX_LABEL)


def out_of_range(entry: Mapping[str, Any], game: GameModule) -> tuple[str, int, str] | None:
    """(key, index of the element or -1, what is wrong) for the first field of a module's
    line outside what its game can have; checked before any work."""
    for key in ("seed", "players", "answers"):
        if key not in entry:
            return "module", -1, f"a game module's line needs `{key}`"
    seats = game.players
    if not _whole(entry["players"], seats.start, seats.stop - 1):
        return "players", -1, f"must be from {seats.start} to {seats.stop - 1}: " \
            f"{game.title('en')} is for so many players"
    if not _whole(entry["seed"], 0, 2 ** 64 - 1):
        return "seed", -1, "must be a whole number from 0 to 2^64 - 1"
    if "game" in entry and not _whole(entry["game"], 0, 2 ** 63 - 1):
        return "game", -1, "must be a whole number from 0 to 2^63 - 1"
    bots = entry.get("bots", [])
    if not isinstance(bots, list) or len(bots) > MAX_BOTS or not all(
            isinstance(b, str) and len(b) <= MAX_KIND for b in bots):
        return "bots", -1, f"must be a list of at most {MAX_BOTS} bot names"
    answers = entry["answers"]
    if not isinstance(answers, list):
        return "answers", -1, "must be a list of [kind, option, label] answers"
    if len(answers) > MAX_ANSWERS:
        return "answers", -1, f"holds {len(answers):,} answers, more than {MAX_ANSWERS:,}"
    for i, a in enumerate(answers):
        if not _answer_ok(a):
            return "answers", i, f"answer {i + 1} must be [kind, option, label] (option " \
                f"from 0 to {MAX_OPTION:,}) or [\"chance\", outcome]"
    return None


# -- where on the line ---------------------------------------------------------------------------


def locate(line: str, key: str, index: int = -1) -> tuple[int, int]:
    """The columns (1-based, end exclusive) of ``key``'s value on a line holding one JSON
    object, or of its ``index``-th element when the value is a list; the whole line's start
    when it cannot be found (the line parsed already: this only walks it)."""
    decoder = json.JSONDecoder()

    def skip(at: int) -> int:
        while at < len(line) and line[at] in " \t\r\n":
            at += 1
        return at

    try:
        at = skip(0)
        if line[at] != "{":
            return 1, 2
        at = skip(at + 1)
        while at < len(line) and line[at] != "}":
            name, at = decoder.raw_decode(line, at)
            at = skip(skip(at) + 1)  # past the colon
            start = at
            if name == key and index >= 0 and line[at] == "[":
                at = skip(at + 1)
                for _ in range(index):
                    _, at = decoder.raw_decode(line, at)
                    at = skip(skip(at) + 1)  # past the comma
                _, end = decoder.raw_decode(line, at)
                return at + 1, end + 1
            _, end = decoder.raw_decode(line, at)
            if name == key:
                return start + 1, end + 1
            at = skip(skip(end) + 1)  # past the comma
    except (ValueError, IndexError, RecursionError):
        pass
    return 1, 2


def located(path: Path, number: int, line: str, code: str, message: str, key: str,
            index: int = -1, hint: str | None = None) -> FortError:
    """A diagnostic on ``key`` (or its ``index``-th element) of line ``number``."""
    start, end = locate(line, key, index)
    return FortError(Diagnostic(ERROR, code, message, Span(number, start, number, end),
                                str(path), hint=hint), "\n" * (number - 1) + line)


def bounded(path: Path, number: int, line: str, entry: dict[str, Any],
            game: GameModule) -> dict[str, Any]:
    """``entry`` when its module and every field fit ``game``, else a positioned FortError
    (E335 for another game's line, E901 for a field out of range)."""
    if entry.get("module") != game.name:
        raise located(path, number, line, "E335", f"game logged with other card data: a game "
                      f"of `{str(entry.get('module'))[:80]}`, the sets loaded are "
                      f"{game.title('en')}'s", "module",
                      hint="replay with the sets the log was made with (--sets ...)")
    problem = out_of_range(entry, game)
    if problem is not None:
        key, index, message = problem
        raise located(path, number, line, "E901", f"not a replay line: `{key}` {message}", key,
                      index)
    return entry


def same_sets(path: Path, number: int, line: str, entry: Mapping[str, Any],
              ours: Sequence[Mapping[str, str]]) -> None:
    """E335 on the first logged set that differs from the one loaded in its place (id,
    version, content hash), saying what differs."""
    logged = entry.get("sets")
    if not isinstance(logged, list):
        raise located(path, number, line, "E335", "game logged without its sets", "sets"
                      if "sets" in entry else "module", hint="a line of `fortlang simulate "
                      "--log` names its sets")
    for i in range(max(len(logged), len(ours))):
        theirs = logged[i] if i < len(logged) else None
        mine = ours[i] if i < len(ours) else None
        if isinstance(theirs, dict) and mine is not None and all(
                theirs.get(k) == mine[k] for k in ("id", "version", "hash")):
            continue
        if mine is None:
            what = f"the log has one more set, {_name(theirs)}; not loaded"
        elif theirs is None:
            what = f"loaded {_name(mine)}, which the log does not name"
        elif isinstance(theirs, dict) and theirs.get("id") == mine["id"]:
            changed = [k for k in ("version", "hash") if theirs.get(k) != mine[k]]
            what = f"set {mine['id']}: " + ", ".join(
                f"{k} {str(theirs.get(k))[:40]} logged, {mine[k]} loaded" for k in changed)
            if "hash" in changed:
                what += " (its cards changed since the game was logged)"
        else:
            what = f"the log has {_name(theirs)}, loaded {_name(mine)}"
        raise located(path, number, line, "E335", f"game logged with other card data: {what}",
                      "sets", min(i, len(logged) - 1) if logged else -1,
                      hint="replay with the sets the log was made with (--sets ...)")


def _name(s: Any) -> str:
    if not isinstance(s, Mapping):
        return "?"
    return " ".join(str(s.get(k, ""))[:40] for k in ("id", "version")).strip() + \
        f" #{str(s.get('hash', '?'))[:20]}"


def replay_line(path: Path, number: int, line: str, entry: dict[str, Any], game: GameModule,
                table: Any) -> FortError | None:
    """Play the line's game again; None when it is identical, else the positioned E810 (or
    E903 when the module's engine fails). A failed game's line (``error``, saved by
    ``simulate``) is to meet its error again: E903 then says whether it is the same."""
    from fortlang.sim.module_log import Diverged, replay

    logged = entry.get("error") if isinstance(entry.get("error"), str) else None
    try:
        replay(game, table, entry)
    except Diverged as e:
        failed = f"; the logged game failed here ({logged[:300]}); it does not now" \
            if logged is not None else ""
        return located(path, number, line, "E810", f"game {entry.get('game', '?')} plays "
                       f"differently: {e}{failed}", e.key if e.answer < 0 else "answers",
                       e.answer,
                       hint="a log replays with the sets and the fortlang it was made with")
    except Exception as e:  # noqa: BLE001 - the module's engine failed: the user's report
        error = f"{type(e).__name__}: {e}"
        found = located(path, number, line, "E903", f"game {entry.get('game', '?')} failed in "
                        f"the engine of {game.title('en')}: {error[:300]}", "seed",
                        hint="report it to the game module's authors with this line")
        if logged is not None:
            d = found.first
            note = "the same error as the log's" if error == logged else \
                f"the log's game failed with another error: {logged[:300]}"
            return FortError(replace(d, notes=(*d.notes, note)), found.source)
        return found
    return None
