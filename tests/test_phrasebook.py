"""The phrasebook: every AST node as a sentence in en, fr and ru, in the rulebooks' words."""

from __future__ import annotations

import dataclasses
import doctest
from dataclasses import dataclass

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from fortlang import nodes as n
from fortlang import phrasebook
from fortlang import registry as reg
from fortlang.cli import main
from fortlang.games.fort import nodes as fn
from fortlang.games.fort import vocabulary as fort_words
from fortlang.games.fort.model import MadeUpRule, Perk, PerkHook
from fortlang.games.fort.phrasebook import perk_text, rule_text, suit_name
from fortlang.parser import parse_action, parse_scoring
from fortlang.phrasebook import (
    LANGUAGES,
    book,
    grammar,
    plural,
    resource_name,
    sentence,
    term,
)

# -- golden sentences: every action quoted in R12/R13 and fort-base-facts.md -------------------

ACTIONS = [
    # (id, action, en, fr, ru)
    ("r5_3_bug_public_gain_pizza_x_shovel", "gain pizza x shovel",
     "Gain 1 pizza for each shovel.",
     "Gagnez autant de pizzas que de pelles.",
     "Получите столько пицц, сколько у вас лопаток."),
    ("bug_private_score_x_level", "score x level",
     "Score 1 victory point for each level of your fort.",
     "Marquez autant de points de victoire que votre Niveau de Fort.",
     "Получите 1 ПО за каждый уровень вашего форта."),
    ("r12_1_bud_public_gain_2_pizza_or_toy", "gain 2 pizza/toy",
     "Gain 2 pizzas or 2 toys.",
     "Gagnez 2 pizzas ou 2 jouets.",
     "Получите 2 пиццы или 2 игрушки."),
    ("r12_1_gain_resource", "gain resource",
     "Gain 1 pizza or 1 toy.",
     "Gagnez 1 pizza ou 1 jouet.",
     "Получите 1 пиццу или 1 игрушку."),
    ("bud_public_as_a_choice", "gain 2 pizza or gain 2 toy",
     "Gain 2 pizzas or gain 2 toys.",
     "Gagnez 2 pizzas ou gagnez 2 jouets.",
     "Получите 2 пиццы или получите 2 игрушки."),
    ("kitty_gain_toy", "gain toy",
     "Gain 1 toy.",
     "Gagnez 1 jouet.",
     "Получите 1 игрушку."),
    ("r12_2_pack", "pack",
     "Move 1 resource from your stuff to your pack.",
     "Transférez 1 ressource de vos Affaires vers votre Sac à dos.",
     "Положите 1 ресурс из ваших вещей в ваш рюкзак."),
    ("r12_3_lookout", "lookout",
     "Add a card from your hand to your lookout.",
     "Ajoutez une carte de votre main à votre Observatoire.",
     "Добавьте карту из руки в ваш дозор."),
    ("r12_4_bud_private_destroy_card", "destroy card",
     "Destroy a card from your hand or discard pile.",
     "Détruisez une carte de votre main ou de votre défausse.",
     "Уберите в коробку карту из руки или сброса."),
    ("r12_5_destroy_this", "destroy this",
     "Destroy this card.",
     "Détruisez cette carte.",
     "Уберите эту карту в коробку."),
    ("r12_6_recruit", "recruit",
     "Recruit a card.",
     "Recrutez une carte.",
     "Призовите карту."),
    ("r12_7_advance", "advance",
     "Advance your fort.",
     "Avancez votre Niveau de Fort.",
     "Повысьте уровень вашего форта."),
    ("r13_2_dot_advance_minus_1", "advance -1",
     "Advance your fort, paying 1 resource less.",
     "Avancez votre Niveau de Fort en payant 1 ressource de moins.",
     "Повысьте уровень вашего форта, заплатив на 1 ресурс меньше."),
    ("r13_2_advance_plus_1", "advance +1",
     "Advance your fort, paying 1 resource more.",
     "Avancez votre Niveau de Fort en payant 1 ressource de plus.",
     "Повысьте уровень вашего форта, заплатив на 1 ресурс больше."),
    ("r12_8_score", "score",
     "Score 1 victory point.",
     "Marquez 1 point de victoire.",
     "Получите 1 ПО."),
    ("r12_9_spend_2_toy", "spend 2 toy",
     "Spend 2 toys.",
     "Dépensez 2 jouets.",
     "Потратьте 2 игрушки."),
    ("munch_spend_pizza_then_score_2", "spend pizza then score 2",
     "Spend 1 pizza, then score 2 victory points.",
     "Dépensez 1 pizza, puis marquez 2 points de victoire.",
     "Потратьте 1 пиццу, затем получите 2 ПО."),
    ("r12_11_copy_pack", "copy pack",
     "Gain the same resources as are in your pack.",
     "Prenez les mêmes ressources que celles de votre Sac à dos.",
     "Получите такие же ресурсы, какие лежат у вас в рюкзаке."),
    ("r12_12_copy_rival_pack", "copy rival pack",
     "Gain the same resources as are in a rival's pack.",
     "Prenez les mêmes ressources que celles du Sac à dos d'un adversaire.",
     "Получите такие же ресурсы, какие лежат в рюкзаке соперника."),
    ("r12_13_convert", "convert",
     "Swap a pizza for a toy or a toy for a pizza.",
     "Remplacez une pizza par un jouet ou un jouet par une pizza.",
     "Замените пиццу на игрушку или игрушку на пиццу."),
    ("r12_13_convert_x_glue", "convert x glue",
     "Swap a pizza for a toy or a toy for a pizza for each glue.",
     "Remplacez une pizza par un jouet ou un jouet par une pizza pour chaque colle.",
     "Замените пиццу на игрушку или игрушку на пиццу за каждую масть клея."),
    ("r13_3_doodles_gain_toy_x_glue", "gain toy × glue",
     "Gain 1 toy for each glue.",
     "Gagnez autant de jouets que de colle.",
     "Получите столько игрушек, сколько у вас мастей клея."),
    ("patch_gain_toy_x_book", "gain toy x book",
     "Gain 1 toy for each book.",
     "Gagnez autant de jouets que de livres.",
     "Получите столько игрушек, сколько у вас книжек."),
    ("r13_3_score_x_resources_in_pack", "score x pack",
     "Score 1 victory point for each resource in your pack.",
     "Marquez autant de points de victoire que de ressources dans votre Sac à dos.",
     "Получите столько ПО, сколько ресурсов у вас в рюкзаке."),
    ("r5_7_gain_toy_x_any", "gain toy x any",
     "Gain 1 toy for each icon of one suit of your choice.",
     "Gagnez autant de jouets que de symboles d'une famille de votre choix.",
     "Получите столько игрушек, сколько у вас символов выбранной вами масти."),
    ("r13_1_lookout_size", "score x lookout",
     "Score 1 victory point for each card in your lookout.",
     "Marquez autant de points de victoire que de cartes dans votre Observatoire.",
     "Получите столько ПО, сколько карт у вас в дозоре."),
    ("r13_4_destroy_rival_then_gain_resource", "destroy rival then gain resource",
     "Destroy a card from a rival's yard, then gain 1 pizza or 1 toy.",
     "Détruisez une carte du Jardin d'un adversaire, puis gagnez 1 pizza ou 1 jouet.",
     "Уберите в коробку карту со двора соперника, затем получите 1 пиццу или 1 игрушку."),
    ("r13_4_advance_then_score_2", "advance ▶ score 2",
     "Advance your fort, then score 2 victory points.",
     "Avancez votre Niveau de Fort, puis marquez 2 points de victoire.",
     "Повысьте уровень вашего форта, затем получите 2 ПО."),
    ("r13_2_advance_minus_1_then_score_2", "advance -1 then score 2",
     "Advance your fort, paying 1 resource less, then score 2 victory points.",
     "Avancez votre Niveau de Fort en payant 1 ressource de moins, puis marquez 2 points de "
     "victoire.",
     "Повысьте уровень вашего форта, заплатив на 1 ресурс меньше, затем получите 2 ПО."),
    ("r13_5_recruit_then_gain_toy_x_water_gun", "(recruit then gain toy) x water_gun",
     "For each water gun: recruit a card, then gain 1 toy.",
     "Pour chaque pistolet à eau : recrutez une carte, puis gagnez 1 jouet.",
     "За каждую брызгалку: призовите карту, затем получите 1 игрушку."),
    ("r12_5_r13_5_score_x_book_then_destroy_this", "score x book ▶ destroy this",
     "Score 1 victory point for each book, then destroy this card.",
     "Marquez autant de points de victoire que de livres, puis détruisez cette carte.",
     "Получите столько ПО, сколько у вас книжек, затем уберите эту карту в коробку."),
    # beyond the rulebook: amounts, fixed repeats, nesting, choices inside sequences
    ("amount_2_repeated_keeps_the_amount", "gain 2 pizza x crown",
     "Gain 2 pizzas for each crown.",
     "Gagnez 2 pizzas pour chaque couronne.",
     "Получите 2 пиццы за каждую корону."),
    ("either_repeated", "gain pizza/toy x skateboard",
     "Gain 1 pizza or 1 toy for each skateboard.",
     "Gagnez autant de pizzas ou de jouets que de skateboards.",
     "Получите столько пицц или игрушек, сколько у вас скейтбордов."),
    ("fixed_repeat", "gain pizza x 2",
     "Gain 1 pizza twice.",
     "Gagnez 1 pizza 2 fois.",
     "Получите 1 пиццу 2 раза."),
    ("generic_repeat_of_a_primitive", "destroy card x coin",
     "Destroy a card from your hand or discard pile for each coin.",
     "Détruisez une carte de votre main ou de votre défausse pour chaque pièce.",
     "Уберите в коробку карту из руки или сброса за каждую монетку."),
    ("nested_group_in_a_group", "(gain pizza x shovel then score) x book",
     "For each book: gain 1 pizza for each shovel, then score 1 victory point.",
     "Pour chaque livre : gagnez autant de pizzas que de pelles, puis marquez 1 point de "
     "victoire.",
     "За каждую книжку: получите столько пицц, сколько у вас лопаток, затем получите 1 ПО."),
    ("repeated_group_repeated_again", "((recruit then gain toy) x water_gun) x 2",
     "Twice: (for each water gun: recruit a card, then gain 1 toy).",
     "2 fois : (pour chaque pistolet à eau : recrutez une carte, puis gagnez 1 jouet).",
     "2 раза: (за каждую брызгалку: призовите карту, затем получите 1 игрушку)."),
    # A block (a group repeated, a condition, a target) not in brackets runs to the end of the
    # sentence (issue 36: no brackets where nothing follows); one that something follows is
    # bracketed.
    ("block_ending_a_sequence_runs_to_its_end", "score then (recruit then gain toy) x water_gun",
     "Score 1 victory point, then for each water gun: recruit a card, then gain 1 toy.",
     "Marquez 1 point de victoire, puis pour chaque pistolet à eau : recrutez une carte, puis "
     "gagnez 1 jouet.",
     "Получите 1 ПО, затем за каждую брызгалку: призовите карту, затем получите 1 игрушку."),
    ("block_in_the_middle_is_bracketed", "(recruit then gain toy) x water_gun then score",
     "(For each water gun: recruit a card, then gain 1 toy), then score 1 victory point.",
     "(Pour chaque pistolet à eau : recrutez une carte, puis gagnez 1 jouet), puis marquez 1 "
     "point de victoire.",
     "(За каждую брызгалку: призовите карту, затем получите 1 игрушку), затем получите 1 ПО."),
    ("condition_ending_a_sequence", "draw then if hand >= 4 -> score",
     "Draw 1 card, then if you have at least 4 cards in your hand, score 1 victory point.",
     "Piochez 1 carte, puis si vous avez au moins 4 cartes dans votre main, marquez 1 point de "
     "victoire.",
     "Возьмите из колоды 1 карту, затем если у вас не меньше, чем 4 карты в руке, получите "
     "1 ПО."),
    ("condition_over_a_sequence", "if hand >= 4 -> (draw then gain toy)",
     "If you have at least 4 cards in your hand: draw 1 card, then gain 1 toy.",
     "Si vous avez au moins 4 cartes dans votre main : piochez 1 carte, puis gagnez 1 jouet.",
     "Если у вас не меньше, чем 4 карты в руке: возьмите из колоды 1 карту, затем получите 1 "
     "игрушку."),
    ("condition_in_the_middle_is_bracketed", "(if toy >= 3 -> score) then gain pizza",
     "(If you have at least 3 toys on your board, score 1 victory point), then gain 1 pizza.",
     "(Si vous avez au moins 3 jouets sur votre plateau joueur, marquez 1 point de victoire), "
     "puis gagnez 1 pizza.",
     "(Если у вас не меньше, чем 3 игрушки на вашем планшете, получите 1 ПО), затем получите 1 "
     "пиццу."),
    ("target_over_a_sequence", "each rival -> (draw then lose)",
     "Each rival, in turn order: draw 1 card, then lose 1 victory point.",
     "Chaque adversaire, dans l'ordre du tour : piochez 1 carte, puis perdez 1 point de "
     "victoire.",
     "Каждый соперник по очереди: возьмите из колоды 1 карту, затем потеряйте 1 ПО."),
    ("hand_against_rivals_says_you_once", "if hand > rival hand -> score",
     "If you have more cards in your hand than every rival, score 1 victory point.",
     "Si vous avez plus de cartes dans votre main que chacun de vos adversaires, marquez 1 point "
     "de victoire.",
     "Если у вас больше карт в руке, чем у каждого из соперников, получите 1 ПО."),
    ("choice_inside_then", "(gain pizza or gain toy) then score",
     "(Gain 1 pizza or gain 1 toy), then score 1 victory point.",
     "(Gagnez 1 pizza ou gagnez 1 jouet), puis marquez 1 point de victoire.",
     "(Получите 1 пиццу или получите 1 игрушку), затем получите 1 ПО."),
    ("then_binds_tighter_than_or", "gain pizza or advance then score 2",
     "Gain 1 pizza or (advance your fort, then score 2 victory points).",
     "Gagnez 1 pizza ou (avancez votre Niveau de Fort, puis marquez 2 points de victoire).",
     "Получите 1 пиццу или (повысьте уровень вашего форта, затем получите 2 ПО)."),
]  # fmt: skip


