"""The search bot (issue 19): bot specs with a budget, legality, determinism, and that its
choice never depends on what its seat cannot see."""

from __future__ import annotations

import json
import random

import pytest
from click.testing import CliRunner

from fortlang.agents.bots import agent_seed, bot_spec
from fortlang.cardset import base_set
from fortlang.cli import main
from fortlang.games.fort import search as fort_search
from fortlang.games.fort.agents.bots import GreedyAgent, make_bot, make_bots
from fortlang.games.fort.agents.mcts import Budget, option_keys
from fortlang.games.fort.knowledge import Knowledge, determinize
from fortlang.games.fort.model import park_kids_of, rules_of
from fortlang.games.fort.sim.pull import GameState, answer, play

BASE = base_set()


def run(*args: str):
    return CliRunner().invoke(main, list(args))


# -- specs --------------------------------------------------------------------------------------

@pytest.mark.parametrize(("spec", "parsed"), [
    ("mcts", ("mcts", None)), ("mcts:400", ("mcts", "400")), ("mcts:0.2s", ("mcts", "0.2s")),
    ("greedy", ("greedy", None)),
])
def test_bot_specs_parse(spec, parsed):
    assert bot_spec(spec) == parsed


def test_budgets_are_playouts_or_seconds():
    assert make_bot("mcts:7", 1).budget == Budget(7)
    assert make_bot("mcts:0.5s", 1).budget == Budget(0, 0.5)
    assert isinstance(make_bot("greedy", 1), GreedyAgent)


@pytest.mark.parametrize(("spec", "why"), [
    ("mcts:lots", "number of playouts"), ("mcts:0", "number of playouts"),
    ("mcts:-1s", "between 0 and 3600"), ("greedy:4", "takes no budget"),
    ("mcst:4", "unknown bot"),
])
def test_bad_specs_say_why(spec, why):
    with pytest.raises(ValueError, match=why):
        bot_spec(spec)


def test_a_bad_budget_is_a_positioned_diagnostic():
    result = run("simulate", "--games", "1", "--bots", "greedy,mcts:lots")
    assert result.exit_code == 1
    assert "--bots:1:13: error[E904]: bad budget `lots` for bot `mcts`" in result.stderr
    assert "mcts:0.2s" in result.stderr and "Traceback" not in result.stderr
    unknown = run("play", "--bots", "mtcs:40")
    assert unknown.exit_code == 1 and "error[E902]: unknown bot `mtcs`" in unknown.stderr


# -- legality and determinism --------------------------------------------------------------------

class Checked:
    """Wraps a bot: every answer must be the index of a legal option of the decision."""

    def __init__(self, agent):
        self.agent = agent
        self.asked = 0

    def choose_in(self, state, decision):
        assert state.decision() == decision
        index = answer(self.agent, state, decision)
        assert isinstance(index, int) and 0 <= index < len(decision.options)
        self.asked += 1
        return index


@pytest.mark.parametrize(("players", "rival", "seed", "draft"), [
    (2, "greedy", 0, False), (2, "mcts:2", 1, False), (3, "random", 2, True),
    (4, "greedy", 3, False)])
def test_the_bot_only_ever_answers_a_legal_option(players, rival, seed, draft):
    bots = [Checked(b) for b in make_bots(["mcts:2", rival], players, seed)]
    out = play(GameState(BASE, players, seed=seed, draft=draft), bots)
    assert out.turns > 0 and bots[0].asked > 10


def test_same_seed_same_game():
    games = [play(GameState(BASE, 2, seed=4), make_bots(["mcts:2", "greedy"], 2, 4)).log
             for _ in range(2)]
    assert games[0] == games[1]
    other = play(GameState(BASE, 2, seed=4), make_bots(["mcts:2", "greedy"], 2, 5)).log
    assert other != games[0]  # the bot's generator matters: the test above can fail


def test_simulate_with_the_bot_does_not_depend_on_workers():
    args = ["simulate", "--games", "3", "--players", "2", "--bots", "mcts:2,greedy", "--json",
            "--seed", "3"]
    one, two = run(*args, "--workers", "1"), run(*args, "--workers", "2")
    assert one.exit_code == 0, one.output
    assert one.stdout == two.stdout
    assert "mcts:2" in json.loads(one.stdout)["bots"]


def test_the_bot_needs_the_state():
    with pytest.raises(TypeError, match="needs the game state"):
        make_bot("mcts", 1).choose(None, GameState(BASE, 2, seed=1).decision())


# -- what the bot sees ----------------------------------------------------------------------------

