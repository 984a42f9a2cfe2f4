"""A game module declares its flow (issue 33 items 1, 4 and 5): ``GameModule.flow`` names the
:class:`~fortlang.flow.FlowSpec` its ``run`` plays on, and the docs site's rules page and
``fortlang explain --flow`` derive the turn structure from it, in en, fr and ru."""

from __future__ import annotations

import dataclasses
import json
import sys
import types
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

import fortlang.flow.runtime as runtime
from fortlang import games, native
from fortlang.cardset.table import load_specs
from fortlang.cli import main
from fortlang.docsite import flowdoc, safe, site
from fortlang.docsite import lexicon as lx
from fortlang.flow import Cycle, EventPattern, FlowSpec, Phase, Window
from fortlang.flow.spec import CANCEL, LastingEffect
from fortlang.module import GameModule

LANGS = ("en", "fr", "ru")
#: The games fortlang ships whose turns run on the flow runtime.
FLOWING = ("fort", "frantic")


def _bundled_set(game: str) -> str | None:
    for card_set in load_specs([]):
        if card_set.manifest.game == game:
            return card_set.id
    return None


def _declaring() -> list[str]:
    return [name for name in sorted(games.installed()) if games.game_named(name).flow]


def test_fort_and_frantic_declare_their_flow_and_fortune_none() -> None:
    assert set(FLOWING) <= set(_declaring())
    assert games.flow_of(games.game_named("fortune-and-glory")) is None


@pytest.mark.parametrize("ref, why", [("fortlang.flow.spec:never", "is no FlowSpec"),
                                      ("fortlang.flow.spec:NOTHING", "fails to load")])
def test_a_flow_that_is_no_flowspec_is_e351(ref: str, why: str) -> None:
    game = dataclasses.replace(games.game_named("frantic"), flow=ref)
    with pytest.raises(games.GameError) as caught:
        games.flow_of(game)
    assert caught.value.code == "E351" and why in caught.value.message


class _Counted(runtime.Step):
    def __init__(self, step: runtime.Step, name: str, ran: dict[str, int]) -> None:
        self.step, self.name, self.ran = step, name, ran

    def run(self, flow: runtime.Flow, seat: int) -> None:
        self.ran[self.name] = self.ran.get(self.name, 0) + 1
        self.step.run(flow, seat)


