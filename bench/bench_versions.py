"""Engine speed, this tree against an earlier commit in the same run (issue 13 figures):
four-player random-bot games per second on one core, microseconds per turn and per decision,
the pull API's cost per decision and the cost of clone(); then the stress cards of issue 13
(refused by `check`, E202) and the time to decide the largest accepted siblings.

    python bench/bench_versions.py [--base 0239877] [--games 200] [--runs 5] [--compiled]

The base commit's code is exported with `git archive` into a temporary folder and run in a
subprocess (nothing is installed); ``--compiled`` adds this tree compiled with mypyc (the wheel
``pip install .`` builds, unpacked into a temporary folder: bench/trees.py). Times are
the process's CPU time (the machine may be shared); every figure is the median of ``--runs``
runs, the sides interleaved; the ratios to the base are also given run by run (paired: each
run's sides ran back to back), which a machine whose speed drifts disturbs less.
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

from trees import export

ROOT = Path(__file__).resolve().parent.parent

#: Run in a subprocess with the code under test first on sys.path; prints JSON.
PROBE = r"""
import json, sys, time
import fortlang.engine.interpreter as engine
from fortlang.cardset import base_set
from fortlang.game import make_bots, run_game
games, seed = int(sys.argv[1]), int(sys.argv[2])
cardset = base_set()
run_game(cardset, 4, make_bots(["random"], 4, 0), seed=0)  # warm-up (imports, memo tables)
turns = decisions = 0
start = time.process_time()
for i in range(games):
    out = run_game(cardset, 4, make_bots(["random"], 4, seed + i), seed=seed + i)
    turns += out.turns
    decisions += len(out.log)
elapsed = time.process_time() - start
print(json.dumps({"games_s": games / elapsed, "us_turn": 1e6 * elapsed / turns,
                  "us_decision": 1e6 * elapsed / decisions,
                  "compiled": not engine.__file__.endswith(".py")}))
"""


def probe(path: Path, games: int, seed: int) -> dict:
    env = dict(os.environ, PYTHONPATH=str(path), PYTHONDONTWRITEBYTECODE="1")
    env.pop("FORTLANG_PURE", None)  # the compiled build runs compiled
    out = subprocess.run([sys.executable, "-c", PROBE, str(games), str(seed)], env=env,
                         check=True, capture_output=True, text=True, cwd=path)
    return json.loads(out.stdout)



def _paired(side: list[dict], base: list[dict]) -> str:
    """The ratio of games/s in each run (the two sides ran one after the other, so a change of
    the machine's speed between runs cancels out): its median, then each run's."""
    ratios = [s["games_s"] / b["games_s"] for s, b in zip(side, base, strict=True)]
    each = ", ".join(f"{r:.2f}" for r in ratios)
    return f"median {statistics.median(ratios):.2f}x ({each})"


def pull_us_per_decision(games: int) -> float:
    from fortlang.cardset import base_set
    from fortlang.game import make_bots
    from fortlang.game.pull import GameState, play

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
    from fortlang.game.pull import GameState

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


def stress() -> None:
    sys.path.insert(0, str(ROOT / "tests"))
    from builders import kid

    from fortlang import registry as reg
    from fortlang.checker import check
    from fortlang.engine import Game, RandomAgent, why_not
    from fortlang.nodes import Resource
    from fortlang.parser import parse_action

    refused = ["(score or pack or copy pack or destroy card) x 10 then spend toy x 10",
               "(score or convert) x shovel then spend 4 toy",
               "((score x shovel) x shovel) x shovel"]
    for text in refused:
        codes = [d.code for d in check(parse_action(text)) if d.is_error]
        print(f"  refused by check ({', '.join(codes) or 'NOT REFUSED'}): {text}")
    accepted = ["(score or gain pizza) x shovel then spend 4 toy", "pack x glue then advance",
                "(score or pack or copy pack or destroy card) x 3 then spend toy x 4"]
    for text in accepted:
        assert not [d for d in check(parse_action(text)) if d.is_error], text
        times = []
        for _ in range(3):  # a full hand of shovels and a full lookout: the worst real case
            game = Game(2, agents=[RandomAgent(1), RandomAgent(2)])
            card = game.new_card(kid("Stress", "shovel", text), game.players[0].hand)
            for i in range(4):
                game.new_card(kid(f"S{i}", "shovel", "score"), game.players[0].hand)
            game.players[0].level = reg.QUANTITY_BY_WORD["level"].bound
            for i in range(6):
                game.new_card(kid(f"L{i}", "shovel", "score"), game.players[0].lookout)
            game.give(game.players[0], Resource.PIZZA, 2)
            start = time.perf_counter()
            why_not(game, 0, card)
            times.append(time.perf_counter() - start)
        print(f"  accepted, legality decided in {statistics.median(times) * 1000:.0f} ms: {text}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default="0239877")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--compiled", action="store_true",
                        help="also this tree compiled with mypyc (built in a temporary folder)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="fortlang-base-") as tmp:
        sides = {"base": export(args.base, Path(tmp) / "base"), "this": ROOT}
        if args.compiled:
            from trees import build_compiled

            sides["compiled"] = build_compiled(Path(tmp) / "compiled")
        rows: dict[str, list[dict]] = {name: [] for name in sides}
        for run in range(args.runs):  # interleaved, so machine load hits all alike
            for name, path in sides.items():
                rows[name].append(probe(path, args.games, 1000 * run))
    for name, runs in rows.items():
        if any(r["compiled"] != (name == "compiled") for r in runs):
            raise SystemExit(f"the {name} side ran the wrong build (FORTLANG_PURE? a stale .so?)")
    med = {k: {f: statistics.median(r[f] for r in v) for f in ("games_s", "us_turn",
                                                                "us_decision")}
           for k, v in rows.items()}
    print(f"4-player random-bot games, one core (process CPU time), median of {args.runs} x "
          f"{args.games} games")
    labels = {"base": f"base {args.base}", "this": "this tree", "compiled": "this, compiled"}
    for name in rows:
        m = med[name]
        print(f"  {labels[name]:>16}: {m['games_s']:7.1f} games/s  {m['us_turn']:6.0f} us/turn  "
              f"{m['us_decision']:6.0f} us/decision")
    print(f"  ratio this/base: {med['this']['games_s'] / med['base']['games_s']:.2f}x "
          "(target 5x, goal 1,000 games/s)")
    if "compiled" in med:
        print(f"  ratio compiled/this: {med['compiled']['games_s'] / med['this']['games_s']:.2f}x"
              f", compiled/base: {med['compiled']['games_s'] / med['base']['games_s']:.2f}x")
    for name in [k for k in ("this", "compiled") if k in rows]:
        print(f"  {labels[name]}/base, run by run: {_paired(rows[name], rows['base'])}")
    print(f"  pull API (GameState + play): {pull_us_per_decision(args.games // 4):.0f} "
          "us/decision, whole game included")
    with_cp, without = clone_ms()
    print(f"  clone() at decision 200: {with_cp:.2f} ms with checkpoints, {without:.1f} ms "
          "replaying from the seed")
    print("stress cards (issue 13):")
    stress()


if __name__ == "__main__":
    main()
