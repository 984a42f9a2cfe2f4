"""`fortlang lsp` end to end: the server runs as a subprocess and a real LSP client (pytest-lsp)
talks to it over stdio, as an editor does."""

from __future__ import annotations

import asyncio
import json
import subprocess
import time
from pathlib import Path

import pytest
import pytest_lsp
from lsp_client import (
    CONFIG,
    WAIT,
    at,
    change_file,
    close_file,
    copy_base,
    diagnostics_of,
    doc,
    open_file,
    server_command,
    settled,
    uri,
)
from lsprotocol import types
from pytest_lsp import LanguageClient, client_capabilities

from fortlang.games.fort import vocabulary as fort_words

pytestmark = pytest.mark.asyncio(loop_scope="module")


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("lsp")
    copy_base(root)
    return root


@pytest_lsp.fixture(config=CONFIG, scope="module", loop_scope="module")
async def client(lsp_client: LanguageClient, workspace: Path):
    await lsp_client.initialize_session(types.InitializeParams(
        capabilities=client_capabilities("visual-studio-code"),
        root_uri=uri(workspace), initialization_options={"lang": "en"}))
    yield
    await lsp_client.shutdown_session()


def _codes(diagnostics: list[types.Diagnostic]) -> list[str]:
    return [str(d.code) for d in diagnostics]


def _span(d: types.Diagnostic) -> tuple[int, int, int, int]:
    r = d.range
    return r.start.line, r.start.character, r.end.line, r.end.character


# -- diagnostics --------------------------------------------------------------------------------

BAD_KIDS = """\
kids:
  - id: typo-kid
    name: Typo Kid
    suits: [shovle]
    public: |
      gain pizza x shovle
    private: "score 2 then gain pizzza"
"""


async def test_diagnostics_are_those_of_fortlang_check(client: LanguageClient,
                                                       workspace: Path) -> None:
    """Same codes, messages and places as `fortlang check --format json` on the saved file;
    exact columns inside a block scalar and a quoted string."""
    path = workspace / "fort-base" / "kids-typos.yaml"
    path.write_text(BAD_KIDS, encoding="utf-8")
    got = await open_file(client, path)
    run = subprocess.run([*server_command()[:-1], "check", "--format", "json",
                          str(workspace / "fort-base")], capture_output=True, text=True)
    expected = [d for d in json.loads(run.stdout) if d["file"] == str(path)]
    assert len(expected) == 3
    assert [(str(d.code), d.message.split("\nhint: ")[0]) for d in got] == \
        [(d["code"], d["message"]) for d in expected]
    assert [_span(d) for d in got] == [(d["line"] - 1, d["column"] - 1, d["end_line"] - 1,
                                        d["end_column"] - 1) for d in expected]
    # Line 6 `      gain pizza x shovle`: the suit is at columns 19-25 of the block scalar;
    # line 7 in double quotes: `pizzza` after `private: "score 2 then gain `.
    assert (5, 19, 5, 25) in [_span(d) for d in got]
    assert (6, 32, 6, 38) in [_span(d) for d in got]
    path.unlink()
    close_file(client, path)


async def test_diagnostics_follow_edits_and_count_utf16(client: LanguageClient,
                                                        workspace: Path) -> None:
    path = workspace / "fort-base" / "kids-new.yaml"
    good = "kids:\n  - {id: new-kid, name: \"🐛 New\", suits: [book], public: gain pizza, " \
           "source: public}\n"
    path.write_text(good, encoding="utf-8")
    assert await open_file(client, path) == []
    # Unsaved: the editor's text is checked, not the file on disk.
    bad = good.replace("gain pizza", "gain pizza x bok")
    [d] = await change_file(client, path, bad, 2)
    assert d.code == "E101" and "did you mean `book`?" in d.message
    # 🐛 is two UTF-16 code units: the column LSP gets is one more than in characters.
    column = bad.split("\n")[1].index("bok")
    assert _span(d) == (1, column + 1, 1, column + 4)
    assert await change_file(client, path, good, 3) == []
    path.unlink()
    close_file(client, path)


