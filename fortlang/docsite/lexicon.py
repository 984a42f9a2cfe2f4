"""Every word the site prints, in en, fr and ru.

Game words (terms of the rulebooks, suit names, plurals, sentences for actions, made-up rules
and perks) come from :mod:`fortlang.phrasebook`; this module only adds the site's own chrome
(page titles, headings), so the pages never translate a game word themselves.
"""

from __future__ import annotations

from fortlang import phrasebook
from fortlang.model import MadeUpRule, Perk
from fortlang.nodes import Node, Resource, Suit
from fortlang.registry import LANGUAGES as LANGUAGES  # re-exported: lx.LANGUAGES

LANGUAGE_NAMES = {"en": "English", "fr": "Français", "ru": "Русский"}

#: The site's own chrome, not rules text.
UI: dict[str, dict[str, str]] = {
    "en": {
        "site": "Fort: rules, language reference and card glossary",
        "home": "Home", "reference": "Language reference", "glossary": "Card glossary",
        "card_format": "Card-file format", "primitives": "Actions", "quantities": "Quantities",
        "resources": "Resources", "operators": "Operators", "scoring": "Scoring sub-language",
        "selectors": "Who performs",
        "metrics": "Metrics", "word": "word", "rule": "rule", "meaning": "meaning",
        "example": "example", "canonical": "canonical form", "renders": "how it reads",
        "language": "language", "syntax": "syntax", "icon": "icon", "copies": "copies",
        "source": "provenance", "note": "note", "board": "Fort track", "level": "level",
        "cost": "cost to reach", "points": "points", "schema": "JSON Schema",
        "field": "field", "type": "type", "required": "required", "yes": "yes",
        "description": "description", "arithmetic": "arithmetic", "comparison": "comparison",
        "conditional": "conditional",
        "rulebook": "rulebook", "public": "public source", "provisional": "provisional",
        "original": "original design",
        "sets": "card sets", "kids": "kid cards", "best_friends": "best friends",
        "rules": "Made-up rules", "perks": "Perks", "on_card": "on a card",
        "designers_extension": "designers' extension",
        "scenarios": "Scenario files", "expansions": "Writing an expansion",
        "plugins": "Writing a vocabulary plugin", "games": "Writing a game module",
        "simulate": "Simulation, balance and replays",
        "search_bot": "The search bot",
        "editors": "Editors: the language server",
        "playtest": "Playtest in the browser",
        "value": "value",
        "english_only": "This page is in English only.",
        "intro": "Generated from fortlang's grammar, registry and card sets: nothing here is "
                 "written twice. Every rule number (R12.1...) links to its rule.",
        "array_of": "array of {}",
        "the_rules": "Rules of Fort", "permalink": "Link to this section",
        "names_policy": "**Card names.** The English and French pages give every card the "
                        "name printed on the English cards, as the French rulebook does. The "
                        "Russian pages give a kid a Russian name only where the Russian rulebook "
                        "prints one ({count} of {total} kids of this set), with the English name "
                        "in brackets; they give made-up rules and perks a correct Russian name, "
                        "and where the Russian rulebook prints another name for the card, that "
                        "name stands beside it.",
        "printed_name": "{name} (printed in the rulebook as “{printed}”)",
        "perks_printed": "",
        "unofficial": "fortlang is an unofficial fan tool for <em>Fort</em>, a game by Leder "
                      "Games; it is not affiliated with or endorsed by Leder Games.",
        # the card pages' own words: card browser, provisional notice, 404, faces
        "browser": "Card browser",
        "browser_intro": "Every card face of every set. Choose a kind, a suit, an action or a "
                         "provenance to narrow the grid; click a face to enlarge it.",
        "kind": "Kind",
        "all": "all", "suit": "Suit", "action": "Action", "provenance": "Provenance",
        "shown": "Cards shown:", "enlarge": "Click a face to enlarge it.",
        "provisional_notice": "{n} of these {total} cards are provisional: their actions were "
                              "designed by us from the rulebooks and public sources, until "
                              "someone with the box checks them against the printed cards.",
        "none_provisional": "Every card of this set comes from the rulebook or a public source.",
        "kid_counts": "**Kid cards:** {kids} ({cards}): {park} in the park ({park_cards}) and "
                      "{friends}",
        "card_text": "As the card says it:",
        "original_notice": "{n} of these {total} cards are original designs of this set, not "
                           "cards of the published game.",
        "names_policy_original": "**Card names.** The cards of this set are named by its "
                                 "authors; a page in another language gives a card the name "
                                 "its card file has in that language, else the name as "
                                 "written.",
        "not_found": "This page does not exist.", "back_home": "Back to the home page",
        "perk": "Perk", "made_up_rule": "Made-up rule", "single_use": "Destroy after use.",
        "back": "fortlang", "faces": "Faces",
    },
    "fr": {
        "site": "Fort : règles, référence du langage et glossaire des cartes",
        "home": "Accueil", "reference": "Référence du langage", "glossary": "Glossaire des cartes",
        "card_format": "Format des fichiers de cartes", "primitives": "Actions",
        "quantities": "Quantités", "resources": "Ressources", "operators": "Opérateurs",
        "selectors": "Qui effectue",
        "scoring": "Sous-langage de décompte", "metrics": "Mesures", "word": "mot",
        "rule": "règle", "meaning": "sens", "example": "exemple",
        "canonical": "forme canonique", "renders": "lecture", "language": "langue",
        "syntax": "syntaxe", "icon": "icône", "copies": "exemplaires", "source": "provenance",
        "note": "note", "board": "Piste de Niveau de Fort", "level": "niveau",
        "cost": "coût pour l'atteindre", "points": "points", "schema": "Schéma JSON",
        "field": "champ", "type": "type", "required": "obligatoire", "yes": "oui",
        "description": "description", "arithmetic": "arithmétique",
        "comparison": "comparaison", "conditional": "condition",
        "rulebook": "livret de règles", "public": "source publique",
        "provisional": "provisoire", "original": "création originale",
        "sets": "jeux de cartes", "kids": "cartes gamin",
        "best_friends": "Meilleurs Copains",
        "rules": "Règles improvisées", "perks": "Avantages", "on_card": "sur une carte",
        "designers_extension": "extension des concepteurs",
        "scenarios": "Fichiers de scénarios", "expansions": "Écrire une extension",
        "plugins": "Écrire un greffon de vocabulaire", "games": "Écrire un module de jeu",
        "simulate": "Simulation, équilibrage et rejeux",
        "search_bot": "Le robot qui cherche",
        "editors": "Éditeurs : le serveur de langage",
        "playtest": "Tester une partie dans le navigateur",
        "value": "valeur",
        "english_only": "Cette page n'existe qu'en anglais.",
        "intro": "Généré à partir de la grammaire, du registre et des jeux de cartes de "
                 "fortlang : rien n'y est écrit deux fois. Chaque numéro de règle (R12.1…) "
                 "renvoie à sa règle.",
        "array_of": "tableau : {}",
        "the_rules": "Règles de Fort", "permalink": "Lien vers cette section",
        "names_policy": "**Noms des cartes.** Comme le livret de règles français, les pages "
                        "anglaises et françaises gardent les noms imprimés sur les cartes "
                        "anglaises, pour les gamins comme pour les règles improvisées et les "
                        "avantages. Les pages russes ne donnent un nom russe à un gamin que là "
                        "où le livret russe en imprime un ({count} sur {total} gamins dans ce "
                        "jeu), le nom anglais entre parenthèses ; elles donnent aux règles "
                        "improvisées et aux avantages un nom russe correct, et là où le livret "
                        "russe imprime un autre nom pour la carte, ce nom figure à côté.",
        "printed_name": "{name} (dans le livret de règles : « {printed} »)",
        "unofficial": "fortlang est un outil non officiel, créé par des fans, pour "
                      "<em>Fort</em>, un jeu de Leder Games ; il n'est ni affilié à Leder Games "
                      "ni approuvé par elle.",
        # the card pages' own words: card browser, provisional notice, 404, faces
        "browser": "Toutes les cartes",
        "browser_intro": "Chaque face de carte de chaque jeu. Choisissez un type, un symbole, une "
                         "action ou une provenance pour filtrer la grille ; cliquez sur une carte "
                         "pour l'agrandir.",
        "kind": "Type",
        "all": "tous", "suit": "Symbole", "action": "Action", "provenance": "Provenance",
        "shown": "Cartes affichées :", "enlarge": "Cliquez sur une carte pour l'agrandir.",
        "provisional_notice": "{n} de ces {total} cartes sont provisoires : leurs actions ont "
                              "été conçues par nous d'après les livrets et des sources "
                              "publiques, en attendant qu'une personne ayant la boîte les "
                              "vérifie sur les cartes imprimées.",
        "none_provisional": "Toutes les cartes de ce jeu viennent du livret de règles ou d'une "
                            "source publique.",
        "kid_counts": "**Cartes gamin :** {kids} ({cards}) : {park} dans le Parc "
                      "({park_cards}) et {friends}",
        "card_text": "Tel que la carte le dit :",
        "original_notice": "{n} de ces {total} cartes sont des créations originales de ce jeu, "
                           "pas des cartes du jeu publié.",
        "names_policy_original": "**Noms des cartes.** Les auteurs de ce jeu nomment ses "
                                 "cartes ; une page dans une autre langue donne à une carte le "
                                 "nom que son fichier lui donne dans cette langue, sinon le nom "
                                 "tel qu'il est écrit.",
        "not_found": "Cette page n'existe pas.", "back_home": "Retour à l'accueil",
        "perk": "Avantage", "made_up_rule": "Règle improvisée",
        "single_use": "À détruire après usage.", "back": "fortlang", "faces": "Faces",
    },
    "ru": {
        "site": "«Форт»: правила, справочник языка и глоссарий карт",
        "home": "Главная", "reference": "Справочник языка", "glossary": "Глоссарий карт",
        "card_format": "Формат файлов карт", "primitives": "Действия",
        "quantities": "Количества", "resources": "Ресурсы", "operators": "Операторы",
        "selectors": "Кто выполняет",
        "scoring": "Язык подсчёта очков", "metrics": "Показатели", "word": "слово",
        "rule": "правило", "meaning": "смысл", "example": "пример",
        "canonical": "каноническая форма", "renders": "как читается", "language": "язык",
        "syntax": "синтаксис", "icon": "значок", "copies": "количество", "source": "источник",
        "note": "примечание", "board": "Дорожка уровня форта", "level": "уровень",
        "cost": "стоимость повышения", "points": "очки", "schema": "Схема JSON", "field": "поле",
        "type": "тип", "required": "обязательное", "yes": "да", "description": "описание",
        "arithmetic": "арифметика", "comparison": "сравнение", "conditional": "условие",

        "rulebook": "книга правил", "public": "открытые источники",
        "provisional": "предварительная", "original": "авторская карта",
        "sets": "наборы карт", "kids": "карты детей",
        "best_friends": "лучшие друзья",
        "rules": "Придуманные правила", "perks": "Преимущества", "on_card": "на карте",
        "designers_extension": "расширение для авторов карт",
        "scenarios": "Файлы сценариев", "expansions": "Как написать дополнение",
        "plugins": "Как написать плагин словаря", "games": "Как написать модуль игры",
        "simulate": "Симуляция, баланс и повторы",
        "search_bot": "Бот с поиском",
        "editors": "Редакторы: языковой сервер",
        "playtest": "Тестовая партия в браузере",
        "value": "значение",
        "english_only": "Эта страница есть только на английском языке.",
        "intro": "Создано из грамматики, реестра и наборов карт fortlang: ничего не написано "
                 "дважды. Каждый номер правила (R12.1…) ведёт к самому правилу.",
        "array_of": "массив: {}",
        "the_rules": "Правила «Форта»", "permalink": "Ссылка на этот раздел",
        "names_policy": "**Имена карт.** Русское имя ребёнка дано только там, где его печатает "
                        "русская книга правил ({count} из {total} детей этого набора), а "
                        "английское имя стоит рядом в скобках; остальные дети носят имена, "
                        "напечатанные на английских картах. Придуманные правила и преимущества "
                        "названы по-русски в правильном переводе; где русская книга правил "
                        "печатает для карты другое имя, оно стоит рядом.",
        "printed_name": "{name} (в русских правилах — «{printed}»)",
        "perks_printed": "В русской книге правил преимущества называются «особенностями».",
        "unofficial": "fortlang — неофициальный фанатский инструмент для игры «Форт» "
                      "(<em>Fort</em>, Leder Games); он не связан с Leder Games и не одобрен ею.",
        # the card pages' own words: card browser, provisional notice, 404, faces
        "browser": "Все карты",
        "browser_intro": "Все лицевые стороны карт всех наборов. Выберите вид карты, символ, "
                         "действие или источник, чтобы сузить выбор; нажмите на карту, чтобы "
                         "увеличить её.",
        "kind": "Вид",
        "all": "все", "suit": "Символ", "action": "Действие", "provenance": "Источник",
        "shown": "Показано карт:", "enlarge": "Нажмите на карту, чтобы увеличить её.",
        "provisional_notice": "{n} из {total} карт предварительные: их действия придуманы нами "
                              "по книгам правил и открытым источникам, пока кто-нибудь с "
                              "коробкой игры не сверит их с настоящими картами.",
        "none_provisional": "Все карты этого набора взяты из книги правил или открытых "
                            "источников.",
        "kid_counts": "**Карты детей:** {kids} ({cards}): {park} в парке ({park_cards}) и "
                      "{friends}",
        "card_text": "Как написано на карте:",
        "original_notice": "{n} из {total} карт — авторские карты этого набора, а не карты "
                           "изданной игры.",
        "names_policy_original": "**Имена карт.** Карты этого набора назвали его авторы; "
                                 "страница на другом языке даёт карте имя, которое её файл "
                                 "даёт на этом языке, а если его нет — имя как написано.",
        "not_found": "Такой страницы нет.", "back_home": "На главную",
        "perk": "Преимущество", "made_up_rule": "Придуманное правило",
        "single_use": "Сбросить после использования.", "back": "fortlang", "faces": "Карты",
    },
}


