"""Frantic's argument kinds (docs/games/frantic.md; design docs/design/game-modules.md §3.1):
what may stand after the keywords of its primitives. Each is one declaration that the parser,
the printer, the phrasebooks and (later) the engine's decisions read.

>>> WISH.read("red"), WISH.read("7"), WISH.read("colour")
(<Colour.RED: 'red'>, 7, <Wishable.COLOUR: 'colour'>)
>>> WHOM.text_of(Whom.ANOTHER), CARDS.read("all")
('another', <All.ALL: 'all'>)
"""

from __future__ import annotations

from enum import StrEnum

from fortlang.vocabulary import ArgKind, Word

#: A count of cards is at most this (Fantastic Four's 4, Thirdtime Lucky's 3: F7.3, F9.7);
#: more on a card is surely a typo, as Fort's MAX_AMOUNT judges.
MOST_CARDS = 10
#: The points an event adds at once (Doomsday's 50, F10.2; Time Bomb's 10, F11.3).
MOST_POINTS = 100


class Colour(StrEnum):
    """F1.2: the four colours. Black is not a colour (F5.3): a black card has none."""

    BLUE = "blue"
    RED = "red"
    GREEN = "green"
    YELLOW = "yellow"


class Wishable(StrEnum):
    """`wish colour`: a colour, chosen when the wish is made, never a number (F7.4-F7.6)."""

    COLOUR = "colour"


class All(StrEnum):
    """`give all`, `discard all`: every card in the hand."""

    ALL = "all"


class Discarded(StrEnum):
    """Which cards an event makes a player get rid of (F9.4), beside a count or `all`."""

    DOUBLES = "doubles"  # Mating Season: number cards whose value you hold more than once
    LAST_COLOUR = "last_colour"  # Vandalism: every card of the last colour played (not black)


class Whom(StrEnum):
    """Who the other player of a give, take, exchange, swap or skip is."""

    ANOTHER = "another"  # another player, chosen: the victim, who may counter (F7.4)
    NEXT = "next"  # the next player in the direction of play (F2.6)
    PREVIOUS = "previous"
    EACH = "each"  # each other player in turn, one share each (Surprise Party)
    OTHERS = "others"  # other players chosen, shared as you decide (Fantastic Four, F7.3)
    MOST = "most"  # each player with the most cards but you (Charity's note, F9.3's exception)
    FEWEST = "fewest"  # the player with the fewest cards, ties first in turn order (F9.3)


class Level(StrEnum):
    """`draw to LEVEL`: how many cards to hold after drawing."""

    MOST = "most"  # as many as the player with the most cards (Communism)
    MINE = "mine"  # as many as the player of the card (Equality, F7.5)


class Counted(StrEnum):
    """`end round uncounted`: the hands are not counted (Doomsday, F10.2)."""

    UNCOUNTED = "uncounted"


class Lasting(StrEnum):
    """How long an effect lasts (F11.2, F11.3)."""

    NEXT_TURN = "until_next_turn"  # until your next turn is over; a skipped turn counts
    ROUND_END = "until_round_end"  # until the round's scoring


_COLOUR_SAID = {Colour.BLUE: ("blue", "bleu", "синий"), Colour.RED: ("red", "rouge", "красный"),
                Colour.GREEN: ("green", "vert", "зелёный"),
                Colour.YELLOW: ("yellow", "jaune", "жёлтый")}


def _said(en: str, fr: str, ru: str) -> dict[str, str]:
    return {"en": en, "fr": fr, "ru": ru}


#: F1.2, F5.3: a colour, never black.
COLOUR = ArgKind("COLOUR", "colour", "COLOUR", name="colour", words=tuple(
    Word(c.value, c, _said(f"the colour {c.value}", f"la couleur {_COLOUR_SAID[c][1]}",
                           f"цвет «{_COLOUR_SAID[c][2]}»"),
         _said(*_COLOUR_SAID[c])) for c in Colour),
    refused={"black": "black is not a colour and cannot be wished (F5.3): write blue, red, "
                      "green or yellow"})
#: F7.2: a number to wish, 1 to 9 (10 with Supercharge, F13.1: a switch of that module).
NUMBER = ArgKind("NUM", "number", "NUMBER", pattern=r"[0-9]+", parse=int, lo=1, hi=9,
                 name="number")
ANY_COLOUR = ArgKind("ANYCOLOUR", "wish", "ANYCOLOUR", name="colour of your choice", words=(
    Word("colour", Wishable.COLOUR,
         _said("a colour chosen when the wish is made, never a number",
               "une couleur choisie au moment du souhait, jamais un nombre",
               "цвет, выбранный при загадывании, но не число"),
         _said("a colour of your choice", "une couleur de votre choix",
               "цвет на ваш выбор")),))
