"""`fortlang play` says what each move did, shows recruit options with their text, answers
`help`, tells the bots' moves in the third person and speaks the chosen language (issue 36)."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from fortlang.cli import main
from fortlang.engine.choices import Kind
from fortlang.i18n import LANGUAGES, catalogue, ui


def play(stdin: str, *args: str, seed: int = 3) -> str:
    result = CliRunner().invoke(main, ["play", "--seed", str(seed), *args], input=stdin,
                                env={"COLUMNS": "1000"})
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    return result.stdout


def test_after_a_move_the_table_is_told_what_it_did():
    # seed 3: play Sparky (gain pizza/toy), take the pizza, then recruit Dot
    # from the park; decline to follow Chef
    out = play("2\n1\n1\n1\n1\nq\n")
    assert "→ you: +1 pizza" in out
    assert "Bones, Doodles, Bug from player 1's yard" not in out  # the clean-up is no recruit
    assert "recruited Dot from the park" in out
    assert re.search(r"player 2 \(greedy\): .*VP 0 → 2", out), out
    assert re.search(r"player 2 \(greedy\): .*drew \d+ cards", out)


def test_recruit_options_show_the_cards_action_sentences():
    out = play("2\n1\n1\nq\n")
    recruit = out[out.index("recruit a card (R7.1)"):]
    first = recruit.splitlines()[1]
    assert "Dot" in first and "Move 1 resource from your stuff to your pack for each glue." \
        in first, first


def test_recruit_options_in_french_use_the_phrasebook():
    out = play("2\n1\n1\nq\n", "--lang", "fr")
    assert "du Parc" in out and "Avancez votre" in out


@pytest.mark.parametrize("command", ["help", "?"])
def test_help_lists_the_commands_and_explains_the_decision(command: str):
    out = play(f"{command}\nq\n")
    assert "q: quit" in out and "help" in out
    assert "R5.1" in out and "the play phase" in out.lower()
    assert "is not a choice" not in out


def test_bots_are_told_in_the_third_person():
    out = play("1\n" * 3000, "--players", "2", seed=3)
    lines = [line for line in out.splitlines() if "player 2 (greedy) — " in line]
    assert lines
    assert not any("your" in line for line in lines), [x for x in lines if "your" in x][:3]
    assert any("from their hand" in line for line in lines)


@pytest.mark.parametrize("lang, words", [
    ("fr", ["la table", "votre main", "jouer une carte", "choisissez", "scores finaux"]),
    ("ru", ["стол", "ваша рука", "сыграть карту", "выберите", "итоговые очки"]),
])
def test_the_whole_interface_speaks_the_chosen_language(lang: str, words: list[str]):
    out = play("1\n" * 3000, "--lang", lang).lower()
    for word in words:
        assert word in out, word
    for english in ("your hand", "the table", "choose 1-", "final scores", "winner:"):
        assert english not in out, english


def test_help_in_russian():
    out = play("?\nq\n", "--lang", "ru")
    assert "q: выйти" in out


def test_every_interface_key_exists_in_every_language():
    keys = {lang: set(catalogue(lang)) for lang in LANGUAGES}
    missing = {lang: sorted(keys["en"] - k) for lang, k in keys.items() if keys["en"] - k}
    extra = {lang: sorted(k - keys["en"]) for lang, k in keys.items() if k - keys["en"]}
    assert missing == {} and extra == {}


def test_every_kind_of_decision_has_a_title_and_a_help_text_in_every_language():
    for lang in LANGUAGES:
        for kind in Kind:
            assert ui(lang, f"kind.{kind.value}")
            assert ui(lang, f"explain.{kind.value}")


def test_the_placeholders_agree_across_languages():
    def fields(text: str) -> set[str]:
        return set(re.findall(r"{(\w+)}", text))

    en = catalogue("en")
    for lang in LANGUAGES:
        wrong = {k: v for k, v in catalogue(lang).items() if fields(v) != fields(en[k])}
        assert wrong == {}, lang


def test_a_bots_drawn_cards_are_counted_never_named():
    out = play("1\n" * 3000, "--players", "3", seed=2)
    bot_lines = [line for line in out.splitlines() if "  → player " in line]
    draws = [line for line in bot_lines if "drew " in line]
    assert draws
    assert not [line for line in draws if re.search(r"drew \d+ cards? \(", line)]
    mine = [line for line in out.splitlines() if "  → you: " in line and "drew" in line]
    assert mine and all(re.search(r"drew \d+ cards? \(", line) for line in mine)
    assert "took a made-up rule in secret (R10.3)" in out


def test_the_interface_languages_are_the_registrys():
    from fortlang.registry import LANGUAGES as REGISTERED

    assert LANGUAGES == REGISTERED


def test_resource_options_are_worded_from_their_values():
    from fortlang.engine.choices import Decision, Option
    from fortlang.games.fort.agents.human import option_label
    from fortlang.games.fort.nodes import Resource

    pack = Decision(1, Kind.PACK, (Option("a toy from your stuff", ("stuff", Resource.TOY)),))
    assert option_label(pack, pack.options[0], "en", {}, own=False) == "1 toy from their stuff"
    assert option_label(pack, pack.options[0], "fr", {}, own=True) == "1 jouet de vos Affaires"
    pay = Decision(0, Kind.PAYMENT, (Option("pay 2 toy from stuff", (0, 0, 2, 0)),))
    assert option_label(pay, pay.options[0], "ru", {}, own=True) == "заплатить: 2 игрушки (вещи)"
    spend = Decision(0, Kind.SPEND, (Option("1 pizza from stuff, 1 from pack", (1, 1)),))
    assert option_label(spend, spend.options[0], "fr", {}, own=True) == \
        "1 pizza des Affaires, 1 pizza du Sac à dos"


def test_a_perks_options_are_told_in_the_third_person_and_the_chosen_language():
    from fortlang.engine.choices import Decision, Option
    from fortlang.games.fort.agents.human import option_label

    diy = Decision(1, Kind.DIY, (Option("play a card as usual", False),
                                 Option("destroy the perk to advance your fort, paying 1 more",
                                        True)), "DIY (R15)")
    assert option_label(diy, diy.options[1], "en", {}, own=False) == \
        "destroy the perk to advance their fort, paying 1 more"
    assert option_label(diy, diy.options[0], "fr", {}, own=True) == \
        "jouer une carte normalement"
    assert option_label(diy, diy.options[1], "ru", {}, own=True) == \
        "убрать особенность в коробку, чтобы улучшить ваш форт, заплатив на 1 больше"