async def test_a_duplicate_id_across_files_is_cleared_in_both(client: LanguageClient,
                                                              workspace: Path) -> None:
    """The whole set is checked: an id used in another file is E320, shown on the second
    use, here in a file the editor has not opened, and cleared there by editing this one."""
    path = workspace / "fort-base" / "kids-adup.yaml"  # read before kids-shovel.yaml
    shovel = workspace / "fort-base" / "kids-shovel.yaml"
    text = "kids:\n  - id: bug\n    name: Second Bug\n    suits: [book]\n    public: pack\n" \
           "    source: public\n"
    path.write_text(text, encoding="utf-8")
    client.diagnostics.pop(uri(shovel), None)
    assert await open_file(client, path) == []
    await settled(client, path)  # shovel's diagnostics come after path's: all read
    before = await diagnostics_of(client, shovel)
    [d] = [d for d in before if d.code == "E320"]
    assert d.range.start.line == 3 and "first used at" in d.message
    client.diagnostics.pop(uri(shovel), None)
    assert await change_file(client, path, text.replace("id: bug", "id: bug-two"), 2) == []
    await settled(client, path)
    after = await diagnostics_of(client, shovel)
    assert after == [d for d in before if d.code != "E320"] and len(after) == len(before) - 1
    path.unlink()
    close_file(client, path)


async def test_set_composition_is_checked(client: LanguageClient, workspace: Path) -> None:
    """A second board in the set: the set-level check (E323) as `fortlang check` gives it."""
    path = workspace / "fort-base" / "zz-board.yaml"  # read after board.yaml
    board = (workspace / "fort-base" / "board.yaml").read_text(encoding="utf-8")
    path.write_text(board, encoding="utf-8")
    got = await open_file(client, path)
    assert "E323" in _codes(got)
    path.unlink()
    close_file(client, path)


async def test_a_yaml_file_that_is_no_card_file_gets_nothing(client: LanguageClient,
                                                             tmp_path: Path) -> None:
    other = tmp_path / "ci.yaml"
    other.write_text("jobs: {build: {runs-on: linux}}\n", encoding="utf-8")
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri(other), language_id="yaml", version=1,
                                             text=other.read_text(encoding="utf-8"))))
    lone = tmp_path / "kids.yaml"  # a lone card file, checked on its own
    lone.write_text("kids:\n  - {id: a, name: A, suits: [cron], public: pack}\n")
    assert _codes(await open_file(client, lone)) == ["E313"]
    assert uri(other) not in client.diagnostics


SCENARIO = """\
scenarios:
  - name: Bug digs up pizza
    given: {players: [{hand: [Bug, The Mole]}]}
    when: [{play: Bug, add: [The Moles], use: public only}]
    then: {players: [{stuff: {pizza: 3}, hand: []}]}
"""


async def test_scenario_diagnostics_are_those_of_fortlang_test(client: LanguageClient,
                                                               tmp_path: Path) -> None:
    path = tmp_path / "bug.yaml"
    [d] = await open_file(client, path, SCENARIO)
    assert d.code == "E701" and d.message.startswith("unknown card `The Mole`")
    column = SCENARIO.split("\n")[2].index("The Mole")
    assert _span(d) == (2, column, 2, column + len("The Mole"))
    assert await change_file(client, path, SCENARIO.replace("The Mole]", "The Moles]"), 2) == []


# -- hover --------------------------------------------------------------------------------------


async def _hover(client: LanguageClient, path: Path, line: int, character: int) -> str:
    result = await client.text_document_hover_async(types.HoverParams(
        text_document=doc(path), position=at(line, character)))
    assert result is not None
    assert isinstance(result.contents, types.MarkupContent)
    return result.contents.value


async def test_hover_explains_the_action_under_the_cursor(client: LanguageClient,
                                                          workspace: Path) -> None:
    path = workspace / "fort-base" / "kids-shovel.yaml"
    await open_file(client, path)
    line = path.read_text(encoding="utf-8").split("\n").index("    public: gain pizza x shovel")
    # On `shovel`: the quantity, then the whole box.
    text = await _hover(client, path, line, 30)
    assert text.startswith("`shovel`")
    assert text.endswith("---\n\n`gain pizza x shovel` (R13.3)\n\nGain 1 pizza for each shovel.")
    # On `gain`: the primitive and its rule.
    assert (await _hover(client, path, line, 14)).startswith("`gain pizza` (R12.1)")
    # The language comes from the client's settings.
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(
        settings={"fortlang": {"lang": "fr"}}))
    assert "Gagnez autant de pizzas que de pelles." in await _hover(client, path, line, 30)
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(
        settings={"fortlang": {"lang": "en"}}))
    # On a field name: its meaning from the schema.
    assert "The public action" in await _hover(client, path, line, 6)
    close_file(client, path)


