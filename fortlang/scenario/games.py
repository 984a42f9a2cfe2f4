"""Scenario files of any game (issue 33 item 5): which game a file is about, from the sets it
names (bundled set ids or folders, each resolved by its manifest's `game:`), and reading a file
of a game module that declares scenario rules (:class:`~fortlang.scenario.rules.ScenarioRules`)
into :class:`~fortlang.scenario.rules.GameScenario` values.

A file naming no sets, or only Fort's, is Fort's. A game whose rules read a whole file
(``ScenarioRules.read_file``: Fort's, ``fortlang.games.fort.scenarios``) is handed the file;
the core reads the others. Every problem is a positioned diagnostic, collected; a file with any
error yields no scenarios.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from fortlang.cardset.schema import Kind, kind_of, validate
from fortlang.cardset.yamlsrc import Document, YNode, read_document
from fortlang.errors import Diagnostic, FortError, did_you_mean, errors_in
from fortlang.games import GameError, declared, game_named, mixed_message
from fortlang.model import CardSet
from fortlang.module import DEFAULT_GAME
from fortlang.scenario.answers import Move, said_list
from fortlang.scenario.names import CardNames
from fortlang.scenario.rules import GameScenario, ScenarioRules

if TYPE_CHECKING:
    from fortlang.registry import Vocabulary

#: The core's code for a scenario of a game whose module declares no scenario rules.
NO_RULES = "E710"


class CardFile(FortError):
    """The file is a card file or a manifest (E708): a folder of scenarios skips it."""


def read_scenario_document(path: Path | str, text: str | None = None) -> Document:
    """The file read once; FortError when it cannot be read or is not a mapping."""
    doc = read_document(path, text)
    if doc.root is None or errors_in(doc.diagnostics):
        raise FortError(list(doc.diagnostics) or [doc.error("E305", "empty scenario file")],
                        doc.text)
    return doc


def _set_game(doc: Document, item: YNode) -> str | None:
    """The game of the set ``item`` names (a bundled id or a folder beside the file), or None
    when it names none (Fort's reader then says E703 or E331)."""
    from fortlang.cardset.build import check_file
    from fortlang.cardset.load import _bundled_games, manifest_path

    if not isinstance(item.value, str):
        return None
    bundled = _bundled_games()
    if item.value in bundled:
        return bundled[item.value]
    folder = Path(doc.path).parent / item.value
    mpath = manifest_path(folder) if folder.is_dir() else None
    if mpath is None:
        return None
    manifest = check_file(mpath).manifest
    return manifest.game if manifest is not None else None


def game_of(doc: Document) -> tuple[str, list[Diagnostic]]:
    """The game a scenario file is about: its sets' (Fort's without `sets:`); E352 at the
    first set of another game than the first's."""
    root = doc.root
    sets = root.get("sets") if root is not None and root.kind == "map" else None
    if sets is None or sets.kind != "seq":
        return DEFAULT_GAME, []
    first: tuple[str, str] | None = None
    for item in sets.value:
        game = _set_game(doc, item)
        if game is None:
            continue
        if first is None:
            first = (str(item.value), game)
        elif game != first[1]:
            return first[1], [doc.error("E352", mixed_message(first, (str(item.value), game)),
                                        item, "name under `sets:` only sets of one game (the "
                                        "manifests' `game:`)")]
    return (first[1] if first is not None else DEFAULT_GAME), []


def rules_of(game: str) -> ScenarioRules | None:
    """The scenario rules the game module ``game`` declares, None if it declares none;
    :class:`~fortlang.games.GameError` (E350, E351) if it cannot be had."""
    rules: ScenarioRules | None = declared(game_named(game), "scenarios", ScenarioRules,
                                           "its scenario rules")
    return rules


def load_game_file(doc: Document, game: str) -> list[GameScenario]:
    """Every scenario of a file about the game module ``game``; FortError with every
    diagnostic otherwise."""
    rules = _declared_rules(doc, game)
    return _read_game_file(doc, game, rules)


def _declared_rules(doc: Document, game: str) -> ScenarioRules:
    """The scenario rules of ``game``, or FortError at the file's `sets:` (E350, E351, E710)."""
    assert doc.root is not None
    at_sets = doc.root.get("sets") or doc.root
    try:
        rules = rules_of(game)
    except GameError as e:
        raise FortError([doc.error(e.code, e.message, at_sets, e.hint)], doc.text) from None
    if rules is None:
        title = game_named(game).title("en")
        raise FortError([doc.error(
            NO_RULES, f"the game `{game}` ({title}) has no scenario rules: its game module "
            "declares none", at_sets, "a game module declares them in its GameModule's "
            "`scenarios` (docs/games.md); until then, check its cards with `fortlang check`")],
            doc.text)
    if not rules.reads_whole_files and (rules.read is None or rules.run is None):
        raise FortError([doc.error(
            "E351", f"game module `{game}`: its scenario rules declare neither `read` and "
            "`run` nor `read_file` and `run_read`", at_sets,
            "a module's ScenarioRules reads and runs a scenario (docs/games.md)")], doc.text)
    return rules


def _read_game_file(doc: Document, game: str, rules: ScenarioRules) -> list[GameScenario]:
    import json

    schema = json.dumps(rules.file_schema(game), sort_keys=True, ensure_ascii=False)
    kind = Kind(f"{game} scenario", "scenarios", f"{game}-scenario.schema.json", schema)
    errors, _ = validate(doc, kind)
    if errors:
        raise FortError(errors, doc.text)
    reader = _Reader(doc, game, rules)
    scenarios = reader.read()
    if reader.diags:
        raise FortError(sorted(reader.diags, key=_where), doc.text, reader.sources)
    return scenarios


def _where(d: Diagnostic) -> tuple[int, int]:
    return (d.span.line, d.span.column) if d.span is not None else (0, 0)


class _Reader:
    """Reads a schema-valid file of a game module: its sets, each scenario's moves, then the
    module's own ``read`` of each scenario."""

    def __init__(self, doc: Document, game: str, rules: ScenarioRules) -> None:
        self.doc = doc
        self.game = game
        self.rules = rules
        self.diags: list[Diagnostic] = []
        self.sources: dict[str, str] = {}
        assert doc.root is not None
        self.root: YNode = doc.root

    def report(self, code: str, message: str, node: YNode | None,
               hint: str | None = None) -> None:
        self.diags.append(self.doc.error(code, message, node, hint))

    def read(self) -> list[GameScenario]:
        sets = self._sets()
        if self.diags:
            return []
        out = []
        for node in self.root.get("scenarios").value:  # type: ignore[union-attr]
            scenario = self._scenario(node, sets)
            before = len(self.diags)
            try:
                assert self.rules.read is not None  # _declared_rules
                prepared = self.rules.read(scenario, self.report)
            except FortError:
                raise
            except Exception as e:  # a module's bug is reported, never our traceback
                self.report("E351", f"game module `{self.game}`: its scenario rules fail on "
                            f"this scenario: {type(e).__name__}: {e}", node)
                continue
            if len(self.diags) == before:
                out.append(replace(scenario, prepared=prepared))
        return out

    def _sets(self) -> tuple[CardSet, ...]:
        from fortlang.cardset import load_bundled, load_set

        bundled = load_bundled()
        out: list[CardSet] = []
        for item in self.root.get("sets").value:  # type: ignore[union-attr]
            if item.value in bundled:
                out.append(bundled[item.value])
                continue
            folder = Path(self.doc.path).parent / item.value
            if not folder.is_dir():
                self.report("E703", f"unknown card set `{item.value}`", item,
                            did_you_mean(item.value, bundled) or "a bundled set id or a folder")
                continue
            try:
                out.append(load_set(folder))
            except FortError as e:  # quoted from the set's own files
                self.diags.extend(e.diagnostics)
                self.sources.update(e.sources)
        return tuple(out)

    def _scenario(self, node: YNode, sets: tuple[CardSet, ...]) -> GameScenario:
        when = node.get("when")
        assert when is not None
        items = when.value if when.kind == "seq" else [when]
        given = node.get("given")
        then = node.get("then")
        return GameScenario(
            name=str(node.get("name").value),  # type: ignore[union-attr]
            file=self.doc.path, line=node.line + 1, game=self.game, sets=sets,
            given=given.to_data() if given is not None else {},
            moves=tuple(_move(item) for item in items),
            then=then.to_data() if then is not None else {}, node=node)


def _move(node: YNode) -> Move:
    data: dict[str, Any] = node.to_data()
    seat = int(data.pop("by", 1)) - 1
    choices: dict[int, tuple[Any, ...]] = {
        int(player) - 1: said_list(said) for player, said in data.pop("answers", {}).items()}
    mine = said_list(data.pop("choose", ()))
    if mine:
        choices[seat] = mine + choices.get(seat, ())
    chance = said_list(data.pop("chance", ()))
    says = ", ".join(f"{k}: {v}" for k, v in data.items()) or "the move"
    return Move(node.line + 1, says, seat, data, chance, choices)


def load_scenarios(path: Path | str, text: str | None = None) -> list[Any]:
    """Every scenario in the file, of whichever game its sets are (Fort's without `sets:`),
    read by that game's scenario rules. A card file of a game module's set is
    :class:`CardFile` (E708)."""
    return load_with_rules(path, text)[1]


def load_with_rules(path: Path | str, text: str | None = None
                    ) -> tuple[ScenarioRules, list[Any]]:
    """:func:`load_scenarios`, with the rules that read the file (which run its scenarios)."""
    doc = read_scenario_document(path, text)
    root = doc.root
    assert root is not None
    if root.kind == "map" and root.get("scenarios") is None:
        _module_card_file(doc)
    game, problems = game_of(doc)
    if problems:
        raise FortError(problems, doc.text)
    rules = _declared_rules(doc, game)
    if rules.reads_whole_files:  # the game reads its files itself (Fort's)
        assert rules.read_file is not None
        return rules, list(rules.read_file(path, doc.text))
    return rules, list(_read_game_file(doc, game, rules))


def editor_game(doc: Document) -> str:
    """The game an editor reads a scenario file, perhaps half-typed, as: its sets' (the
    first set's when they mix games; the default game's without `sets:`). Worked out once
    per document read (one request of the editor's asks it several times)."""
    global _LAST_GAME
    last = _LAST_GAME
    if last is not None and last[0] is doc:
        return last[1]
    game = game_of(_sets_part(doc))[0]
    _LAST_GAME = (doc, game)
    return game


#: The last document :func:`editor_game` read, and its game.
_LAST_GAME: tuple[Document, str] | None = None


_SETS = re.compile(r"^sets:.*(?:\n(?:[ \t#-].*)?)*", re.M)


def _sets_part(doc: Document) -> Document:
    """``doc``, or, while it is not YAML at all (a key being typed), its `sets:` alone."""
    if doc.root is not None:
        return doc
    found = _SETS.search(doc.text)
    return read_document(doc.path, found.group()) if found is not None else doc


def editor_rules(doc: Document | None = None) -> ScenarioRules:
    """The scenario rules an editor reads a scenario file with: those of the file's game
    (:func:`editor_game`; the default game's without a file), or none at all (an empty
    declaration: no names, the core's file schema) for a game that declares none or cannot
    be had."""
    game = editor_game(doc) if doc is not None else DEFAULT_GAME
    try:
        rules = rules_of(game)
    except GameError:
        rules = None
    if rules is None and game == DEFAULT_GAME:
        raise LookupError(f"the default game `{game}` declares no scenario rules")
    return rules if rules is not None else ScenarioRules(given={}, when={}, then={})


def editor_names(doc: Document) -> tuple[CardNames, Vocabulary]:
    """What a scenario file, perhaps half-typed, can name (its sets' cards by kind) and the
    words of its actions, for the language server's hover, completion and go-to-definition:
    the game's own reading (``ScenarioRules.names``: a file read whole), else the sets the
    file names so far read by the core, their cards found through the kinds the game declares
    (:func:`fortlang.scenario.names.cards_of_kind`)."""
    names = editor_rules(doc).names
    if names is not None:
        return names(doc)
    from fortlang.registry import vocabulary_of

    game = editor_game(doc)
    try:
        module = game_named(game)
        vocab = vocabulary_of(game)
    except GameError:
        from fortlang.registry import default_vocabulary

        return CardNames((), ()), default_vocabulary()
    return CardNames(_editor_sets(doc), module.cards), vocab


def _editor_sets(doc: Document) -> list[CardSet]:
    """The sets a half-typed file names that can be loaded (bundled ids or folders beside
    it); the others are left out (the file's diagnostics say why)."""
    from fortlang.cardset import load_bundled, load_set

    root = _sets_part(doc).root
    node = root.get("sets") if root is not None and root.kind == "map" else None
    if node is None or node.kind != "seq":
        return []
    bundled = load_bundled()
    out: list[CardSet] = []
    for item in node.value:
        if not isinstance(item.value, str):
            continue
        if item.value in bundled:
            out.append(bundled[item.value])
            continue
        folder = Path(doc.path).parent / item.value
        if folder.is_dir():
            try:
                out.append(load_set(folder))
            except FortError:
                continue
    return out


def _module_card_file(doc: Document) -> None:
    """E708 for a card file of a game module's set (Fort's and the manifest: Fort's reader)."""
    from fortlang.cardset.build import nearby_game
    from fortlang.cardset.schema import game_kinds

    game = nearby_game(Path(doc.path))
    kind = kind_of(doc, game_kinds(game.cards))[0] if game is not None else None
    if kind is not None and kind.key is not None:
        raise CardFile([doc.error("E708", f"this is a card file (`{kind.key}:`), not a "
                                  "scenario file", doc.root,
                                  "a scenario file has `scenarios:` at the top; in a set "
                                  "folder, `fortlang check` reads the card files and "
                                  "`fortlang test` the scenario files")], doc.text)
