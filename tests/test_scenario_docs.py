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


def _examples(text: str) -> tuple[dict[str, str], list[tuple[str, str]]]:
    """The page's files (```yaml blocks opening with `# PATH`) and its runs (```console blocks
    opening with `$ fortlang test ARGS`), in order."""
    files = {}
    for block in re.findall(r"```yaml\n(.*?)```", text, re.S):
        first = block.splitlines()[0]
        assert re.fullmatch(r"# [\w/.-]+\.yaml", first), f"a yaml example without a file: {first}"
        files[first[2:]] = block
    runs = [(m.group(1), m.group(2)) for m in
            re.finditer(r"```console\n\$ fortlang test ([^\n]+)\n(.*?)```", text, re.S)]
    return files, runs


def test_every_example_file_runs_and_prints_what_the_page_shows(tmp_path, monkeypatch):
    files, runs = _examples(DOC.read_text(encoding="utf-8"))
    assert len(files) >= 5
    for path, block in files.items():
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(block, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    shown_files = set()
    for args, shown in runs:
        result = CliRunner().invoke(main, ["test", *args.split()])
        assert result.output == shown, f"$ fortlang test {args}"
        assert result.exit_code == (0 if shown.endswith(", 0 failed\n") else 1)
        shown_files |= {p for p in files if p == args or p.startswith(args.rstrip("/") + "/")}
    assert shown_files == set(files)  # every file on the page is run by a console example
