"""One card file -> model objects (STYLE #11: names, suits and counts from YAML; behaviour from
the DSL text, parsed once). Items with schema errors are not built, but their actions are still
parsed, so one run reports every problem."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from fortlang import nodes as n
from fortlang.cardset import schema as sc
from fortlang.cardset.dsl import parse_scalar
from fortlang.cardset.yamlsrc import Document, YNode, read_document
from fortlang.errors import ERROR, Diagnostic
from fortlang.model import GameCard, Manifest, Origin, Source
from fortlang.module import DEFAULT_GAME, CardKind, GameModule
from fortlang.registry import Vocabulary, default_vocabulary

if TYPE_CHECKING:
    from fortlang.plugins import PluginError


@dataclass
class Entry:
    """A built definition and where its id and name were written (for duplicate checks)."""

    kind: str
    item: Any
    node: YNode
    id_node: YNode | None
    name_node: YNode | None
    #: The :class:`CardSet` slot that holds it (``CardKind.slot``); "" for ``cards``.
    slot: str = ""
    #: Its kind is ``single`` (a set holds one such card) and is the ``rank``-th kind its game
    #: declares (the order of a set's slots).
    single: bool = False
    rank: int = 0


@dataclass
class FileResult:
    doc: Document
    kind: sc.Kind | None = None
    diagnostics: list[Diagnostic] = field(default_factory=list)
    entries: list[Entry] = field(default_factory=list)
    manifest: Manifest | None = None
    manifest_node: YNode | None = None
    #: Cards written in the file (kids, rules, perks), built or not: for the summary line.
    card_count: int = 0
    #: (node, AST) of every action and scoring text that parsed: what `fortlang fmt` rewrites.
    texts: list[tuple[YNode, n.Node]] = field(default_factory=list)
    #: The words its actions are written in: its game's, or Fort's and the plugins its set's
    #: manifest uses; None for the default game's, loaded when an action is read (a manifest
    #: has none, and a game module's set needs none of Fort's).
    vocabulary: Vocabulary | None = None
    #: The game module whose card kinds it was read as; None for Fort's own kinds.
    game: GameModule | None = None

    @property
    def path(self) -> str:
        return self.doc.path


def check_file(path: Path | str, text: str | None = None,
               vocabulary: Vocabulary | None = None, game: GameModule | None = None
               ) -> FileResult:
    """Read, validate and build one card file; every problem is in ``diagnostics``. Its
    actions are read in ``vocabulary``, its kinds are ``game``'s when that game module
    declares card kinds (None: Fort's); without ``vocabulary``, both are those of the set
    whose manifest is beside or above it."""
    doc = read_document(path, text)
    result = FileResult(doc, diagnostics=list(doc.diagnostics))
    owners: list[GameModule] = []
    if vocabulary is None and Path(path).name not in sc.MANIFEST_NAMES:
        # a lone file: its set's, found beside or above it (a manifest has no words)
        manifest = _nearby_manifest(Path(path))
        if manifest is None:  # no set names its game: the game of its kind, if one
            owners = key_owners(doc)
        if len(owners) == 1:
            game = owners[0]
            vocabulary = game_words(game.name)
        else:
            vocabulary, game = _of_manifest(manifest)
    result.vocabulary = vocabulary
    result.game = game if _builds_game_cards(game) else None
    if (doc.root is None and doc.diagnostics) or not doc.complete:
        return result  # unreadable, or read only in part: a partial tree would mislead
    kinds = fort_kinds() if result.game is None else _kinds(result.game)
    kind, problems = sc.kind_of(doc, kinds)
    if len(owners) > 1 and problems and problems[0].code == "E311":
        problems[0] = replace(problems[0], hint=_owners_hint(doc, owners))
    result.kind = kind
    result.diagnostics.extend(problems)
    if kind is None or doc.root is None:
        return result
    if kind is sc.MANIFEST and doc.root.kind != "map":
        result.diagnostics.append(doc.error(
            "E310", "the manifest is a mapping (id, name, version, ...)", doc.root))
        return result
    diagnostics, bad = sc.validate(doc, kind)
    result.diagnostics.extend(diagnostics)
    if sc.TRUNCATED not in bad:  # else some items were never validated: build nothing
        if kind is sc.MANIFEST:
            _build_manifest(result, bad)
        else:
            game = result.game or _default_game()
            card_kind = _card_kind(game, kind.key)
            if game is not None and card_kind is not None:  # else Fort's, where Fort cannot
                _build_cards(result, bad, card_kind, game.cards.index(card_kind))  # be had
    result.diagnostics.sort(key=_order)
    return result


def _nearby_manifest(path: Path) -> Manifest | None:
    """The manifest in the folder of a lone card file, or in the nearest folder above."""
    if path.name in sc.MANIFEST_NAMES:
        return None
    folder = path.parent
    for _ in range(8):  # a set's files sit a few folders below its manifest at most
        for name in sc.MANIFEST_NAMES:
            if (folder / name).is_file():
                return check_file(folder / name).manifest
        if folder.parent == folder:
            break
        folder = folder.parent
    return None


def nearby(path: Path) -> tuple[Vocabulary, GameModule | None]:
    """The words and the game of the set a lone card file belongs to (``fmt``, an editor),
    from one reading of the manifest in its folder or the nearest folder above: its game's
    words, or Fort's with the plugins it names that load; the game module when it declares
    its own card kinds (None: Fort's kinds)."""
    return _of_manifest(_nearby_manifest(path))


def _of_manifest(manifest: Manifest | None) -> tuple[Vocabulary, GameModule | None]:
    """:func:`nearby` of the manifest found (None: Fort's words and kinds)."""
    if manifest is None:
        return default_vocabulary(), None
    words = game_words(manifest.game)
    vocabulary = words if words is not None else vocabulary_of(manifest.uses)[0]
    return vocabulary, usable_game(manifest.game)


def nearby_vocabulary(path: Path) -> Vocabulary:
    """The vocabulary of the set a lone card file belongs to (see :func:`nearby`)."""
    return nearby(path)[0]


def nearby_game(path: Path) -> GameModule | None:
    """The game module of the set a lone card file belongs to (see :func:`nearby`)."""
    return nearby(path)[1]


def game_words(name: str) -> Vocabulary | None:
    """The words of the game ``name`` when it declares its own (None: Fort's, or a game that
    cannot be had: its manifest's E350/E351 says why)."""
    from fortlang.games import GameError
    from fortlang.registry import words_of

    try:
        return None if name == DEFAULT_GAME else words_of(name)
    except GameError:
        return None


def _top_keys(doc: Document) -> list[str]:
    root = doc.root
    if root is None or root.kind != "map":
        return []
    return [str(k.value) for k, _ in root.value]


def key_owners(doc: Document) -> list[GameModule]:
    """The installed games (by name) whose card kinds have a top key of ``doc``, a card file
    no manifest names the game of; none when a key is Fort's (it is read as Fort's, as
    before games were modules) or the file is no mapping. Only then are the installed games'
    declarations read (their engines are not imported)."""
    from fortlang.games import GameError, installed

    keys = set(_top_keys(doc))
    if not keys or keys & {k.key for k in fort_kinds()}:
        return []
    owners = []
    for name in sorted(installed()):
        try:
            game = usable_game(name) if name != DEFAULT_GAME else None
        except GameError:
            continue
        if game is not None and keys & {c.key for c in game.cards}:
            owners.append(game)
    return owners


def _owners_hint(doc: Document, owners: Sequence[GameModule]) -> str:
    """Which games declare the kind of a lone file (E311's hint), and how to choose."""
    keys = _top_keys(doc)
    key = next(k for k in keys if any(c.key == k for g in owners for c in g.cards))
    games = [f"{g.title('en')} (game: {g.name})" for g in owners]
    listed = ", ".join(games[:-1]) + f" and {games[-1]}"
    return (f"`{key}` is a kind of card file of {listed}: a manifest.yaml beside it or above "
            "names its game")


def usable_game(name: str) -> GameModule | None:
    """The game module ``name`` when it declares its own card kinds; None for Fort's kinds,
    and for a game that cannot be had (E350/E351 at the manifest says why; its files are
    then read as Fort's, as before games were modules)."""
    from fortlang.games import GameError, game_named

    try:
        game = game_named(name)
        game_words(name)
    except GameError:
        return None
    return game if _builds_game_cards(game) else None


def _builds_game_cards(game: GameModule | None) -> bool:
    """Whether ``game``'s files are read as its own (``FileResult.game``): a game that
    declares its card kinds, but the default game (Fort), whose kinds (:func:`fort_kinds`) a
    file no other game claims is read as, in Fort's words and its set's plugins. Every kind
    is built the same way, by its declaration's builder (:func:`_build_cards`)."""
    return game is not None and bool(game.cards) and game.name != DEFAULT_GAME


def fort_kinds() -> tuple[sc.Kind, ...]:
    """The default game's (Fort's) kinds of card file, each with the schema its declaration
    derives (``fortlang.games.fort.kinds``, reached through Fort's entry point as every game
    is: the core never imports a game; the shipped ``fortlang/schemas`` files are the same
    text, a test checks it). None where it cannot be had (its entry point is gone)."""
    from fortlang.games import GameError, game_named

    try:
        fort = game_named(DEFAULT_GAME)
    except GameError:
        return ()
    return _kinds(fort)


#: :func:`installed_kinds` for the installed games it was read from (fortlang.games.installed,
#: which a test's forgetting renews).
_INSTALLED: list[tuple[object, tuple[sc.Kind, ...]]] = []


def installed_kinds() -> tuple[sc.Kind, ...]:
    """Every installed game's kinds of card file (the default game's first, then by name; a
    key two games declare is the first's), for a file no set names the game of: what marks
    a YAML file as a card file, and which schema an editor's help reads for its top key.
    A game that cannot be had declares none."""
    from fortlang.games import GameError, game_named, installed

    games = installed()
    if _INSTALLED and _INSTALLED[0][0] is games:
        return _INSTALLED[0][1]
    found: dict[str | None, sc.Kind] = {}
    for name in sorted(games, key=lambda g: (g != DEFAULT_GAME, g)):
        try:
            game = game_named(name)
        except GameError:
            continue
        for kind in _kinds(game):
            found.setdefault(kind.key, kind)
    kinds = tuple(found.values())
    _INSTALLED[:] = [(games, kinds)]
    return kinds


_KINDS: dict[str, tuple[sc.Kind, ...]] = {}


def _kinds(game: GameModule) -> tuple[sc.Kind, ...]:
    """The kinds of card file ``game`` declares, their schemas derived once."""
    found = _KINDS.get(game.name)
    if found is None:
        found = _KINDS[game.name] = sc.game_kinds(game.cards)
    return found


def card_kinds_near(path: Path) -> tuple[sc.Kind, ...]:
    """The kinds of card file of the set a lone card file belongs to (an editor's help): its
    game module's, derived from its declarations (Fort's for a set of the default game);
    every installed game's for a file in no set (its top key says which)."""
    manifest = _nearby_manifest(path)
    if manifest is None:
        return installed_kinds()
    game = usable_game(manifest.game)
    return _kinds(game) if game is not None and _builds_game_cards(game) else fort_kinds()


def _card_kind(game: GameModule | None, key: str | None) -> CardKind | None:
    """The kind ``game`` declares whose files hold ``key`` (None without the game)."""
    return next((c for c in game.cards if c.key == key), None) if game is not None else None


def _default_game() -> GameModule | None:
    """The default game (Fort), whose kinds a file is read as where no other game's are;
    None where it cannot be had (its files are then validated, not built)."""
    from fortlang.games import GameError, game_named

    try:
        return game_named(DEFAULT_GAME)
    except GameError:
        return None


def plugin_errors(uses: Sequence[str]) -> list[PluginError | None]:
    """Each vocabulary plugin ``uses`` names, loaded (imported once): None, or why it cannot
    be (E340-E342)."""
    from fortlang.plugins import PluginError, load

    out: list[PluginError | None] = []
    for name in uses:
        try:
            load(name)
            out.append(None)
        except PluginError as e:
            out.append(e)
    return out


def vocabulary_of(uses: tuple[str, ...], manifest: YNode | None = None,
                  doc: Document | None = None) -> tuple[Vocabulary, list[Diagnostic]]:
    """Fort's vocabulary extended by the plugins ``uses`` names that can be loaded, and a
    diagnostic at the manifest's ``uses`` entry for each that cannot (E340-E342)."""
    from fortlang.plugins import PluginError, vocabulary

    problems: list[Diagnostic] = []
    usable = []
    entries = manifest.get("uses") if manifest is not None else None
    for i, (name, e) in enumerate(zip(uses, plugin_errors(uses), strict=True)):
        if e is None:
            usable.append(name)
            continue
        node = entries.value[i] if entries is not None and entries.kind == "seq" else None
        problems.append(doc.error(e.code, e.message, node, e.hint) if doc is not None
                        else Diagnostic(ERROR, e.code, e.message, hint=e.hint))
    try:
        return vocabulary(usable), problems
    except PluginError as e:
        problems.append(doc.error(e.code, e.message, entries, e.hint) if doc is not None
                        else Diagnostic(ERROR, e.code, e.message, hint=e.hint))
        return default_vocabulary(), problems


def _order(d: Diagnostic) -> tuple[int, int]:
    return (d.span.line, d.span.column) if d.span else (0, 0)


def _origin(doc: Document, node: YNode) -> Origin:
    return Origin(doc.path, node.line + 1, node.column + 1)


def _items(result: FileResult, key: str) -> list[tuple[int, YNode]]:
    root = result.doc.root
    items = root.get(key) if root is not None else None
    if items is None or items.kind != "seq":
        return []
    return list(enumerate(items.value))


def _text(result: FileResult, item: YNode, key: str, kind: str) -> n.Node | None:
    """Parse the DSL text under ``key`` of ``item`` (if it is a string), reporting its errors."""
    node = item.get(key)
    if node is None or node.kind != "scalar" or not isinstance(node.value, str):
        return None
    ast, diagnostics = parse_scalar(result.doc, node, kind, result.vocabulary)
    result.diagnostics.extend(diagnostics)
    if ast is not None:
        result.texts.append((node, ast))
    return ast


def _data(node: YNode) -> Any:
    """The node's data for building, whole floats made ints: JSON Schema counts ``2.0`` as an
    integer, so ``copies: 2.0`` passes validation, and the model must not get a float."""
    return _whole(node.to_data())


def _whole(value: Any) -> Any:
    if type(value) is float and value.is_integer():
        return int(value)
    if isinstance(value, list):
        return [_whole(v) for v in value]
    if isinstance(value, dict):
        return {k: _whole(v) for k, v in value.items()}
    return value


def _names(data: dict[str, Any]) -> dict[str, str]:
    return dict(data.get("names") or {})


def _build_manifest(result: FileResult, bad: set[tuple[Any, ...]]) -> None:
    root = result.doc.root
    assert root is not None
    result.manifest_node = root
    if bad:
        return
    data = _data(root)
    base = not data.get("requires")
    result.manifest = Manifest(
        id=data["id"], name=data["name"], version=data["version"],
        languages=tuple(data.get("languages", ("en",))), requires=tuple(data.get("requires", ())),
        description=data.get("description", ""), uses=tuple(data.get("uses", ())),
        park_size=data.get("park_size", 60 if base else None),
        best_friend_count=data.get("best_friend_count", 8 if base else None),
        names=dict(data.get("names", {})), game=data.get("game", DEFAULT_GAME))


def game_card(kind: CardKind, data: dict[str, Any], texts: Mapping[str, n.Node | None],
              origin: Origin | None) -> GameCard | None:
    """A card of a kind that names no builder of its own: its data fields as written, its
    fields in the game's language parsed (none when one of them does not parse)."""
    if any(ast is None and name in data for name, ast in texts.items()):
        return None
    own = {a.name for a in kind.attributes if not a.language}
    return GameCard(
        kind=kind.name, id=data["id"], name=data["name"], copies=data.get("copies", 1),
        fields={k: v for k, v in data.items() if k in own},
        texts={k: v for k, v in texts.items() if v is not None},
        source=Source(data.get("source", Source.PROVISIONAL.value)),
        names=_names(data), note=data.get("note", ""),
        notes=dict(data.get("notes") or {}), origin=origin)


#: A kind's builder (``CardKind.build``): (kind, data, texts, origin) -> card or None.
Builder = Callable[[CardKind, dict[str, Any], Mapping[str, "n.Node | None"], "Origin | None"],
                   object]


def _build_cards(result: FileResult, bad: set[tuple[Any, ...]], kind: CardKind,
                 rank: int = 0) -> None:
    """The cards of one kind a game declares, by its builder (a :class:`GameCard` where it
    names none): each entry's fields in the game's language parsed (and checked) with the
    file's vocabulary, every entry's, so one run reports every problem; an entry with schema
    errors is not built. A ``single`` kind's file holds one card, built only when the whole
    file is valid."""
    build = cast(Builder, kind.builder() or game_card)
    doc = result.doc
    languages = [a for a in kind.attributes if a.language]
    if kind.single:
        root = doc.root
        node = root.get(kind.key) if root is not None else None
        if node is None or bad:
            return
        texts = {a.name: _text(result, node, a.name, a.language) for a in languages}
        card = build(kind, _data(node), texts, _origin(doc, node))
        if card is not None:
            result.entries.append(Entry(kind.card_label, card, node, None, None, kind.slot,
                                        True, rank))
        return
    for i, item in _items(result, kind.key):
        result.card_count += 1
        texts = {a.name: _text(result, item, a.name, a.language) for a in languages}
        if (kind.key, i) in bad or item.kind != "map":
            continue
        card = build(kind, _data(item), texts, _origin(doc, item))
        if card is not None:
            result.entries.append(Entry(kind.card_label, card, item, item.get("id"),
                                        item.get("name"), kind.slot, False, rank))
