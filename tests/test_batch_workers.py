"""A batch runs in a fresh interpreter (a Ray worker, a spawned process) with only the job it is
given: the vocabulary plugins its sets use are loaded there too."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys

from plugin_site import EXPANSION, forget, install, plant_shadow

from fortlang.cardset.table import combine, table_sets
from fortlang.games.fort.sim.batch import Job

CHILD = """
import pickle, sys
from fortlang.games.fort.sim.batch import run_chunk
with open(sys.argv[1], "rb") as f:
    result = run_chunk(pickle.load(f))
print(result.failure["error"] if result.failure else f"ok {result.aggregate.games}")
"""


def test_a_fresh_worker_loads_the_plugins_of_the_sets_it_plays(tmp_path, monkeypatch):
    site = install(tmp_path / "site")
    monkeypatch.syspath_prepend(str(site))
    forget()
    try:
        table = combine(table_sets([str(EXPANSION)]))
        assert table.manifest.uses == ("backyard",)  # combined sets keep what they use
        job = Job(cardset=table, seed=3, start=0, stop=4, players=4, bots=("greedy",))
        path = tmp_path / "job.pickle"
        path.write_bytes(pickle.dumps(job))
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site),
                                                            os.environ.get("PYTHONPATH", "")])}
        done = subprocess.run([sys.executable, "-c", CHILD, str(path)], capture_output=True,
                              text=True, env=env, timeout=120, cwd=tmp_path)
        assert done.stdout.strip() == "ok 4", done.stdout + done.stderr
    finally:
        forget()


def test_a_fresh_worker_never_imports_a_same_named_module_earlier_on_its_path(tmp_path,
                                                                               monkeypatch):
    """Unpickling a job's cards imports the plugin's node classes by module name: the plugin is
    loaded from its distribution first, so a package of the same name earlier on the worker's
    PYTHONPATH is never imported (issue 31 item 9)."""
    marker = tmp_path / "ran"
    site = install(tmp_path / "site")
    shadow = plant_shadow(tmp_path / "shadow", marker)
    monkeypatch.syspath_prepend(str(site))
    forget()
    try:
        job = Job(cardset=combine(table_sets([str(EXPANSION)])), seed=3, start=0, stop=2,
                  players=2, bots=("greedy",))
        path = tmp_path / "job.pickle"
        path.write_bytes(pickle.dumps(job))
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(shadow), str(site)])}
        done = subprocess.run([sys.executable, "-c", CHILD, str(path)], capture_output=True,
                              text=True, env=env, timeout=120, cwd=tmp_path)
        assert done.stdout.strip() == "ok 2", done.stdout + done.stderr
        assert not marker.exists()
    finally:
        forget()


def test_a_short_run_is_shared_between_workers_and_shows_progress() -> None:
    """Issue 36: batches of 25 games left `--workers 2` idle below 50 games, and a long mcts
    run silent until its first 25 games were over."""
    from fortlang.cli.simulate import CHUNK, chunk_size

    assert chunk_size(10, 2) * 2 <= 10  # two workers get a batch each
    assert -(-40 // chunk_size(40, 1)) >= 4  # progress moves at least four times
    assert chunk_size(100_000, 8) == CHUNK and chunk_size(1, 4) == 1
    import doctest

    import fortlang.cli.simulate

    assert doctest.testmod(fortlang.cli.simulate).failed == 0


def test_figures_do_not_depend_on_the_workers_or_the_batches() -> None:
    from click.testing import CliRunner

    from fortlang.cli import main

    def figures(*extra: str) -> str:
        result = CliRunner().invoke(main, ["simulate", "--games", "8", "--seed", "5", "--json",
                                           *extra])
        assert result.exit_code == 0, result.output
        return result.output

    assert figures() == figures("--workers", "2")
