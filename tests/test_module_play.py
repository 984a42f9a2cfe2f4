"""`fortlang play` of a game module's sets (issue 34 item 4): a person at seat 1 answers the
module's decisions by number, bots at the other seats, to the end of the game; the person is
told only what their seat may see (the module's narration), never a rival's hand nor a rival's
hidden answer. Frantic (its own narration) and the example module Pig (the plain one)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from pig_site import pig  # noqa: F401 - pig: the fixture

from fortlang.cli import main

ANSWERS = "1\n" * 20_000  # always the first option: enough for any whole game


def play(*args: str, stdin: str = ANSWERS):
    return CliRunner().invoke(main, ["play", *args], input=stdin)


def test_a_whole_game_of_frantic_at_the_terminal() -> None:
    result = play("--sets", "frantic-base", "--players", "4", "--seed", "3")
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.startswith("Frantic, 4 players, seed 3: you are player 1\n")
    assert "your turn: play a matching card or draw (F3.1)\n  1. " in out
    assert "your hand: " in out and "cards in hand: player 1 " in out
    assert re.search(r"\nfinal scores\nplayer 1 \(you\): \d+ points\n", out), out[-800:]
    assert "winner: player " in out
    assert "bye (" not in out  # played to its end, not cut short


@pytest.mark.parametrize(("lang", "words"), [
    ("fr", ("votre tour : jouez une carte qui correspond ou piochez", "piocher une carte",
            "scores finaux")),
    ("ru", ("ваш ход: сыграйте подходящую карту", "взять карту", "итоговые очки")),
])
def test_frantic_speaks_the_players_language(lang: str, words: tuple[str, ...]) -> None:
    result = play("--sets", "frantic-base", "--players", "3", "--seed", "3", "--lang", lang)
    assert result.exit_code == 0, result.output
    for word in words:
        assert word in result.output


def test_quitting_says_how_to_play_the_table_again() -> None:
    result = play("--sets", "frantic-base", "--players", "2", "--seed", "8",
                  stdin="?\nzz\n" + "9" * 5000 + "\n3\nq\n")
    assert result.exit_code == 0, result.output
    assert "commands: a number from 1 to " in result.output  # ? is the help
    assert "`zz` is not a choice: type a number from 1 to " in result.output
    # an over-long line is refused whole: none of its rest is read as an answer
    assert result.output.count(" is not a choice") == 2
    assert "bye (quit); replay this table with --seed 8" in result.output


def test_an_input_that_never_ends_a_line_ends_the_game() -> None:
    result = play("--sets", "frantic-base", "--players", "2", "--seed", "8",
                  stdin="x" * 3_000_000)
    assert result.exit_code == 0, result.output
    assert "bye (end of input); replay this table with --seed 8" in result.output


def test_what_a_module_cannot_do_at_the_table_is_said() -> None:
    result = play("--sets", "frantic-base", "--players", "9")
    assert result.exit_code == 1
    assert "--players: error[E905]: Frantic is for 2 to 8 players, not 9" in result.output
    for bot in ("mcts", "mcts:20"):
        result = play("--sets", "frantic-base", "--bots", bot)
        assert result.exit_code == 1
        assert "--bots: error[E906]: bot `mcts` is not available for Frantic yet" in \
            result.output
    result = play("--sets", "frantic-base", "--bots", "nobot")
    assert result.exit_code == 1 and "--bots:1:1: error[E902]: unknown bot `nobot`" in \
        result.output


# -- secrets ------------------------------------------------------------------------------------


class Watch:
    """What the person at seat 1 may have seen of a Frantic table so far (every card that was
    in their hand, face up on the discard pile or set aside in the open, every event turned),
    and the output checked against it at each decision and before each round's reshuffle:
    every card name printed since must be one of those."""

    def __init__(self, names: set[str]) -> None:
        # longest first: "Fantastic Four" is read before "Fantastic"
        self.names = sorted(names, key=len, reverse=True)
        self.visible: set[str] = set()
        self.checked = 0
        self.checks = 0
        self.leaks: list[str] = []

    def look(self, table) -> None:
        for card in [*table.players[0].hand, *table.discard]:
            self.visible.add(card.name)
        self.visible.update(e.name for e in table.events_done)
        self.visible.update(c.name for c in table.aside)  # a market's cards, face up
        sys.stdout.flush()
        out = sys.stdout.buffer.getvalue().decode("utf-8")  # the runner's output so far
        new, self.checked = out[self.checked:], len(out)
        self.checks += 1
        for name in self.names:
            pattern = r"(?<!\w)" + re.escape(name) + r"(?!\w)"
            if re.search(pattern, new) and name not in self.visible:
                self.leaks.append(f"{name}: {new[-300:]!r}")
            new = re.sub(pattern, "#", new)


def watched_game(monkeypatch: pytest.MonkeyPatch, seed: int):
    """A whole game of Frantic played at the terminal, watched (see :class:`Watch`); what a
    round showed is forgotten when the next is dealt (its cards are shuffled back)."""
    from fortlang.cardset.table import table_sets
    from fortlang.games.frantic import match

    cards = table_sets(["frantic-base"])[0].cards
    watch = Watch({c.name for c in cards})
    made, reset = match.new_table, match.reset_round

    class Watched:
        def __init__(self, inner) -> None:
            self.inner = inner

        def decide(self, game, decision) -> int:
            watch.look(game)
            return self.inner.decide(game, decision)

    def new_table(*args, asker=None, **kwargs):
        return made(*args, asker=Watched(asker), **kwargs)

    def reset_round(table) -> None:
        watch.look(table)  # before the piles go back into the draw pile
        watch.visible.clear()
        reset(table)

    monkeypatch.setattr(match, "new_table", new_table)
    monkeypatch.setattr(match, "reset_round", reset_round)
    result = play("--sets", "frantic-base", "--players", "4", "--seed", str(seed))
    assert result.exit_code == 0, result.output
    assert "winner: " in result.output
    assert watch.checks > 100  # a whole game was watched, decision by decision
    return result, watch


@pytest.mark.parametrize("seed", [11, 12])
def test_a_rivals_hand_and_hidden_answers_are_never_told(monkeypatch, seed: int) -> None:
    result, watch = watched_game(monkeypatch, seed)
    assert watch.leaks == []
    # and what the narration is for: the rivals' plays are told
    assert re.search(r"player \d \(greedy\) — plays ", result.output)


def test_the_watch_sees_a_narration_that_tells_a_rivals_hand(monkeypatch) -> None:
    from fortlang.games.frantic.narration import FranticNarration

    honest = FranticNarration.seen

    def leaky(self, table, seat, lang):
        return [*honest(self, table, seat, lang),
                "player 2 holds " + ", ".join(c.name for c in table.players[1].hand)]

    monkeypatch.setattr(FranticNarration, "seen", leaky)
    _, watch = watched_game(monkeypatch, 11)
    assert watch.leaks


def test_pig_with_the_plain_narration_names_only_the_persons_cards(tmp_path: Path) -> None:
    """Pig declares no narration: the person sees their own questions only. Each card of
    this set is unique, and who holds which is fixed by the seed (each turn draws the next
    card of the deck), so the cards only a rival ever held are known, and never printed."""
    from fortlang_pig import table as pig_table

    from fortlang.cardset.load import load_set

    folder = tmp_path / "unique-pig"
    folder.mkdir()
    (folder / "manifest.yaml").write_text(
        'id: unique-pig\nname: Unique Pig\ngame: pig\nversion: "0.1.0"\nlanguages: [en]\n'
        "requires: []\n", encoding="utf-8")
    cards = "".join(f"  - id: card_{i}\n    name: Zebra {chr(65 + i)}\n    action: bank 1\n"
                    "    source: original\n" for i in range(20))
    (folder / "cards.yaml").write_text("cards:\n" + cards, encoding="utf-8")
    seed, players = 6, 3
    table = pig_table.new_table(load_set(folder), players, seed=seed)
    held: list[set[str]] = [{c.name for c in p.hand} for p in table.players]
    deck = list(table.deck)
    turn = 0
    while deck:
        held[turn % players].add(deck.pop().name)
        turn += 1
    rivals_only = held[1] | held[2]
    result = play("--sets", str(folder), "--players", str(players), "--seed", str(seed),
                  "--bots", "random")
    assert result.exit_code == 0, result.output
    assert "Pig with cards, 3 players, seed 6: you are player 1" in result.output
    assert "play a card\n  1. Zebra " in result.output
    shown = set(re.findall(r"Zebra [A-T]", result.output))
    assert shown and shown <= held[0]
    assert not shown & rivals_only
