"""The one registry of fortlang's vocabulary.

The parser's grammar rule and keywords for each primitive are generated from its declared
``syntax``, the printer follows the same syntax, the checker reads its bounds, the greedy bot its
``worth``, and the docs generate the language reference from it. Every primitive, Fort's
own as any other vocabulary's, brings its sentences, meanings and icon in its declaration
(``phrases``, ``meanings``, ``drawing``/``icon``), which the phrasebooks and the docs read through
:func:`spec_of`; Fort's have their effects in the engine's tables, another vocabulary's in its
declaration (``effect``, ``op``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from functools import partial
from typing import Any

from fortlang import nodes as n
from fortlang import vocabulary
from fortlang.nodes import Resource, Suit
from fortlang.svgshapes import BACKPACK, CARD, CROSS, EYE, TOWER, TROPHY, fill, framed, stroke
from fortlang.vocabulary import (
    AMOUNT,
    CORE_KINDS,
    ArgKind,
    Phrase,
    Selector,
    Word,
    counted,
    everyone,
    is_argument_token,
    kinds_by_token,
    others,
    parse_syntax,
)


@dataclass(frozen=True)
class PrimitiveSpec:
    """One action icon of the game (R12)."""

    name: str  # the grammar rule, e.g. "destroy_card"
    node: type[n.Action]
    syntax: str  # the canonical form, as the docs show it
    rule: str  # rule number(s) in FORT-RULES.md
    meaning: str  # one English line, for the language reference
    example: str
    repeatable: bool = True  # may stand on the left of `x`
    #: The most options it offers at one choice point while a move is searched (cards that
    #: end alike count once per zone; pizza/toy is not counted here: it is chosen once per
    #: node, R12.1): the checker's bound on the search a card needs (E202) reads it.
    most_options: int = 1
    #: How many times it can be performed in full in a row at most, whatever the state (a
    #: closed form over the board's capacities: stuff 4+4, a pack of 5+1+2, a lookout of 6,
    #: 5 levels); 0 when nothing bounds it. Bounds `x` of this primitive alone (E202).
    most_times: int = 0
    #: A rough value of performing it once (VP, fort progress, resources, cards): the greedy
    #: bot's default, which ``fortlang.agents.bots.worth`` combines through the operators.
    worth: Callable[[Any], float] = lambda a: 0.0
    #: Language -> its clause, Fort's primitives' and any other vocabulary's alike: a template
    #: over the node's fields (``"draw {amount} cards"``), a function of the node, or a
    #: :class:`fortlang.vocabulary.Phrase` that counts with the language's lexicon (``counted``).
    phrases: Mapping[str, str | Callable[[Any], str] | Phrase] = field(default_factory=dict)
    #: Language -> ``meaning`` in that language (the reference); English is ``meaning``.
    meanings: Mapping[str, str] = field(default_factory=dict)
    #: Whether performing it may make room in your stuff, put tokens back in the supply or
    #: change your pack. The engine's legality shortcuts (games/fort/certain.py) judge a play that
    #: cannot free anything by what fits now ("what cannot be gained now never can"), so only a
    #: primitive declared False is left out of their search; a plugin's primitive that is not
    #: declared is assumed to free (the search then decides).
    frees: bool = True
    #: The same for a rival's stuff, pack or their share of the supply when you perform it
    #: (`take` makes room in the rival's stuff): what a rival performing it under `each rival
    #: ->` may do for the leader (core C6).
    frees_rivals: bool = True
    #: The engine's handler, for a primitive the engine does not know: ``effect(node, ctx, k)``
    #: performs it on ``ctx.game`` through its undoable mutations and returns ``k(in_full)``.
    effect: Callable[..., bool] | None = None
    #: Instead of ``effect``, its whole engine declaration: a subclass of
    #: ``fortlang.engine.program.Op``, made with the node, whose ``run`` is the effect and
    #: whose closed forms (``now``, ``repeated``, ``straight``/``once``, ...) spare the engine a
    #: search where they are known, as Fort's own primitives' ops do.
    op: Callable[[Any], Any] | None = None
    #: False for a primitive the language core offers expansions: the base game's cards never
    #: use it (so the base set need not show it).
    base: bool = True
    #: Its icon as strokes (a plugin's): SVG path data on
    #: a 24x24 grid, each drawn as a stroke in ``colour``. Path data only, never markup, so a
    #: plugin's icon cannot put anything else into a generated page.
    icon: tuple[str, ...] = ()
    colour: str = "#495057"
    #: Its icon drawn in full, instead of ``icon``'s strokes: SVG elements on a 24x24 grid
    #: (``fortlang.svgshapes``; ``$c`` stands for ``colour``), only paths, circles and rects
    #: with plain attribute values, so no declaration can put anything else into a page.
    drawing: str = ""
    #: Language -> how it is said when, with an amount of 1, a counted quantity repeats it:
    #: ``(lexicon, node, how_many) -> clause``, "gagnez autant de pizzas que de pelles" (the
    #: language's ``ActionWords.how_many`` says the quantity); else it is said as repeated.
    as_many: Mapping[str, Callable[[Any, Any, str], str]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.drawing and not _DRAWING.fullmatch(self.drawing):
            raise ValueError(f"primitive {self.name}: its drawing {self.drawing[:40]!r} is not "
                             "SVG paths, circles and rects with plain attribute values")
        for d in self.icon:
            if not _PATH_DATA.fullmatch(d):
                raise ValueError(f"primitive {self.name}: icon path {d[:40]!r} is not SVG path "
                                 "data (commands and numbers only)")
        if not _COLOUR.fullmatch(self.colour):
            raise ValueError(f"primitive {self.name}: colour {self.colour!r} is not #rrggbb")
        for token in self.syntax.split():
            if not ((token.isalpha() and token.islower()) or is_argument_token(token)):
                raise ValueError(f"primitive {self.name}: `{token}` in its syntax is neither a "
                                 "lowercase keyword nor an argument kind's token (`N`, `[N]`, "
                                 "`RES`, a kind its vocabulary declares)")
        parts = parse_syntax(self.syntax)
        if not parts or parts[0][1] is not None:
            raise ValueError(f"primitive {self.name}: its syntax starts with no keyword")

    @property
    def keywords(self) -> tuple[str, ...]:
        """The words of its syntax, in order: ``("copy", "rival", "pack")``."""
        return tuple(part for part, token, _ in parse_syntax(self.syntax) if token is None)

    def arguments(self, kinds: Mapping[str, ArgKind] | None = None) -> tuple[Argument, ...]:
        """Its arguments, in order, each token looked up in ``kinds`` (Fort's by default);
        ValueError for a token no kind has."""
        by_token = FORT_KIND_BY_TOKEN if kinds is None else kinds
        out: list[Argument] = []
        for part, token, optional in parse_syntax(self.syntax):
            if token is None:
                continue
            kind = by_token.get(token)
            if kind is None:
                raise ValueError(f"primitive {self.name}: `{part}` in its syntax is neither a "
                                 "lowercase keyword nor one of the argument kinds "
                                 f"{', '.join(sorted(by_token))}")
            out.append(Argument(part, kind, optional))
        terminals = [a.kind.terminal for a in out]
        if len(set(terminals)) < len(terminals):
            raise ValueError(f"primitive {self.name}: two of its arguments are read with one "
                             "terminal: the parser could not tell which is which")
        return tuple(out)

    def grammar_rule(self, kinds: Mapping[str, ArgKind] | None = None) -> str:
        """Its Lark rule, from the syntax: ``gain: GAIN AMOUNT? RESOURCE``."""
        arguments = iter(self.arguments(kinds))
        parts = []
        for part, token, optional in parse_syntax(self.syntax):
            if token is None:
                parts.append(part.upper())
            else:
                parts.append(next(arguments).kind.terminal + ("?" if optional else ""))
        return f"{self.name}: {' '.join(parts)}"


@dataclass(frozen=True)
class Argument:
    """One argument of a primitive: its part of the syntax (``[N]``), its kind, and whether it
    may be left out (then the node field keeps its default)."""

    part: str
    kind: ArgKind
    optional: bool


_PATH_DATA = re.compile(r"[MmLlHhVvCcSsQqTtAaZz0-9 ,.eE+-]{1,2000}")
_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")
_DRAWING = re.compile(r'(?:<(?:path|circle|rect)(?: [a-z-]{1,20}="[#$0-9A-Za-z .,+-]{0,2000}")*/>'
                      r'|<g transform="[0-9a-z .,()+-]{0,200}">|</g>){1,64}')


# -- how Fort's primitives are said, with a language's lexicon (``Phrase``: count, resource...) --


def _res(b: Any, a: Any) -> str:
    """The node's amount of its resource, as a verb's object: "2 pizzas or 2 toys", «2 пиццы»."""
    if b.LANG == "ru":
        return str(b.resource(a.resource, a.amount, "acc"))
    return str(b.resource(a.resource, a.amount))


def _advance_en(b: Any, a: n.Advance) -> str:  # R12.7, R13.2
    if not a.modifier:
        return "advance your fort"
    more_or_less = "more" if a.modifier > 0 else "less"
    return f"advance your fort, paying {b.count('resource', abs(a.modifier))} {more_or_less}"


def _advance_fr(b: Any, a: n.Advance) -> str:
    if not a.modifier:
        return "avancez votre Niveau de Fort"
    more_or_less = "de plus" if a.modifier > 0 else "de moins"
    return (f"avancez votre Niveau de Fort en payant "
            f"{b.count('resource', abs(a.modifier))} {more_or_less}")


def _advance_ru(b: Any, a: n.Advance) -> str:
    if not a.modifier:
        return "повысьте уровень вашего форта"
    more_or_less = "больше" if a.modifier > 0 else "меньше"
    return (f"повысьте уровень вашего форта, заплатив на "
            f"{b.count('resource', abs(a.modifier), 'acc')} {more_or_less}")


PRIMITIVES: tuple[PrimitiveSpec, ...] = (
    PrimitiveSpec("gain", n.Gain, "gain [N] RES", "R12.1",
                  "Take N of the resource from the supply into your stuff; pizza/toy is one kind, "
                  "chosen, never a mix.", "gain 2 pizza/toy", most_times=8,
                  frees=False, frees_rivals=False, worth=lambda a: 1.0 * a.amount,
                  phrases=counted({"en": lambda b, a: f"gain {_res(b, a)}",
                                   "fr": lambda b, a: f"gagnez {_res(b, a)}",
                                   "ru": lambda b, a: f"получите {_res(b, a)}"}),
                  as_many={"fr": lambda b, a, how: f"gagnez autant {b.some(a.resource)} que {how}",
                           "ru": lambda b, a, how: f"получите столько {b.many(a.resource)}, {how}"},
                  meanings={"fr": "Prenez dans la réserve N ressources du type indiqué et "
                                  "placez-les dans vos Affaires ; avec pizza/toy, un seul type, "
                                  "au choix, jamais un mélange.",
                            "ru": "Возьмите из общего запаса N ресурсов указанного типа и "
                                  "добавьте их к своим вещам; при pizza/toy выберите один тип, "
                                  "не смешивая."},
                  colour="#2b8a3e", drawing=stroke("M12 4v16M4 12h16", 3)),
    PrimitiveSpec("pack", n.Pack, "pack", "R12.2",
                  "Move one resource from your stuff to your pack.", "pack",
                  most_times=8, most_options=4,
                  frees_rivals=False, worth=lambda a: 1.2,
                  phrases={"en": "move 1 resource from your stuff to your pack",
                           "fr": "transférez 1 ressource de vos Affaires vers votre Sac à dos",
                           "ru": "положите 1 ресурс из ваших вещей в ваш рюкзак"},
                  meanings={"fr": "Transférez une ressource de vos Affaires vers votre Sac à dos.",
                            "ru": "Возьмите один ресурс из ваших вещей и положите его в ваш "
                                  "рюкзак."},
                  colour="#5c940d", drawing=BACKPACK),
    PrimitiveSpec("lookout", n.Lookout, "lookout", "R12.3",
                  "Add a card from your hand to your lookout.", "lookout",
                  most_times=6, most_options=6,
                  frees=False, frees_rivals=False, worth=lambda a: 2.0,
                  phrases={"en": "add a card from your hand to your lookout",
                           "fr": "ajoutez une carte de votre main à votre Observatoire",
                           "ru": "добавьте карту из руки в ваш дозор"},
                  meanings={"fr": "Ajoutez une carte de votre main à votre Observatoire.",
                            "ru": "Поместите карту из руки в свой дозор."},
                  colour="#1864ab", drawing=EYE),
    PrimitiveSpec("destroy_card", n.DestroyCard, "destroy card", "R12.4",
                  "Box a card from your hand or discard pile (not the played or an added card).",
                  "destroy card", most_options=2,
                  frees=False, frees_rivals=False, worth=lambda a: 0.6,
                  phrases={"en": "destroy a card from your hand or discard pile",
                           "fr": "détruisez une carte de votre main ou de votre défausse",
                           "ru": "уберите в коробку карту из руки или сброса"},
                  meanings={"fr": "Remettez dans la boîte une carte de votre main ou de votre "
                                  "défausse (ni la carte jouée, ni une carte supplémentaire).",
                            "ru": "Верните в коробку карту из вашей руки или сброса (но не "
                                  "сыгранную и не добавленную карту)."},
                  colour="#c92a2a", drawing=CARD + CROSS),
    PrimitiveSpec("destroy_this", n.DestroyThis, "destroy this", "R12.5",
                  "Box this card once this action and the followers are done.",
                  "score x book then destroy this", repeatable=False,
                  frees=False, frees_rivals=False, worth=lambda a: -1.0,
                  phrases={"en": "destroy this card", "fr": "détruisez cette carte",
                           "ru": "уберите эту карту в коробку"},
                  meanings={"fr": "Une fois cette action et celles des suiveurs terminées, "
                                  "remettez cette carte dans la boîte.",
                            "ru": "Когда это действие и действия последователей закончены, "
                                  "верните эту карту в коробку."},
                  colour="#c92a2a", drawing=fill("M7 3h10v18H7z") + CROSS.replace("$c", "#ffffff")),
    PrimitiveSpec("recruit", n.Recruit, "recruit", "R12.6",
                  "Recruit a card onto your discard pile, as in the recruit phase.", "recruit",
                  most_options=6,
                  frees=False, frees_rivals=False, worth=lambda a: 1.5,
                  phrases={"en": "recruit a card", "fr": "recrutez une carte",
                           "ru": "призовите карту"},  # as in the recruit phase («Призыв»)
                  meanings={"fr": "Recrutez une carte sur votre défausse, comme lors de la phase "
                                  "Recruter.",
                            "ru": "Возьмите карту в вашу колоду сброса, как в фазе призыва."},
                  colour="#1971c2", drawing=('<circle cx="9" cy="7" r="3.5" fill="$c"/>'
                                              + fill("M2 21a7 7 0 0 1 14 0z")
                                              + stroke("M19 8v6M16 11h6", 2))),
    PrimitiveSpec("advance", n.Advance, "advance [-1|+1]", "R12.7, R13.2",
                  "Pay the cost to your next fort level from stuff and/or pack and go up one "
                  "level; -1 or +1 changes the cost by one resource of any type.",
                  "advance -1 then score 2", most_times=5, most_options=12,
                  frees_rivals=False, worth=lambda a: 6.0 - 1.0 * a.modifier,
                  phrases=counted({"en": _advance_en, "fr": _advance_fr, "ru": _advance_ru}),
                  meanings={"fr": "Payez le coût du Niveau de Fort suivant avec vos Affaires "
                                  "et/ou votre Sac à dos, puis montez d'un niveau ; -1 ou +1 "
                                  "change ce coût d'une ressource de n'importe quel type.",
                            "ru": "Заплатите стоимость следующего уровня форта ресурсами из вещей "
                                  "и/или рюкзака и поднимитесь на один уровень; -1 или +1 меняет "
                                  "стоимость на один ресурс любого типа."},
                  colour="#5f3dc4", drawing=TOWER + stroke("M12 18v-7M9 13l3-3 3 3", 1.8)),
    PrimitiveSpec("score", n.Score, "score [N]", "R12.8",
                  "Move N spaces up the victory track.", "score x level",
                  frees=False, frees_rivals=False, worth=lambda a: 1.6 * a.amount,
                  phrases=counted({"en": lambda b, a: f"score {b.count('point', a.amount)}",
                                   "fr": lambda b, a: f"marquez {b.count('point', a.amount)}",
                                   "ru": lambda b, a: f"получите {b.count('point', a.amount)}"}),
                  as_many={"fr": lambda b, a, how: "marquez autant de points de victoire que "
                                                   f"{how}",
                           "ru": lambda b, a, how: f"получите столько ПО, {how}"},
                  meanings={"fr": "Avancez votre marqueur de N cases sur la Piste de Victoire.",
                            "ru": "Передвиньте ваш жетон на победной дорожке на N делений."},
                  colour="#e67700", drawing=TROPHY),
    PrimitiveSpec("spend", n.Spend, "spend [N] RES", "R12.9",
                  "Return N of the resource from your stuff or pack to the supply.",
                  "spend pizza then score 2", most_options=5,
                  frees_rivals=False, worth=lambda a: -0.8 * a.amount,
                  phrases=counted({"en": lambda b, a: f"spend {_res(b, a)}",
                                   "fr": lambda b, a: f"dépensez {_res(b, a)}",
                                   "ru": lambda b, a: f"потратьте {_res(b, a)}"}),
                  as_many={"fr": lambda b, a, how: f"dépensez autant {b.some(a.resource)} "
                                                   f"que {how}",
                           "ru": lambda b, a, how: f"потратьте столько {b.many(a.resource)}, "
                                                   f"{how}"},
                  meanings={"fr": "Remettez dans la réserve N ressources du type indiqué, prises "
                                  "dans vos Affaires ou votre Sac à dos.",
                            "ru": "Верните N ресурсов указанного типа из ваших вещей или рюкзака "
                                  "в общий запас."},
                  colour="#868e96", drawing=stroke("M4 12h16", 3)),
    PrimitiveSpec("destroy_rival", n.DestroyRival, "destroy rival", "R12.10",
                  "Box a card from a rival's yard.", "destroy rival then gain resource",
                  most_options=3,
                  frees=False, frees_rivals=False, worth=lambda a: 0.4,
                  phrases={"en": "destroy a card from a rival's yard",
                           "fr": "détruisez une carte du Jardin d'un adversaire",
                           "ru": "уберите в коробку карту со двора соперника"},
                  meanings={"fr": "Remettez dans la boîte une carte du Jardin d'un adversaire.",
                            "ru": "Верните в коробку одну карту со двора соперника."},
                  colour="#a61e4d",
                  drawing=CARD + CROSS + '<circle cx="19" cy="4" r="3" fill="$c"/>'),
    PrimitiveSpec("copy_pack", n.CopyPack, "copy pack", "R12.11",
                  "Gain the same resources as are in your pack, into your stuff.", "copy pack",
                  frees=False, frees_rivals=False, worth=lambda a: 1.5,
                  phrases={"en": "gain the same resources as are in your pack",
                           "fr": "prenez les mêmes ressources que celles de votre Sac à dos",
                           "ru": "получите такие же ресурсы, какие лежат у вас в рюкзаке"},
                  meanings={"fr": "Prenez les mêmes ressources que celles de votre Sac à dos et "
                                  "ajoutez-les à vos Affaires.",
                            "ru": "Получите и добавьте к вашим вещам такие же ресурсы, какие "
                                  "лежат в вашем рюкзаке."},
                  colour="#2f9e44", drawing=BACKPACK + stroke("M2 4h4M4 2v4", 1.6)),
    PrimitiveSpec("copy_rival_pack", n.CopyRivalPack, "copy rival pack", "R12.12",
                  "Gain the same resources as are in a rival's pack (nothing is taken from them).",
                  "copy rival pack", most_options=3,
                  frees=False, frees_rivals=False, worth=lambda a: 1.5,
                  phrases={"en": "gain the same resources as are in a rival's pack",
                           "fr": "prenez les mêmes ressources que celles du Sac à dos d'un "
                                 "adversaire",
                           "ru": "получите такие же ресурсы, какие лежат в рюкзаке соперника"},
                  meanings={"fr": "Prenez les mêmes ressources que celles du Sac à dos d'un "
                                  "adversaire (vous ne les lui volez pas).",
                            "ru": "Получите такие же ресурсы, какие лежат в рюкзаке соперника (вы "
                                  "их у него не забираете)."},
                  colour="#a61e4d",
                  drawing=BACKPACK + '<circle cx="21" cy="4" r="2.5" fill="$c"/>'),
    PrimitiveSpec("convert", n.Convert, "convert", "R12.13",
                  "Replace a pizza with a toy, or a toy with a pizza, in your stuff or pack.",
                  "convert x glue", most_options=4,
                  frees_rivals=False, worth=lambda a: 0.3,
                  phrases={"en": "swap a pizza for a toy or a toy for a pizza",
                           "fr": "remplacez une pizza par un jouet ou un jouet par une pizza",
                           "ru": "замените пиццу на игрушку или игрушку на пиццу"},
                  meanings={"fr": "Remplacez une pizza par un jouet, ou un jouet par une pizza, "
                                  "dans vos Affaires ou votre Sac à dos.",
                            "ru": "Замените пиццу на игрушку или игрушку на пиццу в ваших вещах "
                                  "или рюкзаке."},
                  colour="#0b7285", drawing=stroke("M4 9h14l-4-4M20 15H6l4 4", 2.2)),
    # -- the core's primitives for expansions: every set may use them, the base set does not --
    PrimitiveSpec("draw", n.Draw, "draw [N]", "designers' extension",
                  "Draw N cards from your deck into your hand; an empty deck is not refilled "
                  "from the discard pile (that happens only in the draw phase, R9.1).",
                  "draw 2", most_times=10,
                  frees=False, frees_rivals=False, worth=lambda a: 0.9 * a.amount, base=False,
                  phrases=counted({"en": lambda b, a: f"draw {b.count('card', a.amount)}",
                                   "fr": lambda b, a: f"piochez {b.count('card', a.amount)}",
                                   "ru": lambda b, a: "возьмите из колоды "
                                                   f"{b.count('card', a.amount, 'acc')}"}),
                  meanings={"fr": "Piochez N cartes de votre pioche dans votre main ; une pioche "
                                  "vide n'est pas reconstituée avec la défausse (seule la phase "
                                  "de pioche le fait, R9.1).",
                            "ru": "Возьмите N карт из своей колоды в руку; пустая колода не "
                                  "пополняется из сброса (это бывает только в фазе добора, R9.1)."},
                  colour="#1971c2", drawing=CARD + stroke("M12 8v8M9 13l3 3 3-3", 1.8)),
    PrimitiveSpec("lose", n.Lose, "lose [N]", "designers' extension",
                  "Move N spaces down the victory track (never below 0).",
                  "each rival -> lose", base=False,
                  frees=False, frees_rivals=False, worth=lambda a: -1.6 * a.amount,
                  phrases=counted({"en": lambda b, a: f"lose {b.count('point', a.amount)}",
                                   "fr": lambda b, a: f"perdez {b.count('point', a.amount)}",
                                   "ru": lambda b, a: f"потеряйте {b.count('point', a.amount)}"}),
                  meanings={"fr": "Reculez de N cases sur la Piste de Victoire (jamais sous 0).",
                            "ru": "Передвиньтесь на N делений назад по треку победы (не ниже 0)."},
                  colour="#e67700",
                  drawing=(stroke("M12 2l3 6.5 7 .8-5.2 4.8 1.5 7L12 17.6 5.7 21l1.5-7L2 9.3l7-.8z",
                                  1.6) + stroke("M8 12h8", 2.4))),
    PrimitiveSpec("take", n.Take, "take [N] RES", "designers' extension",
                  "Take N of the resource from one rival's stuff (your choice of rival) into "
                  "yours; pizza/toy is one kind, chosen, never a mix.",
                  "take toy", most_options=6, most_times=8, base=False,
                  frees=False, worth=lambda a: 1.4 * a.amount,
                  phrases=counted({"en": lambda b, a: f"take {_res(b, a)} from a rival's stuff",
                                   "fr": lambda b, a: f"prenez {_res(b, a)} dans les "
                                                   "Affaires d'un adversaire",
                                   "ru": lambda b, a: f"заберите {_res(b, a)} из "
                                                   "вещей соперника"}),
                  meanings={"fr": "Prenez N ressources du type indiqué dans les Affaires d'un "
                                  "adversaire de votre choix et placez-les dans vos Affaires ; "
                                  "avec pizza/toy, un seul type, au choix.",
                            "ru": "Заберите N ресурсов указанного типа из вещей выбранного вами "
                                  "соперника в свои вещи; с pizza/toy — один тип на выбор."},
                  colour="#a61e4d", drawing=(stroke("M21 12H5M10 7l-5 5 5 5", 2.4)
                           + '<circle cx="21" cy="5" r="2.5" fill="$c"/>')),
    PrimitiveSpec("give", n.Give, "give [N] RES", "designers' extension",
                  "Give N of the resource from your stuff to one rival (your choice) into their "
                  "stuff; pizza/toy is one kind, chosen, never a mix.",
                  "give pizza then score 2", most_options=6, most_times=8, base=False,
                  frees_rivals=False, worth=lambda a: -0.6 * a.amount,
                  phrases=counted({"en": lambda b, a: f"give {_res(b, a)} from your stuff to a "
                                                   "rival",
                                   "fr": lambda b, a: f"donnez {_res(b, a)} de vos "
                                                   "Affaires à un adversaire",
                                   "ru": lambda b, a: f"отдайте {_res(b, a)} из "
                                                   "ваших вещей сопернику"}),
                  meanings={"fr": "Donnez N ressources du type indiqué de vos Affaires aux "
                                  "Affaires d'un adversaire de votre choix ; avec pizza/toy, un "
                                  "seul type, au choix.",
                            "ru": "Отдайте N ресурсов указанного типа из своих вещей в вещи "
                                  "выбранного вами соперника; с pizza/toy — один тип на выбор."},
                  colour="#2b8a3e", drawing=(stroke("M3 12h16M14 7l5 5-5 5", 2.4)
                           + '<circle cx="21" cy="5" r="2.5" fill="$c"/>')),
)  # fmt: skip

PRIMITIVE_BY_NAME: dict[str, PrimitiveSpec] = {p.name: p for p in PRIMITIVES}
PRIMITIVE_BY_NODE: dict[type, PrimitiveSpec] = {p.node: p for p in PRIMITIVES}


@dataclass(frozen=True)
class WordSpec:
    """A word that stands for a value: a resource, a quantity after ``x``, or a scoring metric."""

    word: str
    rule: str
    meaning: str
    build: Callable[..., object]
    #: For a quantity after ``x``: the largest count the checker assumes (E202): a hand of 5 and
    #: a lookout of 6, doubled suits and coins included, rarely pass 12 of one suit.
    bound: int = 0
    #: For a quantity after ``x``: the count the greedy bot expects (its rough value of `x`).
    typical: float = 1.5
    #: For a quantity counting the performer's own things (``x hand``): how, from the player
    #: (any object with Fort's player fields: hand, yard, discard, deck, stuff, pack, vp).
    measure: Callable[[Any], int] | None = None
    #: False for a word the language core offers expansions that the base set never uses.
    base: bool = True
    #: For a quantity: language -> its clause after an action ("for each card in your yard"),
    #: Fort's as another vocabulary's; and language -> ``meaning`` in that language (the
    #: reference). A plugin's must cover every language (plugins.py).
    phrases: Mapping[str, str] = field(default_factory=dict)
    meanings: Mapping[str, str] = field(default_factory=dict)
    #: For a quantity or a metric: whether its count depends on which cards are where, not
    #: only on how many (R14: the suits on the cards you have). Then which card an action
    #: moves can change how a move ends, and the engine's search tries each card instead of
    #: one per zone (engine/interpreter.py, EQUIVALENT_OPTIONS). True, the default, is safe.
    reads_cards: bool = True
    #: For a quantity: language -> what "as many as" counts, said after a primitive's
    #: ``as_many`` ("de ressources dans votre Sac à dos", «сколько карт у вас в дозоре»).
    how_many: Mapping[str, str] = field(default_factory=dict)
    #: For a quantity: an action repeated by it, for the reference; "" for ``score x WORD``
    #: (Fort's words; another game's `score` may take other arguments).
    example: str = ""
    #: For a metric: language -> its words in a scoring sentence (the language's
    #: ``MetricWords``: "for each card in your hand", "the most cards in a rival's hand"),
    #: from that language's lexicon (``fortlang.phrasebook.en``...).
    said: Mapping[str, Callable[[Any], Any]] = field(default_factory=dict)
    #: Its icon (a resource's, a quantity's), as ``PrimitiveSpec.drawing``: SVG shapes on a
    #: 24x24 grid in ``colour``, written to ``icon_name``.svg (its word by default).
    drawing: str = ""
    colour: str = "#495057"
    icon_name: str = ""

    def __post_init__(self) -> None:
        if self.drawing and not _DRAWING.fullmatch(self.drawing):
            raise ValueError(f"word {self.word}: its drawing {self.drawing[:40]!r} is not SVG "
                             "paths, circles and rects with plain attribute values")
        if not _COLOUR.fullmatch(self.colour):
            raise ValueError(f"word {self.word}: colour {self.colour!r} is not #rrggbb")


RESOURCES: tuple[WordSpec, ...] = (
    WordSpec("pizza", "R12.1", "a pizza token", lambda: Resource.PIZZA,
             meanings={"fr": "un jeton pizza",
                       "ru": "жетон пиццы"},
             colour="#f08c00",
             drawing=(fill("M12 22L3 5q9-4 18 0z")
                      + '<circle cx="10" cy="9" r="1.6" fill="#c92a2a"/>'
                      '<circle cx="14" cy="12" r="1.6" fill="#c92a2a"/>')),
    WordSpec("toy", "R12.1", "a toy token", lambda: Resource.TOY,
             meanings={"fr": "un jeton jouet",
                       "ru": "жетон игрушки"},
             colour="#e64980",
             drawing=('<circle cx="12" cy="12" r="9" fill="$c"/>'
                      + stroke("M3 12q9 5 18 0", 1.6).replace("$c", "#ffffff")
                      + '<circle cx="12" cy="7" r="2" fill="#ffffff"/>')),
    WordSpec("pizza/toy", "R12.1", "pizzas or toys: one kind, chosen", lambda: Resource.EITHER,
             meanings={"fr": "des pizzas ou des jouets : un seul type, au choix",
                       "ru": "пицца или игрушки: один тип на выбор"},
             icon_name="pizza_or_toy",
             # a slice and a ball, each in its own colour, apart on either side of a slash
             drawing=('<path d="M1.5 2.5q5.5-2 11 0L7 13z" fill="#f08c00"/>'
                      '<circle cx="5.5" cy="5" r="1.1" fill="#c92a2a"/>'
                      '<circle cx="8.3" cy="6.8" r="1.1" fill="#c92a2a"/>'
                      + stroke("M15 3L9 21", 1.8)
                      + '<circle cx="17.5" cy="16.5" r="5.5" fill="#e64980"/>'
                      + stroke("M12 16.5q5.5 3 11 0", 1.3).replace("$c", "#ffffff"))),
    WordSpec("resource", "R12.1", "the same as pizza/toy", lambda: Resource.EITHER,
             meanings={"fr": "comme pizza/toy",
                       "ru": "то же, что pizza/toy"}),
)
RESOURCE_BY_WORD: dict[str, WordSpec] = {w.word: w for w in RESOURCES}

# -- Fort's argument kinds (the core's AMOUNT beside them) ---------------------------------------

#: A resource: `gain 2 pizza/toy` (R12.1). Its words are :data:`RESOURCES`.
RES = ArgKind("RES", "resource", "RESOURCE", name="resource",
              words=tuple(Word(w.word, w.build(), {"en": w.meaning}) for w in RESOURCES))
#: A cost modifier: `advance -1` (R13.2), judged by the checker as amounts are.
MODIFIER = ArgKind("-1|+1", "modifier", "MODIFIER", pattern=r"[+-][0-9]+", parse=int,
                   lo=-1, hi=1, default=0, name="cost modifier", show=lambda v: f"{v:+d}",
                   checked_later=True)
FORT_KINDS: tuple[ArgKind, ...] = (*CORE_KINDS, RES, MODIFIER)
FORT_KIND_BY_TOKEN: dict[str, ArgKind] = kinds_by_token(FORT_KINDS, "fort")

#: The arguments Fort's primitives' syntax holds: part -> (grammar symbol, node field).
SYNTAX_ARGUMENTS: dict[str, tuple[str, str]] = {
    part: (kind.terminal + ("?" if optional else ""), kind.field)
    for part, kind, optional in (("[N]", AMOUNT, True), ("N", AMOUNT, False), ("RES", RES, False),
                                 ("[-1|+1]", MODIFIER, True))
}
#: The spelling the printer uses for each resource.
RESOURCE_WORD: dict[Resource, str] = {Resource.PIZZA: "pizza", Resource.TOY: "toy",
                                      Resource.EITHER: "pizza/toy"}

SUIT_BOUND = 12

#: The performer's own zones and tokens, counted after `x` (core C5) and, where the scoring
#: metrics lack them, in comparisons (`if hand >= 3 -> ...`): (word, meaning, the checker's
#: bound, the greedy bot's typical count, how to count it from a player); their meanings in
#: French and Russian as quantities (after `x`) and as metrics are in :data:`_TALLY_MEANINGS`.
_TALLIES: tuple[tuple[str, str, int, float, Callable[[Any], int]], ...] = (
    ("hand", "each card in your hand", 10, 3.0, lambda p: len(p.hand)),
    ("yard", "each card in your yard", 12, 3.0, lambda p: len(p.yard)),
    ("discard", "each card in your discard pile", 20, 4.0, lambda p: len(p.discard)),
    ("deck", "each card in your deck", 20, 4.0, lambda p: len(p.deck)),
    ("pizza", "each pizza in your stuff and pack", 12, 2.0,
     lambda p: p.stuff[Resource.PIZZA] + p.pack[Resource.PIZZA]),
    ("toy", "each toy in your stuff and pack", 12, 2.0,
     lambda p: p.stuff[Resource.TOY] + p.pack[Resource.TOY]),
    ("vp", "each space of yours on the victory track", 30, 8.0, lambda p: p.vp),
)
#: A tally's meanings in French and Russian: as a quantity after `x`, then as a metric (R14).
_TALLY_MEANINGS: dict[str, tuple[Mapping[str, str], Mapping[str, str]]] = {
    "hand": ({"fr": "chaque carte de votre main", "ru": "каждая карта у вас в руке"},
             {"fr": "les cartes de votre main", "ru": "карты у вас в руке"}),
    "yard": ({"fr": "chaque carte de votre Jardin", "ru": "каждая карта в вашем дворе"},
             {"fr": "les cartes de votre Jardin", "ru": "карты в вашем дворе"}),
    "discard": ({"fr": "chaque carte de votre défausse", "ru": "каждая карта в вашем сбросе"},
             {"fr": "les cartes de votre défausse", "ru": "карты в вашем сбросе"}),
    "deck": ({"fr": "chaque carte de votre pioche", "ru": "каждая карта в вашей колоде"},
             {"fr": "les cartes de votre pioche", "ru": "карты в вашей колоде"}),
    "pizza": ({"fr": "chaque pizza de vos Affaires et de votre Sac à dos",
               "ru": "каждая пицца в ваших вещах и рюкзаке"},
             {}),
    "toy": ({"fr": "chaque jouet de vos Affaires et de votre Sac à dos",
             "ru": "каждая игрушка в ваших вещах и рюкзаке"},
             {}),
    "vp": ({"fr": "chaque case de votre marqueur sur la Piste de Victoire",
            "ru": "каждое деление вашего счёта на треке победы"},
             {"fr": "vos points de victoire sur la Piste de Victoire",
             "ru": "ваши победные очки на треке победы"}),
}  # fmt: skip
#: A tally's icon: (file name, colour, drawing), framed as a count like the other quantities.
_TALLY_ICONS: dict[str, tuple[str, str, str]] = {
    "hand": ("hand_size", "#1971c2", framed(stroke("M4 6h9v14H4z", 1.6)
                                             + stroke("M9 4h9v14", 1.6)
                                             + stroke("M14 2h6v14", 1.6))),
    "yard": ("yard_size", "#2b8a3e",
             framed(stroke("M3 20h18M5 20v-8M9 20v-8M13 20v-8M17 20v-8M3 14h18", 1.8))),
    "discard": ("discard_size", "#868e96", framed(stroke("M5 8h10v13H5z", 1.6)
                                                   + stroke("M9 5h10v13", 1.6))),
    "deck": ("deck_size", "#343a40", framed(fill("M6 6h11v15H6z") + stroke("M9 3h10v15", 1.6))),
    "pizza": ("pizza_count", "#f08c00", framed(fill("M12 22L3 5q9-4 18 0z"))),
    "toy": ("toy_count", "#e64980", framed('<circle cx="12" cy="12" r="9" fill="$c"/>')),
    "vp": ("vp_count", "#e67700", framed(TROPHY)),  # score's trophy, not the friends' star
}
def _metric_words(key: str, mine: str, theirs: str, lexicon: Any) -> Any:
    return lexicon.metric_words(key, mine, theirs)


def _metric(key: str, en: tuple[str, str] = ("", ""), fr: tuple[str, str] = ("", ""),
            ru: tuple[str, str] = ("", "")) -> dict[str, Callable[[Any], Any]]:
    """A metric that counts things (lexicon key ``key``), in each language: where yours are and
    where a rival's are ("" and "": every card you have)."""
    places = {"en": en, "fr": fr, "ru": ru}
    return {lang: partial(_metric_words, key, *where) for lang, where in places.items()}


#: A tally's words as a metric (R14), in each language.
_TALLY_SAID: dict[str, dict[str, Callable[[Any], Any]]] = {
    "hand": _metric("card",
                     en=("in your hand", "in a rival's hand"),
                     fr=("dans votre main", "dans la main d'un adversaire"),
                     ru=("у вас в руке", "в руке соперника")),
    "yard": _metric("card",
                     en=("in your yard", "in a rival's yard"),
                     fr=("dans votre Jardin", "dans le Jardin d'un adversaire"),
                     ru=("в вашем дворе", "во дворе соперника")),
    "discard": _metric("card",
                        en=("in your discard pile", "in a rival's discard pile"),
                        fr=("dans votre défausse", "dans la défausse d'un adversaire"),
                        ru=("в вашем сбросе", "в сбросе соперника")),
    "deck": _metric("card",
                     en=("in your deck", "in a rival's deck"),
                     fr=("dans votre pioche", "dans la pioche d'un adversaire"),
                     ru=("в вашей колоде", "в колоде соперника")),
    "vp": _metric("victory_point",
                   en=("on the track", "on the track by a rival"),
                   fr=("sur la Piste de Victoire", "d'un adversaire sur la Piste de Victoire"),
                   ru=("на треке победы", "у соперника на треке победы")),
}

#: A tally's clause after an action, in each language (R13.1's "for each").
_TALLY_PHRASES: dict[str, Mapping[str, str]] = {
    "hand": {"en": "for each card in your hand",
             "fr": "pour chaque carte dans votre main",
             "ru": "за каждую карту у вас в руке"},
    "yard": {"en": "for each card in your yard",
             "fr": "pour chaque carte dans votre Jardin",
             "ru": "за каждую карту в вашем дворе"},
    "discard": {"en": "for each card in your discard pile",
                "fr": "pour chaque carte dans votre défausse",
                "ru": "за каждую карту в вашем сбросе"},
    "deck": {"en": "for each card in your deck",
             "fr": "pour chaque carte dans votre pioche",
             "ru": "за каждую карту в вашей колоде"},
    "pizza": {"en": "for each pizza on your board",
              "fr": "pour chaque pizza sur votre plateau joueur",
              "ru": "за каждую пиццу на вашем планшете"},
    "toy": {"en": "for each toy on your board",
            "fr": "pour chaque jouet sur votre plateau joueur",
            "ru": "за каждую игрушку на вашем планшете"},
    "vp": {"en": "for each victory point you have",
           "fr": "pour chaque point de victoire que vous avez",
           "ru": "за каждое ваше победное очко"},
}  # fmt: skip
_SUIT_MEANING = "each {} on the played card, the added cards and your lookout (R5.3)"

QUANTITIES: tuple[WordSpec, ...] = (
    *(
        WordSpec(s.value, "R13.1, R5.3", _SUIT_MEANING.format(s.value.replace("_", " ")),
                 partial(n.SuitCount, s), bound=SUIT_BOUND,
                 typical=1.6, reads_cards=False)  # the cards played, added, in the lookout
        for s in Suit
    ),
    WordSpec("any", "R5.7", "a suit you choose, coin included", n.AnySuit, bound=SUIT_BOUND,
             typical=1.8, reads_cards=False,
             phrases={"en": "for each icon of one suit of your choice",
                      "fr": "pour chaque symbole d'une famille de votre choix",
                      "ru": "за каждый символ выбранной вами масти"},
             how_many={"fr": "de symboles d'une famille de votre choix",
                       "ru": "сколько у вас символов выбранной вами масти"},
             meanings={"fr": "une famille de votre choix, pièce comprise",
                       "ru": "одна масть на ваш выбор, включая монетку"},
             drawing=('<circle cx="12" cy="12" r="10" fill="none" stroke="$c" stroke-width="2"/>'
                      + stroke("M9 9a3 3 0 1 1 3 3v2", 2.2)
                      + '<circle cx="12" cy="18" r="1.4" fill="$c"/>')),
    WordSpec("pack", "R13.1", "each resource in your pack, any type", n.PackSize, bound=8,
             reads_cards=False,
             phrases={"en": "for each resource in your pack",
                      "fr": "pour chaque ressource dans votre Sac à dos",
                      "ru": "за каждый ресурс в вашем рюкзаке"},
             how_many={"fr": "de ressources dans votre Sac à dos",
                       "ru": "сколько ресурсов у вас в рюкзаке"},
             meanings={"fr": "chaque ressource de votre Sac à dos, quel que soit son type",
                       "ru": "каждый ресурс в вашем рюкзаке, любого типа"},
             icon_name="pack_size", colour="#5c940d", drawing=framed(BACKPACK)),
    WordSpec("level", "R13.1", "your fort level", n.FortLevel, bound=5, reads_cards=False,
             phrases={"en": "for each level of your fort",
                      "fr": "pour chaque Niveau de votre Fort",
                      "ru": "за каждый уровень вашего форта"},
             how_many={"fr": "votre Niveau de Fort"},
             meanings={"fr": "votre Niveau de Fort",
                       "ru": "уровень вашего форта"},
             colour="#5f3dc4", drawing=framed(TOWER)),
    WordSpec("lookout", "R13.1", "each card in your lookout", n.LookoutSize, bound=6,
             reads_cards=False,
             phrases={"en": "for each card in your lookout",
                      "fr": "pour chaque carte dans votre Observatoire",
                      "ru": "за каждую карту в вашем дозоре"},
             how_many={"fr": "de cartes dans votre Observatoire",
                       "ru": "сколько карт у вас в дозоре"},
             meanings={"fr": "chaque carte de votre Observatoire",
                       "ru": "каждая карта в вашем дозоре"},
             icon_name="lookout_size", colour="#1864ab", drawing=framed(EYE)),
    # -- the core's quantities for expansions: the performer's zones and tokens, counted when the
    # repetition starts (a repetition that changes them does not change how many there are) --
    *(
        WordSpec(word, "designers' extension", meaning, partial(n.Tally, word),
                 bound=bound, typical=typical, measure=measure, base=False, reads_cards=False,
                 meanings=_TALLY_MEANINGS[word][0], phrases=_TALLY_PHRASES[word],
                 icon_name=_TALLY_ICONS[word][0], colour=_TALLY_ICONS[word][1],
                 drawing=_TALLY_ICONS[word][2])
        for word, meaning, bound, typical, measure in _TALLIES
    ),
)  # fmt: skip
QUANTITY_BY_WORD: dict[str, WordSpec] = {w.word: w for w in QUANTITIES}
_QUANTITY_WORD: dict[type, str] = {w.build: w.word for w in QUANTITIES if isinstance(w.build, type)}


def quantity_word(q: n.Quantity) -> str:
    """The word a quantity node stands for (not ``Fixed``: a number)."""
    if isinstance(q, n.SuitCount):
        return q.suit.value
    if isinstance(q, n.Tally):
        return q.what
    return _QUANTITY_WORD[type(q)]


def quantity_spec(q: n.Quantity) -> WordSpec:
    """The declaration of the word a quantity node stands for (not ``Fixed``: a number), in any
    vocabulary."""
    word = quantity_word(q)
    spec = QUANTITY_BY_WORD.get(word)
    return spec if spec is not None else _OTHER_QUANTITIES[word]


@dataclass(frozen=True)
class OperatorSpec:
    name: str
    spellings: tuple[str, ...]  # canonical first
    rule: str
    meaning: str
    example: str
    #: False for a construct the language offers expansions that the base game's cards never
    #: use (so the base set need not show it).
    base: bool = True
    #: Language -> ``meaning`` in that language (the reference); English is ``meaning``.
    meanings: Mapping[str, str] = field(default_factory=dict)


# -- who performs an action (core C6): Fort's spellings of the core's selectors ----------------

#: `each rival ->`: the core's "each other player", in turn order from your left; the AST keeps
#: `Target(Who.EACH_RIVAL, ...)`, so cards print, explain and play as they always did.
EACH_RIVAL = Selector(
    "each_rival", "each rival", "each", others, value=n.Who.EACH_RIVAL,
    rule="designers' extension", example="lose", most_seats=lambda players: players - 1,
    meanings={"en": "Each rival, in turn order from your left, performs the action on the right "
                    "as themselves (their stuff, their cards, their choices). In full when "
                    "every rival performs it in full (R5.4); each does as much as they can.",
              "fr": "Chaque adversaire, dans l'ordre du tour à partir de votre gauche, réalise "
                    "l'action de droite lui-même (ses Affaires, ses cartes, ses choix). Réalisée "
                    "entièrement si chacun la réalise entièrement (R5.4) ; chacun en fait autant "
                    "qu'il peut.",
              "ru": "Каждый соперник по очереди, начиная слева от вас, выполняет действие справа "
                    "сам (свои вещи, свои карты, свой выбор). Выполнено полностью, если каждый "
                    "выполнил его полностью (R5.4); каждый делает сколько может."},
    phrases={"en": "each rival, in turn order: {body}",
             "fr": "chaque adversaire, dans l'ordre du tour : {body}",
             "ru": "каждый соперник по очереди: {body}"})
A_RIVAL = Selector(
    "a_rival", "a rival", "chosen", others, value=n.Who.A_RIVAL, rule="designers' extension",
    example="give toy", most_seats=lambda players: players - 1,
    meanings={"en": "A rival you choose performs the action on the right as themselves; only "
                    "rivals who can complete the move are offered (R5.4). In full when they "
                    "perform it in full.",
              "fr": "Un adversaire de votre choix réalise l'action de droite lui-même ; seuls les "
                    "adversaires qui permettent de terminer le coup sont proposés (R5.4). "
                    "Réalisée entièrement s'il la réalise entièrement.",
              "ru": "Выбранный вами соперник выполняет действие справа сам; предлагаются только "
                    "соперники, с которыми ход можно завершить (R5.4). Выполнено полностью, если "
                    "он выполнил его полностью."},
    phrases={"en": "a rival of your choice: {body}",
             "fr": "un adversaire de votre choix : {body}",
             "ru": "соперник по вашему выбору: {body}"})
EACH_PLAYER = Selector(
    "each_player", "each player", "each", everyone, value=n.Who.EACH_PLAYER,
    rule="designers' extension", example="draw", most_seats=lambda players: players,
    meanings={"en": "Every player, you first and then the others in turn order, performs the "
                    "action on the right as themselves. In full when everyone performs it in "
                    "full.",
              "fr": "Chaque joueur, vous d'abord puis les autres dans l'ordre du tour, réalise "
                    "l'action de droite lui-même. Réalisée entièrement si chacun la réalise "
                    "entièrement.",
              "ru": "Каждый игрок, сначала вы, затем остальные по очереди, выполняет действие "
                    "справа сам. Выполнено полностью, если каждый выполнил его полностью."},
    phrases={"en": "each player, you first: {body}",
             "fr": "chaque joueur, vous d'abord : {body}",
             "ru": "каждый игрок, начиная с вас: {body}"})
FORT_SELECTORS: tuple[Selector, ...] = (EACH_RIVAL, A_RIVAL, EACH_PLAYER)


OPERATORS: tuple[OperatorSpec, ...] = (
    OperatorSpec("x", ("x", "×"), "R13.3",
                 "Perform the left action as many times as the quantity on the right. Binds "
                 "tightest.", "gain pizza x shovel",
                 meanings={"fr": "Réalisez l'action de gauche autant de fois qu'indiqué par la "
                                 "quantité de droite. Priorité la plus forte.",
                           "ru": "Выполните действие слева столько раз, сколько показывает "
                                 "количество справа. Самый высокий приоритет."}),
    OperatorSpec("then", ("then", "▶"), "R13.4",
                 "Perform the left, then the right: the left is required for the right, and the "
                 "right is required if possible.", "advance then score 2",
                 meanings={"fr": "Réalisez l'action de gauche, puis celle de droite : il faut "
                                 "réaliser celle de gauche pour réaliser celle de droite, et "
                                 "celle de droite doit être réalisée si possible.",
                           "ru": "Выполните действие слева, затем действие справа: без левого "
                                 "нельзя выполнить правое, а правое нужно выполнить, если это "
                                 "возможно."}),
    OperatorSpec("or", ("or",), "designers' extension",
                 "Perform exactly one of the two actions, your choice. Binds loosest.",
                 "gain 2 pizza or score",
                 meanings={"fr": "Réalisez exactement l'une des deux actions, au choix. Priorité "
                                 "la plus faible.",
                           "ru": "Выполните ровно одно из двух действий на ваш выбор. Самый "
                                 "низкий приоритет."}),
    OperatorSpec("if ->", ("if", "->"), "designers' extension",
                 "Perform the action on the right only if the comparison holds for whoever "
                 "performs it (the scoring sub-language's metrics, R14); if it does not, the "
                 "action is not performed in full (R5.4). Binds tighter than then and or.",
                 "if toy >= 3 -> score 2", base=False,
                 meanings={"fr": "Réalisez l'action de droite seulement si la comparaison est "
                                 "vraie pour qui la réalise (les mesures des règles inventées, "
                                 "R14) ; sinon, l'action n'est pas réalisée entièrement (R5.4). "
                                 "Priorité plus forte que then et or.",
                           "ru": "Выполните действие справа, только если сравнение верно для "
                                 "того, кто его выполняет (показатели придуманных правил, R14); "
                                 "иначе действие не выполнено полностью (R5.4). Приоритет выше, "
                                 "чем у then и or."}),
    *(
        OperatorSpec(f"{sel.syntax} ->", (*sel.words, "->"), sel.rule, sel.meaning(),
                     f"{sel.syntax} -> {sel.example}", base=False,
                     meanings={lang: m for lang, m in sel.meanings.items() if lang != "en"})
        for sel in FORT_SELECTORS
    ),
    OperatorSpec("( )", ("(", ")"), "R13.5",
                 "Group actions; a group followed by x repeats as a whole.",
                 "(recruit then gain toy) x water_gun",
                 meanings={"fr": "Regroupent des actions ; un groupe suivi de x est répété en "
                                 "entier.",
                           "ru": "Группируют действия; группа, за которой следует x, повторяется "
                                 "целиком."}),
)  # fmt: skip

# -- when a perk written in the language is used (issue 18.3) -------------------------------------


@dataclass(frozen=True)
class TriggerSpec:
    """A moment of the turn when a perk written in the language (``when:`` + ``action:``) may
    be used. The game loop (fortlang.games.fort.turn) offers each such perk at its moment, if its
    action can be performed in full (R5.4's bar for a lone action); nobody follows it (R6.1
    follows played cards only)."""

    name: str
    rule: str
    meaning: str
    #: Language -> the clause a perk's text starts with.
    phrases: Mapping[str, str]
    #: The perk's action replaces the play phase (as DIY does, R15).
    replaces_play: bool = False


TRIGGERS: tuple[TriggerSpec, ...] = (
    TriggerSpec("turn_start", "R3, R4", "At the start of your turn, after the clean-up (R4).",
                {"en": "at the start of your turn", "fr": "au début de votre tour",
                 "ru": "в начале вашего хода"}),
    TriggerSpec("instead_of_play", "R5.1, R15 DIY",
                "On your turn, instead of playing a card (as DIY's advance, R15).",
                {"en": "on your turn, instead of playing a card",
                 "fr": "pendant votre tour, au lieu de jouer une carte",
                 "ru": "в свой ход вместо розыгрыша карты"}, replaces_play=True),
    TriggerSpec("after_play", "R6, R15 Do-Over",
                "On your turn, once your card has been played and followed (as Do-Over, R15).",
                {"en": "on your turn, once your card has been played and followed",
                 "fr": "pendant votre tour, une fois votre carte jouée et suivie",
                 "ru": "в свой ход, когда ваша карта разыграна и за ней последовали"}),
    TriggerSpec("after_recruit", "R7, R15 Birthday Party",
                "At the end of your recruit phase (as Birthday Party, R15).",
                {"en": "at the end of your recruit phase",
                 "fr": "à la fin de votre phase de recrutement",
                 "ru": "в конце вашей фазы призыва"}),
    TriggerSpec("turn_end", "R9", "At the end of your turn, after drawing (R9).",
                {"en": "at the end of your turn", "fr": "à la fin de votre tour",
                 "ru": "в конце вашего хода"}),
)  # fmt: skip
TRIGGER_BY_NAME: dict[str, TriggerSpec] = {t.name: t for t in TRIGGERS}

# -- the scoring sub-language (R14) --------------------------------------------------------------

METRICS: tuple[WordSpec, ...] = (
    WordSpec("cards", "R14", "cards you have (deck, discard, hand, yard and lookout)", n.Metric,
             reads_cards=False,
             meanings={"fr": "les cartes que vous possédez (pioche, défausse, main, Jardin et "
                             "Observatoire)",
                       "ru": "имеющиеся у вас карты (колода, сброс, рука, двор и дозор)"},
             said=_metric("card")),
    WordSpec("suits", "R14", "different suits on cards you have, coin excluded", n.Metric,
             meanings={"fr": "les familles différentes de vos cartes, pièce exclue",
                       "ru": "разные масти на имеющихся у вас картах, кроме монетки"},
             said=_metric("different_suit")),
    WordSpec("best_friends", "R14", "best friends among the cards you have", n.Metric,
             meanings={"fr": "les Meilleurs Copains parmi vos cartes",
                       "ru": "лучшие друзья среди имеющихся у вас карт"},
             said=_metric("best_friend")),
    WordSpec("advances", "R14", "advance-fort actions printed on the cards you have", n.Metric,
             meanings={"fr": "les actions Avancer son Fort imprimées sur vos cartes",
                       "ru": "действия «улучшение форта» на имеющихся у вас картах"},
             said=_metric("advance_action",
                          en=("on your cards", "on a rival's cards"),
                          fr=("sur vos cartes", "sur les cartes d'un adversaire"),
                          ru=("на ваших картах", "на картах соперника"))),
    WordSpec("pizza", "R14", "pizza on your board (stuff and pack)", n.Metric, reads_cards=False,
             meanings={"fr": "les pizzas sur votre plateau joueur (Affaires et Sac à dos)",
                       "ru": "пицца на вашем планшете (в вещах и рюкзаке)"},
             said=_metric("pizza",
                          en=("on your board", "on a rival's board"),
                          fr=("sur votre plateau joueur", "sur le plateau d'un adversaire"),
                          ru=("на вашем планшете", "на планшете соперника"))),
    WordSpec("toy", "R14", "toys on your board (stuff and pack)", n.Metric, reads_cards=False,
             meanings={"fr": "les jouets sur votre plateau joueur (Affaires et Sac à dos)",
                       "ru": "игрушки на вашем планшете (в вещах и рюкзаке)"},
             said=_metric("toy",
                          en=("on your board", "on a rival's board"),
                          fr=("sur votre plateau joueur", "sur le plateau d'un adversaire"),
                          ru=("на вашем планшете", "на планшете соперника"))),
    WordSpec("level", "R14", "your fort level", n.Metric, reads_cards=False,
             meanings={"fr": "votre Niveau de Fort",
                       "ru": "уровень вашего форта"},
             said={"en": lambda b: b.MetricWords(
                       each="for each level of your fort",
                       value="your fort level",
                       rival="the highest fort level among your rivals"),
                   "fr": lambda b: b.MetricWords(
                       each="par Niveau de votre Fort",
                       value="votre Niveau de Fort",
                       rival="le plus haut Niveau de Fort parmi vos adversaires"),
                   "ru": lambda b: b.MetricWords(
                       each="за каждый уровень вашего форта",
                       value="уровень вашего форта",
                       rival="наибольший уровень форта среди соперников")}),
    WordSpec("lookout", "R14", "cards in your lookout", n.Metric, reads_cards=False,
             meanings={"fr": "les cartes de votre Observatoire",
                       "ru": "карты в вашем дозоре"},
             said=_metric("card",
                          en=("in your lookout", "in a rival's lookout"),
                          fr=("dans votre Observatoire", "dans l'Observatoire d'un adversaire"),
                          ru=("в вашем дозоре", "в дозоре соперника"))),
    WordSpec("pack", "R14", "resources in your pack", n.Metric, reads_cards=False,
             meanings={"fr": "les ressources de votre Sac à dos",
                       "ru": "ресурсы в вашем рюкзаке"},
             said=_metric("resource",
                          en=("in your pack", "in a rival's pack"),
                          fr=("dans votre Sac à dos", "dans le Sac à dos d'un adversaire"),
                          ru=("в вашем рюкзаке", "в рюкзаке соперника"))),
    *(
        WordSpec(s.value, "R14",
                 f"{s.value.replace('_', ' ')} icons on cards you have"
                 + ("" if s is Suit.COIN else ", coins not counted"), n.Metric,
                 # the other suits' are a template over the suit's name (docsite/meanings.py)
                 meanings={"fr": "les symboles pièce de vos cartes",
                           "ru": "символы монетки на имеющихся у вас картах"}
                 if s is Suit.COIN else {})
        for s in Suit
    ),
    *(
        WordSpec(word, "designers' extension", meaning, n.Metric, measure=measure, base=False,
                 reads_cards=False, meanings=_TALLY_MEANINGS[word][1], said=_TALLY_SAID[word])
        for word, meaning, measure in (
            (t[0], m, t[4]) for t, m in zip(_TALLIES, (
                "cards in your hand", "cards in your yard", "cards in your discard pile",
                "cards in your deck", "", "", "your victory points on the track"), strict=True)
            if m)
    ),
)  # fmt: skip
METRIC_BY_WORD: dict[str, WordSpec] = {w.word: w for w in METRICS}

#: The languages fortlang speaks (phrasebooks, docs); a vocabulary's words are said in each.
LANGUAGES: tuple[str, ...] = ("en", "fr", "ru")

ARITH_OPS = ("+", "-", "*")
COMPARE_OPS = ("=", "!=", "<", "<=", ">", ">=")

# -- limits the checker enforces -------------------------------------------------------------------

#: Deeper ASTs are rejected by the parser, so every recursive pass has a known bound.
MAX_DEPTH = 32
#: A fixed multiplier (``x 3``) or an amount (``gain 3 pizza``) beyond this is surely a typo:
#: :data:`fortlang.vocabulary.MAX_AMOUNT` (the core's AMOUNT kind is bounded by it).
MAX_AMOUNT: int = vocabulary.MAX_AMOUNT
#: E202: the most ways the left part of a `then` may unfold (the search for a legal completion
#: may try each, R13.4; the bundled cards need 12 at most, and the engine's search multiplies
#: them by the ways of adding cards, R5.3), and the most repetitions nested repeats by
#: quantities may come to (each one a step of the engine's walk). Both are estimates from the
#: declarations above, never from a game.
MAX_SEARCH_WAYS = 100_000
MAX_REPETITIONS = 200
#: E202: the most ways deciding a play may search (checker.play_ways: the suits named before
#: cards are added, R5.6, R5.7, times the counts the cards added give, R5.3, times the ways of
#: the actions). A search of a left part at MAX_SEARCH_WAYS took about 0.5 s compiled; tried
#: again for each suit named and each count, up to 54 s for one decision (issue 31.7).
MAX_PLAY_WAYS = 1_000_000
#: E202: the most `x any` a card may count (R5.7). The leader names a suit for each before any
#: card is added (R5.3), so deciding a play may try every set of suits with every set of cards
#: added and coins named (R5.6): measured compiled with hands of 6 to 10 cards, 0.1 s for one,
#: up to 2 s for two, up to 9 s for three.
MAX_ANY_SUITS = 2
MODIFIERS = (-1, 1)  # R13.2: one resource more or less


# -- the registry as an instance ---------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class Vocabulary:
    """One game's words: its primitives, resources, quantities, operators and metrics, with
    the lookups built from them. Fort's is :data:`FORT` (the module-level names above are its
    parts); another game, or an expansion's vocabulary, is another instance, so nothing of
    Fort's changes when it is built."""

    name: str
    primitives: tuple[PrimitiveSpec, ...]
    resources: tuple[WordSpec, ...]
    quantities: tuple[WordSpec, ...]
    operators: tuple[OperatorSpec, ...]
    metrics: tuple[WordSpec, ...]
    #: The argument kinds its primitives' syntax may name (core C1: AMOUNT; Fort's RES and
    #: MODIFIER; a plugin's own).
    kinds: tuple[ArgKind, ...] = FORT_KINDS
    #: Who may perform an action (`each rival ->`, a plugin's `next player ->`): core C6.
    selectors: tuple[Selector, ...] = FORT_SELECTORS

    def __post_init__(self) -> None:
        checks: tuple[tuple[str, list[object]], ...] = (
            ("primitive", [p.name for p in self.primitives]),
            ("primitive node", [p.node for p in self.primitives]),
            ("quantity", [w.word for w in self.quantities]),
            ("selector", [s.syntax for s in self.selectors]))
        for kind, names in checks:
            dupes = {x for x in names if names.count(x) > 1}
            if dupes:
                raise ValueError(f"{self.name}: {kind} declared twice: {sorted(map(str, dupes))}")
        by_token = kinds_by_token(self.kinds, self.name)
        arguments = {spec.node: spec.arguments(by_token) for spec in self.primitives}
        keyword_terminals = {w.upper() for p in self.primitives for w in p.keywords}
        regexes: dict[str, str] = {}
        for arg in self.kinds:
            if arg.terminal in keyword_terminals:
                raise ValueError(f"{self.name}: argument kind `{arg.token}`'s terminal "
                                 f"`{arg.terminal}` is also a keyword's: name it otherwise")
            if regexes.setdefault(arg.terminal, arg.regex()) != arg.regex():
                raise ValueError(f"{self.name}: two argument kinds read with terminal "
                                 f"`{arg.terminal}` match different text")
        for spec in self.primitives:
            own = {f.name for f in fields(spec.node)}
            for argument in arguments[spec.node]:
                if argument.kind.field not in own:
                    raise ValueError(f"primitive {spec.name}: its node {spec.node.__name__} has "
                                     f"no field `{argument.kind.field}` for `{argument.part}`")
            known_arguments = _ARGUMENTS.get(spec.node)
            if known_arguments is not None and known_arguments != arguments[spec.node]:
                raise ValueError(f"{self.name}: primitive `{spec.name}` takes other argument "
                                 "kinds in another vocabulary")
        for spec in self.primitives:
            known = spec_of(spec.node)
            if known is not None and known.name != spec.name:
                raise ValueError(f"{self.name}: node {spec.node.__name__} is already primitive "
                                 f"`{known.name}`")
            if known is None:
                _OTHER_SPECS[spec.node] = spec
        for word in self.quantities:
            _declare_quantity(self.name, word)
        for sel in self.selectors:
            known_sel = _SELECTORS.get(sel.syntax)
            if known_sel is not None and known_sel is not sel and (
                    known_sel in FORT_SELECTORS or (known_sel.name, known_sel.picks)
                    != (sel.name, sel.picks)):  # a plugin loaded again: its newest, alike
                raise ValueError(f"{self.name}: selector `{sel.syntax}` is already declared "
                                 "otherwise by another vocabulary")
            clash = next((w for w in sel.words if w.upper() in regexes), None)
            if clash is not None:
                raise ValueError(f"{self.name}: selector `{sel.syntax}`: `{clash}` is also an "
                                 "argument kind's terminal")
        for spec in self.primitives:  # once every declaration is known good
            _ARGUMENTS[spec.node] = arguments[spec.node]
        for sel in self.selectors:
            _SELECTORS[sel.syntax] = sel

    @property
    def primitive_by_name(self) -> dict[str, PrimitiveSpec]:
        return {p.name: p for p in self.primitives}

    @property
    def primitive_by_node(self) -> dict[type, PrimitiveSpec]:
        return {p.node: p for p in self.primitives}

    @property
    def quantity_by_word(self) -> dict[str, WordSpec]:
        return {w.word: w for w in self.quantities}

    @property
    def kind_by_token(self) -> dict[str, ArgKind]:
        return kinds_by_token(self.kinds, self.name)

    def extended(self, name: str, *, primitives: tuple[PrimitiveSpec, ...] = (),
                 quantities: tuple[WordSpec, ...] = (),
                 kinds: tuple[ArgKind, ...] = (),
                 selectors: tuple[Selector, ...] = ()) -> Vocabulary:
        """A new vocabulary: this one plus more primitives, quantities, argument kinds and
        selectors (this one is unchanged)."""
        return Vocabulary(name, self.primitives + primitives, self.resources,
                          self.quantities + quantities, self.operators, self.metrics,
                          self.kinds + tuple(k for k in kinds if k not in self.kinds),
                          self.selectors + tuple(s for s in selectors
                                                 if s not in self.selectors))


#: Primitives of vocabularies other than Fort's, by node class (one entry per declared class).
_OTHER_SPECS: dict[type, PrimitiveSpec] = {}
#: The arguments of every declared primitive, by node class (its kinds resolved in its
#: vocabulary): what the printer, the checker and the phrasebooks read.
_ARGUMENTS: dict[type, tuple[Argument, ...]] = {}
#: Every declared selector, by its syntax (what ``Target.who`` holds): the printer, the
#: phrasebooks, the checker and the engine read it.
_SELECTORS: dict[str, Selector] = {s.syntax: s for s in FORT_SELECTORS}
#: Quantities of vocabularies other than Fort's, by word.
_OTHER_QUANTITIES: dict[str, WordSpec] = {}


def _declare_quantity(vocabulary: str, w: WordSpec) -> None:
    """A quantity another vocabulary declares is counted as the core's own zone counts are: a
    ``Tally`` over its word (printed, checked and explained by its word), which the engine counts
    with the declared ``measure``; anything else could be parsed but never counted. (That a
    plugin's words say themselves in every language is checked when it loads: plugins.py.)"""
    if QUANTITY_BY_WORD.get(w.word) is w:
        return  # Fort's own
    if w.word in QUANTITY_BY_WORD:
        raise ValueError(f"{vocabulary}: quantity `{w.word}` is already Fort's")
    known = _OTHER_QUANTITIES.get(w.word)
    if known is not None and known is not w:
        raise ValueError(f"{vocabulary}: quantity `{w.word}` is already declared by another "
                         "vocabulary")
    try:
        node = w.build()
    except Exception as e:  # another vocabulary's code: its failure is a reason, not a crash
        raise ValueError(f"{vocabulary}: quantity `{w.word}`: its build fails: "
                         f"{type(e).__name__}: {e}") from None
    if not (isinstance(node, n.Tally) and node.what == w.word):
        raise ValueError(f"{vocabulary}: quantity `{w.word}` must build "
                         f"Tally({w.word!r}) (functools.partial(nodes.Tally, {w.word!r})), "
                         f"not {type(node).__name__}: the engine counts a quantity by its word")
    if w.measure is None:
        raise ValueError(f"{vocabulary}: quantity `{w.word}` declares no `measure` (how many "
                         "there are, from the player): the engine could not count it")
    if w.bound < 1:
        raise ValueError(f"{vocabulary}: quantity `{w.word}` declares no `bound` (its largest "
                         "count, which the checker's E202 assumes)")
    _OTHER_QUANTITIES[w.word] = w


def spec_of(node_class: type) -> PrimitiveSpec | None:
    """The declaration of the primitive whose node class this is, in any vocabulary."""
    return PRIMITIVE_BY_NODE.get(node_class) or _OTHER_SPECS.get(node_class)


def selector_of(who: str) -> Selector:
    """The declaration of the selector ``who`` (a ``Target.who``), in any vocabulary; KeyError
    for one no vocabulary declares (an AST built by hand with a made-up performer)."""
    return _SELECTORS[who]


def arguments_of(node_class: type) -> tuple[Argument, ...]:
    """The arguments of the primitive whose node class this is, in any vocabulary (none for a
    class no vocabulary declares)."""
    return _ARGUMENTS.get(node_class, ())


def takes_resource(node_class: type) -> bool:
    """Whether the primitive of this node class takes a resource (``RES`` in its syntax)."""
    spec = spec_of(node_class)
    return spec is not None and "RES" in spec.syntax.split()


def _shape(node: n.Node) -> tuple:
    return tuple((type(x), getattr(x, "amount", None), getattr(x, "modifier", None),
                  getattr(x, "n", None), getattr(x, "suit", None)) for x in node.walk())


def is_resource_choice(node: n.Choice) -> bool:
    """`gain 2 pizza or gain 2 toy`: an `or` whose branches differ only in the resource of the
    primitives that take one (R12.1: one kind, chosen once; R6.4: it binds followers).

    >>> from fortlang.parser import parse_action
    >>> is_resource_choice(parse_action("gain 2 pizza or gain 2 toy"))
    True
    >>> is_resource_choice(parse_action("gain 2 pizza or score 2"))
    False
    """
    shapes = {_shape(item) for item in node.items}
    return len(shapes) == 1 and any(takes_resource(type(x)) for x in node.walk())


FORT = Vocabulary("fort", PRIMITIVES, RESOURCES, QUANTITIES, OPERATORS, METRICS)
