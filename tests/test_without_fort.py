"""Core commands on a game module's sets need no Fort (issue 33 item 5): where the entry-point
table of ``fortlang.games`` has no `fort` (a game module installed alone, or Fort's entry point
gone), `check`, `fmt`, `explain --game`, `simulate` (text, JSON, the log, the search bot),
`replay`, `balance` and `test` of Frantic's bundled set work, and Fort's package is never
imported. Each run is a fresh interpreter (a test process has Fort's words loaded already)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from plugin_site import install

ROOT = Path(__file__).resolve().parent.parent
FRANTIC = ROOT / "cards" / "frantic-base"
FORTUNE = ROOT / "cards" / "fortune-base"
PIG = ROOT / "examples" / "game-module"

#: Runs fortlang's commands (argv lists, JSON on stdin) with `fort` taken out of the games'
#: entry points, through click's runner in one process; prints each exit code and output,
#: and whether Fort's package was imported.
SCRIPT = """
import json, sys
import fortlang.entrypoints as entrypoints
import fortlang.games as games

real = entrypoints.entry_points

def without_fort(group):
    found = real(group)
    return {k: v for k, v in found.items() if not (group == games.GROUP and k == "fort")}

games.entry_points = without_fort
from click.testing import CliRunner
from fortlang.cli import main

out = []
for args in json.load(sys.stdin):
    result = CliRunner().invoke(main, args)
    out.append([result.exit_code, result.output, repr(result.exception)])
out.append(sorted(m for m in sys.modules if m.startswith("fortlang.games.fort.")
                  or m == "fortlang.games.fort"))
print(json.dumps(out))
"""


def without_fort(tmp_path: Path, *commands: list[str], path: Path | None = None
                 ) -> tuple[list[list], list[str]]:
    """Run ``commands`` without Fort; ``path``: a folder of installed distributions put on
    the child's ``sys.path`` (another game module, laid out as pip would)."""
    env = dict(os.environ, PYTHONPATH=str(path)) if path is not None else None
    done = subprocess.run([sys.executable, "-c", SCRIPT], input=json.dumps(commands),
                          capture_output=True, text=True, timeout=900, cwd=tmp_path,
                          check=False, env=env)
    assert done.returncode == 0, done.stderr
    *results, imported = json.loads(done.stdout)
    return results, imported


def test_frantics_commands_need_no_fort(tmp_path: Path) -> None:
    log = tmp_path / "games.jsonl"
    lone = tmp_path / "loose" / "events.yaml"
    lone.parent.mkdir()
    lone.write_text((FRANTIC / "events.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    sets = ["--sets", str(FRANTIC)]
    results, imported = without_fort(
        tmp_path,
        ["check", str(FRANTIC)],
        ["check", str(lone)],
        ["fmt", "--check", str(FRANTIC)],
        ["explain", "--game", "frantic", "--lang", "fr", "draw 2"],
        ["simulate", *sets, "--games", "2", "--players", "3", "--seed", "1"],
        ["simulate", *sets, "--games", "2", "--players", "3", "--seed", "1", "--json",
         "--log", str(log)],
        ["simulate", *sets, "--games", "1", "--players", "2", "--bots", "mcts:2,random",
         "--json"],
        ["replay", str(log)],
        ["balance", *sets, "--games", "2", "--players", "3", "--out", str(tmp_path / "rep")],
        ["test", str(FRANTIC / "scenarios")],
        ["simulate", "--games", "1"],  # Fort's own set: said clearly, no traceback
    )
    for (code, output, exception), expected in zip(results, [0] * 10 + [1], strict=True):
        assert code == expected, (output, exception)
        assert "Traceback" not in output
    check, lone_check, fmt, explain, text, figures, search, replay, balance, test, fort = [
        output for _, output, _ in results]
    assert check.endswith("0 errors, 0 warnings\n") and "87 cards" in check
    assert "20 cards: 0 errors" in lone_check
    assert "9 unchanged" in fmt
    assert explain == "draw 2\nPiochez 2 cartes.\n"
    assert text.startswith("2 games of Frantic, 3 players, seed 1")
    assert json.loads(figures)["game"] == "frantic" and len(log.read_text().splitlines()) == 2
    assert json.loads(search)["games"] == 1
    assert "2 game(s) replayed: 2 identical" in replay
    assert "report ->" in balance
    assert " 0 failed" in test
    assert "fort-base: error[E350]: the bundled set `fort-base` is of the game `fort`: no game " \
        "module `fort` is installed" in fort
    assert imported == []


def test_a_game_modules_docs_site_and_sheet_need_no_fort(tmp_path: Path) -> None:
    """`docs build` and `docs pnp` of Frantic's, Fortune and Glory's and the example module's
    sets with Fort not installed: no icon, kind or precedence probe of Fort's words is asked
    for; the reference's precedence table is the game's own language's (no Fort selector)."""
    site = install(tmp_path / "site", name="pig", module="fortlang_pig",
                   source=PIG / "fortlang_pig", group="fortlang.games", attr="GAME")
    out = {name: tmp_path / name for name in ("frantic", "fortune", "pig")}
    results, imported = without_fort(
        tmp_path,
        ["docs", "build", "--sets", str(FRANTIC), "--lang", "en", "--out", str(out["frantic"])],
        ["docs", "build", "--sets", str(FORTUNE), "--lang", "en", "--out", str(out["fortune"])],
        ["docs", "build", "--sets", str(PIG / "cards" / "pig-base"), "--out", str(out["pig"])],
        ["docs", "pnp", "--sets", str(FRANTIC), "--out", str(tmp_path / "frantic.pdf")],
        path=site)
    for code, output, exception in results:
        assert code == 0, (output, exception)
    assert "87 card faces" in results[0][1] and "built en, fr, ru" in results[2][1]
    assert "145 cards" in results[3][1]
    for name, lang in (("frantic", "en"), ("fortune", "en"), ("pig", "ru")):
        reference = (out[name] / lang / "reference.html").read_text(encoding="utf-8")
        assert "if 1 &gt;= 1 -&gt;" in reference
        # Frantic's and Fortune's languages have no `each rival ->`; Pig's has (its selectors)
        assert ("<code>each</code> <code>rival</code>" in reference) is (name == "pig")
    assert (out["pig"] / "fr" / "glossary" / "pig-base.html").is_file()
    assert not (out["frantic"] / "en" / "assets" / "icons" / "pizza.svg").exists()
    assert imported == []


def test_the_core_scores_in_its_own_word_for_a_point_without_fort(tmp_path: Path) -> None:
    """The core's scoring sentences (R14) count "point"s: a point is Fort's "victory point" in
    Fort's words; without Fort (and a game naming none) it is the core's fallback, never a
    KeyError (review of issue 33)."""
    results, imported = without_fort(
        tmp_path, *(["explain", "--game", "frantic", "--scoring", "2 + 1", "--lang", lang]
                    for lang in ("en", "fr", "ru")))
    assert [error for *_, error in results] == ["None"] * 3  # was KeyError('point')
    assert [(code, out.splitlines()[-1]) for code, out, _ in results] == [
        (0, "Score as many points as 2 plus 1."), (0, "Marquez autant de points que 2 plus 1."),
        (0, "Получите столько очков, сколько составляет 2 плюс 1.")]
    assert imported == []
