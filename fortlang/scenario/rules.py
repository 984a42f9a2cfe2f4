"""What a game module declares to have scenario files (issue 33 item 5, stage 8;
docs/design/game-modules.md §2.4 "scenarios as landed"): :class:`ScenarioRules`, which its
:class:`~fortlang.module.GameModule` names lazily (``scenarios="pkg.mod:SCENARIOS"``).

The core keeps everything that is not the game's (:mod:`fortlang.scenario.games`): finding the
files, reading the YAML with positions, resolving the sets a file names (bundled ids or
folders; sets of two games are E352), the moves' seats, their `choose`/`answers` and `chance`
answers (:class:`~fortlang.scenario.answers.Script`), comparing `then` and reporting. The game
says what `given`, a move and `then` may hold (JSON Schemas: an editor, the schema check and
the docs read them), reads a scenario once at load time (names it does not know are
positioned errors), and runs it: it builds its table, gives it the core's asker, makes the
moves, and returns what the `then` fields may compare, by field.

>>> rules = ScenarioRules(given={"type": "object"}, when={"properties": {"roll": {}}},
...                       then={"properties": {"points": {"type": "integer"}}},
...                       read=lambda scenario, report: None,
...                       run=lambda scenario, prepared, script: {"points": 3})
>>> sorted(rules.move_schema()["properties"])
['answers', 'by', 'chance', 'choose', 'roll']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from pathlib import Path

    from fortlang.cardset.schema import Kind
    from fortlang.cardset.yamlsrc import Document, YNode
    from fortlang.model import CardSet
    from fortlang.registry import Vocabulary
    from fortlang.scenario.answers import Move, Script
    from fortlang.scenario.names import CardNames
    from fortlang.scenario.outcome import Outcome

#: The keys of a move the core reads itself, whatever the game: who makes it, the mover's
#: choices, another seat's choices by player number, and the chance answers in order.
_SAID = {"type": ["integer", "string"], "maxLength": 200}
CORE_MOVE_KEYS: dict[str, Any] = {
    "by": {"type": "integer", "minimum": 1, "maximum": 99,
           "description": "The player making the move (1 is the first seated); 1 by default."},
    "choose": {"type": "array", "maxItems": 200, "items": _SAID,
               "description": "The mover's answers to the engine's questions, in order (an "
                              "option's label or value)."},
    "answers": {"type": "object", "propertyNames": {"pattern": "^[1-9][0-9]?$"},
                "additionalProperties": {"type": "array", "maxItems": 200, "items": _SAID},
                "description": "Another player's answers during this move, by player number."},
    "chance": {"type": "array", "maxItems": 1000, "items": _SAID,
               "description": "The outcome of each chance point the move meets, in order "
                              "(a die's face: its value or label)."},
}


class Report(Protocol):
    """How a module's ``read`` reports a problem: a code of its own or the core's (E711), a
    message, the YAML node it is about (:meth:`GameScenario.at`), a hint."""

    def __call__(self, code: str, message: str, node: YNode | None,
                 hint: str | None = None) -> None: ...


@dataclass(frozen=True)
class GameScenario:
    """One scenario of a game module's file, as the core read it: ``given`` and ``then`` as
    plain data (schema-valid), the moves with their answers, the sets the file names, and
    the scenario's YAML node (for positions)."""

    name: str
    file: str
    line: int
    game: str
    sets: tuple[CardSet, ...]
    given: Mapping[str, Any]
    moves: tuple[Move, ...]
    then: Mapping[str, Any]
    node: YNode = field(repr=False, compare=False)
    #: What the module's ``read`` made of it (its own value), handed back to ``run``.
    prepared: Any = field(default=None, repr=False, compare=False)

    def at(self, *path: str | int) -> YNode:
        """The YAML node at ``path`` under the scenario (``at("given", "hero")``), or the
        deepest one that exists: where a diagnostic about it points."""
        from fortlang.cardset.schema import node_at

        return node_at(self.node, tuple(path))

    def at_move(self, index: int, *path: str | int) -> YNode:
        """The node at ``path`` under the scenario's move ``index`` (its `when`, a mapping, or
        that item of its list)."""
        when = self.node.get("when")
        if when is not None and when.kind == "seq":
            return self.at("when", index, *path)
        return self.at("when", *path)


