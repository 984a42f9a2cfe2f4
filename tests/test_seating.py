"""No seat confounds: boards with their best friends go to seats at random (R2.1), and bots
rotate one seat per game over a run."""

from __future__ import annotations

import json
from collections import Counter

from click.testing import CliRunner

from fortlang.cardset import base_set
from fortlang.cli import main
from fortlang.games.fort.model import best_friends_of
from fortlang.games.fort.setup import new_game
from fortlang.games.fort.sim.batch import seat_bots


def _friends_by_seat(seed: int, players: int = 4) -> list[set[str]]:
    game, _ = new_game(base_set(), players, seed=seed)
    return [{c.card.id for c in (*p.deck, *p.hand) if c.card.best_friend} for p in game.players]


def test_r2_1_each_board_sits_anywhere_with_its_two_best_friends():
    base = base_set()
    boards = [{k.id for k in best_friends_of(base)[i:i + 2]} for i in range(0, 8, 2)]
    ace_at: Counter = Counter()
    for seed in range(400):
        seats = _friends_by_seat(seed)
        assert all(friends in boards for friends in seats)  # R1.2: a board's pair stays whole
        ace_at.update(s for s, friends in enumerate(seats) if "ace" in friends)
    assert sum(ace_at.values()) == 400
    assert all(60 <= ace_at[s] <= 140 for s in range(4)), ace_at  # about 100 each


def test_r2_1_with_fewer_players_the_boards_in_play_vary():
    pairs = {frozenset(f) for seed in range(60) for f in _friends_by_seat(seed, players=2)}
    assert len(pairs) == 4  # every board is dealt sometimes, not only the first two


def test_bots_rotate_so_each_sits_in_each_seat_equally():
    seen: Counter = Counter()
    for game in range(4 * 10):
        seen.update(enumerate(seat_bots(["greedy", "random"], 4, game)))
    assert all(seen[(seat, bot)] == 20 for seat in range(4) for bot in ("greedy", "random"))
    assert seat_bots(["greedy"], 3, 5) == ["greedy"] * 3


def test_four_identical_bots_win_a_quarter_from_every_seat():
    result = CliRunner().invoke(main, ["simulate", "--games", "300", "--players", "4",
                                       "--bots", "greedy", "--seed", "11", "--json"])
    assert result.exit_code == 0, result.output
    seats = json.loads(result.stdout)["seats"]
    for seat, t in seats.items():
        low, high = t["ci95"]
        assert low <= 0.25 <= high, (seat, t)
