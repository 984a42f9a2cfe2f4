"""What Fort's suit words mean in French and Russian (R1.1, R5.3, R14): a template over the
suit's name, one for its quantity and one for its metric (one of each per suit); every other word
of Fort's says its meanings in its declaration (fortlang.games.fort.vocabulary)."""

from __future__ import annotations

from fortlang.games.fort.nodes import Suit
from fortlang.games.fort.phrasebook import suit_name

#: A suit's quantity and metric (one of each per suit, R1.1): templates over the suit's name in
#: the language, the lexicon's (``suit_name``); every other word says its own meanings in its
#: declaration (``meanings``), Fort's as another vocabulary's.
SUIT_MEANINGS: dict[str, dict[str, str]] = {
    "fr": {"quantity": "chaque symbole {suit} de la carte jouée, des cartes supplémentaires et "
                       "de votre Observatoire (R5.3)",
           "metric": "les symboles {suit} de vos cartes, pièces non comptées"},
    "ru": {"quantity": "каждый символ масти «{suit}» на сыгранной карте, добавленных картах и в "
                       "вашем дозоре (R5.3)",
           "metric": "символы масти «{suit}» на имеющихся у вас картах, без монеток"},
}


def meaning(kind: str, key: str, lang: str) -> str | None:
    """A suit's quantity or metric in ``lang`` (the template over the suit's name), or None
    for any other word: its declaration says it."""
    if key not in _SUITS or kind not in SUIT_MEANINGS.get(lang, {}):
        return None
    return SUIT_MEANINGS[lang][kind].format(suit=suit_name(key, lang))


_SUITS = frozenset(s.value for s in Suit)
