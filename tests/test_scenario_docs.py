"""The example at the top of docs/scenarios.md is a real, passing scenario file, and the
documented codes are the registered ones."""

from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner

from fortlang.cli import main
from fortlang.errors import CODES

DOC = Path(__file__).parent.parent / "docs" / "scenarios.md"


def test_first_example_passes_as_shown(tmp_path):
    text = DOC.read_text(encoding="utf-8")
    example = re.search(r"```yaml\n(.*?)```", text, re.S).group(1)
    (tmp_path / "bug.yaml").write_text(example, encoding="utf-8")
    result = CliRunner().invoke(main, ["test", str(tmp_path / "bug.yaml")])
    assert result.exit_code == 0, result.output
    shown = re.search(r"\$ fortlang test bug.yaml\n(.*?)```", text, re.S).group(1)
    assert result.output == shown.replace("bug.yaml", str(tmp_path / "bug.yaml"))


def test_documented_scenario_codes_are_registered():
    documented = set(re.findall(r"^\| (E7\d\d) \| (.+) \|$", DOC.read_text(encoding="utf-8"),
                                re.M))
    assert {code for code, _ in documented} == {c for c in CODES if c.startswith("E7")}
