"""Frantic's words (issue 34; docs/games/frantic.md, design docs/design/game-modules.md §3):
its primitives, argument kinds, selectors and the `x place` quantity, as one
:class:`fortlang.registry.Vocabulary`, from which :class:`fortlang.parser.Language` builds
its parser, and the printer, the checker and the phrasebooks read.

Every card of the base game is written in these words (cards/frantic-base). Each primitive's
engine effect is in :mod:`fortlang.games.frantic.effects`, performed on Frantic's table
(:mod:`fortlang.games.frantic.table`).

>>> from fortlang.parser import language
>>> from fortlang.printer import to_text
>>> from fortlang.phrasebook import sentence
>>> action = language(VOCABULARY).parse_action("deal 4 to others then wish")
>>> to_text(action)
'deal 4 to others then wish'
>>> sentence(language(VOCABULARY).parse_action("wish colour"), "fr")
'Faites le souhait : une couleur de votre choix.'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import Any

from fortlang import nodes as n
from fortlang.games.frantic import nodes as f
from fortlang.games.frantic.effects import EFFECTS
from fortlang.games.frantic.kinds import (
    ALL,
    DISCARDED,
    KINDS,
    LASTING,
    WISH,
    All,
    Discarded,
    Whom,
    whom_said,
)
from fortlang.games.frantic.selectors import SELECTORS
from fortlang.games.frantic.words import counted
from fortlang.registry import OPERATORS, PrimitiveSpec, Vocabulary, WordSpec

#: The most other players a choice offers: F2, 2 to 8 players.
MOST_VICTIMS = 7
#: The most cards a choice among your hand offers, counted once per card: Fuck You's 10
#: (F8.1) is the hand the rules name; a bigger hand offers more, and the search treats
#: cards alike once each.
MOST_HAND = 10
#: F7.2: 4 colours and 9 numbers.
MOST_WISHES = 13

Phrase = Callable[[Any], str]


def _cards(lang: str, amount: int | All | Discarded, what: str = "") -> str:
    """`2 cards`, `all your cards`, in ``lang``."""
    if isinstance(amount, int):
        return counted(lang, "card", amount)
    kind = ALL if amount is All.ALL else DISCARDED
    return kind.said(amount, lang)


def _langs(en: Phrase, fr: Phrase, ru: Phrase) -> dict[str, Phrase]:
    return {"en": en, "fr": fr, "ru": ru}


def _to(lang: str, whom: Whom) -> str:
    return whom_said(whom, lang, "to")


def _from(lang: str, whom: Whom) -> str:
    return whom_said(whom, lang, "from")


def _with(lang: str, whom: Whom) -> str:
    return whom_said(whom, lang, "with")


def _wish_said(lang: str, node: f.Wish) -> str:
    return WISH.said(node.wish, lang)


DRAW = PrimitiveSpec(
    "draw", f.Draw, "draw [COUNT]", "F3.2",
    "Draw N cards from the draw pile; a player who must draw from an empty pile ends the "
    "round (F4.1).", "draw 3", worth=lambda a: -1.0 * a.amount,
    phrases=_langs(lambda a: f"draw {counted('en', 'card', a.amount)} from the draw pile",
                   lambda a: f"piochez {counted('fr', 'card', a.amount)}",
                   lambda a: f"возьмите из колоды {counted('ru', 'card', a.amount)}"),
    meanings={"fr": "Piochez N cartes ; qui doit piocher dans une pioche vide termine la "
                    "manche (F4.1).",
              "ru": "Возьмите N карт из колоды; кто должен тянуть из пустой колоды, "
                    "заканчивает раунд (F4.1)."})
DRAW_TO = PrimitiveSpec(
    "draw_to", f.DrawTo, "draw to LEVEL", "F7.5",
    "Draw from the draw pile until you hold as many cards as the level says: `most`, the "
    "player with the most cards (Communism); `mine`, the card's player (Equality).",
    "a player with fewer cards -> draw to mine", most_times=1, worth=lambda a: -2.0,
    phrases=_langs(lambda a: "draw until you hold " + {"most": "as many cards as the player "
                                                       "with the most",
                                                       "mine": "as many cards as the card's "
                                                       "player"}[a.level.value],
                   lambda a: "piochez jusqu'à avoir " + {"most": "autant de cartes que le "
                                                         "joueur qui en a le plus",
                                                         "mine": "autant de cartes que le "
                                                         "joueur de la carte"}[a.level.value],
                   lambda a: "тяните карты из колоды, пока у вас не будет " + {
                       "most": "столько же карт, сколько у игрока, у которого их больше всего",
                       "mine": "столько же карт, сколько у игрока, разыгравшего карту"}[
                       a.level.value]),
    meanings={"fr": "Piochez jusqu'à avoir autant de cartes que le niveau le dit : `most`, le "
                    "joueur qui en a le plus (Communism) ; `mine`, le joueur de la carte "
                    "(Equality).",
              "ru": "Тяните карты, пока их не станет столько, сколько велит уровень: `most` — "
                    "как у игрока с наибольшим числом карт (Communism); `mine` — как у "
                    "разыгравшего карту (Equality)."})
GIVE = PrimitiveSpec(
    "give", f.Give, "give CARDS to WHOM", "F6.3",
    "Give cards of your choice from your hand (fewer if you hold fewer; none, and the victim "
    "is still chosen, F6.3); a special may not pass Fuck You (F8.1). Cards an event passes "
    "to several players are taken in hand once everyone has given (F9.10).",
    "give 2 to another", most_options=MOST_HAND,
    worth=lambda a: 1.0 * a.amount if isinstance(a.amount, int) else 3.0,
    phrases=_langs(lambda a: f"give {_cards('en', a.amount)} {_to('en', a.whom)}",
                   lambda a: f"donnez {_cards('fr', a.amount)} {_to('fr', a.whom)}",
                   lambda a: f"отдайте {_cards('ru', a.amount)} {_to('ru', a.whom)}"),
    meanings={"fr": "Donnez des cartes de votre choix (moins si vous en avez moins ; aucune, "
                    "et la victime est quand même choisie, F6.3) ; une carte spéciale ne peut "
                    "pas transmettre Fuck You (F8.1).",
              "ru": "Отдайте карты по своему выбору (меньше, если их меньше; ни одной — жертва "
                    "всё равно выбирается, F6.3); спецкарта не может передать Fuck You (F8.1)."})
TAKE = PrimitiveSpec(
    "take", f.Take, "take CARDS from WHOM", "F6.2, F9.7",
    "Take cards face down from another hand, unseen (all of them if they hold fewer).",
    "every player -> take 1 from most", most_options=MOST_VICTIMS,
    worth=lambda a: -1.0 * a.amount if isinstance(a.amount, int) else -3.0,
    phrases=_langs(lambda a: f"take {_cards('en', a.amount)} face down "
                             f"{_from('en', a.whom)}",
                   lambda a: f"tirez {_cards('fr', a.amount)} face cachée "
                             f"{_from('fr', a.whom)}",
                   lambda a: f"возьмите не глядя {_cards('ru', a.amount)} "
                             f"{_from('ru', a.whom)}"),
    meanings={"fr": "Tirez des cartes face cachée de la main d'un autre joueur (toutes s'il "
                    "en a moins).",
              "ru": "Возьмите карты не глядя из руки другого игрока (все, если их меньше)."})
EXCHANGE = PrimitiveSpec(
    "exchange", f.Exchange, "exchange [COUNT] with WHOM", "F6.2",
    "Give N cards of your choice, then take N face down from the same player before they take "
    "yours (fewer when either holds fewer; with no card left you still take N).",
    "exchange 2 with another", most_options=MOST_HAND, worth=lambda a: 0.0,
    phrases=_langs(lambda a: f"exchange {counted('en', 'card', a.amount)} "
                             f"{_with('en', a.whom)}: give yours, then take theirs face "
                             "down",
                   lambda a: f"échangez {counted('fr', 'card', a.amount)} "
                             f"{_with('fr', a.whom)} : donnez les vôtres, puis tirez les "
                             "siennes face cachée",
                   lambda a: f"обменяйтесь картами ({counted('ru', 'card', a.amount)}) "
                             f"{_with('ru', a.whom)}: отдайте свои, затем возьмите его не "
                             "глядя"),
    meanings={"fr": "Donnez N cartes de votre choix, puis tirez-en N face cachée chez le même "
                    "joueur avant qu'il ne prenne les vôtres.",
              "ru": "Отдайте N карт по выбору, затем возьмите N не глядя у того же игрока, "
                    "прежде чем он возьмёт ваши."})
SWAP_HANDS = PrimitiveSpec(
    "swap_hands", f.SwapHands, "swap hands with WHOM", "F9.7",
    "Swap your whole hand with another player's (Robin Hood).",
    "the player with most cards -> swap hands with fewest", most_options=MOST_VICTIMS,
    most_times=1, worth=lambda a: 0.0,
    phrases=_langs(lambda a: f"swap your whole hand {_with('en', a.whom)}",
                   lambda a: f"échangez toute votre main {_with('fr', a.whom)}",
                   lambda a: f"обменяйтесь всей рукой {_with('ru', a.whom)}"),
    meanings={"fr": "Échangez toute votre main avec celle d'un autre joueur (Robin Hood).",
              "ru": "Обменяйтесь всей рукой с другим игроком (Robin Hood)."})
DISCARD_P = PrimitiveSpec(
    "discard", f.Discard, "discard DISCARD", "F9.4",
    "Get rid of cards of your choice (or those the word names) under the last played card "
    "(F9.4).", "every player -> discard doubles",
    # One option while a move is searched: whether you can get rid of N cards depends on how
    # many you hold, never on which (no later part of an effect reads the cards discarded), so
    # the discard's op judges it by count and asks which cards only when it is performed.
    # The checker's bound (E202) counts that work, not one branch per card.
    most_options=1,
    worth=lambda a: 1.0 * a.amount if isinstance(a.amount, int) else 2.0,
    phrases=_langs(lambda a: f"get rid of {_cards('en', a.amount)} under the last played card",
                   lambda a: f"débarrassez-vous de {_cards('fr', a.amount)} sous la dernière "
                             "carte jouée",
                   lambda a: f"сбросьте {_cards('ru', a.amount)} под последнюю сыгранную "
                             "карту"),
    meanings={"fr": "Débarrassez-vous de cartes de votre choix (ou de celles que le mot nomme) "
                    "sous la dernière carte jouée (F9.4).",
              "ru": "Сбросьте карты по выбору (или названные словом) под последнюю сыгранную "
                    "карту (F9.4)."})
SKIP = PrimitiveSpec(
    "skip", f.Skip, "skip WHOM", "F6.4",
    "That player misses their next turn (a skipped turn counts as a turn, F11.3).",
    "skip another", most_options=MOST_VICTIMS, worth=lambda a: 1.0,
    phrases=_langs(lambda a: f"{whom_said(a.whom, 'en', 'who')} misses their next turn",
                   lambda a: f"{whom_said(a.whom, 'fr', 'who')} passe son prochain tour",
                   lambda a: f"{whom_said(a.whom, 'ru', 'who')} пропускает следующий ход"),
    meanings={"fr": "Ce joueur passe son prochain tour (un tour passé compte comme un tour, "
                    "F11.3).",
              "ru": "Этот игрок пропускает следующий ход (пропущенный ход считается, F11.3)."})
PLAY = PrimitiveSpec(
    "play", f.Play, "play", "F6.1",
    "Play another card from your hand that matches the top of the discard pile.",
    "play or draw", most_options=MOST_HAND, worth=lambda a: 1.0,
    phrases=_langs(lambda a: "play another matching card",
                   lambda a: "jouez une autre carte appropriée",
                   lambda a: "сыграйте ещё одну подходящую карту"),
    meanings={"fr": "Jouez une autre carte de votre main qui correspond à la carte visible de "
                    "la défausse.",
              "ru": "Сыграйте ещё одну карту с руки, подходящую к верхней карте сброса."})
WISH_P = PrimitiveSpec(
    "wish", f.Wish, "wish [WISH]", "F7.2",
    "Name a colour (never black) or a number from 1 to 9: the next card must match the wish "
    "instead of the card (F7.7); `wish colour` names a colour only.",
    "wish colour", most_options=MOST_WISHES, worth=lambda a: 0.5,
    phrases=_langs(lambda a: f"wish for {_wish_said('en', a)}",
                   lambda a: f"faites le souhait : {_wish_said('fr', a)}",
                   lambda a: f"загадайте {_wish_said('ru', a)}"),
    meanings={"fr": "Nommez une couleur (jamais le noir) ou un nombre de 1 à 9 : la carte "
                    "suivante doit correspondre au souhait (F7.7) ; `wish colour` ne nomme "
                    "qu'une couleur.",
              "ru": "Назовите цвет (не чёрный) или число от 1 до 9: следующая карта должна "
                    "соответствовать желанию (F7.7); `wish colour` — только цвет."})
DEAL = PrimitiveSpec(
    "deal", f.Deal, "deal [COUNT] to WHOM", "F7.3",
    "N cards of the draw pile go to the players chosen, shared as you decide; every victim is "
    "chosen before anyone draws (Fantastic Four).", "deal 4 to others then wish",
    most_options=MOST_VICTIMS, worth=lambda a: 0.5 * a.amount,
    phrases=_langs(lambda a: f"deal {counted('en', 'card', a.amount)} from the draw pile "
                             f"{_to('en', a.whom)}",
                   lambda a: f"faites piocher {counted('fr', 'card', a.amount)} "
                             f"{_to('fr', a.whom)}",
                   lambda a: f"раздайте {counted('ru', 'card', a.amount)} из колоды "
                             f"{_to('ru', a.whom)}"),
    meanings={"fr": "N cartes de la pioche vont aux joueurs choisis, réparties comme vous le "
                    "décidez ; toutes les victimes sont choisies avant de piocher.",
              "ru": "N карт из колоды достаются выбранным игрокам в любом распределении; все "
                    "жертвы выбираются до того, как кто-либо возьмёт карты."})
COUNTER = PrimitiveSpec(
    "counter", f.Counter, "counter", "F7.4",
    "The special aimed at you is cancelled at once; choose its new victim, as if you had "
    "played it (it may be countered again).", "counter then wish colour",
    most_options=MOST_VICTIMS, most_times=1, worth=lambda a: 2.0,
    phrases=_langs(lambda a: "cancel the special aimed at you and choose its new victim",
                   lambda a: "annulez la carte spéciale qui vous vise et choisissez sa "
                             "nouvelle victime",
                   lambda a: "отмените направленную на вас спецкарту и выберите ей новую "
                             "жертву"),
    meanings={"fr": "La carte spéciale qui vous vise est annulée ; choisissez sa nouvelle "
                    "victime, comme si vous l'aviez jouée.",
              "ru": "Направленная на вас спецкарта отменяется; выберите ей новую жертву, как "
                    "будто её сыграли вы."})
TRIGGER_EVENT = PrimitiveSpec(
    "trigger_event", f.TriggerEvent, "trigger event", "F5.2, F9.1",
    "Turn the top event card and carry it out at once.", "trigger event",
    worth=lambda a: 0.0,
    phrases=_langs(lambda a: "turn the top event card and carry it out",
                   lambda a: "retournez la première carte Événement et exécutez-la",
                   lambda a: "откройте верхнюю карту события и выполните её"),
    meanings={"fr": "Retournez la première carte Événement et exécutez-la immédiatement.",
              "ru": "Откройте верхнюю карту события и сразу выполните её."})
END_ROUND = PrimitiveSpec(
    "end_round", f.EndRound, "end round [COUNTED]", "F4.1, F10.2",
    "The round ends at once; the hands are counted (F4.3) unless `uncounted` (Doomsday).",
    "end round", most_times=1, worth=lambda a: 0.0,
    phrases=_langs(lambda a: "the round ends at once" + (", the hands not counted"
                                                         if a.counted else ""),
                   lambda a: "la manche se termine immédiatement" + (
                       ", sans compter les cartes en main" if a.counted else ""),
                   lambda a: "раунд сразу заканчивается" + (", карты в руке не считаются"
                                                            if a.counted else "")),
    meanings={"fr": "La manche se termine immédiatement ; les mains sont comptées (F4.3), "
                    "sauf avec `uncounted` (Doomsday).",
              "ru": "Раунд сразу заканчивается; карты в руке считаются (F4.3), кроме "
                    "`uncounted` (Doomsday)."})
SCORE = PrimitiveSpec(
    "score", f.Score, "score POINTS", "F10.2",
    "Add points to your total at once (points are bad: the lowest total wins, F4.4).",
    "every player -> score 50", worth=lambda a: -0.1 * a.points,
    phrases=_langs(lambda a: f"add {counted('en', 'point', a.points)} to your total",
                   lambda a: f"ajoutez {counted('fr', 'point', a.points)} à votre total",
                   lambda a: f"добавьте к своему счёту {counted('ru', 'point', a.points)}"),
    meanings={"fr": "Ajoutez des points à votre total (les points sont mauvais : le plus "
                    "petit total gagne, F4.4).",
              "ru": "Добавьте очки к своему счёту (очки — это плохо: побеждает наименьший "
                    "счёт, F4.4)."})
SHOW_HAND = PrimitiveSpec(
    "show_hand", f.ShowHand, "show hand", "F9.7",
    "Lay your hand face up until everyone has looked, then take it back.",
    "every player -> show hand", worth=lambda a: -0.5,
    phrases=_langs(lambda a: "show your hand to everyone, then take it back",
                   lambda a: "montrez votre main à tous, puis reprenez-la",
                   lambda a: "покажите всем свою руку, затем заберите её"),
    meanings={"fr": "Posez votre main face visible jusqu'à ce que tous l'aient vue, puis "
                    "reprenez-la.",
              "ru": "Выложите руку в открытую, пока все не посмотрят, затем заберите её."})
SHUFFLE_HANDS = PrimitiveSpec(
    "shuffle_hands", f.ShuffleHands, "shuffle hands", "F9.7",
    "Gather every player's hand, shuffle them and deal them out one card at a time, face "
    "down, from the next player, until all are dealt (Tornado).", "shuffle hands",
    most_times=1, worth=lambda a: 0.0,
    phrases=_langs(lambda a: "gather every hand, shuffle and deal them out again one by one",
                   lambda a: "rassemblez toutes les mains, mélangez-les et redistribuez-les "
                             "une à une",
                   lambda a: "соберите все руки, перемешайте и раздайте заново по одной"),
    meanings={"fr": "Rassemblez les cartes de tous les joueurs, mélangez-les et distribuez-"
                    "les une à une, face cachée, jusqu'à la dernière (Tornado).",
              "ru": "Соберите карты всех игроков, перемешайте и раздайте по одной рубашкой "
                    "вверх, пока не кончатся (Tornado)."})
GAMBLE = PrimitiveSpec(
    "gamble", f.Gamble, "gamble", "F9.7",
    "Everyone lays a card of their choice face down; all are turned at once; the player whose "
    "card is second lowest takes them all (ties: the first in turn order; a player with no "
    "card takes them) (Gambling Man).", "gamble", most_options=MOST_HAND, most_times=1,
    worth=lambda a: 0.0,
    phrases=_langs(lambda a: "everyone stakes a card face down; the second lowest takes them "
                             "all",
                   lambda a: "chacun mise une carte face cachée ; la deuxième plus basse "
                             "les prend toutes",
                   lambda a: "каждый кладёт карту рубашкой вверх; вторая по младшинству "
                             "забирает все"),
    meanings={"fr": "Chacun pose une carte face cachée ; on les retourne ; le joueur dont la "
                    "carte a la deuxième valeur la plus basse les prend toutes (Gambling Man).",
              "ru": "Каждый кладёт карту рубашкой вверх; их открывают; игрок со второй по "
                    "младшинству картой забирает все (Gambling Man)."})
DRAFT = PrimitiveSpec(
    "draft", f.Draft, "draft", "F9.7",
    "Turn one card of the draw pile face up for each player; each player, in turn order, "
    "takes one of them (Market).", "draft", most_options=8, most_times=1,
    worth=lambda a: -1.0,
    phrases=_langs(lambda a: "turn a card of the draw pile per player; in turn order, each "
                             "takes one",
                   lambda a: "retournez une carte de la pioche par joueur ; chacun en prend "
                             "une dans l'ordre du jeu",
                   lambda a: "откройте по карте из колоды на каждого игрока; по очереди "
                             "каждый берёт одну"),
    meanings={"fr": "Retournez une carte de la pioche par joueur ; chacun en prend une dans "
                    "l'ordre du jeu (Market).",
              "ru": "Откройте по карте из колоды на игрока; каждый по очереди берёт одну "
                    "(Market)."})
TIME_BOMB = PrimitiveSpec(
    "time_bomb", f.TimeBomb, "time bomb [TURNS]", "F11.3",
    "The round ends after that many more turns (a skipped turn counts); a player who empties "
    "their hand before scores -10 and every other player 10 more; if nobody does, everyone's "
    "points for the round are doubled (Time Bomb).", "time bomb", most_times=1,
    worth=lambda a: 0.0,
    phrases=_langs(lambda a: f"the round ends in {counted('en', 'turn', a.turns)}: "
                             "whoever empties their hand first scores -10 and the others 10 "
                             "more; if nobody does, points are doubled",
                   lambda a: f"la manche se termine dans {counted('fr', 'turn', a.turns)} : "
                             "qui se débarrasse de ses cartes avant retire 10 points et les "
                             "autres en ajoutent 10 ; sinon, les points sont doublés",
                   lambda a: f"раунд закончится через {counted('ru', 'turn', a.turns)}: кто "
                             "раньше избавится от карт, вычитает 10 очков, остальные "
                             "добавляют 10; если никто, очки удваиваются"),
    meanings={"fr": "La manche se termine après autant de tours ; qui finit avant retire 10 "
                    "points, les autres en ajoutent 10 ; si personne, les points sont doublés.",
              "ru": "Раунд заканчивается через столько ходов; кто закончит раньше, вычитает "
                    "10 очков, остальные добавляют 10; если никто — очки удваиваются."})
NOTHING = PrimitiveSpec(
    "nothing", f.Nothing, "nothing", "F9.7",
    "Nothing happens; the turn goes on (Friday the 13th).", "nothing",
    worth=lambda a: 0.0,
    phrases=_langs(lambda a: "nothing happens", lambda a: "rien ne se passe",
                   lambda a: "ничего не происходит"),
    meanings={"fr": "Rien ne se passe ; le tour continue (Friday the 13th).",
              "ru": "Ничего не происходит; ход продолжается (Friday the 13th)."})
REVERSE = PrimitiveSpec(
    "reverse", f.Reverse, "reverse [LASTING]", "F11.3, F13",
    "Play goes on in the other direction, for good or as long as it says (Supercharge's "
    "Looping: `reverse until_next_turn`).", "reverse until_next_turn", base=False,
    worth=lambda a: 0.0,
    phrases=_langs(lambda a: "play goes the other way" + (
                       f" {_lasting(a, 'en')}" if a.lasting else ""),
                   lambda a: "le jeu change de sens" + (
                       f" {_lasting(a, 'fr')}" if a.lasting else ""),
                   lambda a: "направление игры меняется" + (
                       f" {_lasting(a, 'ru')}" if a.lasting else "")),
    meanings={"fr": "Le jeu continue dans l'autre sens, pour de bon ou aussi longtemps que "
                    "dit (Looping de Supercharge).",
              "ru": "Игра идёт в обратную сторону, навсегда или сколько сказано (Looping из "
                    "Supercharge)."})


def _lasting(node: f.Reverse, lang: str) -> str:
    return LASTING.said(node.lasting, lang)


#: `x place`: your place in the order an effect on several players goes (F9.2): 1 for the
#: first, the next player. The table's player view gives ``place`` while such an effect
#: resolves (Expansion, Recession).
PLACE = WordSpec(
    "place", "F9.2", "your place in the order of an effect on several players (1: the first)",
    partial(n.Tally, "place"), bound=8, typical=3.0, measure=lambda p: int(p.place),
    reads_cards=False, example="every player -> draw x place",
    phrases={"en": "as many times as your place in the order (the first once, the second "
                   "twice, and so on)",
             "fr": "autant de fois que votre rang dans l'ordre (le premier une fois, le "
                   "deuxième deux fois, etc.)",
             "ru": "столько раз, каков ваш номер в очереди (первый — один раз, второй — два, "
                   "и так далее)"},
    meanings={"fr": "votre rang dans l'ordre d'un effet sur plusieurs joueurs (1 : le premier)",
              "ru": "ваш номер в очереди эффекта на нескольких игроков (1 — первый)"})

#: Each with its engine effect (fortlang.games.frantic.effects), by its name.
PRIMITIVES: tuple[PrimitiveSpec, ...] = tuple(replace(spec, effect=EFFECTS[spec.name]) for spec in (
    DRAW, DRAW_TO, GIVE, TAKE, EXCHANGE, SWAP_HANDS, DISCARD_P, SKIP, PLAY, WISH_P, DEAL, COUNTER,
    TRIGGER_EVENT, END_ROUND, SCORE, SHOW_HAND, SHUFFLE_HANDS, GAMBLE, DRAFT, TIME_BOMB,
    NOTHING, REVERSE))
#: Frantic's operators: Fort's `x`, `then`, `or` and parentheses; who performs (`every
#: player ->`) is said by its selectors.
FRANTIC_OPERATORS = tuple(o for o in OPERATORS if o.name in ("x", "then", "or", "( )"))

VOCABULARY = Vocabulary("frantic", PRIMITIVES, (), (PLACE,), FRANTIC_OPERATORS, (),
                        kinds=KINDS, selectors=SELECTORS)
