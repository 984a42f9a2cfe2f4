"""Vocabulary plugins (issue 18 item 2): an installed package adds words; a set's manifest says
`uses:`; check, explain, fmt, the engine, scenarios and the docs all read them; and checking a
set never runs code from a folder someone else can write (the current folder included).

The plugin is the example in ``examples/vocabulary-plugin``, installed here the way pip lays a
package out (a ``.dist-info`` with ``entry_points.txt`` beside the module), in a private folder
put on ``sys.path``."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from plugin_site import EXAMPLE, EXPANSION, forget, install, plant_shadow

from fortlang import plugins
from fortlang.cardset import load_set
from fortlang.cli import main
from fortlang.engine import ScriptedAgent
from fortlang.games.fort.model import kids_of
from fortlang.games.fort.play import play_card
from fortlang.games.fort.table import Game
from fortlang.parser import language
from fortlang.sim.seats import Seats

pytestmark = pytest.mark.usefixtures("fresh_vocabularies")


def test_an_installed_plugin_adds_its_words(backyard) -> None:
    vocab = plugins.vocabulary(["backyard"])
    assert "tuck" in vocab.primitive_by_name
    assert "tuck" not in plugins.vocabulary([]).primitive_by_name  # Fort's own stays as it is
    words = language(vocab)
    assert str(words.parse_action("tuck then score").items[0].__class__.__name__) == "Tuck"


def test_a_set_using_it_checks_clean_and_plays(backyard) -> None:
    result = CliRunner().invoke(main, ["check", "--no-warnings", str(EXPANSION)])
    assert result.exit_code == 0, result.output
    (mole, *_) = kids_of(load_set(EXPANSION, known_sets=["fort-base"]))
    game = Game(2, asker=Seats([ScriptedAgent(["public (tuck then gain pizza x shovel) only"]),
                                ScriptedAgent()]), debug=True)
    p = game.players[0]
    from builders import kid

    game.new_card(kid("Worm", "book", "score"), p.discard)
    play_card(game, 0, game.new_card(mole, p.hand), follow=False)
    assert [c.name for c in p.deck] == ["Worm"] and p.stuff[next(iter(p.stuff))] == 1


def test_explain_takes_uses(backyard) -> None:
    result = CliRunner().invoke(main, ["explain", "--uses", "backyard", "--lang", "fr",
                                       "tuck x glue"])
    assert result.exit_code == 0, result.output
    assert "placez une carte de votre défausse" in result.output.lower()


def test_fmt_reads_a_lone_file_in_its_sets_vocabulary(backyard, tmp_path) -> None:
    folder = tmp_path / "set"
    shutil.copytree(EXPANSION, folder)
    kids = folder / "kids.yaml"
    kids.write_text(kids.read_text(encoding="utf-8").replace("tuck then gain", "tuck  ▶ gain"),
                    encoding="utf-8")
    result = CliRunner().invoke(main, ["fmt", str(kids)])
    assert result.exit_code == 0, result.output
    assert "public: tuck then gain pizza x shovel" in kids.read_text(encoding="utf-8")


def test_a_missing_plugin_is_a_positioned_error_with_an_install_hint(tmp_path) -> None:
    folder = tmp_path / "set"
    shutil.copytree(EXPANSION, folder)
    result = CliRunner().invoke(main, ["check", "--no-warnings", str(folder)])
    assert result.exit_code == 1
    assert "manifest.yaml:12:8: error[E340]: vocabulary `backyard` is not installed" \
        in result.output
    assert "fortlang.vocabularies" in result.output


def test_the_words_a_missing_plugin_would_bring_point_at_it(tmp_path) -> None:
    """Each action that does not parse in a set whose vocabulary is missing says why it may
    not: one cause (E340), named at each of its consequences (E100)."""
    folder = tmp_path / "set"
    shutil.copytree(EXPANSION, folder)
    result = CliRunner().invoke(main, ["check", "--no-warnings", str(folder)])
    unread = [line for line in result.output.splitlines() if "error[E100]" in line]
    assert unread and all("`tuck`" in line for line in unread)
    hints = [line for line in result.output.splitlines()
             if "hint:" in line and "backyard" in line and "E340" in line]
    assert len(hints) == len(unread)


def test_a_plugin_in_a_folder_others_can_write_is_never_imported(tmp_path, monkeypatch) -> None:
    marker = tmp_path / "ran"
    site = install(tmp_path / "shared", module="shared_backyard",
                   code=f"open({str(marker)!r}, 'w').close()\n")
    site.chmod(0o777)
    monkeypatch.syspath_prepend(str(site))
    with pytest.raises(plugins.PluginError) as err:
        plugins.load("backyard")
    assert err.value.code == "E340" and str(site) in (err.value.hint or "")
    assert not marker.exists()


def test_a_plugin_in_the_current_folder_is_never_imported(tmp_path, monkeypatch) -> None:
    marker = tmp_path / "ran"
    here = install(tmp_path / "their-set", module="their_backyard",
                   code=f"open({str(marker)!r}, 'w').close()\n")
    monkeypatch.chdir(here)
    monkeypatch.syspath_prepend("")  # as `python -m fortlang` does
    with pytest.raises(plugins.PluginError) as err:
        plugins.load("backyard")
    assert err.value.code == "E340"
    assert not marker.exists()
    assert os.getcwd() == str(here)


def test_a_broken_plugin_is_e341_not_a_traceback(tmp_path, monkeypatch) -> None:
    site = install(tmp_path / "site", module="broken_backyard",
                   code="raise RuntimeError('boom')\n")
    monkeypatch.syspath_prepend(str(site))
    folder = tmp_path / "set"
    shutil.copytree(EXPANSION, folder)
    result = CliRunner().invoke(main, ["check", "--no-warnings", str(folder)])
    assert result.exit_code == 1
    assert "error[E341]: vocabulary `backyard` fails to load: RuntimeError: boom" in result.output


def test_two_plugins_declaring_one_node_twice_clash(backyard, tmp_path, monkeypatch) -> None:
    again = "from fortlang_backyard import VOCABULARY as _V\n" \
            "from dataclasses import replace\n" \
            "VOCABULARY = replace(_V, name='yard2')\n"
    site = install(tmp_path / "site2", name="yard2", module="yard2", code=again)
    monkeypatch.syspath_prepend(str(site))
    with pytest.raises(plugins.PluginError) as err:
        plugins.vocabulary(["backyard", "yard2"])
    assert err.value.code == "E342" and "declared twice" in err.value.message


def test_the_reference_shows_the_plugins_words_in_each_language(backyard) -> None:
    from fortlang.cardset import base_set
    from fortlang.games.fort.docs.reference import reference_page

    sets = [base_set(), load_set(EXPANSION, known_sets=["fort-base"])]
    page = reference_page("ru", sets)
    assert "### `tuck`" in page and "Положите карту из своего сброса на верх своей колоды." in page
    assert "### `tuck`" not in reference_page("ru", sets[:1])


@pytest.mark.parametrize("mode", [0o777, 0o755], ids=["others-can-write", "private"])
def test_a_same_named_module_earlier_on_the_path_never_shadows_the_plugin(tmp_path,
                                                                          mode) -> None:
    """Only the distribution that declares a vocabulary gives its module: a package of the same
    name in a folder before it on PYTHONPATH (a full copy of the plugin, plus code) is never
    imported, and the real plugin is (issue 31 item 9)."""
    marker = tmp_path / "ran"
    site = install(tmp_path / "site")
    shadow = plant_shadow(tmp_path / "shadow", marker)
    shadow.chmod(mode)
    work = tmp_path / "work"
    work.mkdir()
    env = {**os.environ, "PYTHONPATH": os.pathsep.join((str(shadow), str(site)))}
    fortlang = Path(sys.executable).with_name("fortlang")
    for command in (["check", "--no-warnings", str(EXPANSION)],
                    ["explain", "--uses", "backyard", "tuck x glue"]):
        done = subprocess.run([str(fortlang), *command], cwd=work, env=env, capture_output=True,
                              text=True, timeout=120)
        assert done.returncode == 0, done.stdout + done.stderr
        assert not marker.exists(), command
    assert "put a card from your discard pile on top of your deck" in done.stdout.lower()


def test_a_plugin_module_already_imported_from_elsewhere_is_e341(backyard, tmp_path,
                                                                 monkeypatch) -> None:
    """A module of the plugin's name imported before from another folder is not the plugin."""
    other = tmp_path / "other"
    shutil.copytree(EXAMPLE, other / "fortlang_backyard")
    monkeypatch.syspath_prepend(str(other))
    monkeypatch.delitem(sys.modules, "fortlang_backyard", raising=False)
    __import__("fortlang_backyard")
    with pytest.raises(plugins.PluginError) as err:
        plugins.load("backyard")
    assert err.value.code == "E341" and str(other) in err.value.message


def test_an_editable_install_loads_from_the_folder_its_own_pth_names(tmp_path,
                                                                      monkeypatch) -> None:
    """An editable install (pip -e, hatchling's default) keeps the module in the project: the
    folder its ``.pth`` names is the distribution's, and only with the ``.pth`` in its RECORD."""
    src = tmp_path / "project" / "src"
    shutil.copytree(EXAMPLE, src / "fortlang_backyard")
    site = install(tmp_path / "site", source=None)
    (site / "_fortlang_backyard.pth").write_text(f"{src}\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(src))  # as the .pth does at start-up
    monkeypatch.syspath_prepend(str(site))
    with pytest.raises(plugins.PluginError) as err:  # a folder the distribution never named
        plugins.load("backyard")
    assert err.value.code == "E341" and "not in the distribution" in err.value.message
    forget()
    record = site / "fortlang_backyard-0.1.0.dist-info" / "RECORD"
    record.write_text("_fortlang_backyard.pth,,\n", encoding="utf-8")
    assert plugins.load("backyard").name == "backyard"