@pytest.mark.parametrize(("action", "en", "fr", "ru"), [a[1:] for a in ACTIONS],
                         ids=[a[0] for a in ACTIONS])
def test_golden_action_sentences(action: str, en: str, fr: str, ru: str) -> None:
    node = parse_action(action)
    assert {lang: sentence(node, lang) for lang in LANGUAGES} == {"en": en, "fr": fr, "ru": ru}


# -- golden made-up rules (R14), written in the scoring sub-language -----------------------------

RULES = [
    ("big_plans", "advances",
     "Score 1 victory point for each advance-fort action on your cards.",
     "Marquez 1 point de victoire par action Avancer son Fort sur vos cartes.",
     "Получите 1 ПО за каждое действие «улучшение форта» на ваших картах."),
    ("friendship_bracelet", "suits + 1 if suits = 6 else suits",
     "Score 1 victory point for each different suit you have, plus 1 victory point if you have "
     "exactly 6 different suits; otherwise, score 1 victory point for each different suit you "
     "have.",
     "Marquez 1 point de victoire par famille différente que vous possédez, plus 1 point de "
     "victoire si vous avez exactement 6 familles différentes ; sinon, marquez 1 point de "
     "victoire par famille différente que vous possédez.",
     "Получите 1 ПО за каждую имеющуюся у вас масть, плюс 1 ПО, если у вас ровно 6 мастей; "
     "иначе получите 1 ПО за каждую имеющуюся у вас масть."),
    ("friendship_bracelet_as_the_base_set_writes_it", "suits + (1 if suits = 6)",
     "Score 1 victory point for each different suit you have, plus 1 victory point if you have "
     "exactly 6 different suits.",
     "Marquez 1 point de victoire par famille différente que vous possédez, plus 1 point de "
     "victoire si vous avez exactement 6 familles différentes.",
     "Получите 1 ПО за каждую имеющуюся у вас масть, плюс 1 ПО, если у вас ровно 6 мастей."),
    ("piggy_bank", "toy",
     "Score 1 victory point for each toy on your board.",
     "Marquez 1 point de victoire par jouet sur votre plateau joueur.",
     "Получите 1 ПО за каждую игрушку на вашем планшете."),
    ("loner", "5 if best_friends = 0",
     "Score 5 victory points if you have no best friends.",
     "Marquez 5 points de victoire si vous n'avez pas de Meilleurs Copains.",
     "Получите 5 ПО, если у вас нет лучших друзей."),
    ("minimalism", "8 if level = 2",
     "Score 8 victory points if your fort level is 2.",
     "Marquez 8 points de victoire si votre Niveau de Fort est égal à 2.",
     "Получите 8 ПО, если уровень вашего форта — ровно 2."),
    ("popularity", "lookout",
     "Score 1 victory point for each card in your lookout.",
     "Marquez 1 point de victoire par carte dans votre Observatoire.",
     "Получите 1 ПО за каждую карту в вашем дозоре."),
    ("play_palace", "crown",
     "Score 1 victory point for each crown you have.",
     "Marquez 1 point de victoire par couronne que vous possédez.",
     "Получите 1 ПО за каждую имеющуюся у вас корону."),
    ("sleepover", "8 if cards > rival cards else 4 if cards = rival cards",
     "Score 8 victory points if you have more cards than every rival; otherwise, score 4 "
     "victory points if you have as many cards as the best rival.",
     "Marquez 8 points de victoire si vous avez plus de cartes que chacun de vos adversaires ; "
     "sinon, marquez 4 points de victoire si vous avez autant de cartes que le meilleur de vos "
     "adversaires.",
     "Получите 8 ПО, если у вас больше карт, чем у каждого из соперников; иначе получите 4 ПО, "
     "если у вас столько же карт, сколько у лучшего из соперников."),
    ("product_says_points_per_thing", "2 * pizza",
     "Score 2 victory points for each pizza on your board.",
     "Marquez 2 points de victoire par pizza sur votre plateau joueur.",
     "Получите 2 ПО за каждую пиццу на вашем планшете."),
    ("number_first_comparison_is_mirrored", "3 if 2 < toy",
     "Score 3 victory points if you have more than 2 toys on your board.",
     "Marquez 3 points de victoire si vous avez plus de 2 jouets sur votre plateau joueur.",
     "Получите 3 ПО, если у вас больше, чем 2 игрушки на вашем планшете."),
    ("generic_arithmetic", "cards - rival cards",
     "Score as many victory points as the number of cards you have minus the most cards any "
     "rival has.",
     "Marquez autant de points de victoire que le nombre de cartes que vous possédez moins le "
     "plus grand nombre de cartes chez un adversaire.",
     "Получите столько ПО, сколько составляет количество имеющихся у вас карт минус наибольшее "
     "количество карт у соперника."),
    ("generic_comparison_contracts_in_french", "1 if level >= rival level",
     "Score 1 victory point if your fort level is at least the highest fort level among your "
     "rivals.",
     "Marquez 1 point de victoire si votre Niveau de Fort est supérieur ou égal au plus haut "
     "Niveau de Fort parmi vos adversaires.",
     "Получите 1 ПО, если уровень вашего форта не меньше, чем наибольший уровень форта среди "
     "соперников."),
]  # fmt: skip