def _to_my_turn(seed: int, seat: int = 0, skip: int = 12) -> GameState:
    """Greedy play until ``seat``'s first decision of a turn, after ``skip`` decisions: its
    rivals have not acted in this turn, so their hands are as the turn's checkpoint has them."""
    state = GameState(BASE, 2, seed=seed, checkpoints=True)
    bots = make_bots(["greedy"], 2, seed)
    while True:
        d = state.decision()
        turn_start = state._slots.checkpoint is not None and \
            state._slots.checkpoint[2] == len(state.game.log)
        if len(state.history()) >= skip and d.player == seat and turn_start and \
                len(d.options) > 1:
            return state
        state.apply_action(answer(bots[d.player], state, d))


def _swap_hidden(state: GameState, rng: random.Random) -> GameState:
    """The same table but for what seat 0 cannot see: seat 1's hand and deck, the park deck
    and its order, seat 1's made-up rule, the game's generator."""
    other = state.clone()
    checkpoint = other._slots.checkpoint
    assert checkpoint is not None and checkpoint[2] == len(other.game.log)
    first, second = rng.random(), rng.random()  # the same deal on both tables
    for game in (other.game, checkpoint[0]):  # the live table and the one clones start from
        rival = game.players[1]
        hidden = rival.hand + rival.deck + game.park_deck
        mixed = random.Random(first).sample(hidden, len(hidden))
        # R1.2: best friends stay with their owner (in the rival's hand or deck)
        mixed.sort(key=lambda c: not c.card.best_friend)
        friends = sum(c.card.best_friend for c in mixed)
        rest = mixed[friends:]
        rival_cards = mixed[:friends] + rest[:len(rival.hand) + len(rival.deck) - friends]
        random.Random(second).shuffle(rival_cards)
        rival.hand[:] = rival_cards[:len(rival.hand)]
        rival.deck[:] = rival_cards[len(rival.hand):]
        game.park_deck[:] = rest[len(rival_cards) - friends:]
        if rival.rule is not None:
            rules = rules_of(BASE)
            rival.rule = rules[(rules.index(rival.rule) + 1) % len(rules)]
        game.rng.seed(7)
    assert [c.uid for c in other.game.players[1].hand] != \
        [c.uid for c in state.game.players[1].hand]
    return other


def _search(state: GameState) -> tuple[int, object]:
    """The bot's answer and its generator's state after a search (which tells every draw the
    search made, so equal states mean the same search)."""
    bot = make_bot("mcts:12", 11)
    pick = bot.choose_in(state, state.decision())
    return pick, bot.rng.getstate()


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_choice_does_not_depend_on_hidden_cards(seed):
    state = _to_my_turn(seed)
    other = _swap_hidden(state, random.Random(seed))
    assert state.decision() == other.decision()
    assert _search(state) == _search(other)


def test_without_determinization_hidden_cards_would_show(monkeypatch):
    """The test above can fail: a bot that searched the true table sees the swap."""
    monkeypatch.setattr(fort_search, "determinize", lambda *args: None)
    differs = 0
    for seed in (1, 2, 3):
        state = _to_my_turn(seed)
        differs += _search(state) != _search(_swap_hidden(state, random.Random(seed)))
    assert differs


def test_determinize_keeps_the_public_table_and_every_zone_size():
    state = _to_my_turn(2, skip=30)
    sim = state.clone()
    knowledge = Knowledge(0)
    knowledge.look(state.game)
    determinize(sim.game, knowledge, rules_of(BASE), random.Random(1))
    before, after = state.game, sim.game
    for p, q in zip(before.players, after.players, strict=True):
        for (zone, cards), (_, dealt) in zip(p.zones(), q.zones(), strict=True):
            if zone in ("hand", "deck") and p.seat == 1:
                assert len(cards) == len(dealt)
            elif zone == "deck":  # the seat's own deck: the same cards, another order
                assert sorted(c.uid for c in cards) == sorted(c.uid for c in dealt)
            else:
                assert cards == dealt, zone
    assert before.park == after.park and before.box == after.box
    assert len(before.park_deck) == len(after.park_deck)
    everything = [c.uid for g in (before, after)
                  for c in [*g.park_deck, *g.players[1].hand, *g.players[1].deck]]
    half = len(everything) // 2
    assert sorted(everything[:half]) == sorted(everything[half:])  # the same hidden cards


def test_best_friends_stay_with_their_owner():
    state = _to_my_turn(3)
    knowledge = Knowledge(0)
    knowledge.look(state.game)
    rival = state.game.players[1]
    friends = {c.uid for _, zone in rival.zones() for c in zone if c.card.best_friend}
    hidden_friends = {c.uid for c in rival.hand + rival.deck} & friends
    assert hidden_friends
    for k in range(5):
        sim = state.clone()
        determinize(sim.game, knowledge, rules_of(BASE), random.Random(k))
        mine = {c.uid for c in sim.game.players[1].hand + sim.game.players[1].deck}
        assert hidden_friends <= mine  # R1.2: never dealt to the park deck