#: `wish`, `wish colour`, `wish red`, `wish 7` (F7.2-F7.6); left out, a colour or a number.
WISH = ArgKind.union("WISH", "wish", COLOUR, ANY_COLOUR, NUMBER, terminal="WISHED",
                     name="wish", phrases=_said("a colour or a number of your choice",
                                                "une couleur ou un nombre de votre choix",
                                                "цвет или число на ваш выбор"))

#: How many cards: `draw 3`, `deal 4` (checked at the argument: E200 out of 1 to 10).
COUNT = ArgKind("COUNT", "amount", "COUNT", pattern=r"[0-9]+", parse=int, lo=1, hi=MOST_CARDS,
                default=1, name="number of cards")
ALL = ArgKind("ALL", "amount", "ALLCARDS", name="all", words=(
    Word("all", All.ALL, _said("every card in the hand", "toutes les cartes de la main",
                               "все карты руки"),
         _said("all your cards", "toutes vos cartes", "все свои карты")),))
#: `give 2`, `give all`.
CARDS = ArgKind.union("CARDS", "amount", COUNT, ALL, terminal="HOWMANY",
                      name="number of cards or all")
DISCARDED = ArgKind("DISCARDED", "amount", "DISCARDED", name="cards to discard", words=(
    Word("doubles", Discarded.DOUBLES,
         _said("every number card whose number you hold more than once, black ones too",
               "toutes les cartes numérotées dont vous avez plusieurs fois la valeur, noires "
               "comprises", "все числовые карты, чьё число у вас повторяется, и чёрные тоже"),
         _said("every number card whose number you hold more than once (black ones too)",
               "toutes les cartes numérotées dont vous avez plusieurs fois la valeur (noires "
               "comprises)", "все числовые карты, чьё число у вас повторяется (и чёрные)")),
    Word("last_colour", Discarded.LAST_COLOUR,
         _said("every card of the last colour played (not black)",
               "toutes les cartes de la dernière couleur jouée (sauf le noir)",
               "все карты последнего сыгранного цвета (не чёрного)"),
         _said("every card of the last colour played (none if no colour was played yet)",
               "toutes les cartes de la dernière couleur jouée (aucune si aucune couleur n'a "
               "encore été jouée)",
               "все карты последнего сыгранного цвета (ничего, если цвет ещё не играли)"))))
#: `discard 2`, `discard all`, `discard doubles`, `discard last_colour`.
DISCARD = ArgKind.union("DISCARD", "amount", COUNT, ALL, DISCARDED, terminal="DISCARDING",
                        name="cards to discard")

#: What each player word means (the reference, completion).
_WHOM_MEANING: dict[Whom, str] = {
    Whom.ANOTHER: "another player you choose: the victim, who may counter it (F7.4)",
    Whom.NEXT: "the next player in the direction of play (F2.6)",
    Whom.PREVIOUS: "the player before you in the direction of play",
    Whom.EACH: "each other player in turn order, one share each",
    Whom.OTHERS: "other players you choose, shared as you decide, all chosen first (F7.3)",
    Whom.MOST: "each player with the most cards but you; one who holds the most takes from "
               "no one (Charity's note, F9.3's exception)",
    Whom.FEWEST: "the player with the fewest cards (ties: the first in turn order, F9.3)",
}
def _en(name: str) -> dict[str, str]:
    return {"to": f"to {name}", "from": f"from {name}", "with": f"with {name}", "who": name}