@pytest.mark.parametrize(("rule", "en", "fr", "ru"), [r[1:] for r in RULES],
                         ids=[f"r14_{r[0]}" for r in RULES])
def test_golden_scoring_sentences(rule: str, en: str, fr: str, ru: str) -> None:
    node = parse_scoring(rule)
    assert {lang: sentence(node, lang) for lang in LANGUAGES} == {"en": en, "fr": fr, "ru": ru}


def test_r14_rule_text_says_when_it_scores() -> None:
    rule = MadeUpRule("popularity", "Popularity", parse_scoring("lookout"))
    assert rule_text(rule, "en") == "At the end of the game, score 1 victory point for each " \
                                    "card in your lookout."
    assert rule_text(rule, "ru").startswith("В конце игры получите 1 ПО")
    assert rule_text(rule, "fr").startswith("En fin de partie, marquez")


# -- dispatch tables (STYLE #8) -----------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_node_class_has_a_handler(lang: str) -> None:
    """A node class is said by the phrasebook's table (operators, suits, numbers, scoring) or,
    a primitive or a quantity, by its declaration's phrase in that language (Fort's as a
    plugin's)."""
    declared = {p.node for p in fort_words.PRIMITIVES if lang in p.phrases} | {
        type(w.build()) for w in fort_words.QUANTITIES if lang in w.phrases}
    missing = [cls.__name__ for cls in (*n.ALL_NODES, *fn.ACTION_LEAVES, *fn.QUANTITY_NODES)
               if cls not in book(lang).TABLE and cls not in declared]
    assert missing == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_issue_33_2_no_fort_primitive_is_keyed_in_a_phrasebook(lang: str) -> None:
    """One path: Fort's primitives are said by their declarations, as a plugin's are; the
    phrasebooks keep the grammar (operators, quantities, scoring), no table keyed by a Fort
    primitive (neither to say it nor to say it "as many")."""
    b = book(lang)
    keyed = {cls.__name__ for cls in b.TABLE} | {
        cls.__name__ for cls in getattr(b.ACTION_WORDS, "as_many", {})}
    assert keyed.isdisjoint({p.node.__name__ for p in fort_words.PRIMITIVES})


