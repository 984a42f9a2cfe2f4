"""Frantic's card kinds (issue 34 item 1; docs/games/frantic.md F1): the play cards of a
card file's ``cards:`` list and the events of its ``events:`` list, declared as
:class:`fortlang.module.CardKind` values from which the JSON Schemas derive. A field written
in the game's language (``action``, ``reaction``) is parsed and checked with
:data:`fortlang.games.frantic.vocabulary.VOCABULARY` by the card loader.

>>> sorted(PLAY_CARD.json_schema()["properties"]["cards"]["items"]["properties"])[:4]
['action', 'colours', 'copies', 'hand']
"""

from __future__ import annotations

from fortlang.games.frantic.kinds import Colour
from fortlang.module import ACTION, Attribute, CardKind

#: F1: what a play card is. ``number``: a coloured or black number card (F5.1, F5.2);
#: ``special``: a one- or two-colour special (F6); ``wish``: a wish special (F7);
#: ``peculiar``: a peculiar special (F8).
PLAY_KINDS = ("number", "special", "wish", "peculiar")
#: When a card may be played out of turn (F3.4): as the victim of a special (Counterattack,
#: F7.4), once hands have emptied and the turn's effects are over (Nice Try, F7.6).
REACTIONS = ("targeted", "hands_emptied")
#: The most points a card is worth (Fuck You's 42, F1.7, with room for the expansions').
MOST_POINTS = 100

PLAY_CARD = CardKind("card", "cards", (
    Attribute("kind", {"enum": list(PLAY_KINDS)}, required=True,
              doc={"en": "number, special (one or two colours), wish or peculiar (F1)",
                   "fr": "number, special (une ou deux couleurs), wish ou peculiar (F1)",
                   "ru": "number, special (одно- или двухцветная), wish или peculiar (F1)"}),
    Attribute("colours", {"type": "array", "items": {"enum": [c.value for c in Colour]},
                          "minItems": 0, "maxItems": 2, "uniqueItems": True},
              doc={"en": "Its colours: none for a black number or a wish special, two for a "
                         "two-colour special (F5.3, F5.4).",
                   "fr": "Ses couleurs : aucune pour un nombre noir ou une carte souhait, deux "
                         "pour une carte bicolore (F5.3, F5.4).",
                   "ru": "Её цвета: ни одного у чёрного числа и карты желания, два у "
                         "двухцветной (F5.3, F5.4)."}),
    Attribute("number", {"type": "integer", "minimum": 1, "maximum": 9},
              doc={"en": "A number card's number (F1.2).", "fr": "Le nombre d'une carte "
                   "numérotée (F1.2).", "ru": "Число числовой карты (F1.2)."}),
    Attribute("points", {"type": "integer", "minimum": 0, "maximum": MOST_POINTS},
              required=True,
              doc={"en": "What it is worth in a hand at the end of a round (F1.7).",
                   "fr": "Sa valeur en main à la fin d'une manche (F1.7).",
                   "ru": "Сколько она стоит в руке в конце раунда (F1.7)."}),
    Attribute("action", {"minLength": 1, "maxLength": 2000}, language=ACTION,
              doc={"en": "What it does when played, in Frantic's words.",
                   "fr": "Ce qu'elle fait quand on la joue, dans les mots de Frantic.",
                   "ru": "Что она делает при розыгрыше, словами Frantic."}),
    Attribute("when", {"enum": list(REACTIONS)},
              doc={"en": "When it may be played out of turn (F3.4, F7.4, F7.6).",
                   "fr": "Quand on peut la jouer hors de son tour (F3.4, F7.4, F7.6).",
                   "ru": "Когда её можно сыграть вне своего хода (F3.4, F7.4, F7.6)."}),
    Attribute("reaction", {"minLength": 1, "maxLength": 2000}, language=ACTION,
              doc={"en": "What it does when played out of turn, in Frantic's words.",
                   "fr": "Ce qu'elle fait jouée hors de son tour.",
                   "ru": "Что она делает, сыгранная вне своего хода."}),
    Attribute("hand", {"type": "integer", "minimum": 1, "maximum": 30},
              doc={"en": "It may be played only when its player holds exactly this many "
                         "cards, itself included (Fuck You: 10, F8.1).",
                   "fr": "Jouable seulement avec exactement autant de cartes en main, elle "
                         "comprise (Fuck You : 10, F8.1).",
                   "ru": "Играется, только когда в руке ровно столько карт, включая её "
                         "(Fuck You: 10, F8.1)."}),
    Attribute("under", {"type": "boolean"},
              doc={"en": "Played under the top card of the discard pile, which stays on top "
                         "(F8.1).",
                   "fr": "Glissée sous la carte du dessus de la défausse, qui reste visible "
                         "(F8.1).",
                   "ru": "Кладётся под верхнюю карту сброса, которая остаётся сверху "
                         "(F8.1)."}),
), doc={"en": "Frantic play cards (black backs, F1)", "fr": "Cartes à jouer de Frantic (dos "
        "noir, F1)", "ru": "Игровые карты Frantic (чёрная рубашка, F1)"})

EVENT_CARD = CardKind("event", "events", (
    Attribute("action", {"minLength": 1, "maxLength": 2000}, required=True, language=ACTION,
              doc={"en": "What happens when it is turned, in Frantic's words (F9).",
                   "fr": "Ce qui se passe quand on la retourne (F9).",
                   "ru": "Что происходит, когда её открывают (F9)."}),
), doc={"en": "Frantic event cards (white backs, F9)", "fr": "Cartes Événement de Frantic (dos "
        "blanc, F9)", "ru": "Карты событий Frantic (белая рубашка, F9)"})

CARD_KINDS: tuple[CardKind, ...] = (PLAY_CARD, EVENT_CARD)