#: JSON Schema's type names as the schema section of the reference shows them.
JSON_TYPES: dict[str, dict[str, str]] = {
    "en": {},
    "fr": {"string": "chaîne", "integer": "entier", "number": "nombre", "boolean": "booléen",
           "object": "objet", "null": "null", "enum": "énumération", "any": "quelconque"},
    "ru": {"string": "строка", "integer": "целое", "number": "число", "boolean": "логическое",
           "object": "объект", "null": "null", "enum": "перечисление", "any": "любой"},
}


def ui(key: str, lang: str) -> str:
    return UI[lang].get(key, UI["en"][key])


def cap(text: str) -> str:
    """The first letter in upper case, the rest untouched (``Meilleurs Copains`` stays so)."""
    return text[:1].upper() + text[1:]


def label(key: str, lang: str) -> str:
    """``**Copies:**``, French ``**Exemplaires :**`` (a space before the colon)."""
    return label_text(ui(key, lang), lang)


def label_text(text: str, lang: str) -> str:
    return f"**{cap(text)}{' :' if lang == 'fr' else ':'}**"


def sentence(node: Node, lang: str) -> str:
    return phrasebook.sentence(node, lang)


def term(key: str, lang: str) -> str:
    """A rulebook term (``public_action``, ``best_friend``...) in ``lang``."""
    return phrasebook.term(key, lang)


def suit_name(suit: Suit, lang: str) -> str:
    return phrasebook.suit_name(suit, lang)


def count(n: int, noun: str, lang: str) -> str:
    """``n`` and the noun in the right plural form: 1 pizza, 2 pizzas; 2 пиццы, 5 пицц."""
    return phrasebook.plural(lang, noun, n)


def resource(res: Resource, lang: str) -> str:
    """A resource's name: ``toy``, ``jouet``, ``пицца или игрушка``."""
    return phrasebook.resource_name(res, lang)


def rule_text(rule: MadeUpRule, lang: str) -> str:
    return phrasebook.rule_text(rule, lang)


def perk_text(perk: Perk, lang: str) -> str:
    return phrasebook.perk_text(perk, lang)


def rule_label(rule: str, lang: str) -> str:
    """A rule number as is; a construct without one (``or``, the expansions' words) says so in
    ``lang``."""
    return ui("designers_extension", lang) if rule == "designers' extension" else rule
