"""The words of the card pages' own chrome (the card browser, the provisional notice, the 404
page, card backs), in en, fr and ru. Game words still come from the phrasebook; the rest of the
site's chrome is in :mod:`fortlang.docsite.lexicon`.
"""

from __future__ import annotations

CHROME: dict[str, dict[str, str]] = {
    "en": {
        "browser": "Card browser",
        "browser_intro": "Every card face of every set. Choose a suit, an action or a provenance "
                         "to narrow the grid; click a face to enlarge it.",
        "all": "all", "suit": "Suit", "action": "Action", "provenance": "Provenance",
        "shown": "Cards shown:", "enlarge": "Click a face to enlarge it.",
        "provisional_notice": "{n} of these {total} cards are provisional: their actions were "
                              "designed by us from the rulebooks and public sources, until "
                              "someone with the box checks them against the printed cards.",
        "none_provisional": "Every card of this set comes from the rulebook or a public source.",
        "not_found": "This page does not exist.", "back_home": "Back to the home page",
        "perk": "Perk", "made_up_rule": "Made-up rule", "single_use": "Destroy after use.",
        "back": "fortlang", "faces": "Faces",
    },
    "fr": {
        "browser": "Toutes les cartes",
        "browser_intro": "Chaque face de carte de chaque jeu. Choisissez un symbole, une action "
                         "ou une provenance pour filtrer la grille ; cliquez sur une carte pour "
                         "l'agrandir.",
        "all": "tous", "suit": "Symbole", "action": "Action", "provenance": "Provenance",
        "shown": "Cartes affichées :", "enlarge": "Cliquez sur une carte pour l'agrandir.",
        "provisional_notice": "{n} de ces {total} cartes sont provisoires : leurs actions ont "
                              "été conçues par nous d'après les livrets et des sources "
                              "publiques, en attendant qu'une personne ayant la boîte les "
                              "vérifie sur les cartes imprimées.",
        "none_provisional": "Toutes les cartes de ce jeu viennent du livret de règles ou d'une "
                            "source publique.",
        "not_found": "Cette page n'existe pas.", "back_home": "Retour à l'accueil",
        "perk": "Avantage", "made_up_rule": "Règle improvisée",
        "single_use": "À détruire après usage.", "back": "fortlang", "faces": "Faces",
    },
    "ru": {
        "browser": "Все карты",
        "browser_intro": "Все лицевые стороны карт всех наборов. Выберите символ, действие или "
                         "источник, чтобы сузить выбор; нажмите на карту, чтобы увеличить её.",
        "all": "все", "suit": "Символ", "action": "Действие", "provenance": "Источник",
        "shown": "Показано карт:", "enlarge": "Нажмите на карту, чтобы увеличить её.",
        "provisional_notice": "{n} из {total} карт предварительные: их действия придуманы нами "
                              "по книгам правил и открытым источникам, пока кто-нибудь с "
                              "коробкой игры не сверит их с настоящими картами.",
        "none_provisional": "Все карты этого набора взяты из книги правил или открытых "
                            "источников.",
        "not_found": "Такой страницы нет.", "back_home": "На главную",
        "perk": "Особенность", "made_up_rule": "Придуманное правило",
        "single_use": "Сбросить после использования.", "back": "fortlang", "faces": "Карты",
    },
}


def chrome(key: str, lang: str) -> str:
    return CHROME.get(lang, CHROME["en"]).get(key, CHROME["en"][key])
