"""Issue 31: a set whose `park_size` cannot deal the table (4 players, `park_size: 24`) passed
`check` and failed at set-up with an IndexError (E903). `check` now says so on the field, and
set-up refuses an unchecked set with a clear error."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from fortlang.cli import main
from fortlang.games.fort.model import park_kids_of, rules_of

BASE = Path(__file__).resolve().parent.parent / "cards" / "fort-base"


def small_base(tmp_path: Path) -> Path:
    """The base set with `park_size: 24` and only 24 park kids."""
    from fortlang.cardset import load_set

    folder = tmp_path / "small"
    shutil.copytree(BASE, folder)
    manifest = folder / "manifest.yaml"
    manifest.write_text(manifest.read_text().replace("park_size: 60", "park_size: 24"))
    kept = 0
    for path in sorted(folder.glob("kids-*.yaml")):
        if kept >= 24:
            path.unlink()
            continue
        kept += sum(k.copies for k in park_kids_of(load_set(BASE))
                    if f"id: {k.id}\n" in path.read_text())
    return folder


def test_check_refuses_a_park_too_small_to_deal_four_players(tmp_path: Path):
    folder = small_base(tmp_path)
    result = CliRunner().invoke(main, ["check", str(folder)])
    assert result.exit_code == 1, result.output
    assert re.search(rf"{re.escape(str(folder / 'manifest.yaml'))}:\d+:12: error\[E327\]: a "
                     r"park deck of \d+ cards cannot deal 4 players", result.output), \
        result.output


def test_set_up_of_an_unchecked_small_park_is_a_clear_error_not_an_index_error():
    from fortlang.cardset import base_set
    from fortlang.errors import FortError
    from fortlang.games.fort.setup import new_game

    base = base_set()
    small = base.with_slot("kids", base.slot("kids")[:20])
    with pytest.raises(FortError, match="cannot deal 4 players") as e:
        new_game(small, 4, seed=1)
    assert e.value.first.code == "E327"


def test_check_refuses_a_set_without_park_size_whose_kids_cannot_deal_four_players(
        tmp_path: Path):
    """No `park_size` in the manifest and 18 park kids: `check` said only W301 and
    `simulate --sets` failed at set-up with E903."""
    folder = tmp_path / "few"
    shutil.copytree(BASE, folder)
    manifest = folder / "manifest.yaml"
    manifest.write_text(manifest.read_text().replace("park_size: 60\n", ""))
    for suit in ("book", "coin", "crown", "glue", "shovel"):
        (folder / f"kids-{suit}.yaml").unlink()
    result = CliRunner().invoke(main, ["check", str(folder)])
    assert result.exit_code == 1, result.output
    assert re.search(rf"{re.escape(str(manifest))}:\d+:1: error\[E327\]: a park deck of 18 "
                     r"cards cannot deal 4 players", result.output), result.output
    assert "^" in result.output and "hint: give the set at least 35 park kids" in result.output


# -- R2 line by line: each count set-up consumes, at its smallest (issue 31) -------------------

def _copy_base(tmp_path: Path, name: str) -> Path:
    folder = tmp_path / name
    shutil.copytree(BASE, folder)
    return folder


def _keep(path: Path, key: str, n: int) -> None:
    """Keep the first ``n`` entries of the list under ``key`` in a card file."""
    head, _, body = path.read_text().partition(f"{key}:\n")
    first, *items = re.split(r"(?m)^(?=  - )", body)
    path.write_text(head + (f"{key}:\n{first}{''.join(items[:n])}" if n else f"{key}: []\n"))


def _simulate(folder: Path, players: int, draft: bool) -> object:
    return CliRunner().invoke(main, ["simulate", "--sets", str(folder), "--games", "2",
                                     "--players", str(players), "--json",
                                     *(["--draft"] if draft else [])])


@pytest.mark.parametrize(("field", "count"), [
    ("made_up_rules", 0), ("made_up_rules", 2),  # R2.2: players + 1 wanted, 3 to 5
    ("perks", 0), ("perks", 2),  # R2.3: players + 1 wanted
    ("kids", 0), ("kids", 3)])  # R2.1: 2 best friends per board, 8 for 4 players
def test_a_set_short_of_rules_perks_or_best_friends_checks_and_plays(tmp_path: Path,
                                                                    field: str, count: int):
    """R2.2, R2.3 take at most players + 1 (an empty pile or row offers nothing at levels
    2 and 4, R10.3); R2.1 seats a board with fewer than 2 best friends (W302 says so):
    each table sets up and plays, 2 and 4 players, with and without the draft."""
    folder = _copy_base(tmp_path, f"{field}{count}")
    file = {"made_up_rules": "made-up-rules.yaml", "perks": "perks.yaml",
            "kids": "best-friends.yaml"}[field]
    _keep(folder / file, field, count)
    checked = CliRunner().invoke(main, ["check", str(folder)])
    assert checked.exit_code == 0, checked.output
    for players in (2, 4):
        for draft in (False, True):
            result = _simulate(folder, players, draft)
            assert result.exit_code == 0, (players, draft, result.output)
            assert '"games": 2' in result.output


def test_copies_are_bounded_before_set_up_deals_them(tmp_path: Path):
    """A count read from a file is bounded before set-up builds the park deck from it."""
    folder = _copy_base(tmp_path, "many")
    kids = folder / "kids-book.yaml"
    kids.write_text(kids.read_text().replace("copies: 2", "copies: 10000000", 1))
    for args in (["check", str(folder)], ["simulate", "--sets", str(folder), "--games", "1"]):
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 1, result.output
        assert "kids-book.yaml:7:13: error[E313]: `copies` must be at most" in result.output


def _expansion(tmp_path: Path, park_kids: int) -> Path:
    """A set that requires fort-base, with ``park_kids`` kids of its own and no board."""
    folder = tmp_path / "exp"
    folder.mkdir()
    (folder / "manifest.yaml").write_text(
        "id: exp\nname: Exp\nversion: '1'\nrequires: [fort-base]\n")
    (folder / "kids.yaml").write_text("kids:\n" + "".join(
        f"  - {{id: k{i}, name: K{i}, suits: [coin], public: gain pizza, private: gain toy}}\n"
        for i in range(park_kids)))
    return folder


def _setup_scenario(tmp_path: Path, sets: str, players: int, draft: bool = False) -> Path:
    scenario = tmp_path / "s.yaml"
    scenario.write_text(
        f"sets: [{sets}]\nscenarios:\n  - name: dealt\n    given:\n"
        f"      setup: {{seed: 1{', draft: true' if draft else ''}}}\n"
        f"      players: [{', '.join(['{}'] * players)}]\n    then: {{}}\n")
    return scenario


@pytest.mark.parametrize("draft", [False, True])
def test_a_scenario_dealing_a_park_too_small_for_its_seats_is_e327_at_setup(
        tmp_path: Path, draft: bool):
    """`sets: [./exp]` (30 park kids, no base) dealing 4 seats failed the scenario with
    "internal error: MessageError"; the scenario file now says so at `setup`."""
    _expansion(tmp_path, 30)
    scenario = _setup_scenario(tmp_path, "./exp", 4, draft)
    result = CliRunner().invoke(main, ["test", str(scenario)])
    assert result.exit_code == 1, result.output
    assert "internal error" not in result.output and "Traceback" not in result.output
    assert re.search(rf"{re.escape(str(scenario))}:5:7: error\[E327\]: a park deck of 30 cards "
                     r"cannot deal 4 players", result.output), result.output


def test_a_scenario_deals_every_set_it_lists(tmp_path: Path):
    """`sets: [fort-base, ./exp]` with `setup` dealt fort-base's park alone (the first set);
    the table is every listed set, as `simulate --sets` plays it."""
    from fortlang.games.fort.scenarios import load_file
    from fortlang.games.fort.scenarios.given import deal

    _expansion(tmp_path, 30)
    [scenario] = load_file(_setup_scenario(tmp_path, "fort-base, ./exp", 4))
    dealt = deal(scenario)
    assert dealt is not None
    game, _ = dealt
    cards = game.park_deck + game.park + [c for p in game.players for c in p.hand + p.deck]
    assert sum(c.defn.id.startswith("k") and c.defn.id[1:].isdigit() for c in cards) == 30


def test_a_scenario_dealing_sets_without_a_board_is_e324_at_setup(tmp_path: Path):
    """`sets: [./exp]` (an expansion, no board) dealt 2 seats with no board at all."""
    _expansion(tmp_path, 30)
    scenario = _setup_scenario(tmp_path, "./exp", 2)
    result = CliRunner().invoke(main, ["test", str(scenario)])
    assert result.exit_code == 1, result.output
    assert f"{scenario}:5:7: error[E324]: none of the sets dealt has a board" in result.output


def test_a_scenario_dealing_two_sets_that_share_ids_is_e334_at_setup(tmp_path: Path):
    folder = _copy_base(tmp_path, "dup")
    manifest = folder / "manifest.yaml"
    manifest.write_text(manifest.read_text().replace("id: fort-base", "id: dup"))
    scenario = _setup_scenario(tmp_path, "fort-base, ./dup", 2)
    result = CliRunner().invoke(main, ["test", str(scenario)])
    assert result.exit_code == 1, result.output
    assert f"{scenario}:5:7: error[E334]: the listed sets cannot be dealt together: `" \
        in result.output and "internal error" not in result.output


def test_determinizing_a_table_the_knowledge_overfills_still_deals_every_hidden_card():
    """A 10-level board (end_level 10, end_score 200) played 4 players with `--bots
    mcts:10,greedy` failed at game 0 with E903 "IndexError: pop from empty list": the search
    bot's knowledge placed more cards with a later rival than its hand and deck hold, and an
    earlier rival was filled from the pool before that overflow went back into it. Here every
    hidden card is placed with the last rival."""
    import random

    from fortlang.cardset import base_set
    from fortlang.games.fort.knowledge import Knowledge, determinize
    from fortlang.games.fort.setup import new_game

    game, _ = new_game(base_set(), 3, seed=1)
    knowledge = Knowledge(0)
    knowledge.look(game)
    hidden = [c for p in game.players[1:] for c in (*p.hand, *p.deck)] + game.park_deck
    sizes = [(len(p.hand), len(p.deck)) for p in game.players] + [(len(game.park_deck), 0)]
    for c in hidden:
        knowledge.located[c.uid] = 2
    determinize(game, knowledge, rules_of(base_set()), random.Random(1))
    assert [(len(p.hand), len(p.deck)) for p in game.players] \
        + [(len(game.park_deck), 0)] == sizes
    dealt = [c for p in game.players[1:] for c in (*p.hand, *p.deck)] + game.park_deck
    assert sorted(c.uid for c in dealt) == sorted(c.uid for c in hidden)


@pytest.mark.parametrize("field", ["park_size", "best_friend_count"])
def test_the_manifests_counts_are_bounded(tmp_path: Path, field: str):
    """`park_size` and `best_friend_count` had a minimum and no maximum: 20 digits passed."""
    folder = _copy_base(tmp_path, "huge")
    manifest = folder / "manifest.yaml"
    text = manifest.read_text()
    manifest.write_text(re.sub(rf"(?m)^{field}: \d+", f"{field}: 99999999999999", text))
    line = next(i for i, t in enumerate(text.splitlines(), 1) if t.startswith(field))
    result = CliRunner().invoke(main, ["check", str(folder)])
    assert result.exit_code == 1, result.output
    assert f"manifest.yaml:{line}:{len(field) + 3}: error[E313]: `{field}` must be at most" \
        in result.output, result.output