@pytest.mark.parametrize("name", _declaring())
def test_a_declared_flow_is_a_flowspec_and_the_games_run_plays_on_it(
        name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    game = games.game_named(name)
    spec = games.flow_of(game)
    assert isinstance(spec, FlowSpec)
    assert spec is games.game_named(name).piece("flow")  # one spec, imported once
    if native.is_compiled(runtime):
        pytest.skip("the compiled runtime calls its plan natively: nothing to watch")
    set_id = _bundled_set(name)
    if set_id is None:
        pytest.skip(f"no bundled set of {name}")
    played: list[FlowSpec] = []
    ran: dict[str, int] = {}

    def plan(of: FlowSpec) -> runtime._Plan:  # a fresh plan, its phases counted
        played.append(of)
        fresh = runtime._Plan(of)
        for phase, declared in zip(fresh.phases, of.turn, strict=True):
            phase.step = _Counted(phase.step, declared.name, ran)
        return fresh

    monkeypatch.setattr(runtime, "_plan", plan)
    result = CliRunner().invoke(main, ["simulate", "--sets", set_id, "--games", "1",
                                       "--players", str(game.players.start), "--json",
                                       "--bots", "random"])
    assert result.exit_code == 0, result.output
    assert played and all(of is spec for of in played)
    assert set(ran) == {phase.name for phase in spec.turn} and min(ran.values()) > 0


# -- the docs site ---------------------------------------------------------------------------


def _fort_rules(tmp_path: Path, lang: str) -> str:
    src = tmp_path / lang
    site.generate(src, f"../../{lang}", (), lang, (lang,))
    return (src / "docs" / "rules.md").read_text(encoding="utf-8")


def _module_rules(tmp_path: Path, game: GameModule, lang: str) -> str:
    from fortlang.registry import vocabulary_of

    src = tmp_path / game.name / lang
    site.generate(src, f"../../{lang}", (), lang, (lang,), game=game,
                  vocab=vocabulary_of(game.name))
    return (src / "docs" / "rules.md").read_text(encoding="utf-8")


def _rules(tmp_path: Path, name: str, lang: str) -> str:
    if name == "fort":
        return _fort_rules(tmp_path, lang)
    return _module_rules(tmp_path, games.game_named(name), lang)


def _flow_words(lang: str) -> set[str]:
    return {v for k, v in lx.UI[lang].items() if k.startswith("flow_") and k != "flow_or"}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", FLOWING)
def test_the_rules_page_opens_with_the_declared_turn_structure(
        tmp_path: Path, name: str, lang: str) -> None:
    spec = games.flow_of(games.game_named(name))
    assert spec is not None
    page = _rules(tmp_path, name, lang)
    heading = f"## {lx.ui('flow_heading', lang)} {{ #turn-structure }}"
    assert heading in page
    block = page[page.index(heading):]
    block = block[:block.index("\n## ", 1)]
    # before the numbered rules, with every phase and what the module says of it in `lang`
    assert page.index(heading) < page.index("\n## ", page.index(heading) + 1)
    for phase in spec.turn:
        assert f"<code>{safe.markdown(phase.name)}</code>" in block
        assert phase.doc[lang]
        assert safe.markdown(lx.cap(phase.doc[lang])) in block
    assert safe.markdown(lx.cap(spec.cycle.doc[lang])) in block
    assert safe.markdown(lx.cap(spec.game_end_doc[lang])) in block
    direction = "flow_clockwise" if spec.cycle.direction == 1 else "flow_counterclockwise"
    assert safe.markdown(lx.cap(lx.ui(direction, lang))) in block
    assert safe.markdown(lx.cap(spec.round_end_doc[lang])) in block
    for window in spec.windows:
        assert safe.markdown(lx.cap(window.doc[lang])) in block
    for effect in spec.lasting:
        assert f"<code>{safe.markdown(effect.name)}</code>" in block
    if lang != "en":  # the site's words in the page's language, none left in English
        english = _flow_words("en") - _flow_words(lang)
        unescaped = block.replace("&#", "")
        for words in english:
            assert safe.markdown(lx.cap(words)) not in block and words not in unescaped


def test_franticss_block_names_its_windows_and_time_bomb() -> None:
    spec = games.flow_of(games.game_named("frantic"))
    assert spec is not None
    block = flowdoc.markdown(spec, "fr")
    assert "<code>hands&#95;emptied</code>" in block and "<code>targeted</code>" in block
    assert safe.markdown("Nice Try : un joueur peut répondre") in block
    assert "<code>time&#95;bomb</code>" in block
    assert lx.label("flow_lasting", "fr") in block


# -- a toy spec: the block follows the declaration ---------------------------------------------

HOSTILE = '<script>alert(1)</script> [x](javascript:y) {{ bad }} *b*'


def _toy(direction: int, hostile: bool = False) -> FlowSpec:
    said = HOSTILE if hostile else "roll the dice"
    return FlowSpec(
        turn=(Phase("roll", run="fortlang.flow.spec:no_phase",
                    doc={"en": said, "fr": "lancer les dés", "ru": "бросить кости"}),
              Phase("bank", run="fortlang.flow.spec:no_phase", per_seat=True,
                    after=("banked",))),
        cycle=Cycle(direction=direction),
        game_end="fortlang.flow.spec:never",
        round_end="fortlang.flow.spec:never",
        game_end_doc={"en": "someone has 100 points", "fr": "quelqu'un a 100 points",
                      "ru": "у кого-то 100 очков"},
        windows=(Window("banked", may=(CANCEL,),
                        doc={"en": "Thief", "fr": "Voleur", "ru": "Вор"}),),
        events={"banked": {"en": "points are banked", "fr": "des points sont mis en banque",
                           "ru": "очки положены в банк"}},
        lasting=(LastingEffect("frozen", EventPattern("turn_start", owner_only=True),
                               doc={"en": "cannot bank", "fr": "ne peut pas mettre en banque",
                                    "ru": "не может класть в банк"}),))


@pytest.fixture
def toy_module(monkeypatch: pytest.MonkeyPatch) -> Iterator[types.ModuleType]:
    module = types.ModuleType("toy_flow_spec")
    module.SPEC = _toy(1)  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "toy_flow_spec", module)
    yield module