async def test_hover_on_a_card_in_a_scenario(client: LanguageClient, tmp_path: Path) -> None:
    path = tmp_path / "bug.yaml"
    await open_file(client, path, SCENARIO.replace("The Mole]", "The Moles]"))
    text = await _hover(client, path, 3, 19)  # `play: Bug`
    assert text.startswith("**Bug** `bug` · shovel")
    assert "public: `gain pizza x shovel` (R13.3) — Gain 1 pizza for each shovel." in text
    assert text.endswith("cards/fort-base/kids-shovel.yaml:4")


# -- completion ---------------------------------------------------------------------------------


async def _labels(client: LanguageClient, path: Path, line: int, character: int) -> list[str]:
    result = await client.text_document_completion_async(types.CompletionParams(
        text_document=doc(path), position=at(line, character)))
    assert isinstance(result, types.CompletionList)
    return [item.label for item in result.items]


async def test_completion_follows_the_grammar(client: LanguageClient, workspace: Path) -> None:
    path = workspace / "fort-base" / "kids-draft.yaml"
    lines = ["kids:", "  - id: draft", "    name: Draft", "    suits: [book]",
             "    public: gain ", "    private: gain pizza x ", "    source: public", "    "]
    text = "\n".join(lines) + "\n"
    path.write_text(text, encoding="utf-8")
    await open_file(client, path, text)
    after_gain = await _labels(client, path, 4, len(lines[4]))
    assert after_gain == ["pizza", "toy", "pizza/toy", "resource"]
    after_x = await _labels(client, path, 5, len(lines[5]))
    assert after_x[:7] == ["skateboard", "shovel", "glue", "water_gun", "crown", "book", "coin"]
    # the quantities that are not suits: Fort's and the core's zone counts (every set has them)
    assert set(after_x[7:]) == {w.word for w in fort_words.QUANTITIES} - set(after_x[:7])
    assert {"any", "pack", "level", "lookout", "hand", "yard"} <= set(after_x[7:])
    after_word = await _labels(client, path, 5, len("    private: gain pizza "))
    assert set(after_word) == {"x", "then", "or"}
    # A field name being typed: the schema's fields not yet written.
    fields = await _labels(client, path, 7, 4)
    assert "copies" in fields and "note" in fields and "public" not in fields
    # Values the schema lists.
    assert await _labels(client, path, 6, len("    source: ")) == \
        ["rulebook", "public", "provisional", "original"]
    # An empty box: every primitive, written out whole.
    text2 = text.replace("public: gain ", "public: ")
    await change_file(client, path, text2, 2)
    starts = await _labels(client, path, 4, len("    public: "))
    assert {"gain", "destroy card", "destroy this", "copy rival pack"} <= set(starts)
    path.unlink()
    close_file(client, path)


async def test_completion_in_a_scenario(client: LanguageClient, tmp_path: Path) -> None:
    path = tmp_path / "draft.yaml"
    text = SCENARIO.replace("[Bug, The Mole]", "[Bug, ]").replace("perform", "x")
    await open_file(client, path, text)
    names = await _labels(client, path, 2, len("    given: {players: [{hand: [Bug, "))
    assert "The Moles" in names and "Bug" in names and len(names) > 40
    text2 = text + "    given2: 1\n"
    del text2
    scoring = "scenarios:\n  - name: p\n    given: {players: [{perks: [], rule: }]}\n" \
              "    when: [{perform: gain }]\n    then: {}\n"
    await change_file(client, path, scoring, 2)
    assert "Big Plans" in await _labels(client, path, 2, len("    given: {players: [{perks: "
                                                             "[], rule: "))
    assert "Birthday Party" in await _labels(client, path, 2, len("    given: {players: "
                                                                  "[{perks: ["))
    assert await _labels(client, path, 3, len("    when: [{perform: gain ")) == \
        ["pizza", "toy", "pizza/toy", "resource"]


