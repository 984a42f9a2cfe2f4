"""The reference as a language reference: the grammar the parser runs, one precedence table,
and the lexical rules.

Nothing here restates the grammar: the grammar section prints the composed grammar of the
vocabulary (``grammar/fort.lark`` plus the rules generated from the registry), the terminal
table comes from Lark's terminals, and the precedence and associativity of the action operators
are found by parsing probes with the real parser, so the table cannot drift from the parser.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations

from fortlang import nodes as n
from fortlang import registry as reg
from fortlang.docsite import lexicon as lx
from fortlang.docsite import markdown as md
from fortlang.errors import FortError
from fortlang.parser import language
from fortlang.printer import to_text

#: The site's prose of this section, per language (game words come from the phrasebook).
TEXT: dict[str, dict[str, str]] = {
    "en": {
        "language": "The language",
        "grammar": "Grammar",
        "grammar_intro": "The grammar the parser runs (Lark, LALR), exactly as composed for the "
                         "vocabulary: `grammar/fort.lark` with one rule per primitive generated "
                         "from the registry. `action` is one box of a kid card, `scoring` one "
                         "made-up rule. A rule starting with `?` is inlined when it has one "
                         "child; `-> name` names the node it builds.",
        "game_grammar_intro": "The grammar the parser runs (Lark, LALR), exactly as composed "
                              "for the game's vocabulary: the core's operators and comparisons "
                              "(`grammar/fort.lark`, shared by every game) with one rule per "
                              "primitive, generated from the game's declarations. `action` is "
                              "what a card's field in the game's language holds. A rule "
                              "starting with `?` is inlined when it has one child; `-> name` "
                              "names the node it builds.",
        "precedence": "Precedence",
        "precedence_intro": "Tightest first. Parentheses override it (R13.5).",
        "level": "level", "operator": "operator", "associativity": "associativity",
        "part": "part", "action": "action", "scoring": "scoring",
        "left": "left: `a x 2 x 3` is `(a x 2) x 3`",
        "flat": "associative: `(a {op} b) {op} c` is `a {op} b {op} c`",
        "prefix": "prefix: `{op} a then b` is `({op} a) then b`",
        "right": "right: `a if t else b if u else c` is `a if t else (b if u else c)`",
        "none": "none: `a < b < c` is an error",
        "arith_left": "left: `1 {op} 2 {op} 3` is `(1 {op} 2) {op} 3`",
        "group": "grouping",
        "lexical": "Lexical rules",
        "lexical_rules": (
            "Spaces, tabs and line breaks separate words and are otherwise ignored; an action "
            "may span lines in a YAML block. There are no comments inside an action (YAML's "
            "`#` comments stay outside it).\n"
            "- Words are case-sensitive and lower-case: `GAIN` is an error with a "
            "did-you-mean.\n"
            "- A keyword ends at a word boundary: `gainpizza` is one unknown word, not `gain "
            "pizza`; `x` is the operator only when no letter follows it.\n"
            "- Names of resources, quantities and metrics are words "
            "(`[A-Za-z_][A-Za-z0-9_]*`) looked up in the registry, so an unknown word gets a "
            "did-you-mean instead of a bare syntax error; `pizza/toy` may have spaces around "
            "the slash.\n"
            "- Numbers are decimal digits (`AMOUNT`), at most {max_amount} as an amount or a "
            "fixed multiplier; an advance's cost modifier carries its sign (`advance -1`, "
            "`advance +1`, R13.2).\n"
            "- Each operator has two spellings that parse to the same tree: `x` or `×`, "
            "`then` or `▶`; the printer writes the ASCII words.\n"
            "- Actions nest at most {max_depth} deep; a file or an input of more than 4 MiB "
            "is refused."),
        "terminals": "Terminals",
        "terminal": "terminal", "pattern": "pattern",
        "errors": "Every error the checker reports has a code: see [Error codes]"
                  "(error-codes.md).",
    },
    "fr": {
        "language": "Le langage",
        "grammar": "Grammaire",
        "grammar_intro": "La grammaire qu'exécute l'analyseur (Lark, LALR), telle qu'elle est "
                         "composée pour le vocabulaire : `grammar/fort.lark` et une règle par "
                         "primitive, générée depuis le registre. `action` est une case d'une "
                         "carte gamin, `scoring` une règle improvisée. Une règle qui commence "
                         "par `?` disparaît quand elle n'a qu'un enfant ; `-> nom` nomme le "
                         "nœud qu'elle construit.",
        "game_grammar_intro": "La grammaire qu'exécute l'analyseur (Lark, LALR), telle qu'elle "
                              "est composée pour le vocabulaire du jeu : les opérateurs et "
                              "comparaisons du noyau (`grammar/fort.lark`, commun à tous les "
                              "jeux) et une règle par primitive, générée depuis les déclarations "
                              "du jeu. `action` est ce que contient un champ de carte écrit dans "
                              "la langue du jeu. Une règle qui commence par `?` disparaît quand "
                              "elle n'a qu'un enfant ; `-> nom` nomme le nœud qu'elle construit.",
        "precedence": "Priorité des opérateurs",
        "precedence_intro": "Du plus liant au moins liant. Les parenthèses l'emportent sur "
                            "tout (R13.5).",
        "level": "niveau", "operator": "opérateur", "associativity": "associativité",
        "part": "partie", "action": "action", "scoring": "décompte",
        "left": "à gauche : `a x 2 x 3` se lit `(a x 2) x 3`",
        "flat": "associatif : `(a {op} b) {op} c` se lit `a {op} b {op} c`",
        "prefix": "préfixe : `{op} a then b` se lit `({op} a) then b`",
        "right": "à droite : `a if t else b if u else c` se lit "
                 "`a if t else (b if u else c)`",
        "none": "aucune : `a < b < c` est une erreur",
        "arith_left": "à gauche : `1 {op} 2 {op} 3` se lit `(1 {op} 2) {op} 3`",
        "group": "regroupement",
        "lexical": "Règles lexicales",
        "lexical_rules": (
            "Espaces, tabulations et retours à la ligne séparent les mots et sont ignorés "
            "par ailleurs ; une action peut s'étendre sur plusieurs lignes d'un bloc YAML. Il "
            "n'y a pas de commentaires dans une action (les commentaires `#` du YAML restent "
            "à l'extérieur).\n"
            "- Les mots sont sensibles à la casse et en minuscules : `GAIN` est une erreur, "
            "avec une suggestion.\n"
            "- Un mot-clé se termine à une frontière de mot : `gainpizza` est un mot inconnu, "
            "pas `gain pizza` ; `x` n'est l'opérateur que si aucune lettre ne le suit.\n"
            "- Les noms de ressources, de quantités et de mesures sont des mots "
            "(`[A-Za-z_][A-Za-z0-9_]*`) cherchés dans le registre : un mot inconnu reçoit une "
            "suggestion plutôt qu'une simple erreur de syntaxe ; `pizza/toy` admet des "
            "espaces autour de la barre oblique.\n"
            "- Les nombres sont des chiffres décimaux (`AMOUNT`), {max_amount} au plus comme "
            "quantité ou multiplicateur fixe ; le modificateur de coût d'une avancée porte "
            "son signe (`advance -1`, `advance +1`, R13.2).\n"
            "- Chaque opérateur a deux graphies qui donnent le même arbre : `x` ou `×`, "
            "`then` ou `▶` ; l'imprimeur écrit les mots ASCII.\n"
            "- Les actions s'imbriquent sur {max_depth} niveaux au plus ; un fichier ou une "
            "entrée de plus de 4 Mio est refusé."),
        "terminals": "Terminaux",
        "terminal": "terminal", "pattern": "motif",
        "errors": "Chaque erreur signalée par le vérificateur a un code : voir [Codes "
                  "d'erreur](error-codes.md).",
    },
    "ru": {
        "language": "Язык",
        "grammar": "Грамматика",
        "grammar_intro": "Грамматика, по которой работает разборщик (Lark, LALR), в том виде, "
                         "в каком она собрана для словаря: `grammar/fort.lark` и по правилу на "
                         "каждый примитив, созданному из реестра. `action` — одна ячейка "
                         "карты ребёнка, `scoring` — одно придуманное правило. Правило, "
                         "начинающееся с `?`, исчезает, если у него один потомок; `-> имя` "
                         "называет узел, который оно строит.",
        "game_grammar_intro": "Грамматика, по которой работает разборщик (Lark, LALR), в том "
                              "виде, в каком она собрана для словаря игры: операторы и сравнения "
                              "ядра (`grammar/fort.lark`, общий для всех игр) и по правилу на "
                              "каждый примитив, созданному из объявлений игры. `action` — то, "
                              "что содержит поле карты, написанное на языке игры. Правило, "
                              "начинающееся с `?`, исчезает, если у него один потомок; "
                              "`-> имя` называет узел, который оно строит.",
        "precedence": "Приоритет операторов",
        "precedence_intro": "Сначала самые сильные. Скобки важнее всего (R13.5).",
        "level": "уровень", "operator": "оператор", "associativity": "ассоциативность",
        "part": "часть", "action": "действие", "scoring": "подсчёт",
        "left": "левая: `a x 2 x 3` — это `(a x 2) x 3`",
        "flat": "ассоциативный: `(a {op} b) {op} c` — это `a {op} b {op} c`",
        "prefix": "префиксный: `{op} a then b` — это `({op} a) then b`",
        "right": "правая: `a if t else b if u else c` — это `a if t else (b if u else c)`",
        "none": "нет: `a < b < c` — ошибка",
        "arith_left": "левая: `1 {op} 2 {op} 3` — это `(1 {op} 2) {op} 3`",
        "group": "группировка",
        "lexical": "Лексические правила",
        "lexical_rules": (
            "Пробелы, табуляции и переводы строк разделяют слова и больше ничего не значат; "
            "действие может занимать несколько строк блока YAML. Комментариев внутри "
            "действия нет (комментарии YAML `#` остаются снаружи).\n"
            "- Слова различают регистр и пишутся строчными буквами: `GAIN` — ошибка с "
            "подсказкой.\n"
            "- Ключевое слово кончается на границе слова: `gainpizza` — одно неизвестное "
            "слово, а не `gain pizza`; `x` — оператор, только если за ним не идёт буква.\n"
            "- Названия ресурсов, количеств и показателей — это слова "
            "(`[A-Za-z_][A-Za-z0-9_]*`), которые ищутся в реестре, поэтому на неизвестное "
            "слово выдаётся подсказка, а не просто синтаксическая ошибка; в `pizza/toy` "
            "вокруг косой черты допустимы пробелы.\n"
            "- Числа — десятичные цифры (`AMOUNT`), не больше {max_amount} как количество или "
            "постоянный множитель; изменение стоимости улучшения пишется со знаком "
            "(`advance -1`, `advance +1`, R13.2).\n"
            "- У каждого оператора два написания с одним и тем же деревом: `x` или `×`, "
            "`then` или `▶`; печать использует слова ASCII.\n"
            "- Вложенность действий — не больше {max_depth}; файл или ввод больше 4 МиБ "
            "отклоняется."),
        "terminals": "Терминалы",
        "terminal": "терминал", "pattern": "шаблон",
        "errors": "У каждой ошибки проверки есть код: см. [Коды ошибок](error-codes.md).",
    },
}


def text(key: str, lang: str) -> str:
    return TEXT[lang].get(key, TEXT["en"][key])


@dataclass(frozen=True)
class Binary:
    """A binary action operator as the parser sees it: a probe ``score OP right`` (a prefix
    one: ``probe score``)."""

    spec: reg.OperatorSpec
    right: str  # a right operand: `x` takes a quantity, the others an action
    node: type[n.Node]
    probe: str = ""  # a prefix operator as written before its action (``if toy >= 3 ->``)


def _is_prefix(spec: reg.OperatorSpec) -> bool:
    """``if COMPARISON ->``, ``each rival ->``: written before the action they govern."""
    return spec.spellings[-1] == "->"


def _probe(spec: reg.OperatorSpec) -> str:
    """What a prefix operator is written as before its action: its example up to ``->``."""
    return spec.example[:spec.example.index("->") + 2]


def _atom(vocab: reg.Vocabulary) -> str:
    """An action of one primitive in ``vocab``'s language, for the probes: Fort's ``score``,
    or the first primitive whose keyword or example alone is that primitive (issue 33 item 5:
    a game's site derives its table from its own language)."""
    parse = language(vocab).parse_action
    for spec in vocab.primitives:
        for text in (spec.keywords[0], spec.example):
            tree = _parses(parse, text)
            leaf = next((x for x in tree.walk() if type(x) is spec.node), None) if tree else None
            if leaf is not None:
                return to_text(leaf)
    raise ValueError(f"no primitive of `{vocab.name}` to probe its operators with")


def _parses(parse: Callable[[str], n.Node], text: str) -> n.Node | None:
    try:
        return parse(text)
    except FortError:  # an operator the vocabulary's language leaves out
        return None


def _binaries(vocab: reg.Vocabulary | None = None) -> list[Binary]:
    """The binary action operators, each with the node it builds (found by parsing)."""
    vocab = vocab or reg.default_vocabulary()
    parse = language(vocab).parse_action
    atom = "score" if vocab is reg.default_words() else _atom(vocab)
    out = []
    for spec in reg.OPERATORS:
        word = spec.spellings[0]
        if word == "(" or _is_prefix(spec):
            continue
        right = "2" if word == "x" else atom
        tree = _parses(parse, f"{atom} {word} {right}")
        if tree is not None:
            out.append(Binary(spec, right, type(tree)))
    return out


def _prefix_probes(spec: reg.OperatorSpec) -> tuple[str, ...]:
    """How a prefix operator may be written before its action: its example's (Fort's words),
    or for ``if``, a comparison of numbers any vocabulary's language reads."""
    return (_probe(spec), "if 1 >= 1 ->") if spec.spellings[0] == "if" else (_probe(spec),)


def action_precedence(vocab: reg.Vocabulary | None = None) -> list[tuple[Binary, str, int]]:
    """The action operators, tightest first, with their associativity and level (operators
    that bind alike share one), as the parser groups ``score A r B r`` for every pair of binary
    operators, ``score A r A r`` for each, and ``P score B r`` for each prefix ``P``: an
    operator's rank is how many others bind tighter. ``vocab`` (Fort's by default): the
    operators its language has, probed with one of its primitives for ``score``."""
    vocab = vocab or reg.default_vocabulary()
    parse = language(vocab).parse_action
    score = "score" if vocab is reg.default_words() else _atom(vocab)
    ops = _binaries(vocab)
    looser = {op.spec.name: 0 for op in ops}  # how many binary operators bind tighter
    for a, b in combinations(ops, 2):
        for first, second in ((a, b), (b, a)):
            root = type(parse(f"{score} {first.spec.spellings[0]} {first.right} "
                              f"{second.spec.spellings[0]} {second.right}"))
            winner = first if root is first.node else second  # the root binds loosest
            looser[winner.spec.name] += 1
    # Each pair of binary operators was counted in both orders.
    rank = {name: count // 2 for name, count in looser.items()}
    out: list[tuple[Binary, str]] = []
    for op in ops:
        word = op.spec.spellings[0]
        tree = parse(f"{score} {word} {op.right} {word} {op.right}")
        if isinstance(tree, n.Repeat) and isinstance(tree.body, n.Repeat):
            assoc = "left"
        elif isinstance(tree, n.Then | n.Choice) and len(tree.items) == 3:
            assoc = "flat"
        else:  # pragma: no cover - a new operator's grouping must be described first
            raise ValueError(f"undescribed grouping of `{word}`: {tree!r}")
        out.append((op, assoc))
    for spec in (s for s in reg.OPERATORS if _is_prefix(s)):
        probe = next((p for p in _prefix_probes(spec) if _parses(parse, f"{p} {score}")), None)
        if probe is None:
            continue
        node = type(parse(f"{probe} {score}"))
        prefix = Binary(spec, score, node, probe)
        rank[spec.name] = 0
        for b in ops:
            inside = type(parse(f"{probe} {score} {b.spec.spellings[0]} {b.right}"))
            if inside is node:  # `b` binds tighter than the prefix
                rank[spec.name] += 1
            else:  # the prefix binds tighter than `b`
                rank[b.spec.name] += 1
        out.append((prefix, "prefix"))
    ordered = sorted(out, key=lambda pair: rank[pair[0].spec.name])
    levels = {r: i for i, r in enumerate(sorted(set(rank.values())), start=1)}
    return [(op, assoc, levels[rank[op.spec.name]]) for op, assoc in ordered]


def _scoring_assoc(probe: str, check: Callable[[n.Node], bool],
                   vocab: reg.Vocabulary | None = None) -> bool:
    try:
        return check(language(vocab).parse_scoring(probe))
    except FortError:
        return False


def precedence_table(lang: str, vocab: reg.Vocabulary | None = None) -> str:
    """The operators' precedence in ``vocab``'s language (Fort's by default)."""
    rows: list[Sequence[object]] = [
        ("0", "`(` `)`", text("action", lang) + ", " + text("scoring", lang), text("group", lang),
         "R13.5")]
    level = 0
    for op, assoc, level in action_precedence(vocab):
        shown = op.probe if assoc == "prefix" else op.spec.spellings[0]
        rows.append((level, " ".join(f"`{s}`" for s in op.spec.spellings), text("action", lang),
                     text(assoc, lang).format(op=shown),
                     lx.rule_label(op.spec.rule, lang)))
    def arith(op: str) -> str:
        left = _scoring_assoc(f"1 {op} 2 {op} 3", lambda t: isinstance(t, n.Arith)
                              and isinstance(t.left, n.Arith), vocab)
        return text("arith_left", lang).format(op=op) if left else ""

    right = _scoring_assoc("1 if 1 < 2 else 2 if 1 < 2 else 3",
                           lambda t: isinstance(t, n.IfElse) and isinstance(t.otherwise, n.IfElse),
                           vocab)
    chained = _scoring_assoc("1 if 1 < 2 < 3", lambda t: True, vocab)
    scoring = [("`*`", arith("*")),
               (" ".join(f"`{o}`" for o in reg.ARITH_OPS if o != "*"), arith("-")),
               (" ".join(f"`{o}`" for o in reg.COMPARE_OPS), "" if chained else text("none", lang)),
               ("`if` `else`", text("right", lang) if right else "")]
    for i, (ops, assoc) in enumerate(scoring, start=1):
        rows.append((f"{level + i}", ops, text("scoring", lang), assoc, "R14"))
    header = [text(k, lang) for k in ("level", "operator", "part", "associativity")]
    return md.table([*header, lx.ui("rule", lang)], rows)


def terminals(vocab: reg.Vocabulary | None = None) -> list[tuple[str, str]]:
    """The grammar's terminals as Lark compiled them: (name, pattern)."""
    out = []
    for term in language(vocab or reg.default_vocabulary()).lark.terminals:
        pattern = term.pattern
        shown = pattern.value if pattern.type == "str" else f"/{pattern.value}/"
        out.append((term.name, shown))
    return out


def shown_grammar(vocab: reg.Vocabulary, lang: str) -> str:
    """The composed grammar; on the other languages' pages, and on another game's (the base
    file's comments speak of Fort's cards), without its English comment lines (the section's
    prose explains it; a rule's trailing ``// R12.1`` stays)."""
    grammar = language(vocab).grammar.strip()
    if lang == "en" and _forts(vocab):
        return grammar
    lines = [x for x in grammar.splitlines() if not x.lstrip().startswith("//")]
    return "\n".join(re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).strip().splitlines())


def _code_table(header: Sequence[str], rows: Sequence[tuple[str, str]]) -> str:
    """A table of code cells: a pipe inside a code span does not split a row, so it stays
    unescaped (``md.table`` escapes it, which shows in code)."""
    lines = ["| " + " | ".join(header) + " |", "|---|---|"]
    lines += [f"| `{a}` | `` {b} `` |" for a, b in rows]
    return "\n".join(lines) + "\n"


def _forts(vocab: reg.Vocabulary) -> bool:
    """Fort's words, alone or with plugins (``fort+dice``): the intro speaks of its kids."""
    return vocab.name == "fort" or vocab.name.startswith("fort+")


def language_section(lang: str, vocab: reg.Vocabulary | None = None,
                     error_codes: bool = False) -> str:
    """The grammar, the precedence table and the lexical rules, in ``lang``."""
    vocab = vocab or reg.default_vocabulary()
    rules = text("lexical_rules", lang).format(max_amount=reg.MAX_AMOUNT,
                                               max_depth=reg.MAX_DEPTH)
    first, _, rest = rules.partition("\n")
    out = [md.heading(2, text("language", lang), "language"),
           md.heading(3, text("lexical", lang), "lexical"), first + "\n", rest + "\n",
           md.heading(4, text("terminals", lang), "terminals"),
           _code_table([text("terminal", lang), text("pattern", lang)], terminals(vocab)),
           md.heading(3, text("precedence", lang), "precedence"),
           text("precedence_intro", lang) + "\n", precedence_table(lang, vocab),
           md.heading(3, text("grammar", lang), "grammar"),
           text("grammar_intro" if _forts(vocab) else "game_grammar_intro", lang) + "\n",
           md.code(shown_grammar(vocab, lang), "text")]
    if error_codes:
        out.append(text("errors", lang) + "\n")
    return "\n".join(out)
