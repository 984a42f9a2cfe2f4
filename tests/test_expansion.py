"""The worked example of issue 18 item 4: cards/backyard, an expansion written in the language
core's constructs, perks with `when:`, and the example plugin's `tuck`. With the plugin
installed, check, fmt, explain, the docs (three languages, with icons), scenarios and whole games
work with it; without it, the bundled-set commands skip it with the install hint (W340)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from fortlang import plugins
from fortlang.cardset import base_set, load_set
from fortlang.cli import main
from fortlang.docsite.site import generate
from fortlang.engine import RandomAgent
from fortlang.games.fort.match import run_game
from fortlang.games.fort.model import PerkHook, board_of, fort_set, kids_of, perks_of, rules_of

ROOT = Path(__file__).resolve().parent.parent
SET = ROOT / "cards" / "backyard"
SCENARIOS = ROOT / "tests" / "plugin_scenarios" / "backyard.yaml"


pytestmark = pytest.mark.usefixtures("fresh_vocabularies")


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_it_uses_the_core_constructs_the_plugins_word_and_perks_in_the_language(backyard):
    texts = SET.joinpath("kids.yaml").read_text(encoding="utf-8")
    for construct in ("each rival ->", "a rival ->", "if ", "x yard", "draw", "take ", "give ",
                      "tuck"):
        assert construct in texts, construct
    loaded = load_set(SET, known_sets=["fort-base"])
    assert {p.hook for p in perks_of(loaded)} == {PerkHook.ACTION}


def test_check_fmt_and_explain_work_with_it(backyard) -> None:
    result = run("check", "--no-warnings", str(SET))
    assert result.exit_code == 0 and "0 errors" in result.output, result.output
    result = run("fmt", "--check", str(SET))
    assert result.exit_code == 0, result.output
    result = run("explain", "--uses", "backyard", "--lang", "fr",
                 "if hand >= 3 -> (tuck then score 2)")
    assert result.exit_code == 0
    assert "placez une carte de votre défausse sur le dessus de votre pioche" in result.output


def test_its_scenarios_pass(backyard) -> None:
    result = run("test", str(SCENARIOS))
    assert result.exit_code == 0 and "4 passed, 0 failed" in result.output, result.output


def test_the_docs_show_it_in_three_languages_with_icons(backyard, tmp_path) -> None:
    sets = [base_set(), load_set(SET, known_sets=["fort-base"])]
    for lang in ("en", "fr", "ru"):
        generate(tmp_path / lang, "site", sets, lang, ["en", "fr", "ru"])
        docs = tmp_path / lang / "docs"
        glossary = (docs / "glossary" / "backyard.md").read_text(encoding="utf-8")
        # a language perk: what it does and when, in the page's words, and its action as written
        assert "```fortlang\nadvance then each rival -> lose\n```" in glossary
        icon = (docs / "assets" / "icons" / "tuck.svg").read_text(encoding="utf-8")
        assert "<title>tuck</title>" in icon and "#5c940d" in icon  # the plugin's own drawing
        reference = (docs / "reference.md").read_text(encoding="utf-8")
        assert "### `tuck`" in reference and "assets/icons/tuck.svg" in reference
        assert "### `draw [N]`" in reference and "assets/icons/draw.svg" in reference
    assert "Chaque adversaire" in (tmp_path / "fr" / "docs" / "glossary" / "backyard.md"
                                   ).read_text(encoding="utf-8")


def test_whole_games_with_its_kids_and_perks_never_crash(backyard) -> None:
    base, extra = base_set(), load_set(SET, known_sets=["fort-base"])
    merged = fort_set(base.manifest, kids_of(base) + kids_of(extra), rules_of(base),
                      perks_of(extra) + perks_of(base), board_of(base))
    for seed in range(3):
        outcome = run_game(merged, 3, [RandomAgent(seed * 10 + i) for i in range(3)], seed=seed,
                           debug=True)
        assert outcome is not None


def test_without_the_plugin_the_bundled_sets_skip_it_with_the_install_hint(monkeypatch):
    monkeypatch.setattr(plugins, "installed", lambda: {})
    result = run("check", "--no-warnings")
    assert result.exit_code == 0, result.output
    result = run("check")
    assert "warning[W340]: bundled set `backyard` skipped" in result.output
    assert "pip install ./examples/vocabulary-plugin" in result.output
    result = run("check", str(SET))  # named, it is an error (issue 18.2's E340)
    assert result.exit_code == 1 and "error[E340]" in result.output


def test_the_writing_an_expansion_page_quotes_the_real_set_and_scenarios() -> None:
    """docs/expansions.md's running text is the bundled example: every action it quotes from
    a file of cards/backyard is in that file, and its scenario is the tested one."""
    import re

    page = (ROOT / "docs" / "expansions.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```yaml\n# (cards/backyard/\S+)\n(.*?)```", page, re.S)
    assert {path for path, _ in blocks} >= {"cards/backyard/manifest.yaml",
                                            "cards/backyard/kids.yaml",
                                            "cards/backyard/perks.yaml"}
    for path, body in blocks:
        real = (ROOT / path).read_text(encoding="utf-8")
        for key, value in re.findall(r"^\s*(public|private|action|uses|requires): ([^#\n]+?)\s*"
                                     r"(?:#.*)?$", body, re.M):
            assert f"{key}: {value}" in real, (path, key, value)
    scenario = re.search(r"```yaml\n(sets: .*?)```", page, re.S)
    assert scenario is not None
    real = SCENARIOS.read_text(encoding="utf-8")
    for line in scenario.group(1).splitlines()[2:]:
        if line.strip() and not line.strip().startswith("- name"):
            assert line in real, line


def test_the_site_carries_both_pages_in_every_language(tmp_path) -> None:
    """Each site has both pages in its own language, titled as its navigation names them."""
    from fortlang.docsite.lexicon import ui

    sets = [base_set()]
    for lang in ("en", "fr", "ru"):
        generate(tmp_path / lang, "site", sets, lang, ["en", "fr", "ru"])
        docs = tmp_path / lang / "docs"
        for key in ("expansions", "plugins"):
            page = (docs / f"{key}.md").read_text(encoding="utf-8")
            assert page.startswith(f"# {ui(key, lang)}\n\n")
            assert ui("english_only", lang) not in page
    assert ui("expansions", "en") == "Writing an expansion"
    assert ui("plugins", "en") == "Writing a vocabulary plugin"
