"""What a game module is (issue 33 stage 4, docs/design/game-modules.md §2.4): one frozen value
an installed package names through the entry-point group ``fortlang.games``
(:mod:`fortlang.games` finds and loads it); a card set's manifest names its game (``game:``,
``fort`` by default).

>>> from fortlang.module import GameModule
>>> toy = GameModule(name="toy", titles={"en": "Toy", "fr": "Jouet", "ru": "Игрушка"},
...                  players=range(2, 4), new_table="random:Random", run="random:shuffle")
>>> toy.title("fr"), 3 in toy.players
('Jouet', True)
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

#: The game of a card set whose manifest names none.
DEFAULT_GAME = "fort"


#: The text of one action or one scoring formula in the game's language: the card loader
#: parses such an attribute with the game's vocabulary (start rule ``action`` or ``scoring``).
ACTION = "action"
SCORING = "scoring"


@dataclass(frozen=True)
class Attribute:
    """One field of a card kind (design §2.4): its name, the JSON Schema of its value, and
    whether it is required. ``language`` is ``ACTION`` or ``SCORING`` for a field written in
    the game's language (the loader parses and checks it), "" for plain data.

    >>> Attribute("number", {"type": "integer", "minimum": 1, "maximum": 9}).schema()["maximum"]
    9
    """

    name: str
    value: Mapping[str, Any]
    required: bool = False
    language: str = ""
    #: What the field is, by language ("en", "fr", "ru"): the schema's description.
    doc: Mapping[str, str] = field(default_factory=dict)

    def schema(self) -> dict[str, Any]:
        out = dict(self.value)
        if self.language:
            out.setdefault("type", "string")
        if "en" in self.doc:
            out["description"] = self.doc["en"]
        return out


#: The fields every card of every game has (Fort's kids have them too): the card file's own
#: bookkeeping, never a rule.
COMMON_ATTRIBUTES: tuple[Attribute, ...] = (
    Attribute("id", {"type": "string", "pattern": "^[a-z0-9]+(_[a-z0-9]+)*$"}, required=True,
              doc={"en": "The card's id: lowercase words joined by underscores.",
                   "fr": "L'identifiant de la carte : des mots en minuscules reliés par des "
                         "tirets bas.",
                   "ru": "Идентификатор карты: слова строчными буквами, соединённые "
                         "подчёркиваниями."}),
    Attribute("name", {"type": "string", "minLength": 1, "maxLength": 80}, required=True,
              doc={"en": "The card's name as printed (English).",
                   "fr": "Le nom de la carte tel qu'il est imprimé (en anglais).",
                   "ru": "Название карты, как оно напечатано (по-английски)."}),
    Attribute("names", {"type": "object", "propertyNames": {"pattern": "^[a-z]{2}$"},
                        "additionalProperties": {"type": "string", "minLength": 1,
                                                 "maxLength": 80}},
              doc={"en": "The card's name in other languages, e.g. {fr: ..., ru: ...}.",
                   "fr": "Le nom de la carte dans d'autres langues, par exemple "
                         "{fr: ..., ru: ...}.",
                   "ru": "Название карты на других языках, например {fr: ..., ru: ...}."}),
    Attribute("copies", {"type": "integer", "minimum": 1, "maximum": 1000},
              doc={"en": "How many copies the set holds (default 1).",
                   "fr": "Le nombre d'exemplaires que contient le jeu de cartes (1 par "
                         "défaut).",
                   "ru": "Сколько экземпляров карты в наборе (по умолчанию 1)."}),
    Attribute("source", {"enum": ["rulebook", "public", "provisional", "original"]},
              doc={"en": "Where the card's text comes from.",
                   "fr": "D'où vient le texte de la carte.",
                   "ru": "Откуда взят текст карты."}),
    Attribute("note", {"type": "string"}, doc={"en": "A note for designers (English).",
                                               "fr": "Une note pour les concepteurs (en "
                                                     "anglais).",
                                               "ru": "Заметка для авторов карт "
                                                     "(по-английски)."}),
    Attribute("notes", {"type": "object", "propertyNames": {"pattern": "^[a-z]{2}$"},
                        "additionalProperties": {"type": "string"}},
              doc={"en": "The note in other languages.",
                   "fr": "La note dans d'autres langues.",
                   "ru": "Заметка на других языках."}),
)


@dataclass(frozen=True)
class CardKind:
    """One kind of card a game has (design §2.4): the top-level key that marks a card file of
    that kind (``cards:``, ``events:``), and its fields besides the common ones. A file holds
    a list of such cards under its key (one card with ``single``); its JSON Schema derives
    from the declaration.

    >>> kind = CardKind("event", "events", (Attribute("action", {}, True, ACTION),))
    >>> kind.json_schema()["properties"]["events"]["items"]["required"]
    ['id', 'name', 'action']
    """

    name: str
    key: str
    attributes: tuple[Attribute, ...] = ()
    #: What the kind is, by language: the schema's title and the docs' heading.
    doc: Mapping[str, str] = field(default_factory=dict)
    #: The fields every card of the kind has before its own: :data:`COMMON_ATTRIBUTES`, or
    #: () for a kind that declares all of its fields itself (Fort's, whose ids take dashes).
    common: tuple[Attribute, ...] = COMMON_ATTRIBUTES
    #: The file holds one such card as a mapping under its key (Fort's board), not a list.
    single: bool = False
    #: The name of the ``$defs`` entry that holds a card's schema, which the key's value then
    #: refers to (``$ref``); "" to write it in place.
    item_def: str = ""
    #: Further ``$defs`` (before the card's), for ``keywords`` to refer to.
    defs: Mapping[str, Any] = field(default_factory=dict)
    #: Further keywords of a card's schema: constraints between its fields (``anyOf``, ``allOf``).
    keywords: Mapping[str, Any] = field(default_factory=dict)
    #: The order of a card schema's keywords (those not named come last). jsonschema reports a
    #: card's errors in this order, so it orders two messages at one place of a file.
    order: tuple[str, ...] = ("type", "additionalProperties", "required", "properties")
    #: The schema's ``$id``; "" for none.
    schema_id: str = ""
    #: What a file of the kind is, by language: the schema's description.
    about: Mapping[str, str] = field(default_factory=dict)
    #: The name of its schema file; "" for ``<key>.schema.json``.
    schema_file: str = ""
    #: ``"module:function"`` that builds one card of the kind from its entry in a card file,
    #: ``(kind, data, texts, origin) -> card | None``: ``data`` its fields as written (valid by
    #: the schema), ``texts`` its fields in the game's language parsed (None where absent or
    #: unreadable: their errors are reported already), ``origin`` where the entry is written;
    #: None builds nothing (a set with errors is not played). "" for a
    #: :class:`fortlang.model.GameCard` (:func:`fortlang.cardset.build.game_card`). Fort's
    #: build its own model (``fortlang.games.fort.cards``).
    build: str = ""
    #: One card of the kind in the loader's messages ("duplicate kid name"); "" for ``name``.
    label: str = ""
    #: The :class:`fortlang.model.CardSet` slot its cards are held in
    #: (``CardSet.slot(name)``, a ``single`` kind's one card as a 1-tuple): "" for
    #: ``CardSet.cards``. Fort's: ``kids``, ``rules``, ``perks``, ``board``, the slots its
    #: sets' content hash text names (``fortlang.cardset.table.hash_text``).
    slot: str = ""

    @property
    def all_attributes(self) -> tuple[Attribute, ...]:
        return self.common + self.attributes

    @property
    def card_label(self) -> str:
        """One card of the kind in the loader's messages (:attr:`label`, else its name)."""
        return self.label or self.name

    def builder(self) -> object | None:
        """The function :attr:`build` names, imported now; None for a generic card."""
        return _named(self.build) if self.build else None

    @property
    def schema_name(self) -> str:
        """The name of its schema file (``cards.schema.json``)."""
        return self.schema_file or f"{self.key}.schema.json"

    def schema_text(self) -> str:
        """:meth:`json_schema` as the file an editor reads (``<game>/schemas/<key>.schema.json``
        in the game's package, named by each card file's ``yaml-language-server`` line)."""
        import json

        return json.dumps(self.json_schema(), indent=2, ensure_ascii=False) + "\n"

    def json_schema(self) -> dict[str, Any]:
        """The JSON Schema of a file of the kind (draft 2020-12).

        >>> board = CardKind("board", "board", (Attribute("size", {"type": "integer"}, True),),
        ...                  common=(), single=True, order=("type", "required"))
        >>> board.json_schema()["properties"]["board"]
        {'type': 'object', 'required': ['size'], 'additionalProperties': False, \
'properties': {'size': {'type': 'integer'}}}
        >>> kid = CardKind("kids", "kids", common=(), item_def="kid",
        ...                keywords={"anyOf": [{"required": ["a"]}, {"required": ["b"]}]})
        >>> schema = kid.json_schema()
        >>> schema["properties"]["kids"]["items"], list(schema["$defs"]["kid"])
        ({'$ref': '#/$defs/kid'}, ['type', 'additionalProperties', 'required', 'properties', \
'anyOf'])
        """
        fields = self.all_attributes
        parts = {"type": "object", "additionalProperties": False,
                 "required": [a.name for a in fields if a.required],
                 "properties": {a.name: a.schema() for a in fields}, **self.keywords}
        card = {k: parts[k] for k in self.order if k in parts}
        card.update((k, v) for k, v in parts.items() if k not in card)
        item = {"$ref": f"#/$defs/{self.item_def}"} if self.item_def else card
        out: dict[str, Any] = {"$schema": "https://json-schema.org/draft/2020-12/schema"}
        if self.schema_id:
            out["$id"] = self.schema_id
        out["title"] = self.doc.get("en", self.name)
        if "en" in self.about:
            out["description"] = self.about["en"]
        out.update({"type": "object", "additionalProperties": False, "required": [self.key],
                    "properties": {self.key: item if self.single
                                   else {"type": "array", "items": item}}})
        defs = {**self.defs, **({self.item_def: card} if self.item_def else {})}
        if defs:
            out["$defs"] = defs
        return out