#: How a sentence names the other player, by language and by the part it plays: ``to`` (give
#: to), ``from`` (take from), ``with`` (exchange with) and ``who`` (the subject: skip).
WHOM_SAID: dict[Whom, dict[str, dict[str, str]]] = {
    Whom.ANOTHER: {
        "en": _en("another player of your choice"),
        "fr": {"to": "à un autre joueur de votre choix", "from": "à un autre joueur de votre "
               "choix", "with": "avec un autre joueur de votre choix",
               "who": "un autre joueur de votre choix"},
        "ru": {"to": "другому игроку по вашему выбору", "from": "у другого игрока по вашему "
               "выбору", "with": "с другим игроком по вашему выбору",
               "who": "другой игрок по вашему выбору"}},
    Whom.NEXT: {
        "en": _en("the next player"),
        "fr": {"to": "au joueur suivant", "from": "au joueur suivant",
               "with": "avec le joueur suivant", "who": "le joueur suivant"},
        "ru": {"to": "следующему игроку", "from": "у следующего игрока",
               "with": "со следующим игроком", "who": "следующий игрок"}},
    Whom.PREVIOUS: {
        "en": _en("the previous player"),
        "fr": {"to": "au joueur précédent", "from": "au joueur précédent",
               "with": "avec le joueur précédent", "who": "le joueur précédent"},
        "ru": {"to": "предыдущему игроку", "from": "у предыдущего игрока",
               "with": "с предыдущим игроком", "who": "предыдущий игрок"}},
    Whom.EACH: {
        "en": _en("each other player"),
        "fr": {"to": "à chacun des autres joueurs", "from": "à chacun des autres joueurs",
               "with": "avec chacun des autres joueurs", "who": "chacun des autres joueurs"},
        "ru": {"to": "каждому из других игроков", "from": "у каждого из других игроков",
               "with": "с каждым из других игроков", "who": "каждый из других игроков"}},
    Whom.OTHERS: {
        "en": _en("other players of your choice, shared as you decide"),
        "fr": {"to": "à d'autres joueurs de votre choix, répartis comme vous le décidez",
               "from": "à d'autres joueurs de votre choix, répartis comme vous le décidez",
               "with": "avec d'autres joueurs de votre choix",
               "who": "d'autres joueurs de votre choix"},
        "ru": {"to": "другим игрокам по вашему выбору, в любом распределении",
               "from": "у других игроков по вашему выбору, в любом распределении",
               "with": "с другими игроками по вашему выбору",
               "who": "другие игроки по вашему выбору"}},
    Whom.MOST: {
        "en": _en("each player with the most cards (but yourself)"),
        "fr": {"to": "à chaque joueur qui a le plus de cartes (sauf vous)",
               "from": "à chaque joueur qui a le plus de cartes (sauf vous)",
               "with": "avec chaque joueur qui a le plus de cartes (sauf vous)",
               "who": "chaque joueur qui a le plus de cartes (sauf vous)"},
        "ru": {"to": "каждому игроку, у которого больше всего карт (кроме вас)",
               "from": "у каждого игрока, у которого больше всего карт (кроме вас)",
               "with": "с каждым игроком, у которого больше всего карт (кроме вас)",
               "who": "каждый игрок, у которого больше всего карт (кроме вас)"}},
    Whom.FEWEST: {
        "en": _en("the player with the fewest cards"),
        "fr": {"to": "au joueur qui a le moins de cartes",
               "from": "au joueur qui a le moins de cartes",
               "with": "avec le joueur qui a le moins de cartes",
               "who": "le joueur qui a le moins de cartes"},
        "ru": {"to": "игроку, у которого меньше всего карт",
               "from": "у игрока, у которого меньше всего карт",
               "with": "с игроком, у которого меньше всего карт",
               "who": "игрок, у которого меньше всего карт"}},
}


def whom_said(whom: Whom, lang: str, part: str) -> str:
    """The other player in a sentence of ``lang``, for its ``part`` (``to``, ``from``,
    ``with``, ``who``); English where a language lacks it."""
    forms = WHOM_SAID[whom]
    return forms.get(lang, forms["en"])[part]


#: The other player of a give, take, exchange, swap or skip.
WHOM = ArgKind("WHOM", "whom", "WHOM", name="player", words=tuple(
    Word(w.value, w, {"en": _WHOM_MEANING[w]}) for w in Whom))

LEVEL = ArgKind("LEVEL", "level", "LEVEL", name="level", words=(
    Word("most", Level.MOST, {"en": "as many cards as the player with the most"},
         _said("as many cards as the player with the most",
               "autant de cartes que le joueur qui en a le plus",
               "столько карт, сколько у игрока, у которого их больше всего")),
    Word("mine", Level.MINE, {"en": "as many cards as the player of the card"},
         _said("as many cards as the card's player", "autant de cartes que le joueur de la carte",
               "столько карт, сколько у игрока, разыгравшего карту"))))
COUNTED = ArgKind("COUNTED", "counted", "COUNTED", name="scoring", default=None, words=(
    Word("uncounted", Counted.UNCOUNTED, {"en": "the hands are not counted"},
         _said("without counting the hands", "sans compter les cartes en main",
               "не считая карт в руке")),))
#: Points added to a total at once: `score 50` (Doomsday).
POINTS = ArgKind("POINTS", "points", "POINTS", pattern=r"[0-9]+", parse=int, lo=1, hi=MOST_POINTS,
                 name="points")
#: How long an effect lasts (F11.2, F11.3); left out, for good.
LASTING = ArgKind("LASTING", "lasting", "LASTING", name="duration", words=(
    Word(Lasting.NEXT_TURN.value, Lasting.NEXT_TURN,
         {"en": "until your next turn is over (a skipped turn counts, F11.3)"},
         _said("until your next turn is over", "jusqu'à la fin de votre prochain tour",
               "до конца вашего следующего хода")),
    Word(Lasting.ROUND_END.value, Lasting.ROUND_END,
         {"en": "until the end of the round (F11.2)"},
         _said("until the end of the round", "jusqu'à la fin de la manche",
               "до конца раунда"))))
#: Time Bomb's turns (F11.3): 1 to 9.
TURNS = ArgKind("TURNS", "turns", "TURNS", pattern=r"[0-9]+", parse=int, lo=1, hi=9, default=3,
                name="number of turns")

KINDS: tuple[ArgKind, ...] = (COLOUR, NUMBER, ANY_COLOUR, WISH, COUNT, ALL, CARDS, DISCARDED,
                              DISCARD, WHOM, LEVEL, COUNTED, POINTS, LASTING, TURNS)