async def test_a_scenarios_error_completes_and_explains_rule_numbers(
        client: LanguageClient, tmp_path: Path) -> None:
    path = tmp_path / "refused.yaml"
    text = SCENARIO.replace("The Mole]", "The Moles]").replace(
        "then: {players: [{stuff: {pizza: 3}, hand: []}]}", "then: {error: R5.5}")
    await open_file(client, path, text)
    line = text.split("\n").index("    then: {error: R5.5}")
    numbers = await _labels(client, path, line, len("    then: {error: "))
    assert numbers[:3] == ["R1.1", "R1.2", "R1.3"]  # every numbered rule, in the rules' order
    assert {"R5.4", "R5.5", "R6.2", "R12.4", "R13.3"} <= set(numbers)
    said = await _hover(client, path, line, len("    then: {error: R5"))
    assert said.startswith("**R5.5** Every card you add must change the effect")
    assert await client.text_document_definition_async(types.DefinitionParams(
        text_document=doc(path), position=at(line, len("    then: {error: R5")))) is None


# -- definition, formatting, quick fixes -----------------------------------------------------


async def test_go_to_definition(client: LanguageClient, workspace: Path, tmp_path: Path) -> None:
    path = tmp_path / "bug.yaml"
    await open_file(client, path, SCENARIO.replace("The Mole]", "The Moles]"))
    found = await client.text_document_definition_async(types.DefinitionParams(
        text_document=doc(path), position=at(3, 19)))
    assert isinstance(found, types.Location)
    assert found.uri.endswith("cards/fort-base/kids-shovel.yaml")
    assert found.range.start.line == 3  # `  - id: bug`
    # A manifest's `requires:` leads to the required set's manifest.
    expansion = workspace / "expansion"
    expansion.mkdir()
    manifest = expansion / "manifest.yaml"
    manifest.write_text('id: ext\nname: Ext\nversion: "1"\nrequires: [fort-base]\n')
    await open_file(client, manifest)
    found = await client.text_document_definition_async(types.DefinitionParams(
        text_document=doc(manifest), position=at(3, 13)))
    assert isinstance(found, types.Location)
    assert found.uri.endswith("fort-base/manifest.yaml")


async def test_formatting_is_fortlang_fmt(client: LanguageClient, workspace: Path) -> None:
    path = workspace / "fort-base" / "kids-fmt.yaml"
    text = "kids:\n  - id: fmt-kid  # a comment\n    name: Fmt\n    suits: [book]\n" \
           "    public: 'gain  pizza × book ▶ score'\n    source: public\n"
    path.write_text(text, encoding="utf-8")
    await open_file(client, path)
    edits = await client.text_document_formatting_async(types.DocumentFormattingParams(
        text_document=doc(path), options=types.FormattingOptions(tab_size=2,
                                                                 insert_spaces=True)))
    assert edits is not None and len(edits) == 1
    assert edits[0].new_text == text.replace("'gain  pizza × book ▶ score'",
                                             "'gain pizza x book then score'")
    path.unlink()
    close_file(client, path)


async def test_a_quick_fix_for_every_did_you_mean(client: LanguageClient,
                                                  workspace: Path) -> None:
    path = workspace / "fort-base" / "kids-fix.yaml"
    text = "kids:\n  - id: fix-kid\n    name: Fix\n    suits: [\"shovle\"]\n" \
           "    public: gain piza\n    private: ｇain toy\n    source: public\n    copise: 2\n"
    path.write_text(text, encoding="utf-8")
    got = await open_file(client, path)
    assert _codes(got) == ["E313", "E101", "E100", "E311"]
    fixes = {}
    for d in got:
        result = await client.text_document_code_action_async(types.CodeActionParams(
            text_document=doc(path), range=d.range,
            context=types.CodeActionContext(diagnostics=[d])))
        assert result
        action = result[0]
        assert isinstance(action, types.CodeAction) and action.edit is not None
        [edit] = action.edit.changes[uri(path)]  # type: ignore[index]
        fixes[str(d.code)] = (action.title, edit.new_text)
    assert fixes == {"E313": ("Replace with `shovel`", '"shovel"'),
                     "E101": ("Replace with `pizza`", "pizza"),
                     "E100": ("Replace with `gain`", "gain"),  # a full-width g
                     "E311": ("Replace with `copies`", "copies")}
    e100 = next(d for d in got if d.code == "E100")
    assert _span(e100) == (5, 13, 5, 17)  # the whole word `ｇain`
    path.unlink()
    close_file(client, path)


# -- scoring, perks, severities, hostile text ------------------------------------------------


