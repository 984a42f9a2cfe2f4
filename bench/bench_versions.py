"""Engine speed, this tree against an earlier commit in the same run (issue 13 figures):
four-player random-bot games per second on one core, microseconds per turn and per decision,
the pull API's cost per decision and the cost of clone(); then the stress cards of issue 13
(refused by `check`, E202), the time to decide the largest accepted siblings, and the games
bench/fuzz_cards.py found slow (FUZZ_FOUND: each game's time and slowest decision, on the
compiled build when there is one).

    python bench/bench_versions.py [--base main] [--games 20] [--runs 25] [--compiled]

With ``--compiled`` the base commit is built compiled as well, and the ratio that says whether
a change slowed the engine users run is "this, compiled" over "base, compiled", round by round.

The base commit's code is exported with `git archive` into a temporary folder and run in a
subprocess (nothing is installed); ``--compiled`` adds this tree compiled with mypyc (the wheel
``pip install .`` builds, unpacked into a temporary folder: bench/trees.py). Each side is one
process, warmed up once; they take turns in ``--runs`` rounds of ``--games`` games, every side
playing the same games in a round. Times are the process's CPU time (the machine may be
shared and its speed drifts within seconds): a side's games/s is all its games over all its
time, so the ratios compare the same games; the ratios are also given round by round (paired:
the sides of a round ran back to back), with their median and quartiles.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from trees import Probe, export

ROOT = Path(__file__).resolve().parent.parent

#: A long-lived probe per side, run with the code under test first on sys.path: it warms up
#: once, then plays the games each line of stdin asks for ("seed games") and answers with one
#: JSON line. The sides take turns round by round, each playing the same games, so a change of
#: the machine's speed (it may be shared) lasts a round, not a side.
PROBE = r"""
import json, sys, time
import fortlang.engine.interpreter as engine
from fortlang.cardset import base_set
try:  # the layout since issue 33 stage 3
    try:  # Fort's bots in Fort's folder (issue 33 item 5)
        from fortlang.games.fort.agents.bots import make_bots
    except ImportError:  # in the core's agents/ (stage 3)
        from fortlang.agents.bots import make_bots
    from fortlang.games.fort.match import run_game
except ImportError:  # a base commit from before it
    from fortlang.game import make_bots, run_game
cardset = base_set()
run_game(cardset, 4, make_bots(["random"], 4, 0), seed=0)  # warm-up (imports, memo tables)
compiled = not engine.__file__.endswith(".py")
for line in sys.stdin:
    seed, games = map(int, line.split())
    turns = decisions = 0
    start = time.process_time()
    for i in range(games):
        out = run_game(cardset, 4, make_bots(["random"], 4, seed + i), seed=seed + i)
        turns += out.turns
        decisions += len(out.log)
    elapsed = time.process_time() - start
    print(json.dumps({"seconds": elapsed, "games": games, "turns": turns,
                      "decisions": decisions, "compiled": compiled}), flush=True)
