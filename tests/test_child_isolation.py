"""Child processes and workers never import from the current folder (a card set's folder, when
the user works inside it): ``docs build``'s mkdocs, the pool's workers, Ray's workers. Each
test plants modules named like the ones those children import in the folder the command runs
from, and checks that none of them ran (no marker file) while the command still worked."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from hostile_modules import fortlang_script, plant

from fortlang.cli import main

#: What the mkdocs child imports early (python -m mkdocs, its config, its Markdown).
DOCS_MODULES = ("yaml", "markdown", "jinja2", "click", "pygments")


def test_docs_build_from_a_set_folder_runs_none_of_its_code(tmp_path: Path) -> None:
    folder, markers = tmp_path / "my-set", tmp_path / "markers"
    plant(folder, markers, DOCS_MODULES, packages=("mkdocs",))
    out = tmp_path / "site"
    done = subprocess.run([fortlang_script(), "docs", "build", "--lang", "en", "--out", str(out)],
                          cwd=folder, capture_output=True, text=True, timeout=600)
    assert sorted(os.listdir(markers)) == [], done.stdout + done.stderr
    assert done.returncode == 0, done.stdout + done.stderr
    assert (out / "en" / "index.html").is_file()