async def test_made_up_rules_hover_and_complete(client: LanguageClient, workspace: Path) -> None:
    path = workspace / "fort-base" / "rules-draft.yaml"
    text = "made_up_rules:\n  - id: draft-rule\n    name: Draft Rule\n" \
           "    score: 8 if cards > rival cards else \n"
    path.write_text(text, encoding="utf-8")
    await open_file(client, path)
    line = "    score: 8 if cards > rival cards else "
    assert "cards" in await _labels(client, path, 3, len(line))
    assert await _labels(client, path, 3, len("    score: 8 if cards > rival ")) == \
        [m for m in await _labels(client, path, 3, len("    score: 8 if cards > rival "))
         if m != "rival"]  # after `rival` a metric, never `rival` again
    text = text.replace("else \n", "else 4\n")
    await change_file(client, path, text, 2)
    said = await _hover(client, path, 3, len("    score: 8 if ca"))
    assert said.startswith("`cards`")
    path.unlink()
    close_file(client, path)


async def test_warnings_are_warnings(client: LanguageClient, workspace: Path) -> None:
    path = workspace / "fort-base" / "kids-warn.yaml"
    path.write_text("kids:\n  - {id: warn, name: Warn, suits: [book], public: pack}\n",
                    encoding="utf-8")
    [d] = await open_file(client, path)
    assert d.code == "W300" and d.severity == types.DiagnosticSeverity.Warning
    path.unlink()
    close_file(client, path)


async def test_card_text_is_escaped_in_hovers(client: LanguageClient, tmp_path: Path) -> None:
    """Values from a card file are Markdown-escaped, control characters included."""
    path = tmp_path / "evil.yaml"
    text = 'cards:\n  - {name: "*Evil* <img src=x> [a](b)\\u0007", suits: [book], public: pack}\n' \
           "scenarios:\n  - name: e\n    given: {players: [{hand: [\"*Evil* <img src=x> [a](b)" \
           '\\u0007"]}]}\n    then: {}\n'
    await open_file(client, path, text)
    said = await _hover(client, path, 4, 35)
    assert said.startswith("**\\*Evil\\* \\<img src=x\\> \\[a\\](b)?**")
    assert "\u0007" not in said and "<img" not in said.replace("\\<img", "")


async def test_no_place_in_a_file_breaks_the_server(client: LanguageClient,
                                                    tmp_path: Path) -> None:
    """Hover, completion and definition answer at every place of a half-typed scenario and
    card file (quotes, block scalars, flow collections, a key without its colon)."""
    texts = {
        "scenario.yaml": SCENARIO + "  - name: half\n    given: {players: [{hand: [\"Bu\n"
                                    "    when: [{perform: 'gain 2 ' }, deci\n",
        "kids.yaml": "kids:\n  - id: a\n    name: \"A\\u00d7\"\n    suits: [book,\n"
                     "    public: >\n      gain pizza\n      x bo\n    priv\n  - [\n",
    }
    for name, text in texts.items():
        path = tmp_path / name
        await open_file(client, path, text)
        for line, content in enumerate(text.split("\n")):
            for column in range(0, len(content) + 1, 2):
                position = at(line, column)
                await client.text_document_hover_async(types.HoverParams(
                    text_document=doc(path), position=position))
                await client.text_document_completion_async(types.CompletionParams(
                    text_document=doc(path), position=position))
                await client.text_document_definition_async(types.DefinitionParams(
                    text_document=doc(path), position=position))


async def test_a_file_the_editor_has_not_opened(client: LanguageClient, workspace: Path) -> None:
    """Requests may name a file that is not open: it is read from disk (a missing one is
    empty), never an error."""
    shovel = workspace / "fort-base" / "kids-shovel.yaml"
    close_file(client, shovel)
    line = shovel.read_text(encoding="utf-8").split("\n").index("    public: gain pizza x shovel")
    assert "Gain 1 pizza for each shovel." in await _hover(client, shovel, line, 30)
    missing = await client.text_document_hover_async(types.HoverParams(
        text_document=doc(workspace / "gone.yaml"), position=at(0, 0)))
    assert missing is None


async def test_the_word_being_typed_is_replaced_whole(client: LanguageClient,
                                                      workspace: Path) -> None:
    path = workspace / "fort-base" / "kids-typing.yaml"
    line = "    public: gain 2 pizza/"
    text = f"kids:\n  - id: typing\n    name: Typing\n    suits: [book]\n{line}\n"
    path.write_text(text, encoding="utf-8")
    await open_file(client, path)
    result = await client.text_document_completion_async(types.CompletionParams(
        text_document=doc(path), position=at(4, len(line))))
    assert isinstance(result, types.CompletionList)
    [item] = [i for i in result.items if i.label == "pizza/toy"]
    assert isinstance(item.text_edit, types.TextEdit)
    assert (item.text_edit.range.start.character, item.text_edit.range.end.character) == \
        (len("    public: gain 2 "), len(line))
    path.unlink()
    close_file(client, path)


