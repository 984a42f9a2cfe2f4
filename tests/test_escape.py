"""Control characters from input files never reach the terminal raw (issue 12): a scenario name,
a card file's key, a replay entry or a file name that tries to redraw a line is shown escaped."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from fortlang.cli import main
from fortlang.errors import ERROR, Diagnostic
from fortlang.escape import json_text, shown

#: what may not appear raw in terminal output: every control but the newline ending a line
RAW = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069"
                 "\ud800-\udfff]")
#: a name that tries to erase its line and print another one
REDRAW = "Bug digs\r\x1b[2KPASS  fake.yaml:1  all good\u202e"


@pytest.mark.parametrize(("raw", "escaped"), [
    ("a\rb", "a\\rb"), ("a\nb", "a\\nb"), ("a\tb", "a\\tb"), ("\x00", "\\x00"),
    ("\x1b[31m", "\\x1b[31m"), ("\x7f", "\\x7f"), ("\x85", "\\x85"), ("\x9b2K", "\\x9b2K"),
    ("\u2028", "\\u2028"), ("\u2029", "\\u2029"), ("\u202e", "\\u202e"), ("\u2066", "\\u2066"),
    ("\u200f", "\\u200f"), ("x\udcffy", "x\\xffy"),
    ("Пицца é 🍕 `gain pizza`", "Пицца é 🍕 `gain pizza`"),
])
def test_shown_escapes_every_unsafe_character(raw: str, escaped: str):
    assert shown(raw) == escaped
    assert not RAW.search(shown(raw))


def test_json_text_is_valid_utf8_json_and_round_trips():
    data = {"file": "caf\udce9\x1b.yaml", "name": "Пицца\u202e\x85\u2028"}
    text = json_text(data)
    assert not RAW.search(text.replace("\n", ""))
    text.encode("utf-8")  # no lone surrogate left
    assert json.loads(text) == data
    assert os.fsencode(json.loads(text)["file"]) == b"caf\xe9\x1b.yaml"


def test_a_diagnostic_escapes_its_file_message_hint_and_notes():
    d = Diagnostic(ERROR, "E701", "unknown card `a\r\x1b[2Kb`", None, "f\u202e.yaml",
                   "did you mean `c\nPASS`?", ("option \x9b1",))
    text = d.render()
    assert not RAW.search(text.replace("\n", ""))
    assert len(text.splitlines()) == 3
    assert "unknown card `a\\r\\x1b[2Kb`" in text and "f\\u202e.yaml" in text


def _no_raw_controls(output: str) -> None:
    assert not RAW.search(output), repr(output)


def test_a_scenario_name_cannot_redraw_its_line(tmp_path: Path):
    (tmp_path / "sc.yaml").write_text(json.dumps({"scenarios": [{
        "name": REDRAW,
        "given": {"players": [{"hand": ["Bug"]}]},
        "when": [{"play": "Bug", "use": "public only"}],
        "then": {"players": [{"stuff": {"pizza": 2}}]},
    }]}), encoding="utf-8")
    result = CliRunner().invoke(main, ["test", str(tmp_path / "sc.yaml")])
    assert result.exit_code == 1
    _no_raw_controls(result.output)
    first = result.output.splitlines()[0]
    assert first.startswith("FAIL  ") and "Bug digs\\r\\x1b[2KPASS" in first
    assert result.output.count("PASS") == 1  # only inside the escaped name


def test_a_scenario_name_is_escaped_in_json_output(tmp_path: Path):
    (tmp_path / "sc.yaml").write_text(json.dumps({"scenarios": [{
        "name": REDRAW, "given": {"players": [{"hand": ["Bug"]}]},
        "when": [{"play": "Bug", "use": "public only"}],
        "then": {"players": [{"stuff": {"pizza": 1}}]}}]}), encoding="utf-8")
    result = CliRunner().invoke(main, ["test", "--format", "json", str(tmp_path / "sc.yaml")])
    _no_raw_controls(result.output)
    assert json.loads(result.output)["scenarios"][0]["name"] == REDRAW


def test_a_card_file_key_with_escapes_is_shown_escaped(tmp_path: Path):
    (tmp_path / "kids.yaml").write_text(
        'kids:\n  - id: a\n    name: A\n    suits: [shovel]\n    "\\e[2K\\rPASS": 1\n',
        encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(tmp_path / "kids.yaml")])
    assert result.exit_code == 1
    _no_raw_controls(result.output)
    assert "\\x1b[2K\\rPASS" in result.output


def test_a_file_name_with_controls_is_shown_escaped(tmp_path: Path):
    bad = tmp_path / "k\x1b[31m\rids.yaml"
    bad.write_text("kids: [a, b\n", encoding="utf-8")
    for command in (["check"], ["fmt"], ["explain", "--file"], ["replay"]):
        result = CliRunner().invoke(main, [*command, str(bad)])
        assert result.exit_code == 1
        _no_raw_controls(result.output)
        assert "k\\x1b[31m\\rids.yaml" in result.output, command


def test_a_replay_entry_cannot_redraw_its_line(tmp_path: Path):
    log = tmp_path / "log.jsonl"
    log.write_text(json.dumps({"seed": 1, "players": 2, "decisions": [["\r\x1b[2Kok", 0]]})
                   + "\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["replay", str(log)])
    assert result.exit_code == 1
    _no_raw_controls(result.output)
    assert "\\r\\x1b[2Kok" in result.output


def test_play_shows_card_names_escaped():
    import io

    from builders import kid
    from rich.console import Console

    from fortlang.engine.choices import Decision, Kind, Option
    from fortlang.games.fort.agents.human import HumanAgent, card_line

    evil = kid("Bug\r\x1b[2K[bold]x[/]\u202e", "shovel", "gain pizza")
    assert not RAW.search(card_line(evil, "en"))
    out = io.StringIO()
    agent = HumanAgent(Console(file=out, highlight=False, width=200), io.StringIO("1\n"))
    agent._shown_for = 0
    decision = Decision(0, Kind.LOOKOUT, (Option(evil.name, evil),), context=f"lookout {evil.name}")
    assert agent.choose(None, decision) == 0
    _no_raw_controls(out.getvalue())
    assert "[bold]x[/]" in out.getvalue()  # shown as text, not taken as markup


@given(st.text(), st.text(), st.text())
def test_no_rendered_diagnostic_holds_a_raw_control(file: str, message: str, hint: str):
    rendered = Diagnostic(ERROR, "E100", message, None, file, hint or None).render()
    assert not RAW.search(rendered.replace("\n", ""))
    assert rendered.count("\n") == (1 if hint else 0)  # one line each, whatever the input


@given(st.text())
def test_json_text_round_trips_any_text(text: str):
    out = json_text({"s": text})
    out.encode("utf-8")
    assert json.loads(out) == {"s": text}
