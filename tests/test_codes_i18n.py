"""Diagnostics and the error-codes page in the user's language (issue 36): every catalogued code
has its meaning and fix in French and Russian, `check` prints the headline and the hint in the
language `--lang` or the locale names, and the site's page is generated in that language."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from fortlang.cli import main
from fortlang.codes import CATALOGUE, missing_translations, translated
from fortlang.docsite.error_codes import error_codes_page

BAD_YAML = "kids: [a, b\n"
TYPO = "kids:\n  - id: a\n    name: A\n    suits: [shovel]\n    public: gain pizza x shovle\n"


def test_every_code_is_translated_into_every_language():
    assert missing_translations() == {}


@pytest.mark.parametrize("lang", ["fr", "ru"])
def test_a_translation_differs_from_the_english(lang: str):
    same = [c for c in CATALOGUE if translated(c, lang).meaning == CATALOGUE[c].meaning]
    assert len(same) <= 2, same  # a word or two may read the same (e.g. a tool's name)


def test_a_code_without_translation_falls_back_to_english():
    from fortlang import codes

    extra = codes.Code("E999", "a new thing", "example", "do this")
    assert codes.translated_entry(extra, "fr") == extra


def _check(tmp_path: Path, text: str, *args: str, env: dict[str, str] | None = None) -> str:
    (tmp_path / "kids.yaml").write_text(text, encoding="utf-8")
    env = {"LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8", **(env or {})}
    result = CliRunner().invoke(main, ["check", *args, str(tmp_path / "kids.yaml")], env=env)
    assert result.exit_code == 1, result.output
    return result.output


def test_check_speaks_french_with_lang(tmp_path: Path):
    out = _check(tmp_path, BAD_YAML, "--lang", "fr")
    assert "error[E301]: erreur de syntaxe YAML : " in out
    assert f"  correction : {translated('E301', 'fr').fix}" in out


def test_check_follows_the_locale(tmp_path: Path):
    out = _check(tmp_path, BAD_YAML, env={"LANG": "ru_RU.UTF-8"})
    assert "error[E301]: синтаксическая ошибка YAML: " in out
    assert "проверено: 1 файл, 0 карт: 1 ошибка, 0 предупреждений" in out


def test_lang_wins_over_the_locale(tmp_path: Path):
    out = _check(tmp_path, BAD_YAML, "--lang", "en", env={"LC_ALL": "fr_FR.UTF-8"})
    assert "error[E301]: " in out and "erreur" not in out


def test_did_you_mean_is_translated(tmp_path: Path):
    out = _check(tmp_path, TYPO, "--lang", "fr")
    assert "vouliez-vous dire `shovel` ?" in out
    out = _check(tmp_path, TYPO, "--lang", "ru")
    assert "возможно, вы имели в виду `shovel`?" in out


def test_english_output_is_unchanged(tmp_path: Path):
    out = _check(tmp_path, TYPO)
    assert "error[E101]: unknown " in out and "hint: did you mean `shovel`?" in out
    assert "correction" not in out


@pytest.mark.parametrize("lang", ["fr", "ru"])
def test_the_error_codes_page_is_in_the_sites_language(lang: str):
    page = error_codes_page(lang)
    for code in CATALOGUE:
        entry = translated(code, lang)
        assert f"### {code} — {entry.meaning} {{ #{code.lower()} }}" in page
        assert entry.fix in page
    assert "This page is in English only" not in page


def test_explain_and_play_choose_the_diagnostics_language():
    env = {"LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8"}
    result = CliRunner().invoke(main, ["explain", "--lang", "ru", "gain pizza x shovle"],
                                env=env)
    assert "error[E101]: неизвестное слово: " in result.stderr
    result = CliRunner().invoke(main, ["explain", "gain pizza x shovle"],
                                env={**env, "LANG": "fr_FR.UTF-8"})
    assert "error[E101]: mot inconnu : " in result.stderr
    result = CliRunner().invoke(main, ["play", "--lang", "fr", "--bots", "grredy"], env=env)
    assert result.exit_code == 1 and "error[E902]: bot inconnu : " in result.stderr


def test_fmt_and_test_follow_the_locale(tmp_path: Path):
    (tmp_path / "kids.yaml").write_text(BAD_YAML, encoding="utf-8")
    (tmp_path / "sc.yaml").write_text("scenarios:\n  - name: x\n    given: {players: [{hand: "
                                      "[Bgu]}]}\n    when: [{play: Bgu}]\n", encoding="utf-8")
    env = {"LC_ALL": "fr_FR.UTF-8"}
    result = CliRunner().invoke(main, ["fmt", str(tmp_path / "kids.yaml")], env=env)
    assert "error[E301]: erreur de syntaxe YAML : " in result.output
    result = CliRunner().invoke(main, ["test", str(tmp_path / "sc.yaml")], env=env)
    assert "error[E701]: carte inconnue : " in result.output