async def test_sets_are_completed_and_found(client: LanguageClient, workspace: Path,
                                            tmp_path: Path) -> None:
    expansion = workspace / "other-expansion"
    expansion.mkdir()
    manifest = expansion / "manifest.yaml"
    manifest.write_text('id: other\nname: Other\nversion: "1"\nrequires: [fort-base, ]\n')
    await open_file(client, manifest)
    assert "fort-base" in await _labels(client, manifest, 3, len("requires: [fort-base, "))
    hover = await _hover(client, manifest, 3, 13)
    assert hover.startswith("**Fort** `fort-base` version `0.1.0`\n\nThe base game's")
    # A scenario's `sets:` entry (a folder beside it) leads to that set's manifest.
    scenario = workspace / "s.yaml"
    await open_file(client, scenario, "sets: [other-expansion]\n" + SCENARIO)
    found = await client.text_document_definition_async(types.DefinitionParams(
        text_document=doc(scenario), position=at(0, 10)))
    assert isinstance(found, types.Location) and found.uri == uri(manifest)


class _Counting(dict):
    """The client's diagnostics by uri, counting how often each was published."""

    def __init__(self) -> None:
        super().__init__()
        self.times: dict[str, int] = {}

    def __setitem__(self, key: str, value: object) -> None:
        self.times[key] = self.times.get(key, 0) + 1
        super().__setitem__(key, value)


async def test_edits_queued_behind_a_check_share_one(client: LanguageClient,
                                                     tmp_path: Path) -> None:
    """While a big set is checked, the edits that arrive are not checked one by one: the
    server reads them all and checks the last text once."""
    folder = tmp_path / "big"
    folder.mkdir()
    (folder / "manifest.yaml").write_text('id: big\nname: Big\nversion: "1"\n'
                                          "requires: [fort-base]\n")
    kids = folder / "kids.yaml"
    lines = ["kids:"]
    for i in range(500):
        lines += [f"  - {{id: k{i}, name: K{i}, suits: [book], public: gain pizza x book, "
                  "source: public}"]
    good = "\n".join(lines) + "\n"
    await open_file(client, kids, good)
    counting = _Counting()
    client.diagnostics = counting
    edits = 12
    for version in range(2, edits + 2):  # the last text alone has two errors
        text = good.replace("x book", "x bok", 1 if version <= edits else 2) \
            if version % 2 or version > edits else good
        client.text_document_did_change(types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri(kids), version=version),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)]))
    deadline = time.monotonic() + WAIT  # 1000 turns of 20 ms were too few under load
    while time.monotonic() < deadline:
        if len(counting.get(uri(kids), ())) == 2:
            break
        await asyncio.sleep(0.02)
    assert [d.code for d in counting[uri(kids)]] == ["E101", "E101"]
    assert counting.times[uri(kids)] < edits


async def test_a_new_file_not_saved_yet_is_part_of_its_set(client: LanguageClient,
                                                           workspace: Path) -> None:
    path = workspace / "fort-base" / "kids-unsaved.yaml"
    assert not path.exists()
    text = "kids:\n  - {id: bug, name: Bug Two, suits: [book], public: pack, source: public}\n"
    got = await open_file(client, path, text)
    assert _codes(got) == ["E320"] and "kids-shovel.yaml" in got[0].message
    close_file(client, path)


async def test_a_perks_action_is_hovered_and_completed(client: LanguageClient,
                                                       workspace: Path) -> None:
    """R15: a perk written in the language (`when:`, `action:`) is read like a kid's box: its
    action's words hovered and completed (the kinds' declarations say which fields are texts)."""
    path = workspace / "fort-base" / "perks-draft.yaml"
    text = ("perks:\n  - id: draft-perk\n    name: Draft Perk\n    when: turn_start\n"
            "    action: gain pizza\n")
    path.write_text(text, encoding="utf-8")
    await open_file(client, path)
    said = await _hover(client, path, 4, len("    action: gai"))
    assert said.startswith("`gain pizza`")
    assert "pizza" in await _labels(client, path, 4, len("    action: gain "))
    path.unlink()
    close_file(client, path)
