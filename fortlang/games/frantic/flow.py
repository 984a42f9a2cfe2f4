"""Frantic's flow (issue 33 item 4; docs/games/frantic.md F2-F4, F6.4, F7.6, F9.14, F11.3;
design §5): Frantic runs on the core's flow runtime (:mod:`fortlang.flow`), which plays its
rounds and turns as :data:`FRANTIC_FLOW` declares them.

* the cycle: the dealer plays first in every round (F2.4), play goes counter-clockwise (F2.6,
  ``direction=-1``); the flow's clock holds the direction of play (Looping flips it,
  :meth:`~fortlang.flow.runtime.Flow.reverse`) and each seat's skipped turns (Skip,
  :meth:`~fortlang.flow.runtime.Flow.skip`, F6.4): a skipped turn fires ``turn_start`` and
  ``turn_end`` and plays nothing, so it counts as a turn (F11.3);
* a turn is one phase, ``play`` (F3: play a matching card, or draw and maybe play);
* rounds: the set-up deals and turns the first card (F2.1-F2.5); a round ends when the round is
  over (F4.1, F9.14) or a hand is empty (the first card may empty one: the round then plays no
  turn); at ``round_end`` the round is scored and the next dealer found (F4.3, F2.4); the game
  ends after a round that brought a total to the limit (F4.4);
* ``turn_end``'s listener settles the turn: emptied hands fire :data:`HANDS_EMPTIED`, whose
  window lets a player answer with Nice Try (F7.6), then, the round going on,
  :data:`TURN_OVER`, which Time Bomb counts: a lasting effect of the flow (:func:`arm_bomb`,
  F9.14, F11.3); Looping is one too, until its player's next ``turn_end`` (:func:`loop`,
  F11.3), counted before that listener runs.

* Counterattack (F7.4) answers in the ``targeted`` window: a special aimed inside a move
  (Gift, Exchange, Skip..., Equality, Fantastic Four's deal) is a
  :class:`~fortlang.flow.runtime.Pending` on the flow's effect stack, played with
  :meth:`~fortlang.flow.runtime.Flow.play_at`, whose window asks the victim through a choice
  point of the move (so the engine's search tries its answers, "take it" or a
  Counterattack); a Counterattack redirects the effect (:meth:`Flow.redirect
  <fortlang.flow.runtime.Flow.redirect>`, as if its player had played it), which is aimed
  anew and may be countered in turn, or cancels it (Equality with nobody to aim at, a deal
  dealt anew). See :func:`.effects.aim`.

Functions are named lazily (``"module:function"``), so declaring the flow imports nothing of
the game's loop (:mod:`.table` makes a table's flow; :mod:`.match` holds the functions).
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING, Final

from fortlang.flow import Cycle, EventPattern, Flow, FlowSpec, Lasting, Phase, Window
from fortlang.flow.events import ROUND_END, TARGETED, TURN_END, TURN_START
from fortlang.flow.spec import ANSWER, REDIRECT, LastingEffect, load

if TYPE_CHECKING:
    from fortlang.games.frantic.table import FranticTable

MATCH: Final = "fortlang.games.frantic.match"
#: Turns at most in a round: a round ends when the draw pile runs out (F4.1), well before.
MOST_TURNS: Final = 1000
#: Rounds at most in a game: each adds at least one player's points, most add dozens.
MOST_ROUNDS: Final = 100
#: Frantic's own event: one or more hands are empty after a turn (F4.2, F7.6).
HANDS_EMPTIED: Final = "hands_emptied"
#: What Nice Try's window asks (F7.6).
NICE_TRY_PROMPT: Final = "a hand is empty: play Nice Try? (F7.6)"
#: The label of the answer that takes a special aimed at you (F7.4).
TAKE_IT_LABEL: Final = "take it"
#: Frantic's own event: a turn of the round is over and settled (its emptied hands answered,
#: F7.6), the round going on; Time Bomb counts these (F9.14, F11.3: a skipped turn too).
TURN_OVER: Final = "turn_over"
#: Time Bomb's lasting effect (F9.14).
TIME_BOMB: Final = "time_bomb"
#: Looping's lasting effect (S: `reverse until_next_turn`, F11.3).
LOOPING: Final = "looping"


class Answer(StrEnum):
    """An answer to one of the rules' questions that names no card: draw instead of playing
    (F3.1, F3.2), pass (F3.2, F7.6), or take a special aimed at you (F7.4)."""

    DRAW = "draw"
    PASS = "pass"
    TAKE_IT = "take it"


FRANTIC_FLOW: Final = FlowSpec(
    turn=(Phase("play", run=f"{MATCH}:play_phase", doc={
        "en": "play a card that matches the top of the discard pile, or draw one card and "
              "maybe play (F3.1-F3.3)",
        "fr": "jouer une carte qui correspond au dessus de la défausse, ou piocher une carte "
              "puis peut-être jouer (F3.1-F3.3)",
        "ru": "сыграть карту, подходящую к верхней карте сброса, или взять одну карту и, "
              "может быть, сыграть (F3.1-F3.3)"}),),
    cycle=Cycle(first=f"{MATCH}:first_seat", direction=-1, doc={
        "en": "the dealer, in every round (F2.4)",
        "fr": "le donneur, à chaque manche (F2.4)",
        "ru": "сдающий, в каждом раунде (F2.4)"}),
    round_setup=f"{MATCH}:set_up_round",
    round_end=f"{MATCH}:round_ended",
    game_end=f"{MATCH}:game_ended",
    windows=(Window(HANDS_EMPTIED, may=(ANSWER,), prompt=NICE_TRY_PROMPT,
                    decline=Answer.PASS, doc={
                        "en": "Nice Try: a player may answer an emptied hand (F7.6)",
                        "fr": "Nice Try : un joueur peut répondre à une main vidée (F7.6)",
                        "ru": "Nice Try: игрок может ответить на опустевшую руку (F7.6)"}),
             Window(TARGETED, may=(REDIRECT,), order="from_victim", decline=Answer.TAKE_IT,
                    decline_label=TAKE_IT_LABEL, doc={
                        "en": "Counterattack: the player a special card is aimed at may "
                              "send it on (F7.4)",
                        "fr": "Counterattack : le joueur que vise une carte spéciale peut la "
                              "renvoyer (F7.4)",
                        "ru": "Counterattack: игрок, на которого направлена особая карта, "
                              "может перенаправить её (F7.4)"})),
    max_turns=MOST_ROUNDS * MOST_TURNS,
    round_end_after_setup=True,
    round_setup_doc={
        "en": "deal the hands and turn the first card, which counts as played (F2.1-F2.5)",
        "fr": "distribuer les mains et retourner la première carte, qui compte comme jouée "
              "(F2.1-F2.5)",
        "ru": "раздать карты и открыть первую карту, которая считается сыгранной "
              "(F2.1-F2.5)"},
    round_end_doc={
        "en": "a hand is empty, a player must draw from an empty draw pile, or Time Bomb goes "
              "off (F4.1, F9.14); the round is then scored (F4.3)",
        "fr": "une main est vide, un joueur doit piocher dans une pioche vide, ou Time Bomb "
              "explose (F4.1, F9.14) ; la manche est alors comptée (F4.3)",
        "ru": "чья-то рука пуста, игрок должен взять карту из пустой колоды или взрывается "
              "Time Bomb (F4.1, F9.14); затем раунд подсчитывают (F4.3)"},
    game_end_doc={
        "en": "after a round in which a player's total reached the points limit; the lowest "
              "total wins (F4.4)",
        "fr": "après une manche où le total d'un joueur a atteint la limite de points ; le "
              "plus petit total gagne (F4.4)",
        "ru": "после раунда, в котором сумма очков игрока достигла предела; побеждает "
              "наименьшая сумма (F4.4)"},
    events={HANDS_EMPTIED: {"en": "a hand is empty after a turn (F4.2)",
                            "fr": "une main est vide après un tour (F4.2)",
                            "ru": "после хода чья-то рука пуста (F4.2)"},
            TURN_OVER: {"en": "a turn of the round is over and settled",
                        "fr": "un tour de la manche est fini et réglé",
                        "ru": "ход раунда окончен и улажен"}},
    lasting=(LastingEffect(TIME_BOMB, EventPattern(TURN_OVER), doc={
        "en": "Time Bomb: the round ends after that many more turns, its points doubled "
              "(F9.14, F11.3)",
        "fr": "Time Bomb : la manche s'arrête après autant de tours encore, ses points "
              "doublés (F9.14, F11.3)",
        "ru": "Time Bomb: раунд кончается через столько ходов, его очки удваиваются "
              "(F9.14, F11.3)"}),
             LastingEffect(LOOPING, EventPattern(TURN_END, owner_only=True), doc={
                 "en": "Looping: play goes the other way until the end of its player's next "
                       "turn (F11.3); a second Looping cancels it",
                 "fr": "Looping : le sens du jeu s'inverse jusqu'à la fin du prochain tour de "
                       "son joueur (F11.3) ; un second Looping l'annule",
                 "ru": "Looping: игра идёт в обратную сторону до конца следующего хода его "
                       "игрока (F11.3); второй Looping отменяет его"})))

#: The listeners Frantic adds to its flow, in order, by event.
LISTENERS: Final = ((TURN_START, f"{MATCH}:note_turn"), (TURN_END, f"{MATCH}:settle_turn"),
                    (ROUND_END, f"{MATCH}:score_listener"))
#: The reactions Frantic offers, by event: Nice Try when hands are empty (F7.6), and
#: Counterattack when a special aims at you inside a move (F7.4).
REACTIONS: Final = ((HANDS_EMPTIED, f"{MATCH}:nice_tries"),
                    (TARGETED, "fortlang.games.frantic.effects:counter_reactions"))


def arm_bomb(flow: Flow, turns: int) -> None:
    """F9.14: Time Bomb goes off after ``turns`` more turns, the next player's first: a
    lasting effect until that many :data:`TURN_OVER` (the turn that sets it, if one is under
    way, is not one of them). A bomb set anew replaces the one ticking; 0 turns: none. Through
    the journal (the table), so a search undoes it."""
    table = flow.table
    at = bomb_at(flow)
    if at >= 0:
        table.take(flow.lasting, at)
    table.set(table, "bomb_set_in_turn", table.in_turn)
    if turns > 0:
        flow.last(Lasting(TIME_BOMB, EventPattern(TURN_OVER), turns + int(table.in_turn),
                          on_expire=explode))


def explode(flow: Flow, lasting: Lasting) -> None:
    """Time Bomb's last turn is over: the round ends, its points doubled (F9.14)."""
    table = flow.table
    table.bomb_exploded = True
    table.round_over = "bomb"