@pytest.mark.parametrize("lang", LANGUAGES)
def test_issue_33_2_fort_s_quantities_are_said_by_their_declarations(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """`x pack`, `x hand`...: said by the word's declaration (its phrases and its "as many"
    words), as a plugin's quantity is; no phrasebook table names them."""
    assert not {fn.AnySuit, fn.PackSize, fn.FortLevel, fn.LookoutSize, n.Tally} \
        & set(book(lang).TABLE)
    monkeypatch.setitem(fort_words.QUANTITY_BY_WORD["hand"].phrases, lang, "per hand card")  # type: ignore[index]
    monkeypatch.setitem(fort_words.QUANTITY_BY_WORD["pack"].how_many, lang, "HOW")  # type: ignore[index]
    assert sentence(parse_action("score x hand"), lang).endswith(" per hand card.")
    said = sentence(parse_action("gain pizza x pack"), lang)
    assert ("HOW" in said) == (lang != "en")  # English says "1 pizza for each ..." throughout


@pytest.mark.parametrize("lang", LANGUAGES)
def test_issue_33_2_fort_s_metrics_are_said_by_their_declarations(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """`cards`, `level`, `hand`...: a scoring sentence takes a metric's words from its
    declaration (``WordSpec.said``); the phrasebooks keep only the suits' (a template)."""
    assert set(book(lang).EXPR_WORDS.metrics) == {s.value for s in fn.Suit}
    said = fort_words.METRIC_BY_WORD["level"].said[lang](book(lang))
    monkeypatch.setitem(fort_words.METRIC_BY_WORD["level"].said, lang,  # type: ignore[index]
                        lambda b: dataclasses.replace(said, value="THE LEVEL"))
    assert "THE LEVEL" in rule_text(MadeUpRule("r", "R", parse_scoring("level * 2 + level")),
                                    lang)


def test_issue_33_2_a_fort_primitive_is_said_by_its_declaration(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Change Fort's `gain` declaration's phrases: `explain` says the new words, in each
    language, and the "as many" form in French and Russian is the declaration's too."""
    gain = fort_words.PRIMITIVE_BY_NAME["gain"]
    for lang, phrase in (("en", "pick up {amount} {resource}"),
                         ("fr", lambda a: f"ramassez {a.amount}"), ("ru", "подберите")):
        monkeypatch.setitem(gain.phrases, lang, phrase)  # type: ignore[index]
    monkeypatch.setitem(gain.as_many, "fr",  # type: ignore[index]
                        lambda b, a, how: f"ramassez autant que {how}")
    runner = CliRunner()
    said = [runner.invoke(main, ["explain", "gain 2 toy then pack", "--lang", lang]).output
            for lang in LANGUAGES]
    assert "Pick up 2 toy, then move 1 resource" in said[0]
    assert "Ramassez 2, puis transférez" in said[1]
    assert "Подберите, затем положите" in said[2]
    assert sentence(parse_action("gain pizza x shovel"), "fr") == \
        "Ramassez autant que de pelles."


@dataclass(frozen=True, slots=True)
class _Alien(n.Action):
    """A node no phrasebook knows."""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_unknown_node_raises(lang: str) -> None:
    with pytest.raises(TypeError, match="_Alien"):
        sentence(_Alien(), lang)
    with pytest.raises(TypeError, match="_Alien"):  # also deep inside a tree
        sentence(n.Then((fn.Score(), _Alien())), lang)


def test_unknown_language_raises() -> None:
    with pytest.raises(ValueError, match="unknown language 'de'"):
        sentence(fn.Score(), "de")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("quantity", fort_words.QUANTITIES, ids=lambda w: w.word)
def test_r13_1_every_quantity_repeats_a_primitive_inline(lang: str, quantity: reg.WordSpec) -> None:
    said = sentence(n.Repeat(fn.Recruit(), quantity.build()), lang)  # type: ignore[arg-type]
    assert said.startswith(sentence(fn.Recruit(), lang)[:-1] + " ")


# -- plurals ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("amount", "expected"), [
    (1, "1 пицца"), (2, "2 пиццы"), (5, "5 пицц"), (11, "11 пицц"), (21, "21 пицца"),
    (22, "22 пиццы"), (12, "12 пицц"), (14, "14 пицц"), (111, "111 пицц"), (0, "0 пицц"),
])
def test_russian_plural_one_few_many(amount: int, expected: str) -> None:
    assert plural("ru", "pizza", amount) == expected


@pytest.mark.parametrize(("key", "amount", "expected"), [
    ("card", 1, "1 карта"), ("card", 3, "3 карты"), ("card", 25, "25 карт"),
    ("best_friend", 2, "2 лучших друга"), ("best_friend", 5, "5 лучших друзей"),
    ("resource", 21, "21 ресурс"), ("resource", 24, "24 ресурса"),
    ("victory_point", 1, "1 победное очко"), ("victory_point", 3, "3 победных очка"),
    ("victory_point", 11, "11 победных очков"),
])
def test_russian_plural_other_nouns(key: str, amount: int, expected: str) -> None:
    assert plural("ru", key, amount) == expected


@pytest.mark.parametrize(("lang", "amount", "expected"), [
    ("en", 1, "1 pizza"), ("en", 2, "2 pizzas"), ("en", 0, "0 pizzas"),
    ("fr", 1, "1 pizza"), ("fr", 2, "2 pizzas"), ("fr", 0, "0 pizza"),
])
def test_english_and_french_plural(lang: str, amount: int, expected: str) -> None:
    assert plural(lang, "pizza", amount) == expected


def test_russian_amounts_agree_in_the_accusative_after_the_verb() -> None:
    assert sentence(parse_action("gain pizza"), "ru") == "Получите 1 пиццу."
    assert sentence(fn.Gain(21, fn.Resource.TOY), "ru") == "Получите 21 игрушку."
    assert sentence(fn.Gain(5, fn.Resource.TOY), "ru") == "Получите 5 игрушек."


# -- helpers the docs reuse ---------------------------------------------------------------------


@pytest.mark.parametrize(("key", "en", "fr", "ru"), [
    ("kid_card", "kid card", "carte gamin", "карта ребёнка"),
    ("best_friend", "best friend", "Meilleur Copain", "лучший друг"),
    ("public_action", "public action", "action publique", "открытое действие"),
    ("private_action", "private action", "action privée", "личное действие"),
    ("lookout", "lookout", "Observatoire", "дозор"),
    ("stuff", "stuff", "Affaires", "вещи"),
    ("pack", "pack", "Sac à dos", "рюкзак"),
    ("fort_level", "fort level", "Niveau de Fort", "уровень форта"),
    ("made_up_rule", "made-up rule", "règle improvisée", "придуманное правило"),
    ("perk", "perk", "avantage", "преимущество"),
])
def test_glossary_terms(key: str, en: str, fr: str, ru: str) -> None:
    assert [term(key, lang) for lang in LANGUAGES] == [en, fr, ru]


def test_unknown_term_lists_the_known_ones() -> None:
    with pytest.raises(KeyError, match="lookout"):
        term("lookoot", "en")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_term_key_exists_in_every_language(lang: str) -> None:
    assert set(book(lang).TERMS) == set(book("en").TERMS)


def test_suit_and_resource_names() -> None:
    assert [suit_name(fn.Suit.WATER_GUN, lang) for lang in LANGUAGES] == [
        "water gun", "pistolet à eau", "брызгалка"]
    assert suit_name("glue", "ru") == "клей"
    assert suit_name("shovel", "ru", 5) == "5 лопаток"
    assert resource_name(fn.Resource.EITHER, "fr") == "pizza ou jouet"
    assert resource_name("pizza/toy", "ru", 2) == "2 пиццы или 2 игрушки"


# -- perks (R15): text generated from hook + parameters -----------------------------------------


def test_r15_perk_text_follows_its_parameters() -> None:
    xxl = Perk("xxl_backpack", "XXL Backpack", PerkHook.MODIFY, {"pack_capacity": 2})
    bigger = Perk("xxl_backpack", "XXL Backpack", PerkHook.MODIFY, {"pack_capacity": 5})
    assert perk_text(xxl, "en") == "Your pack holds an extra 2 resources."
    assert perk_text(bigger, "ru") == "В ваш рюкзак помещается на 5 ресурсов больше."
    bribe = Perk("bribe", "Bribe", PerkHook.LOOKOUT_FROM_ANYWHERE,
                 {"from": ["park", "park_deck", "yard"]})
    assert "du Parc, de la pioche Parc ou d'un Jardin" in perk_text(bribe, "fr")
    party = Perk("birthday_party", "Birthday Party", PerkHook.EXTRA_RECRUIT, {"from": ["park"]})
    assert perk_text(party, "en").endswith("recruit another card from the park.")


@pytest.mark.parametrize(("lang", "up_to"), [("en", "up to 2 cards"), ("fr", "jusqu'à 2 cartes"),
                                             ("ru", "несколько (не больше, чем 2 карты)")])
def test_r15_copy_cat_discards_up_to_its_maximum(lang: str, up_to: str) -> None:
    copy_cat = Perk("copy-cat", "Copy Cat", PerkHook.FOLLOW_DISCARD_MORE, {"max_discards": 2})
    assert up_to in perk_text(copy_cat, lang)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("hook", list(PerkHook), ids=str)
def test_r15_every_perk_hook_has_a_text(lang: str, hook: PerkHook) -> None:
    action = {"when": "turn_start", "action": fn.Score()} if hook is PerkHook.ACTION else {}
    said = perk_text(Perk(hook.value, hook.value, hook, **action), lang)
    assert said[0].isupper() and said.endswith(".") and "{" not in said


# -- any AST: a sentence, never an exception or a leftover placeholder -----------------------------

_LEAF_ARGS = {
    fn.Gain: st.builds(fn.Gain, st.integers(1, 10), st.sampled_from(fn.Resource)),
    fn.Spend: st.builds(fn.Spend, st.integers(1, 10), st.sampled_from(fn.Resource)),
    fn.Score: st.builds(fn.Score, st.integers(1, 10)),
    fn.Advance: st.builds(fn.Advance, st.sampled_from((0, *fort_words.MODIFIERS))),
}
leaves = st.one_of(*(_LEAF_ARGS.get(p.node, st.just(p.node())) for p in fort_words.PRIMITIVES))
quantities = st.one_of(
    st.builds(fn.SuitCount, st.sampled_from(fn.Suit)), st.just(fn.AnySuit()),
    st.just(fn.PackSize()),
    st.just(fn.FortLevel()), st.just(fn.LookoutSize()), st.builds(n.Fixed, st.integers(1, 10)),
)
actions = st.recursive(leaves, lambda inner: st.one_of(
    st.builds(n.Repeat, inner, quantities),
    st.builds(n.Then, st.lists(inner, min_size=2, max_size=3).map(tuple)),
    st.builds(n.Choice, st.lists(inner, min_size=2, max_size=3).map(tuple)),
), max_leaves=8)

metric_names = st.sampled_from(list(fort_words.METRIC_BY_WORD))
values = st.one_of(st.builds(n.Number, st.integers(0, 30)), st.builds(n.Metric, metric_names),
                   st.builds(n.RivalBest, metric_names))
tests = st.builds(n.Compare, st.sampled_from(reg.COMPARE_OPS), values, values)
exprs = st.recursive(values, lambda inner: st.one_of(
    st.builds(n.Arith, st.sampled_from(reg.ARITH_OPS), inner, inner),
    st.builds(n.IfElse, inner, tests, st.none() | inner),
), max_leaves=6)


def _reads_well(said: str) -> None:
    assert said.strip() and said.endswith(".")
    assert not any(c in said for c in "{}_"), said
    assert said.count("(") == said.count(")"), said
    first = next(c for c in said if c.isalnum())
    assert first.isupper() or first.isdigit(), said


@settings(max_examples=150, deadline=None)
@given(node=st.one_of(actions, quantities, exprs, tests))
def test_any_ast_reads_as_a_sentence_in_every_language(node: n.Node) -> None:
    for lang in LANGUAGES:
        _reads_well(sentence(node, lang))


# -- `fortlang explain` -------------------------------------------------------------------------


def test_explain_prints_the_canonical_form_then_the_french_sentence() -> None:
    result = CliRunner().invoke(main, ["explain", "gain  pizza × shovel", "--lang", "fr"])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == ["gain pizza x shovel",
                                          "Gagnez autant de pizzas que de pelles."]


def test_explain_scoring_in_russian() -> None:
    result = CliRunner().invoke(main, ["explain", "--scoring", "5 if best_friends = 0",
                                       "--lang", "ru"])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[1] == "Получите 5 ПО, если у вас нет лучших друзей."


@pytest.mark.parametrize("module", [phrasebook, grammar], ids=lambda m: m.__name__)
def test_docstring_examples_run(module: object) -> None:
    assert doctest.testmod(module).failed == 0  # type: ignore[arg-type]


def test_an_outer_condition_covers_the_whole_inner_rule() -> None:
    said = sentence(parse_scoring("(8 if cards > rival cards else 2) if level = 2"), "en")
    assert said == ("(Score 8 victory points if you have more cards than every rival; otherwise, "
                    "score 2 victory points) if your fort level is 2.")


@pytest.mark.parametrize(("rule", "expected"), [
    ("3 if advances > rival advances", "plus d'actions Avancer son Fort sur vos cartes que chacun"),
    ("1 if level > rival level", "supérieur au plus haut Niveau de Fort"),
    ("1 if cards != rival suits", "différent du plus grand nombre de familles différentes"),
])
def test_french_contracts_and_elides(rule: str, expected: str) -> None:
    said = sentence(parse_scoring(rule), "fr")
    assert expected in said
    assert not any(bad in said for bad in (" de a", " à le ", " de le ", " de les "))
