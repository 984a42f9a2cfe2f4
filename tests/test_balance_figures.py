"""Figures that answer "is this card too strong?": what one play yields (measured around the
play, in points at a documented exchange rate), intervals, the median flag, acquisitions."""

from __future__ import annotations

import json
from fractions import Fraction

from builders import kid
from click.testing import CliRunner
from expansion import write_expansion

from fortlang.cardset import base_set
from fortlang.cli import main
from fortlang.engine import ScriptedAgent
from fortlang.games.fort.gains import Gain, resource_rate
from fortlang.games.fort.model import board_of
from fortlang.games.fort.nodes import Resource
from fortlang.games.fort.sim.stats import flag_against_median, t_interval, wilson
from fortlang.games.fort.table import Game
from fortlang.games.fort.turn import TurnRecord, play_phase
from fortlang.sim.seats import Seats

CARDSET = base_set()


def test_a_play_yields_what_its_actions_did_for_the_leader():
    # R5.2: both actions of the played card; the gain is the leader's change
    card = kid("Worker", "book", "score 2 then gain pizza", "gain toy")
    game = Game(2, board_of(CARDSET), asker=Seats([ScriptedAgent([1, 0]), ScriptedAgent()]),
                debug=True)
    game.new_cards([card], game.players[0].hand)
    record = TurnRecord(0)
    play_phase(game, 0, record)
    assert [r.card.card.id for r in record.plays] == ["worker"]
    assert record.gains == [Gain(vp=2, resources=2, cards=0, fort=0)]
    assert game.players[0].stuff[Resource.PIZZA] == 1


def test_exchange_rate_is_the_boards_points_per_resource():
    assert resource_rate(board_of(CARDSET)) == Fraction(23, 9)  # level 5 = 23 for 9 resources
    assert Gain(3, 9, 1, 0).points(Fraction(23, 9)) == 3 + 23 + 1


def test_intervals():
    low, high = wilson(25, 100)
    assert low < 0.25 < high and round(low, 3) == 0.175
    assert t_interval(10.0, 50.0, 1) is None  # one sample: no interval
    low, high = t_interval(6.0, 14.0, 3)  # samples 1, 2, 3: mean 2, sd 1, t(2) = 4.303
    assert round(low, 3) == round(2 - 4.303 / 3 ** 0.5, 3)


def test_flags_are_intervals_wholly_above_or_below_the_median():
    cards = {k: {"effect": e, "effect_ci95": ci, "effect_n": 50, "flag": None}
             for k, e, ci in (("a", 1.0, [0.5, 1.5]), ("b", 3.0, [2.5, 3.5]),
                              ("c", 5.0, [4.5, 5.5]), ("d", 3.2, [1.0, 5.0]))}
    cards["rare"] = {"effect": 99.0, "effect_ci95": [0, 200], "effect_n": 3, "flag": None}
    assert flag_against_median(cards) == 3.1  # the rarely played card is not ranked
    assert [cards[k]["flag"] for k in "abcd"] == ["below", None, "above", None]
    assert cards["rare"]["flag"] is None


def test_a_margin_flags_only_what_is_clearly_beyond_it():
    """With thousands of games every interval is narrow, and a card a tenth of a point from
    the median is "significantly" off; a margin asks for the interval to clear median ±
    margin (a difference a designer would act on)."""
    cards = {k: {"effect": e, "effect_ci95": ci, "effect_n": 5000, "flag": None}
             for k, e, ci in (("a", 2.9, [2.85, 2.95]), ("b", 3.0, [2.95, 3.05]),
                              ("c", 3.1, [3.06, 3.14]), ("d", 4.5, [4.4, 4.6]))}
    assert flag_against_median(cards) == 3.05
    assert [cards[k]["flag"] for k in "abcd"] == ["below", None, "above", "above"]
    assert flag_against_median(cards, margin=0.5) == 3.05
    assert [cards[k]["flag"] for k in "abcd"] == [None, None, None, "above"]


def test_the_margin_is_an_option_and_a_figure(tmp_path):
    args = ["simulate", "--games", "20", "--seed", "3", "--json"]
    plain = json.loads(CliRunner().invoke(main, args).stdout)
    wide = json.loads(CliRunner().invoke(main, [*args, "--margin", "100"]).stdout)
    assert plain["flag_margin"] == 0 and wide["flag_margin"] == 100
    assert not [k for k, c in wide["cards"].items() if c["flag"]]
    assert wide["median_effect"] == plain["median_effect"]
    for bad in ("-1", "nan", "inf"):  # figures.json stays JSON (no NaN, no Infinity)
        refused = CliRunner().invoke(main, [*args, "--margin", bad])
        assert refused.exit_code == 2 and "error[E807]" in refused.output, bad


def test_a_strong_expansion_card_is_flagged_above_the_median(tmp_path):
    folder = write_expansion(tmp_path / "yard-kids")
    result = CliRunner().invoke(main, ["simulate", "--sets", str(folder), "--games", "40",
                                       "--bots", "greedy", "--seed", "2", "--json"])
    assert result.exit_code == 0, result.output
    f = json.loads(result.stdout)
    sam = f["cards"]["strong-sam"]
    assert sam["flag"] == "above" and f["ranking"][0] == "strong-sam"
    assert sam["yield"]["vp"] == 9.0  # `score 9`, every play (greedy uses both boxes)
    low, high = sam["effect_ci95"]
    assert low <= sam["effect"] <= high and low > f["median_effect"]
    assert sam["recruited"] > 0 and sam["acquired"] > 0
    assert 0 <= sam["win_rate_acquired_ci95"][0] <= sam["win_rate_acquired"]
    for rule in f["rules"].values():  # a made-up rule's yield: the points it scored
        assert rule["kind"] == "rule" and rule["acquired"] >= rule["effect_n"]
    assert f["exchange_rate"]["resource_fraction"] == "23/9"
    total = sum(int(k) * v for k, v in f["score_histogram"].items())
    assert abs(total / 160 - f["score"]["mean_score"]) <= 0.005  # 40 games x 4 players


def test_perks_the_turn_loop_runs_have_an_effect():
    result = CliRunner().invoke(main, ["simulate", "--games", "60", "--seed", "7", "--json"])
    perks = json.loads(result.stdout)["perks"]
    party = perks["birthday-party"]  # R15: recruit another card, nothing else
    assert party["played"] > 0 and party["effect_n"] == party["played"]
    assert party["yield"] == {"vp": 0.0, "resources": 0.0, "cards": 1.0, "fort_points": 0.0}
    assert party["effect"] == 1.0
    diy = perks["diy"]  # R15: an advance paying one more resource: fort points, fewer resources
    if diy["effect_n"]:
        assert diy["yield"]["fort_points"] > 0 > diy["yield"]["resources"]
    assert perks["xxl-backpack"]["effect"] is None  # a capacity: no use to measure
