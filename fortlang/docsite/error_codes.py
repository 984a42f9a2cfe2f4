"""The "Error codes" page of the site: every code of :mod:`fortlang.codes` with its meaning, an
example that triggers it and how to fix it, generated from the catalogue (one source).

The French and Russian sites show each code's meaning, example and fix in their language
(:func:`fortlang.codes.translated`: the catalogue's own translations, English only for a code
not translated yet).
"""

from __future__ import annotations

from fortlang.codes import CATALOGUE, Code, translated_entry
from fortlang.docsite import markdown as md

FILE = "error-codes.md"

_WORDS = {
    "en": {"title": "Error codes", "meaning": "Meaning", "example": "Example", "fix": "Fix",
           "intro": "Every error and warning is printed as `file:line:col: error[CODE]: "
                    "message`, with the line, a caret and often a hint; `--format json` gives "
                    "the same `code`. Errors exit with status 1 (a wrong command line, E807: 2); "
                    "warnings never fail a check."},
    "fr": {"title": "Codes d'erreur", "meaning": "Signification", "example": "Exemple",
           "fix": "Correction",
           "intro": "Chaque erreur et chaque avertissement s'affiche sous la forme "
                    "`fichier:ligne:colonne: error[CODE]: message`, avec la ligne, un repère et "
                    "souvent une suggestion ; `--format json` donne le même `code`. Les erreurs "
                    "terminent avec le statut 1 (une ligne de commande erronée, E807 : 2) ; les "
                    "avertissements ne font jamais échouer une vérification. `fortlang check "
                    "--lang fr` (ou une locale française) affiche le titre et la correction de "
                    "chaque code en français."},
    "ru": {"title": "Коды ошибок", "meaning": "Значение", "example": "Пример",
           "fix": "Как исправить",
           "intro": "Каждая ошибка и каждое предупреждение выводятся в виде "
                    "`файл:строка:столбец: error[КОД]: сообщение`, со строкой, указателем и "
                    "часто подсказкой; `--format json` даёт тот же `code`. Ошибки завершают "
                    "команду с кодом 1 (неверная командная строка, E807: 2); предупреждения "
                    "никогда не проваливают проверку. `fortlang check --lang ru` (или русская "
                    "локаль) выводит заголовок и исправление каждого кода по-русски."},
}

#: The ranges, in the catalogue's order: (first digit(s) of the code, title per language).
_GROUPS = (
    ("E1", {"en": "The language", "fr": "Le langage", "ru": "Язык"}),
    ("E2", {"en": "Actions", "fr": "Actions", "ru": "Действия"}),
    ("W2", {"en": "Actions (warnings)", "fr": "Actions (avertissements)",
            "ru": "Действия (предупреждения)"}),
    ("E3", {"en": "Card files and sets", "fr": "Fichiers et jeux de cartes",
            "ru": "Файлы и наборы карт"}),
    ("W3", {"en": "Card sets (warnings)", "fr": "Jeux de cartes (avertissements)",
            "ru": "Наборы карт (предупреждения)"}),
    ("E6", {"en": "The docs site", "fr": "Le site de documentation", "ru": "Сайт документации"}),
    ("E7", {"en": "Scenario files", "fr": "Fichiers de scénarios", "ru": "Файлы сценариев"}),
    ("E8", {"en": "Reading and writing files", "fr": "Lecture et écriture des fichiers",
            "ru": "Чтение и запись файлов"}),
    ("E9", {"en": "Games and replays", "fr": "Parties et rejeux", "ru": "Партии и повторы"}),
)


def title(lang: str) -> str:
    return _WORDS.get(lang, _WORDS["en"])["title"]


def _entry(code: Code, words: dict[str, str]) -> str:
    return "\n".join([
        md.heading(3, f"{code.code} — {code.meaning}", code.code.lower()),
        f"**{words['example']}:**\n",
        md.code(code.example, "text"),
        f"**{words['fix']}:** {code.fix}\n",
    ])


def error_codes_page(lang: str) -> str:
    words = _WORDS.get(lang, _WORDS["en"])
    entries = [translated_entry(c, lang) for c in CATALOGUE.values()]
    out = [md.heading(1, words["title"])]
    out.append(words["intro"] + "\n")
    out.append(md.table(["code", words["meaning"]],
                        [[f"[{c.code}](#{c.code.lower()})", c.meaning] for c in entries]))
    for prefix, names in _GROUPS:
        codes = [c for c in entries if c.code.startswith(prefix)]
        if codes:
            out.append(md.heading(2, names.get(lang, names["en"])))
            out.extend(_entry(c, words) for c in codes)
    return "\n".join(out)