def bomb_at(flow: Flow) -> int:
    """Where Time Bomb is among the flow's lasting effects (-1: none ticks)."""
    for i, lasting in enumerate(flow.lasting):
        if lasting.effect == TIME_BOMB:
            return i
    return -1


def bomb_left(flow: Flow) -> int:
    """Time Bomb's turns left, the turn that set it not counted (0: none ticks)."""
    at = bomb_at(flow)
    if at < 0:
        return 0
    return flow.lasting[at].left - int(flow.table.bomb_set_in_turn)


def loop(flow: Flow, seat: int) -> None:
    """S: Looping, ``seat``'s `reverse until_next_turn` (F11.3): play goes the other way
    until ``seat``'s next turn is over, a lasting effect of the flow that counts ``seat``'s
    ``turn_end`` (the turn under way, if it is ``seat``'s, is not its next one) and turns
    play back as it expires; a second Looping while one lasts cancels it (both reversals
    undone). Through the journal (the table), so a search undoes it."""
    table = flow.table
    at = looping_at(flow)
    if at >= 0:
        table.take(flow.lasting, at)
    else:
        own = table.in_turn and flow.clock.seat == seat
        flow.last(Lasting(LOOPING, EventPattern(TURN_END, owner_only=True), 1 + int(own),
                          owner=seat, on_expire=turn_back))
    flow.reverse()


def turn_back(flow: Flow, lasting: Lasting) -> None:
    """Looping's player's next turn is over: play turns back (F11.3)."""
    flow.reverse()


def looping_at(flow: Flow) -> int:
    """Where Looping is among the flow's lasting effects (-1: none lasts)."""
    for i, lasting in enumerate(flow.lasting):
        if lasting.effect == LOOPING:
            return i
    return -1


def make_flow(table: FranticTable) -> Flow:
    """The flow of ``table``'s game: the table is its journal and its state."""
    flow = Flow(FRANTIC_FLOW, table, len(table.players), table)
    for event, listener in LISTENERS:
        flow.listen(event, load(listener))
    for event, source in REACTIONS:
        flow.offer(event, load(source))
    return flow
