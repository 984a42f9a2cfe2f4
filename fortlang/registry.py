"""The one registry of fortlang's vocabularies: the machinery every game's words are declared
with, and the lookups the core reads them through.

A game declares its words as a :class:`Vocabulary` of :class:`PrimitiveSpec`, :class:`WordSpec`,
:class:`OperatorSpec` and :class:`TriggerSpec` values (Fort's in ``games/fort/vocabulary.py``,
Frantic's and Fortune and Glory's in theirs, a plugin's in its package). The parser's grammar
rule and keywords for each primitive are generated from its declared ``syntax``, the printer
follows the same syntax, the checker reads its bounds, the greedy bot its ``worth``, and the docs
generate the language reference from it. Every primitive brings its sentences, meanings and icon
in its declaration (``phrases``, ``meanings``, ``drawing``/``icon``), which the phrasebooks and
the docs read through :func:`spec_of`; its effect too, Fort's as any other vocabulary's: its
engine ``op`` (Fort's: games/fort/ops/), or only its ``effect``.

The core reaches a game's words through the game loader (:func:`vocabulary_of`, the entry point
``fortlang.games``), never when it is imported: the default game's (the manifest's ``game:``,
:data:`fortlang.module.DEFAULT_GAME`) are loaded the first time a lookup needs them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from functools import cached_property
from typing import TYPE_CHECKING, Any

from fortlang import nodes as n
from fortlang import vocabulary
from fortlang.module import DEFAULT_GAME
from fortlang.vocabulary import (
    CORE_KINDS,
    ArgKind,
    Phrase,
    Selector,
    everyone,
    is_argument_token,
    kinds_by_token,
    others,
    parse_syntax,
)

if TYPE_CHECKING:
    from fortlang.games import GameError


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
    #: Whether performing it may move a card (out of a deck, a hand, a yard, a discard pile, a
    #: lookout...): a test after it that reads which cards are where (R14: `if crown = 3`) may
    #: then see other cards, so the checker's bound on the search (E202) counts its card
    #: choices as ``card_ways``. True, the default, is safe (a primitive not declared may).
    moves_cards: bool = True
    #: Whether performing it may read which cards are where (their suits, not only how many),
    #: as a quantity's or a metric's ``reads_cards``: a card moved before it may then change how
    #: the move ends. True, the default, is safe. Both are the checker's; the engine reads its
    #: op's (``touches``, and assumes both of an op that is not ``known``), so an op's flags
    #: must say the same (tests/test_checker_card_flags.py holds Fort's to it).
    reads_cards: bool = True
    #: The ways its choice of which card to move has when which card matters (a test after a
    #: card move reads the cards): each card of a zone is tried, not one per zone, so
    #: ``most_options`` (cards that end alike counted once per zone) is multiplied by it (E202).
    #: 1, the default: it chooses no card (a draw takes the top of the deck). Fort's card
    #: choices: :data:`CARDS_A_ZONE`.
    card_ways: int = 1
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
    #: The engine's handler, for a primitive without an ``op``: ``effect(node, ctx, k)``
    #: performs it on ``ctx.game`` through its undoable mutations and returns ``k(in_full)``.
    effect: Callable[..., bool] | None = None
    #: Instead of ``effect``, its whole engine declaration: a subclass of
    #: ``fortlang.engine.program.Op``, made with the node, whose ``run`` is the effect and
    #: whose closed forms (``now``, ``repeated``, ``straight``/``once``, ...) spare the engine a
    #: search where they are known, as Fort's own primitives' ops do (games/fort/ops/).
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
        if self.card_ways < 1 or (self.card_ways > 1 and not self.moves_cards):
            raise ValueError(f"primitive {self.name}: card_ways {self.card_ways}: 1 for a "
                             "primitive that chooses no card, more only if it moves cards")
        parts = parse_syntax(self.syntax)
        if not parts or parts[0][1] is not None:
            raise ValueError(f"primitive {self.name}: its syntax starts with no keyword")

    @property
    def keywords(self) -> tuple[str, ...]:
        """The words of its syntax, in order: ``("copy", "rival", "pack")``."""
        return tuple(part for part, token, _ in parse_syntax(self.syntax) if token is None)

    def arguments(self, kinds: Mapping[str, ArgKind] | None = None) -> tuple[Argument, ...]:
        """Its arguments, in order, each token looked up in ``kinds`` (the default game's by
        default); ValueError for a token no kind has."""
        by_token = vocabulary_of(DEFAULT_GAME).kind_by_token if kinds is None else kinds
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
    #: For a quantity the engine counts otherwise (the suits of the cards played, a choice):
    #: its count, a subclass of ``fortlang.engine.program.Count`` made with the node, as a
    #: primitive's ``op`` (Fort's `x shovel`, `x any`, `x pack`: games/fort/ops/counts.py).
    count: Callable[[Any], Any] | None = None
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
    #: For a quantity whose count is of something the performer names once for the whole
    #: repeat (`x any`: a suit, R5.7): how many there are to name, and what they are called in
    #: the checker's hint ("suits"); the checker's bound multiplies the repeat's ways by it
    #: (E202), as a choice made once. For a resource that is one of several kinds, chosen once
    #: (Fort's `pizza/toy`, R12.1): how many kinds (the checker's ways to perform an action that
    #: takes it, :func:`resource_choices`). 0: nothing is named.
    named: int = 0
    named_word: str = ""
    #: For a quantity: the family of words it is one of, which the parser's messages name once
    #: ("a quantity (a suit, any, ...)") and whose words are terms of the game's glossary (the
    #: reference shows their names; Fort's suits: "suit"); "" for a word of no family.
    family: str = ""
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


# -- who performs an action (core C6): the core's selectors, every vocabulary's by default -----

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
CORE_SELECTORS: tuple[Selector, ...] = (EACH_RIVAL, A_RIVAL, EACH_PLAYER)

# -- the core's operators (R13), every game's to take or leave -------------------------------


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
        for sel in CORE_SELECTORS
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
#: declarations, never from a game.
MAX_SEARCH_WAYS = 100_000
MAX_REPETITIONS = 200
#: The cards of a zone (a hand, a yard, a discard pile) a choice of a card offers when a later
#: test reads which cards are where (R14: `if crown = 3`, `if suits = 1`): the engine then tries
#: each kind of card there, not one per zone (interpreter.EQUIVALENT_OPTIONS). No rule bounds
#: a zone; a nominal hand (issue 31.7: such cards searched 100 times the checker's figure).
#: A primitive declares the ways of its card choice (``PrimitiveSpec.card_ways``): Fort's, this.
CARDS_A_ZONE = 10
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


# -- a game's words as one value --------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class Vocabulary:
    """One game's words: its primitives, resources, quantities, operators, metrics and
    triggers, with the lookups built from them. Fort's is ``FORT`` in its game module
    (``games/fort/vocabulary.py``, reached through :func:`vocabulary_of`); another game, or an
    expansion's vocabulary, is another instance, so nothing of Fort's changes when it is
    built."""

    name: str
    primitives: tuple[PrimitiveSpec, ...]
    resources: tuple[WordSpec, ...]
    quantities: tuple[WordSpec, ...]
    operators: tuple[OperatorSpec, ...]
    metrics: tuple[WordSpec, ...]
    #: The argument kinds its primitives' syntax may name (core C1: AMOUNT; Fort's RES and
    #: MODIFIER; a plugin's own).
    kinds: tuple[ArgKind, ...] = CORE_KINDS
    #: Who may perform an action (`each rival ->`, a plugin's `next player ->`): core C6.
    selectors: tuple[Selector, ...] = CORE_SELECTORS
    #: The moments of its turn a perk written in the language may be used at (Fort's R3-R9).
    triggers: tuple[TriggerSpec, ...] = ()

    def __post_init__(self) -> None:
        native = self.name == DEFAULT_GAME
        if not native:  # the default game's words are known first: the others' are judged by them
            _default_loaded()  # (where it is installed: a game needs none of its words)
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
            known = _SPECS.get(spec.node)
            if known is not None and known.name != spec.name:
                raise ValueError(f"{self.name}: node {spec.node.__name__} is already primitive "
                                 f"`{known.name}`")
            if known is None:
                _SPECS[spec.node] = spec
        for word in self.quantities:
            _declare_quantity(self.name, word, native)
        for sel in self.selectors:
            known_sel = _SELECTORS.get(sel.syntax)
            if known_sel is not None and known_sel is not sel and (
                    known_sel in CORE_SELECTORS or (known_sel.name, known_sel.picks)
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
        for metric in self.metrics:
            _METRICS.setdefault(metric.word, metric)
        for resource in self.resources:
            if resource.named:
                _RESOURCE_CHOICES.setdefault(resource.build(), resource.named)
        for trigger in self.triggers:
            _TRIGGERS.setdefault(trigger.name, trigger)

    @cached_property
    def primitive_by_name(self) -> dict[str, PrimitiveSpec]:
        return {p.name: p for p in self.primitives}

    @cached_property
    def primitive_by_node(self) -> dict[type, PrimitiveSpec]:
        return {p.node: p for p in self.primitives}

    @cached_property
    def quantity_by_word(self) -> dict[str, WordSpec]:
        return {w.word: w for w in self.quantities}

    @cached_property
    def resource_by_word(self) -> dict[str, WordSpec]:
        return {w.word: w for w in self.resources}

    @cached_property
    def resource_word(self) -> dict[Any, str]:
        """Each resource value -> the word the printer spells it with (the first declared)."""
        out: dict[Any, str] = {}
        for w in self.resources:
            out.setdefault(w.build(), w.word)
        return out

    @cached_property
    def metric_by_word(self) -> dict[str, WordSpec]:
        return {w.word: w for w in self.metrics}

    @cached_property
    def trigger_by_name(self) -> dict[str, TriggerSpec]:
        return {t.name: t for t in self.triggers}

    @cached_property
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
                                                 if s not in self.selectors), self.triggers)


#: Every declared primitive, by node class (one entry per declared class, the first
#: declaration's: the default game's are declared before any other vocabulary's).
_SPECS: dict[type, PrimitiveSpec] = {}
#: The arguments of every declared primitive, by node class (its kinds resolved in its
#: vocabulary): what the printer, the checker and the phrasebooks read.
_ARGUMENTS: dict[type, tuple[Argument, ...]] = {}
#: Every declared selector, by its syntax (what ``Target.who`` holds): the printer, the
#: phrasebooks, the checker and the engine read it.
_SELECTORS: dict[str, Selector] = {s.syntax: s for s in CORE_SELECTORS}
#: Every declared quantity, by word; the word a quantity node stands for (the node its
#: declaration builds: Fort's ``SuitCount(Suit.SHOVEL)`` is `shovel`); the words of the default
#: game's quantities, which the engine counts by their node classes.
_QUANTITIES: dict[str, WordSpec] = {}
_QUANTITY_WORD: dict[n.Quantity, str] = {}
_NATIVE_QUANTITIES: set[str] = set()
#: How many kinds a declared resource value stands for, chosen once, by value: those whose
#: declaration names a choice (``WordSpec.named``: Fort's ``pizza/toy``, R12.1).
_RESOURCE_CHOICES: dict[object, int] = {}
#: Every declared metric (R14) and trigger, by word (the first declaration's).
_METRICS: dict[str, WordSpec] = {}
_TRIGGERS: dict[str, TriggerSpec] = {}


def _declare_quantity(vocabulary: str, w: WordSpec, native: bool) -> None:
    """A quantity the default game declares is counted by the engine's own tables (by its node
    class). One another vocabulary declares is counted as the core's own zone counts are: a
    ``Tally`` over its word (printed, checked and explained by its word), which the engine counts
    with the declared ``measure``; anything else could be parsed but never counted. (That a
    plugin's words say themselves in every language is checked when it loads: plugins.py.)"""
    known = _QUANTITIES.get(w.word)
    if known is w:
        return  # declared before, by this vocabulary or one it extends
    if native and known is None:
        _NATIVE_QUANTITIES.add(w.word)
        _QUANTITIES[w.word] = w
        _QUANTITY_WORD.setdefault(w.build(), w.word)  # type: ignore[arg-type]
        return
    if w.word in _NATIVE_QUANTITIES:
        raise ValueError(f"{vocabulary}: quantity `{w.word}` is already Fort's")
    if known is not None:
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
    _QUANTITIES[w.word] = w


# -- reaching a game's words: through the game loader, when first needed -------------------------

#: game name -> (its module as loaded, its words): a module dropped by ``games.forget`` (tests
#: install and remove some) is loaded again.
_WORDS: dict[str, tuple[object, Vocabulary | None]] = {}


def words_of(game: str) -> Vocabulary | None:
    """The vocabulary the game ``game`` declares (its module's ``vocabulary`` reference, found
    through the entry point ``fortlang.games`` and imported once), None for a game that
    declares none; :class:`fortlang.games.GameError` (E350, E351) if it cannot be had."""
    from fortlang.games import declared, game_named

    module = game_named(game)
    known = _WORDS.get(game)
    if known is not None and known[0] is module:
        return known[1]
    words = declared(module, "vocabulary", Vocabulary, "its vocabulary")
    _WORDS[game] = (module, words)
    return words  # type: ignore[no-any-return]


def game_problem(game: str) -> GameError | None:
    """Why the game ``game`` cannot be had (E350, E351: its module or its words fail to load),
    or None when it can."""
    from fortlang.games import GameError as Missing

    try:
        words_of(game)
    except Missing as e:
        return e
    return None


def vocabulary_of(game: str) -> Vocabulary:
    """The words cards of the game ``game`` are written in: its own, or the default game's for
    a game that declares none (:class:`fortlang.games.GameError` if it cannot be had)."""
    words = words_of(game)
    if words is not None:
        return words
    if game == DEFAULT_GAME:
        from fortlang.games import GameError

        raise GameError("E351", f"game module `{game}` declares no vocabulary")
    return vocabulary_of(DEFAULT_GAME)


def default_vocabulary() -> Vocabulary:
    """The words of the manifest's default game (:data:`fortlang.module.DEFAULT_GAME`), loaded
    the first time they are asked for."""
    return vocabulary_of(DEFAULT_GAME)


def default_words() -> Vocabulary | None:
    """The default game's words, or None where its module is not installed (a game module
    alone: its sets need none of them)."""
    return vocabulary_of(DEFAULT_GAME) if _default_loaded() or DEFAULT_GAME in _WORDS else None


def _default_loaded() -> bool:
    """Load the default game's words if they are not yet (True once they are): a lookup that
    misses asks, so a node built by hand finds its declaration all the same."""
    if DEFAULT_GAME not in _WORDS:
        from fortlang.games import GameError, installed

        table = installed()
        if _MISSING and _MISSING[0] is table:  # asked before, of the same installation
            return False
        try:
            vocabulary_of(DEFAULT_GAME)
        except GameError:  # not installed (a game module alone): nothing more to find
            _MISSING[:] = [table]
            return False
        return True
    return False


#: The installed games' table (fortlang.games.installed) in which the default game was found
#: missing: a lookup that misses does not look for it again until the table changes.
_MISSING: list[object] = []


def spec_of(node_class: type) -> PrimitiveSpec | None:
    """The declaration of the primitive whose node class this is, in any vocabulary."""
    spec = _SPECS.get(node_class)
    if spec is None and _default_loaded():
        spec = _SPECS.get(node_class)
    return spec


def selector_of(who: str) -> Selector:
    """The declaration of the selector ``who`` (a ``Target.who``), in any vocabulary; KeyError
    for one no vocabulary declares (an AST built by hand with a made-up performer)."""
    return _SELECTORS[who]


def arguments_of(node_class: type) -> tuple[Argument, ...]:
    """The arguments of the primitive whose node class this is, in any vocabulary (none for a
    class no vocabulary declares)."""
    found = _ARGUMENTS.get(node_class)
    if found is None and _default_loaded():
        found = _ARGUMENTS.get(node_class)
    return found or ()


def quantity_word(q: n.Quantity) -> str:
    """The word a quantity node stands for (not ``Fixed``: a number): a ``Tally``'s own, else
    the word whose declaration builds that node (``WordSpec.build``: Fort's `shovel` builds
    ``SuitCount(Suit.SHOVEL)``, `pack` ``PackSize()``)."""
    if isinstance(q, n.Tally):
        return q.what
    word = _QUANTITY_WORD.get(q)
    if word is None and _default_loaded():
        word = _QUANTITY_WORD.get(q)
    if word is None:
        raise KeyError(type(q))
    return word


def quantity_spec(q: n.Quantity) -> WordSpec:
    """The declaration of the word a quantity node stands for (not ``Fixed``: a number), in any
    vocabulary."""
    word = quantity_word(q)
    spec = _QUANTITIES.get(word)
    if spec is None and _default_loaded():
        spec = _QUANTITIES.get(word)
    if spec is None:
        raise KeyError(word)
    return spec


def metric_of(word: str) -> WordSpec | None:
    """The declaration of the scoring metric ``word`` (R14), in any vocabulary."""
    spec = _METRICS.get(word)
    if spec is None and _default_loaded():
        spec = _METRICS.get(word)
    return spec


class _Metrics:
    """:func:`metric_of` as a mapping's ``get`` (what the engine reads a metric's declaration
    with when a program is built)."""

    def get(self, word: str) -> WordSpec | None:
        return metric_of(word)


METRIC_BY_WORD = _Metrics()


def trigger_of(name: str) -> TriggerSpec:
    """The declaration of the trigger ``name`` (a perk's ``when:``), in any vocabulary;
    KeyError for one none declares."""
    spec = _TRIGGERS.get(name)
    if spec is None and _default_loaded():
        spec = _TRIGGERS.get(name)
    if spec is None:
        raise KeyError(name)
    return spec


def resource_choices(value: object) -> int:
    """How many kinds the resource ``value`` stands for, one chosen once when it is performed
    (R12.1: Fort's `pizza/toy` is 2); 1 for a resource of one kind, or any other value."""
    try:
        found = _RESOURCE_CHOICES.get(value)
        if found is None and _default_loaded():
            found = _RESOURCE_CHOICES.get(value)
    except TypeError:  # an unhashable field of another vocabulary's node: no resource
        return 1
    return found or 1


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