@dataclass(frozen=True)
class NamePlace:
    """Where a game's scenario files name a card: ``path``, a pattern of the keys under one
    scenario (``given.players.#.hand.#``: :func:`fortlang.scenario.names.matches`), and
    ``kinds``, the names of the card kinds (``CardKind.name``) a card named there is of. ``by``
    is how completion writes one: ``name`` (as printed) or ``id``.

    >>> NamePlace("given.hero", ("hero",), by="id").by
    'id'
    """

    path: str
    kinds: tuple[str, ...]
    by: str = "name"


@dataclass(frozen=True)
class ScenarioRules:
    """A game's scenario rules. ``given``, ``when`` and ``then`` are JSON Schemas: ``given``
    and ``then`` of the scenario's mappings, ``when`` of one move's own keys (an object schema
    with ``properties``; the core adds :data:`CORE_MOVE_KEYS`). ``read(scenario, report)``
    resolves names once at load time, reporting each problem with ``report``, and returns
    what ``run`` needs; ``run(scenario, prepared, script)`` plays it on the game's table with
    ``script`` as the table's asker (``chance_asked`` set, ``script.begin(move)`` before each
    move) and returns the observed value of each `then` field it can compare."""

    given: Mapping[str, Any]
    when: Mapping[str, Any]
    then: Mapping[str, Any]
    #: Both None only with ``read_file`` (a module declaring neither is broken: E351).
    read: Callable[[GameScenario, Report], Any] | None = None
    run: Callable[[GameScenario, Any, Script], Mapping[str, Any]] | None = None
    #: What the game's scenarios are, by language (the docs' words).
    doc: Mapping[str, str] = field(default_factory=dict)
    #: A game whose scenario files have a shape of their own (Fort's: `options`, the file's
    #: own `cards`, moves by verb, `then: error`) reads a whole file itself:
    #: ``read_file(path, text)`` returns its scenarios (each with ``name``, ``file``,
    #: ``line``), or raises :class:`~fortlang.errors.FortError` with every diagnostic
    #: (:class:`~fortlang.scenario.games.CardFile` for a card file, E708), and
    #: ``run_read(scenario)`` runs one of them into an
    #: :class:`~fortlang.scenario.outcome.Outcome`, never raising. The core then uses neither
    #: its file schema nor ``read`` and ``run``; it still finds the files, picks the game from
    #: their `sets:` and reports.
    read_file: Callable[[Path | str, str | None], Sequence[Any]] | None = None
    run_read: Callable[[Any], Outcome] | None = None
    #: For an editor (the language server) on a file of the game: where a scenario names a
    #: card (:class:`NamePlace`, each a pattern of keys under one scenario and the kinds of
    #: card named there), and where it names one of the game's rule numbers (patterns, as
    #: :func:`fortlang.scenario.names.matches` reads them: a core-read file's `rule`); the
    #: rule numbers are those of the game's rules pages (``GameModule.rules_pages``).
    places: tuple[NamePlace, ...] = ()
    rule_places: tuple[str, ...] = ()
    #: Where a file of the game holds a text in the game's language, hovered and completed as
    #: one: (a pattern of the keys from the file's top, ``ACTION`` or ``SCORING``).
    text_places: tuple[tuple[str, str], ...] = ()
    #: A file read whole (``read_file``): its schema (a :class:`~fortlang.cardset.schema.Kind`;
    #: None: :meth:`file_schema`), and ``names(doc)``: what the file, perhaps half-typed, can
    #: name (a :class:`~fortlang.scenario.names.CardNames`: the cards of its sets and its own,
    #: by kind) and the vocabulary its actions are read in; None: the core reads the sets the
    #: file names (:func:`fortlang.scenario.games.editor_names`).
    file_kind: Kind | None = None
    names: Callable[[Document], tuple[CardNames, Vocabulary]] | None = None
    #: What the editor's completion says beside a card it offers, ``(card) -> str`` (a kid's
    #: id and suits); None: its id (or, named by id, its name).
    detail: Callable[[Any], str] | None = None
    #: What the editor's hover says of a card ``names`` finds, ``(card, lang, vocabulary) ->
    #: (tags, paragraphs)``: the tags shown after its name and id (a kid's suits), then
    #: paragraphs of Markdown (what it does); None: its name, id, kind, its texts in the
    #: game's words and where it is written.
    describe: Callable[[Any, str, Vocabulary], tuple[list[str], list[str]]] | None = None

    def named_at(self, path: Sequence[Any]) -> NamePlace | None:
        """The place of a scenario's keys ``path`` (under the scenario) that names a card, if
        any: the first declared that matches."""
        from fortlang.scenario.names import matches

        return next((p for p in self.places if matches(p.path, tuple(path))), None)

    def text_at(self, path: Sequence[Any]) -> str | None:
        """The language of the text at the file's keys ``path``, None where there is none."""
        from fortlang.scenario.names import matches

        return next((lang for p, lang in self.text_places if matches(p, tuple(path))), None)

    def names_rule_at(self, path: Sequence[Any]) -> bool:
        """Whether the value at ``path`` (under one scenario) is a rule number."""
        from fortlang.scenario.names import matches

        return any(matches(p, tuple(path)) for p in self.rule_places)

    @property
    def reads_whole_files(self) -> bool:
        """Whether the game reads and runs its files itself (``read_file`` and ``run_read``);
        otherwise the core reads them, with ``read`` and ``run``."""
        return self.read_file is not None and self.run_read is not None

    def move_schema(self) -> dict[str, Any]:
        """One move's schema: the game's keys and the core's."""
        out = dict(self.when)
        out.setdefault("type", "object")
        out.setdefault("additionalProperties", False)
        out["properties"] = {**CORE_MOVE_KEYS, **dict(self.when.get("properties", {}))}
        return out

    def schema_text(self, game: str) -> str:
        """:meth:`file_schema` as the file an editor reads (``<game>/schemas/scenarios.schema
        .json`` in the game's package, named by each scenario file's ``yaml-language-server``
        line)."""
        import json

        return json.dumps(self.file_schema(game), indent=2, ensure_ascii=False) + "\n"

    def file_schema(self, game: str) -> dict[str, Any]:
        """The JSON Schema of a whole scenario file of this game."""
        move = self.move_schema()
        scenario = {
            "type": "object", "additionalProperties": False,
            "required": ["name", "when", "then"],
            "properties": {
                "name": {"type": "string", "minLength": 1, "maxLength": 200},
                "rule": {"type": "string", "maxLength": 40,
                         "description": "The rule the scenario checks (e.g. G2.3)."},
                "quote": {"type": "string", "maxLength": 2000,
                          "description": "The rules' passage the scenario checks, quoted."},
                "note": {"type": "string", "maxLength": 2000},
                "given": {**self.given, "type": "object"},
                "when": {"oneOf": [move, {"type": "array", "minItems": 1, "maxItems": 200,
                                          "items": move}]},
                "then": {**self.then, "type": "object"},
            }}
        return {"$schema": "https://json-schema.org/draft/2020-12/schema",
                "title": f"Scenarios of the game `{game}`", "type": "object",
                "additionalProperties": False, "required": ["sets", "scenarios"],
                "properties": {
                    "sets": {"type": "array", "minItems": 1, "maxItems": 20,
                             "items": {"type": "string", "minLength": 1, "maxLength": 400}},
                    "scenarios": {"type": "array", "minItems": 1, "maxItems": 1000,
                                  "items": scenario}}}
