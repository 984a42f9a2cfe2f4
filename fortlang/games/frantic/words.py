"""How Frantic's sentences count cards, points and turns in en, fr and ru (the phrasebooks'
plural rules, fortlang.phrasebook.grammar)."""

from __future__ import annotations

from fortlang.phrasebook.grammar import PLURAL_CATEGORY, Noun, RuNoun

#: Each noun's forms in en, fr and ru (:data:`LANGS`); Frantic's phrasebooks are made of them.
NOUNS: dict[str, tuple[Noun, Noun, RuNoun]] = {
    "card": (Noun("card", "cards"), Noun("carte", "cartes", "f"),
             RuNoun("карта", "карты", "карту", "карт")),
    "point": (Noun("point", "points"), Noun("point", "points"),
              RuNoun("очко", "очка", "очко", "очков", "n")),
    "turn": (Noun("turn", "turns"), Noun("tour", "tours"),
             RuNoun("ход", "хода", "ход", "ходов", "m")),
}
LANGS = ("en", "fr", "ru")


def counted(lang: str, noun: str, n: int, case: str = "acc") -> str:
    """``n`` and the noun in its form (Russian: accusative by default, as after a verb).

    >>> counted("en", "card", 1), counted("fr", "card", 2), counted("ru", "card", 5)
    ('1 card', '2 cartes', '5 карт')
    """
    forms = NOUNS[noun][LANGS.index(lang) if lang in LANGS else 0]
    category = PLURAL_CATEGORY.get(lang, PLURAL_CATEGORY["en"])(n)
    if isinstance(forms, RuNoun):
        return f"{n} {forms.counted(category, case)}"
    return f"{n} {forms.counted(category)}"