@pytest.mark.parametrize("lang", LANGS)
def test_the_block_changes_with_the_spec(tmp_path: Path, toy_module: types.ModuleType,
                                         lang: str) -> None:
    game = dataclasses.replace(games.game_named("frantic"), flow="toy_flow_spec:SPEC")
    before = _module_rules(tmp_path / "a", game, lang)
    assert "<code>roll</code>" in before and "<code>bank</code>" in before
    assert lx.ui("flow_per_seat", lang) in before
    assert safe.markdown(lx.cap(lx.ui("flow_clockwise", lang))) in before
    assert safe.markdown(lx.cap({"en": "Thief", "fr": "Voleur", "ru": "Вор"}[lang])) in before
    assert safe.markdown(lx.ui("flow_may_cancel", lang)) in before
    assert "<code>frozen</code>" in before
    assert "F3.1" not in before.split("\n## ", 2)[1]  # Frantic's own words are gone
    toy_module.SPEC = _toy(-1)  # type: ignore[attr-defined]
    after = _module_rules(tmp_path / "b", game, lang)
    assert safe.markdown(lx.cap(lx.ui("flow_counterclockwise", lang))) in after
    assert after != before


def test_every_value_of_the_spec_is_escaped(toy_module: types.ModuleType) -> None:
    toy_module.SPEC = _toy(1, hostile=True)  # type: ignore[attr-defined]
    block = flowdoc.markdown(toy_module.SPEC, "en")
    for raw in ("<script>", "[x]", "(javascript", "{{", "*b*"):
        assert raw not in block
    assert safe.markdown(lx.cap(HOSTILE)) in block


def test_a_game_without_a_flow_keeps_its_rules_page_as_it_was(tmp_path: Path) -> None:
    fortune = games.game_named("fortune-and-glory")
    page = _module_rules(tmp_path, fortune, "en")
    assert lx.ui("flow_heading", "en") not in page
    assert page == site.rules_page(dataclasses.replace(fortune, flow=""), "en")


# -- fortlang explain --flow -------------------------------------------------------------------


def _explain(*args: str):
    return CliRunner().invoke(main, ["explain", *args])


@pytest.mark.parametrize("lang", LANGS)
def test_explain_flow_prints_the_same_structure_as_text_and_json(lang: str) -> None:
    spec = games.flow_of(games.game_named("frantic"))
    assert spec is not None
    text = _explain("--game", "frantic", "--flow", "--lang", lang)
    assert text.exit_code == 0, text.output
    assert text.stdout.startswith(f"Frantic: {lx.ui('flow_heading', lang)}\n")
    assert text.stdout.rstrip("\n").endswith(flowdoc.text(spec, lang))
    data = json.loads(_explain("--game", "frantic", "--flow", "--json", "--lang", lang).stdout)
    assert data["game"] == "frantic" and data["lang"] == lang
    assert [p["name"] for p in data["phases"]] == ["play"]
    assert data["direction"]["value"] == -1
    assert [w["event"] for w in data["windows"]] == ["hands_emptied", "targeted"]
    assert data["windows"][1]["order"] == "from_victim"
    assert [e["name"] for e in data["lasting"]] == ["time_bomb", "looping"]
    assert data["first"] == spec.cycle.doc[lang]


def test_explain_flow_defaults_to_forts() -> None:
    result = _explain("--flow", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["game"] == "fort" and [p["name"] for p in data["phases"]] == \
        ["clean_up", "play", "recruit", "discard", "draw"]
    assert data["rounds"]["end"] and data["windows"] == []


@pytest.mark.parametrize("args, where", [
    (["--game", "fortune-and-glory", "--flow"], "--game: error[E906]: "),
    (["--game", "frantik", "--flow"], "--game: error[E350]: "),
])
def test_explain_flow_of_a_game_without_one_is_an_error(args: list[str], where: str) -> None:
    result = _explain(*args)
    assert result.exit_code == 1
    assert result.stderr.startswith(where) and "Traceback" not in result.output


def test_explain_flow_takes_no_action() -> None:
    result = _explain("--flow", "gain pizza")
    assert result.exit_code == 2 and "--flow" in result.output