def test_a_discarded_card_shuffled_away_is_known_to_be_its_owners():
    """R9.1: a rival's discard pile goes into its deck when it reshuffles; the seat that saw
    the pile knows where those cards are."""
    state = GameState(BASE, 2, seed=8)
    bots = make_bots(["greedy"], 2, 8)
    knowledge = Knowledge(0)
    seen_in_discard: set[int] = set()
    while not state.is_terminal():
        knowledge.look(state.game)
        rival = state.game.players[1]
        seen_in_discard |= {c.uid for c in rival.discard}
        hidden = {c.uid for c in rival.hand + rival.deck}
        if seen_in_discard & hidden:
            break
        d = state.decision()
        state.apply_action(answer(bots[d.player], state, d))
    back = seen_in_discard & {c.uid for c in rival.hand + rival.deck}
    assert back and all(knowledge.where(uid) == 1 for uid in back)


def test_option_keys_name_cards_not_positions():
    d = _to_my_turn(1).decision()
    keys = option_keys(d)
    assert len(set(keys)) == len(keys)
    # the card's id (or None for "skip"), never its position or its label (issue 33 stage 1)
    assert all(key[1] == repr(o.value) and o.label not in key
               for key, o in zip(keys, d.options, strict=True))


def test_agent_seed_gives_each_seat_its_own_bot():
    a, b = make_bots(["mcts:5"], 2, 9)
    assert a.rng.getstate() != b.rng.getstate()
    assert make_bot("mcts:5", agent_seed(9, 0)).rng.getstate() == \
        make_bot("mcts:7", agent_seed(9, 0)).rng.getstate()


@pytest.mark.parametrize("players", [2, 3])
def test_a_card_lost_from_sight_is_located_only_where_the_rules_allow(players):
    """R9.1: a discard pile is only ever shuffled into its owner's deck; a yard or park card
    is recruited by someone (R7.1): in a two-player game the one rival, else nobody knows."""
    from fortlang.games.fort.table import Game

    game = Game(players)
    kid = park_kids_of(BASE)[0]
    rival = game.players[1]
    in_yard = game.new_card(kid, rival.yard)
    in_discard = game.new_card(kid, rival.discard)
    in_park = game.new_card(kid, game.park)
    knowledge = Knowledge(0)
    knowledge.look(game)
    taker = game.players[-1]  # the last rival recruits the yard and park cards
    game.move(rival.yard, 0, taker.deck)
    game.move(game.park, 0, taker.deck)
    game.move(rival.discard, 0, rival.deck)
    knowledge.look(game)
    assert knowledge.where(in_discard.uid) == 1
    expected = 1 if players == 2 else None
    assert knowledge.where(in_yard.uid) == expected
    assert knowledge.where(in_park.uid) == expected
    game.move(rival.deck, rival.deck.index(in_discard), rival.discard)  # back in sight
    knowledge.look(game)
    assert knowledge.where(in_discard.uid) is None


def test_the_root_keeps_the_greedy_option_unless_another_does_better_on_the_same_deals():
    from fortlang.games.fort.agents.mcts import _Edge, _paired_answer

    keys = [("play", str(i), "None", 0) for i in range(3)]
    root = _Edge(0)
    root.favourite = keys[1]
    better = [[0.2, 0.5, 0.6], [0.7, 0.3, 0.4], [0.1, 0.4, 0.5]]  # option 2: +0.1 every deal
    assert _paired_answer(root, keys, better) == 2
    noise = [[0.2, 0.5, 0.9], [0.7, 0.3, 0.0], [0.1, 0.4, 0.5]]  # option 2: +0.4, -0.3, +0.1
    assert _paired_answer(root, keys, noise) == 1
    assert _paired_answer(root, keys, better[:1]) == 1  # one deal tells nothing
    assert _paired_answer(root, keys, [*better, [0.3, 0.2, float("nan")]]) == 2  # unfinished


def test_the_bot_knows_no_card_where_it_is_not(monkeypatch):
    """A player sees the table at every moment: a card in a rival's hand can be played into a
    yard, recruited by another rival and shuffled into that one's deck between two of the
    bot's own decisions. A bot that looked only when asked kept it with its first owner
    (4 players, draft, seed 0: 31 wrong places told to the determinization); following the
    table at every decision (pull.watch), every place it claims is true."""
    wrong = []

    def checked(game, knowledge, rules, rng):
        for uid, owner in knowledge.located.items():
            p = game.players[owner]
            if not any(c.uid == uid for c in (*p.hand, *p.deck)):
                wrong.append((knowledge.seat, uid, owner))
        return determinize(game, knowledge, rules, rng)

    monkeypatch.setattr(fort_search, "determinize", checked)
    play(GameState(BASE, 4, seed=0, draft=True), make_bots(["mcts:1"], 4, 0))
    assert wrong == []