"""


def _paired(side: list[dict], base: list[dict]) -> str:
    """The ratio of games/s in each round (the sides played the same games one after the
    other, so a change of the machine's speed between rounds cancels out): its median and
    quartiles."""
    ratios = sorted(b["seconds"] / s["seconds"] for s, b in zip(side, base, strict=True))
    q1, _, q3 = statistics.quantiles(ratios, n=4) if len(ratios) > 1 else (ratios * 3)
    return (f"median {statistics.median(ratios):.2f}x (quartiles {q1:.2f}-{q3:.2f}, "
            f"{len(ratios)} rounds, min {ratios[0]:.2f}, max {ratios[-1]:.2f})")


def pull_us_per_decision(games: int) -> float:
    from fortlang.cardset import base_set
    from fortlang.games.fort.agents.bots import make_bots
    from fortlang.games.fort.sim.pull import GameState, play

    cardset = base_set()
    decisions = 0
    start = time.perf_counter()
    for i in range(games):
        out = play(GameState(cardset, 4, seed=i), make_bots(["random"], 4, i))
        decisions += len(out.log)
    return 1e6 * (time.perf_counter() - start) / decisions


def clone_ms(decisions: int = 200, runs: int = 30) -> tuple[float, float]:
    """Milliseconds per clone() at decision ``decisions`` of a 4-player game: with checkpoints
    (copy at the turn start, replay this turn) and without (replay from the seed)."""
    from fortlang.cardset import base_set
    from fortlang.engine import RandomAgent
    from fortlang.games.fort.sim.pull import GameState

    out = []
    for checkpoints in (True, False):
        state = GameState(base_set(), 4, seed=3, checkpoints=checkpoints)
        agent = RandomAgent(1)
        for _ in range(decisions):
            state.apply_action(agent.choose(None, state.decision()))
        times = []
        for _ in range(runs if checkpoints else max(runs // 6, 3)):
            start = time.perf_counter()
            state.clone()
            times.append(time.perf_counter() - start)
        out.append(1000 * statistics.median(times))
    return out[0], out[1]


#: Games bench/fuzz_cards.py found whose moves took long to decide (issue 13 item 3; 1.5 s,
#: 1.5 s, 99 s and 11 s for one move, compiled, before searches remembered where they failed):
#: the seed, the players, the bots and the boxes replaced in the base set (``Name.box: action``).
FUZZ_FOUND: list[tuple[int, int, str, list[str]]] = [
    (586, 4, "greedy", [
        "Giggles.public: if hand != 3 -> (recruit then convert then lose)",
        "Crash.private: each player -> take pizza or if yard >= 1 -> give pizza or destroy this "
        "then draw or convert",
        "Einstein.private: (give pizza or spend toy or copy rival pack or give pizza) x 10 or "
        "copy rival pack x any",
        "Prince.public: lookout x lookout",
        "Rusty.private: a rival -> (give pizza or score)",
        "Blades.public: each player -> if yard >= 1 -> give pizza"]),
    (179806, 3, "random", [
        "Wart.private: if level != 3 -> destroy card or score 2 x any x any or destroy rival or "
        "spend toy or gain pizza or pack or copy pack x any or if suits != 4 -> gain 3 pizza or "
        "each player -> if level != 4 -> copy pack",
        "Giggles.public: score x level",
        "Ant.private: if level != 3 -> destroy card then (score 2 x any x any or destroy rival or "
        "spend toy or gain pizza or pack or copy pack x any) then if suits != 4 -> gain 3 pizza "
        "then each player -> if level != 4 -> copy pack",
        "Flipper.private: (copy pack then pack) x lookout"]),
    (239240, 3, "random", [
        "Giggles.public: each player -> convert",
        "Baby Face.private: if book >= 2 -> destroy rival x glue",
        "Rusty.private: recruit x lookout x level",
        "Baby Face.private: if cards > 2 -> score then if advances >= 4 -> spend 2 pizza",
        "Bud.public: (if pack = 1 -> take pizza) x skateboard",
        "Patch.public: (copy rival pack or copy rival pack or pack) then convert then copy pack"
        " then take pizza then take pizza then convert then (copy pack or spend pizza/toy) then"
        " take pizza x lookout",
        "The Scrappers.private: lose or lookout or destroy this"]),
    (49, 2, "random", [
        "Einstein.private: recruit x any x 5",
        "Sarge.public: each rival -> copy rival pack or score or lookout or spend 2 pizza or "
        "spend toy",
        "Sweet Pea.public: a rival -> (spend 2 pizza or take pizza or recruit)",
        "Captain.private: spend pizza or copy rival pack",
        "Smoke.private: if suits != 3 -> (give pizza then (copy rival pack or copy rival pack))",
        "Captain.public: draw x glue",
        "Crash.private: (advance -1 or copy pack or gain 3 pizza or destroy card) then draw x "
        "10 then (spend 2 toy or take pizza or take pizza or score 2 or if lookout > 4 -> "
        "destroy this or lose or draw then destroy card) then draw then advance then gain 3 toy",
        "Baby Face.private: draw or spend 2 pizza/toy",
        "Rusty.public: each player -> each player -> if hand > 3 -> lose",
        "Doodles.public: if lookout <= 4 -> if water_gun < 1 -> if crown <= 0 -> draw",
        "Bud.private: each player -> (copy pack or destroy card or copy rival pack or gain 2 "
        "pizza/toy)",
        "Moose.private: (draw then take pizza) x pack x lookout"]),
]

#: One FUZZ_FOUND game (JSON in argv[1]), run with the code under test first on sys.path: the
#: game's CPU time and its slowest decision (the time since the one before), as JSON.
STALL_PROBE = r"""
import dataclasses, json, sys, time
from fortlang.cardset import base_set
try:  # the layout since issue 33 stage 3
    try:  # Fort's bots in Fort's folder (issue 33 item 5)
        from fortlang.games.fort.agents.bots import make_bots
    except ImportError:  # in the core's agents/ (stage 3)
        from fortlang.agents.bots import make_bots
    from fortlang.games.fort.match import run_game
    from fortlang.games.fort.setup import new_game
except ImportError:  # a base commit from before it
    from fortlang.game import make_bots, run_game
    from fortlang.game.setup import new_game
from fortlang.parser import parse_action
seed, players, bots, replaced = json.loads(sys.argv[1])
base = base_set()
has_slots = hasattr(base, "with_slot")  # CardSet's generic slots (issue 33), or a field before
kids = list(base.slot("kids") if has_slots else base.kids)
for line in replaced:
    head, text = line.split(": ", 1)
    name, box = head.split(".")
    i = next(j for j, k in enumerate(kids) if k.name == name)
    kids[i] = dataclasses.replace(kids[i], **{box: parse_action(text)})
cardset = (base.with_slot("kids", tuple(kids)) if has_slots
           else dataclasses.replace(base, kids=tuple(kids)))
agents = make_bots([bots], players, seed)
game, first = new_game(cardset, players, seed=seed, agents=agents)
worst, last = [0.0, ""], [time.process_time()]
def on_decision(decision, index):
    now = time.process_time()
    if now - last[0] > worst[0]:
        worst[:] = [now - last[0], decision.context]
    last[0] = now
game.on_decision = on_decision
start = time.process_time()
run_game(cardset, players, agents, game=game, first=first)
print(json.dumps({"game": time.process_time() - start, "worst": worst[0], "what": worst[1]}))
"""


def fuzz_found(path: Path, label: str) -> list[str]:
    """The FUZZ_FOUND games on the tree at ``path``: each game's time and slowest decision."""
    env = dict(os.environ, PYTHONPATH=str(path), PYTHONDONTWRITEBYTECODE="1")
    env.pop("FORTLANG_PURE", None)
    lines = []
    for found in FUZZ_FOUND:
        out = subprocess.run([sys.executable, "-c", STALL_PROBE, json.dumps(found)], env=env,
                             cwd=path, check=True, capture_output=True, text=True)
        got = json.loads(out.stdout)
        lines.append(f"  found by fuzz_cards.py, seed {found[0]} ({label}): game "
                     f"{got['game']:.2f} s, slowest decision {got['worst']:.2f} s "
                     f"({got['what'][:60]})")
    return lines


def stress() -> None:
    sys.path.insert(0, str(ROOT / "tests"))
    from builders import kid

    from fortlang import registry as reg
    from fortlang.checker import check
    from fortlang.engine import RandomAgent
    from fortlang.games.fort.nodes import FortLevel, Resource
    from fortlang.games.fort.play import why_not
    from fortlang.games.fort.table import Game
    from fortlang.parser import parse_action
    from fortlang.sim.seats import Seats

    # issue 36: E202 counts the places a repeat reaches, so two of issue 13's stress cards are
    # accepted now (and decided below); these stay refused
    refused = ["(recruit or destroy card or lookout or draw) x 10 then spend toy x 10",
               "(score or convert or recruit) x shovel then spend 4 toy",
               "((score x shovel) x shovel) x shovel"]
    for text in refused:
        codes = [d.code for d in check(parse_action(text)) if d.is_error]
        print(f"  refused by check ({', '.join(codes) or 'NOT REFUSED'}): {text}")
    accepted = ["(score or gain pizza) x shovel then spend 4 toy", "pack x glue then advance",
                "(score or pack or copy pack or destroy card) x 3 then spend toy x 4",
                "(score or pack or copy pack or destroy card) x 10 then spend toy x 10",
                "(score or convert) x shovel then spend 4 toy"]
    for text in accepted:
        assert not [d for d in check(parse_action(text)) if d.is_error], text
        times = []
        for _ in range(3):  # a full hand of shovels and a full lookout: the worst real case
            game = Game(2, asker=Seats([RandomAgent(1), RandomAgent(2)]))
            card = game.new_card(kid("Stress", "shovel", text), game.players[0].hand)
            for i in range(4):
                game.new_card(kid(f"S{i}", "shovel", "score"), game.players[0].hand)
            game.players[0].level = reg.quantity_spec(FortLevel()).bound
            for i in range(6):
                game.new_card(kid(f"L{i}", "shovel", "score"), game.players[0].lookout)
            game.give(game.players[0], Resource.PIZZA, 2)
            start = time.perf_counter()
            why_not(game, 0, card)
            times.append(time.perf_counter() - start)
        print(f"  accepted, legality decided in {statistics.median(times) * 1000:.0f} ms: {text}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default="main", help="the commit to compare with")
    parser.add_argument("--games", type=int, default=20, help="games per round and side")
    parser.add_argument("--runs", type=int, default=25, help="rounds")
    parser.add_argument("--compiled", action="store_true",
                        help="also this tree and the base compiled with mypyc (built in a "
                        "temporary folder)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="fortlang-base-") as tmp:
        sides = {"base": export(args.base, Path(tmp) / "base"), "this": ROOT}
        if args.compiled:
            from trees import build_compiled, export_whole

            sides["compiled"] = build_compiled(Path(tmp) / "compiled")
            whole = export_whole(args.base, Path(tmp) / "base-whole")
            sides["base compiled"] = build_compiled(Path(tmp) / "base-compiled", whole)
        probes = {name: Probe(path, PROBE) for name, path in sides.items()}
        rows: dict[str, list[dict]] = {name: [] for name in sides}
        try:
            for run in range(args.runs):  # round by round, every side the same games
                for name, side in probes.items():
                    rows[name].append(side.play(1000 * run, args.games))
        finally:
            for side in probes.values():
                side.close()
        found = "compiled" if "compiled" in sides else "this"  # the site is gone after this
        stalls = fuzz_found(sides[found], "compiled" if found == "compiled" else "pure")
    for name, runs in rows.items():
        if any(r["compiled"] != name.endswith("compiled") for r in runs):
            raise SystemExit(f"the {name} side ran the wrong build (FORTLANG_PURE? a stale .so?)")
    total = {k: {f: sum(r[f] for r in v) for f in ("seconds", "games", "turns", "decisions")}
             for k, v in rows.items()}
    rate = {k: t["games"] / t["seconds"] for k, t in total.items()}
    print(f"4-player random-bot games, one core (process CPU time): {args.runs} rounds of "
          f"{args.games} games, every side the same games, round by round")
    labels = {"base": f"base {args.base}", "this": "this tree", "compiled": "this, compiled",
              "base compiled": "base, compiled"}
    for name in rows:
        t = total[name]
        median = statistics.median(r["games"] / r["seconds"] for r in rows[name])
        print(f"  {labels[name]:>16}: {rate[name]:7.1f} games/s (median round {median:.1f})  "
              f"{1e6 * t['seconds'] / t['turns']:6.0f} us/turn  "
              f"{1e6 * t['seconds'] / t['decisions']:6.0f} us/decision")
    print(f"  ratio this/base: {rate['this'] / rate['base']:.2f}x "
          "(target 5x, goal 1,000 games/s)")
    if "compiled" in rate:
        print(f"  ratio compiled/this: {rate['compiled'] / rate['this']:.2f}x, "
              f"compiled/base: {rate['compiled'] / rate['base']:.2f}x")
    for name in [k for k in ("this", "compiled") if k in rows]:
        print(f"  {labels[name]}/base, round by round: {_paired(rows[name], rows['base'])}")
    if "base compiled" in rows:
        print(f"  this, compiled / base, compiled: "
              f"{rate['compiled'] / rate['base compiled']:.2f}x; round by round: "
              f"{_paired(rows['compiled'], rows['base compiled'])}")
    print(f"  pull API (GameState + play): {pull_us_per_decision(25):.0f} "
          "us/decision, whole game included")
    with_cp, without = clone_ms()
    print(f"  clone() at decision 200: {with_cp:.2f} ms with checkpoints, {without:.1f} ms "
          "replaying from the seed")
    print("stress cards (issue 13):")
    stress()
    print("\n".join(stalls))


if __name__ == "__main__":
    main()