@dataclass(frozen=True)
class Outcome:
    """How one game of a module's ended, as its ``run`` returns it: what ``simulate`` counts
    for every game (Fort keeps its own, richer figures)."""

    #: Each seat's final score.
    scores: tuple[int, ...]
    #: The seats that won (several on a shared win).
    winners: tuple[int, ...]
    #: Turns played.
    turns: int
    #: Times each card was played, by card id.
    plays: Mapping[str, int] = field(default_factory=dict)
    #: Times each seat played each card, by seat then card id (``balance`` reads it: a
    #: card's win rate when played); () for a game that does not say.
    seat_plays: tuple[Mapping[str, int], ...] = ()


@dataclass(frozen=True)
class GameModule:
    """A game: its name, its titles, how many may play, and where its pieces are.

    The pieces are lazy ``"module:attribute"`` references, imported only when used, so finding
    a game (``check`` reading a manifest's ``game:``) imports nothing of its engine.

    Stage 4 declares only what has a reader today. The other fields of §2.4 come with the
    stages that give them one: ``grammar``, ``vocabulary`` (stage 5, vocabulary v2 and the
    grammar split), ``cards`` (stage 5, schemas generated from card kinds), ``table`` (stage
    7), ``switches``, ``codes`` and ``returns`` (stage 8, everything generic over the module).
    ``flow`` names the turn structure its run plays on, ``phrasebooks`` brings the game's words
    to the core's sentences, ``bots`` its own bots; ``rules_pages``, ``face`` and ``docs`` serve
    the game's docs site (``fortlang docs build``, ``docs pnp``).
    """

    #: The manifest's ``game:`` value, and the entry point's name.
    name: str
    #: The game's title by language ("en", "fr", "ru").
    titles: Mapping[str, str]
    #: How many seats a table may have (Fort: 2 to 4).
    players: range
    #: ``"module:function"`` that deals a new table: ``(cardset, n_players, *, seed, ...)``;
    #: "" for a game whose table is not built yet.
    new_table: str = ""
    #: ``"module:function"`` that plays one whole game and returns its :class:`Outcome`:
    #: ``(cardset, n_players, *, seed, asker, debug)`` (``debug``: check the table's
    #: invariants at every decision); "" for a game that cannot be played whole yet
    #: (``simulate`` says so: E906).
    run: str = ""
    #: ``"module:attribute"``: the game's turn structure, a :class:`fortlang.flow.FlowSpec`
    #: (phases, cycle, rounds, the game's end, reaction windows, lasting effects), the one
    #: its ``run`` plays on; the docs site's turn structure and ``fortlang explain --flow``
    #: read it (:func:`fortlang.games.flow_of`). "" for a game whose turns are a loop of its
    #: own.
    flow: str = ""
    #: ``"module:attribute"``: the game's :class:`fortlang.registry.Vocabulary` (its words),
    #: "" for Fort's (the core's registry still holds Fort's words: issue 33 stage 5).
    vocabulary: str = ""
    #: Its card kinds. Fort's too (``fortlang.games.fort.kinds``): the loader validates its
    #: files with them and builds their cards by each kind's ``build``.
    cards: tuple[CardKind, ...] = ()
    #: ``"module:attribute"``: what a seat is told at ``fortlang play`` (what it may see of
    #: the table, which of the others' answers are public, options' and decisions' words by
    #: language: fortlang.agents.terminal); "" for the plain narration, which tells a person
    #: their own questions only.
    narration: str = ""
    #: ``"module:attribute"``: the game's :class:`fortlang.scenario.rules.ScenarioRules` (what
    #: a scenario's `given`, moves and `then` hold, and how one runs), read by ``fortlang
    #: test`` for a scenario file whose sets are this game's; "" for a game without scenario
    #: files yet (E710 at the file's `sets:`). Fort's reads and runs its files whole
    #: (``read_file``, ``run_read``: fortlang.games.fort.scenarios).
    scenarios: str = ""
    #: Its rules pages by language ("en", "fr", "ru"): ``"package:path"`` of a Markdown file
    #: shipped in the module's package (its numbered digest: ``## F1 ...``, ``- F1.1 ...``),
    #: read when ``fortlang docs build`` makes the game's site; a language without one shows
    #: the English page, with a note saying so in its own language.
    rules_pages: Mapping[str, str] = field(default_factory=dict)
    #: ``"module:function"`` that draws one of its cards for the site and the print-and-play
    #: sheet, ``(card: GameCard, lang: str) -> fortlang.docsite.face.Face`` (Fort's: a kid,
    #: made-up rule, perk or board of its own model); "" for the generic face (name, kind, key
    #: numbers, what its actions do).
    face: str = ""
    #: ``"module:attribute"``: what the game's docs site draws and says besides its words'
    #: declarations (:class:`fortlang.docsite.gamedocs.GameDocs`: icons of words that draw
    #: none, other marks, meanings a template gives), written with its site; "" for none.
    docs: str = ""
    #: ``"module:attribute"``: what a seat may see and how to deal the cards it cannot see
    #: (:class:`fortlang.sim.module_pull.Determinization`: ``observe``, ``determinize`` and
    #: optionally ``estimate``), which the search bot needs; "" for none (no ``mcts`` bot).
    determinization: str = ""
    #: ``"module:attribute"``: the game's own bots by the names ``--bots`` takes (``random``,
    #: ``greedy``, ``mcts``: fortlang.agents.bots.BOT_NAMES), a mapping from each to its
    #: factory, called ``(rng)`` for ``random`` and ``greedy`` (a seeded ``random.Random``),
    #: ``(seed)`` or ``(seed, budget)`` for another (fortlang.agents.bots.make_bot); "" for the
    #: generic module bots (fortlang.sim.module_games: random, greedy by the declared worth of
    #: a card's actions, and the search bot with the module's ``determinization``).
    bots: str = ""
    #: ``"module:function"`` that checks a table of the game, ``(table) -> None``, raising
    #: AssertionError on a broken invariant (an engine bug): what ``--check-invariants`` runs
    #: at every decision of Fort's table (``Game.check_invariants``); "" for none. A module
    #: with its own table checks it in the table's own ``check_invariants``.
    invariants: str = ""
    #: ``"module"`` (or ``"module:attribute"``) whose ``PARK_SIZE`` (cards dealt to the park)
    #: and ``START_KIDS`` (cards dealt to each seat) the checker holds a set to (E327 of
    #: ``fortlang check``); "" for none.
    setup_sizes: str = ""
    #: ``"module"`` whose ``CHECKS`` (a :class:`fortlang.checker.GameChecks`) the checker runs
    #: on an action read in the game's words, beside the language's own checks (its rules'
    #: bounds: Fort's stuff, cost modifier, `destroy this`, play search); "" for none. Fort's
    #: card checks (fortlang.cardset.semantics, fortlang.cardset.deadcards) read its other
    #: names (``play_ways``, ``stuff_warnings``...) through it.
    checks: str = ""
    #: ``"module"`` whose ``CARD_CHECKS`` and ``SET_CHECKS`` (functions of a
    #: :class:`fortlang.cardset.semantics.Scope` yielding diagnostics) ``fortlang check`` runs
    #: on the game's card files and sets after the core's (ids, names, requirements), and
    #: whose ``refine(scope)``, if any, first judges again what depends on the set as a whole
    #: (Fort's bounds that depend on its board); "" for none.
    card_checks: str = ""
    #: ``"module:attribute"``: what W305 (a card no first turn can play) asks of the game:
    #: ``why_not(table, seat, card) -> rule | None`` (why the engine refuses a card in hand)
    #: and ``refusal_text(card, rule) -> str``; the starting tables come from ``new_table``;
    #: "" for a game the check does not judge.
    dead_cards: str = ""
    #: ``"module:attribute"``: what Fort's search bot (fortlang.games.fort.agents.mcts) reads of the
    #: game: ``Knowledge(seat)`` (a seat's memory of the table, ``look(table)``),
    #: ``determinize(table, knowledge, rules, rng)``, ``final_score(table, player)`` (a score
    #: with ``total``) and ``cards_you_have(player)``; "" for none.
    search: str = ""
    #: ``"module:attribute"``: what a seat is told of the others' answers at Fort's terminal
    #: (fortlang.games.fort.agents.human): ``is_public(decision)``, ``SECRET`` (a secret kind
    #: -> what the others are told) and ``revealed_at_end(table)``; "" for none.
    disclosure: str = ""
    #: ``"module:function"`` that plays a game at the terminal with the game's own interface,
    #: ``(cardset, players, *, seed, bots, lang, draft)`` (``fortlang play``); "" for the
    #: generic table over ``run`` and ``narration`` (fortlang.cli.module_play).
    terminal: str = ""
    #: ``"module:attribute"``: the table ``fortlang playtest`` serves for the game, a class
    #: called ``(cardset, *, players, humans, bots, seed, draft, history, sets, lang)`` whose
    #: objects answer the server's calls (``catalogue``, ``seat_view``, ``face_svg``, ``act``,
    #: ``undo``, ``save``, ...: fortlang.playtest.server); "" for the generic table over
    #: ``run`` and ``narration`` (fortlang.playtest.module_table).
    playtest: str = ""
    #: ``"module:attribute"``: the game's own simulation drivers, a
    #: :class:`fortlang.sim.drivers.Drivers` (its pull API's state, its batches of games and
    #: their figures), which ``simulate``, ``balance``, ``replay``, their backends and the
    #: search bot run for its sets; "" for the generic module drivers over ``run``
    #: (fortlang.sim.module_games). A game without card kinds of its own gets Fort's.
    simulation: str = ""
    #: Its phrasebooks by language ("en", "fr", "ru"): ``"module"`` or ``"module:attribute"``
    #: of its words in that language (nouns, glossary terms, handlers of its own node classes,
    #: metrics, and any word its declarations' phrases ask a book for: ``NOUNS``, ``TERMS``,
    #: ``HANDLERS``, ``HOW_MANY``, ``METRICS``...), adopted by the core's book of that language
    #: once the game is loaded (fortlang.phrasebook.base.adopt); none for a game whose
    #: declarations say everything themselves.
    phrasebooks: Mapping[str, str] = field(default_factory=dict)
    #: The words of its table's interface by language ("en", "fr", "ru"): ``"module"`` or
    #: ``"module:attribute"`` of a ``{key: str.format template}`` (``UI`` when no attribute is
    #: named), which :func:`fortlang.i18n.ui` reads after the core's catalogue, so its own
    #: terminal and playtest page ask for its keys as for the core's; none for a game whose
    #: narration says everything itself.
    ui: Mapping[str, str] = field(default_factory=dict)
    #: Its own subcommands of ``fortlang``, by name: ``"module:attribute"`` of a click command
    #: (Fortune and Glory's ``odds``), imported only when run. fortlang's own commands come
    #: first: a game's command of the same name is never reached (docs/games.md).
    commands: Mapping[str, str] = field(default_factory=dict)

    def title(self, lang: str) -> str:
        """The game's title in ``lang``, else in English, else its name."""
        return self.titles.get(lang) or self.titles.get("en") or self.name

    def piece(self, field: str) -> object:
        """The object a lazy reference field names (``"new_table"``, ``"run"``), imported now.
        The references are the module's own: they come from the value its installed entry
        point gave, never from a card set."""
        ref = getattr(self, field)
        if not ref:
            raise LookupError(f"game module `{self.name}` declares no `{field}` yet")
        return _named(ref)

    def piece_in(self, field: str, lang: str, attribute: str = "") -> object | None:
        """The object a per-language reference field (``phrasebooks``, ``ui``) names for
        ``lang``, imported now (``attribute`` where the reference names a module only); None
        where the module declares none in ``lang``."""
        ref = getattr(self, field).get(lang)
        if not ref:
            return None
        module, _, attr = ref.partition(":")
        return _named(f"{module}:{attr or attribute}")


def _named(ref: str) -> object:
    """What a ``"module:attribute"`` reference names, imported now."""
    module, _, attr = ref.partition(":")
    found: object = importlib.import_module(module)
    for part in attr.split(".") if attr else ():
        found = getattr(found, part)
    return found
