"""`fortlang play` tells the person at seat 0 what the table saw of the bots' decisions, never
a secret (issue 31 item 10): the card a bot keeps in a draft (R2.5) and the made-up rule it
chooses (R10.3) are told without their names, the rule is shown where it is scored (R11.2,
R14), and public choices are still told."""

from __future__ import annotations

from click.testing import CliRunner

from fortlang.agents.bots import agent_seed
from fortlang.cli import main
from fortlang.cli.simulate import game_sets
from fortlang.engine.choices import Decision, Kind
from fortlang.games.fort.agents.bots import make_bot
from fortlang.games.fort.disclosure import PUBLIC, SECRET, told
from fortlang.games.fort.sim.pull import GameState, answer

#: The person's answer to everything: option 1 (``skip the play phase`` on each turn, so the
#: person never reaches level 1 and never sees the rule pile).
ANSWERS = "1\n" * 3000


class _First:
    def choose(self, view: object, decision: Decision) -> int:
        return 0


def bots_secrets(seed: int, players: int, draft: bool) -> list[tuple[Decision, int]]:
    """The secret decisions the greedy bots make in the game `fortlang play` plays with
    ``ANSWERS`` (the same seed, bots and set-up), with each answer."""
    _, cardset = game_sets(())
    state = GameState(cardset, players, seed=seed, draft=draft)
    agents = [_First()] + [make_bot("greedy", agent_seed(seed, s)) for s in range(1, players)]
    secrets = []
    while not state.is_terminal():
        d = state.decision()
        index = answer(agents[d.player], state, d)
        if d.player != 0 and d.kind in SECRET:
            secrets.append((d, index))
        state.apply_action(index)
    return secrets


def play(seed: int, players: int, *args: str) -> str:
    result = CliRunner().invoke(main, ["play", "--seed", str(seed), "--players", str(players),
                                       *args], input=ANSWERS, env={"COLUMNS": "1000"})
    assert result.exit_code == 0, result.output
    assert "final scores" in result.stdout, result.stdout[-2000:]
    return result.stdout


def told_by(out: str, seat: int) -> list[str]:
    """What the output tells of ``seat``'s decisions, one line each (a line may follow the
    person's prompt, whose answer the terminal echoes and CliRunner does not)."""
    mark = f"player {seat + 1} (greedy) — "
    return [line[line.index(mark) + len(mark):] for line in out.splitlines() if mark in line]


def test_a_bots_made_up_rule_is_chosen_in_secret_and_shown_at_the_scoring() -> None:
    secrets = bots_secrets(2, 3, draft=False)
    rules = [(d.player, d.options[i].label) for d, i in secrets if d.kind == Kind.RULE]
    assert len(rules) >= 2  # both bots chose one (the person never does: always `1`)
    out = play(2, 3)
    during, scoring = out.split("final scores")
    for seat, name in rules:
        assert name not in during, name
        assert f"player {seat + 1} (greedy): " in scoring and f"({name})" in scoring
    told_lines = [line for line in during.splitlines()
                  if "chooses a made-up rule from the pile in secret (R10.3)" in line]
    assert len(told_lines) == len(rules)


def test_a_bots_draft_picks_are_never_named() -> None:
    secrets = bots_secrets(4, 2, draft=True)
    kept = {d.options[i].label for d, i in secrets if d.kind == Kind.DRAFT}
    assert len(kept) >= 5
    out = play(4, 2, "--draft")
    setup = out.split("plays first")[0]  # the draft is set-up (R2.5); the kept cards are
    lines = told_by(setup, 1)              # named later only when they are played
    assert not [line for line in lines for label in kept if label in line]
    assert lines == ["draft: keep one card (R2.5): keeps a card in secret (R2.5)"] * len(
        [d for d, _ in secrets if d.kind == Kind.DRAFT])


def test_public_choices_are_still_told() -> None:
    out = play(2, 3)
    for seat in (1, 2):
        lines = told_by(out, seat)
        plays = [line for line in lines if line.startswith("play a card (R5.1): ")]
        assert [line for line in plays if line.endswith(")")]  # "Name (suits)"
        assert [line for line in lines if line.startswith("recruit a card (R7.1): ")]


def test_every_kind_of_decision_is_public_or_secret() -> None:
    assert not PUBLIC & set(SECRET)
    assert PUBLIC | set(SECRET) == set(Kind)


def test_a_seat_is_told_its_own_secret_and_the_others_are_not() -> None:
    from fortlang.engine.choices import Option

    keep = Decision(2, Kind.DRAFT, (Option("Bug (shovel)", "bug"), Option("Dot (book)", "dot")),
                    "draft: keep one card (R2.5)")
    assert told(keep, 1, seat=2).endswith(": Dot (book)")
    assert "Dot" not in told(keep, 1, seat=0)


def test_the_disclosure_docstring_examples() -> None:
    import doctest

    import fortlang.games.fort.disclosure

    result = doctest.testmod(fortlang.games.fort.disclosure)
    assert result.attempted >= 3 and result.failed == 0
