"""The trees the bench scripts compare, each a folder to put first on ``PYTHONPATH`` (the
dependencies come from the running environment): an earlier commit's code (:func:`export`) and
this tree's compiled build (:func:`build_compiled`, mypyc, README "Compiled engine": the wheel
is built by pip as a user's ``pip install .`` builds it, then unpacked).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def export(commit: str, into: Path) -> Path:
    """The package, grammar and bundled cards of ``commit`` in ``into`` (nothing installed)."""
    return _unpack(commit, into, ["fortlang", "grammar", "cards"])


def export_whole(commit: str, into: Path) -> Path:
    """Every tracked file of ``commit`` in ``into``: a tree pip can build (pyproject.toml...)."""
    return _unpack(commit, into, [])


def _unpack(commit: str, into: Path, paths: list[str]) -> Path:
    into.mkdir(parents=True, exist_ok=True)
    archive = subprocess.run(["git", "archive", "--format=tar", commit, *paths], cwd=ROOT,
                             check=True, capture_output=True).stdout
    tar = into / "tree.tar"
    tar.write_bytes(archive)
    with tarfile.open(tar) as t:
        t.extractall(into, filter="data")
    tar.unlink()
    return into


def build_compiled(into: Path, source: Path = ROOT) -> Path:
    """The compiled package of ``source`` (this tree, or an :func:`export_whole`) unpacked in
    ``into/site`` (returned); an error if the build fell back to pure Python (no C compiler,
    a mypyc error), since a figure would then lie."""
    env = {k: v for k, v in os.environ.items() if k != "FORTLANG_PURE"}
    wheels = into / "wheel"
    print("building the compiled wheel (about a minute)...", file=sys.stderr, flush=True)
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "--wheel-dir",
                    str(wheels), str(source)], check=True, env=env, stdout=subprocess.DEVNULL)
    (wheel,) = wheels.glob("fortlang-*.whl")
    if wheel.name.endswith("-none-any.whl"):
        raise SystemExit(f"{wheel.name}: the engine was not compiled (see pip wheel -v)")
    site = into / "site"
    with zipfile.ZipFile(wheel) as z:
        z.extractall(site)
    return site


class Probe:
    """One side of a comparison: ``code`` run by ``python -c`` with the tree ``path`` first on
    ``PYTHONPATH`` (``args`` after it), warmed up once; each :meth:`play` writes "seed games"
    on its stdin and reads one JSON line back."""

    def __init__(self, path: Path, code: str, *args: str) -> None:
        env = dict(os.environ, PYTHONPATH=str(path), PYTHONDONTWRITEBYTECODE="1")
        env.pop("FORTLANG_PURE", None)  # the compiled build runs compiled
        self.proc = subprocess.Popen([sys.executable, "-c", code, *args], env=env, cwd=path,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def play(self, seed: int, games: int) -> dict:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(f"{seed} {games}\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise SystemExit(f"a probe stopped (exit code {self.proc.wait()})")
        return json.loads(line)

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait()


def sides(args: object, tmp: Path, this: Path = ROOT) -> dict[str, Path]:
    """The two trees a bench compares: with ``args.compiled`` this tree's and ``args.base``'s
    compiled builds (or ``args.this_site`` / ``args.base_site`` already built), else this tree
    and the base's code exported."""
    if getattr(args, "compiled", False):
        return {"this": getattr(args, "this_site", None) or build_compiled(tmp / "this"),
                "base": getattr(args, "base_site", None) or build_compiled(
                    tmp / "base", export_whole(args.base, tmp / "whole"))}
    return {"this": this, "base": export(args.base, tmp / "base")}


def paired_rounds(trees: dict[str, Path], code: str, arg: str, runs: int, games: int,
                  compiled: bool) -> dict[str, list[dict]]:
    """``runs`` rounds, each side in turn playing ``games`` with the round's seeds (paired);
    every side's rows. A side that ran the other build (FORTLANG_PURE, a stale .so) stops the
    bench."""
    probes = {name: Probe(path, code, arg) for name, path in trees.items()}
    rows: dict[str, list[dict]] = {name: [] for name in trees}
    try:
        for run in range(runs):
            for name, probe in probes.items():
                rows[name].append(probe.play(1000 * run, games))
    finally:
        for probe in probes.values():
            probe.close()
    for name, played in rows.items():
        if any(r["compiled"] != compiled for r in played):
            raise SystemExit(f"the {name} side ran the wrong build (FORTLANG_PURE? a stale .so?)")
    return rows
