"""Reading a scenario file: the positioned YAML tree of :mod:`fortlang.cardset.yamlsrc`, checked
against ``schemas/scenario.schema.json``, then every card, perk, made-up rule and move resolved
into frozen definitions. Every problem is a positioned diagnostic (collected, STYLE #6); a file
with any error yields no scenarios, so nothing half-read ever runs.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fortlang import nodes as n
from fortlang.cardset import load_bundled, load_set
from fortlang.cardset.dsl import ACTION, parse_scalar
from fortlang.cardset.load import manifest_path
from fortlang.cardset.schema import Kind as FileKind
from fortlang.cardset.schema import validate
from fortlang.cardset.yamlsrc import Document, YNode, read_document
from fortlang.engine.state import Rules
from fortlang.errors import Diagnostic, FortError, errors_in
from fortlang.model import Board, CardSet, KidCard, MadeUpRule, Perk, Source
from fortlang.nodes import Suit
from fortlang.registry import FORT, Vocabulary
from fortlang.scenario.catalog import Catalog

SCENARIO = FileKind("scenario", "scenarios", "scenario.schema.json")

#: Card zones of a player and of the table, compared as multisets of card names.
PLAYER_ZONES = ("hand", "deck", "discard", "yard", "lookout", "in_play")
TABLE_ZONES = ("park", "park_deck", "box")
#: What the leader says for R5.2, as the engine's sequences of boxes.
USES: dict[str, tuple[str, ...]] = {
    "public first": ("public", "private"), "public then private": ("public", "private"),
    "private first": ("private", "public"), "private then public": ("private", "public"),
    "public": ("public",), "public only": ("public",),
    "private": ("private",), "private only": ("private",),
}
#: The verbs a move may start with; exactly one per move.
VERBS = ("play", "follow", "decline", "recruit", "perform")
FOLLOWING = ("follow", "decline")


@dataclass(frozen=True)
class PlayerState:
    """Given or expected fields of one player; only the fields present were written."""

    fields: Mapping[str, Any]


@dataclass(frozen=True)
class TableState:
    players: tuple[PlayerState, ...] = ()
    fields: Mapping[str, Any] = field(default_factory=dict)  # park, park_deck, box, supply


@dataclass(frozen=True)
class Answer:
    """One `choose:` item: the words written and, when they name a card, that card's id."""

    text: str | int
    card_id: str | None = None


@dataclass(frozen=True)
class Move:
    verb: str
    line: int  # 1-based, for messages
    says: str  # the move in the scenario's words, e.g. "play Bug"
    seat: int | None = None  # 0-based; None: the default for the verb
    card: KidCard | None = None
    action: n.Action | None = None
    place: tuple[Any, ...] | None = None  # recruit: ("park",), ("park_deck",), ("yard", seat)
    add: tuple[KidCard, ...] = ()
    lookout: tuple[KidCard, ...] = ()
    use: tuple[str, ...] | None = None
    coin: Suit | None = None
    suit: Suit | None = None
    choose: tuple[Answer, ...] = ()
    in_full: bool = True


@dataclass(frozen=True)
class Scenario:
    name: str
    file: str
    line: int
    given: TableState
    moves: tuple[Move, ...]
    expect: TableState
    error: str | None  # the rule a move is expected to break
    board: Board | None
    rules: Rules
    n_players: int


def load_file(path: Path | str, text: str | None = None) -> list[Scenario]:
    """Every scenario in the file; raises :class:`FortError` with every diagnostic."""
    doc = read_document(path, text)
    diags = list(doc.diagnostics)
    if doc.root is None or errors_in(diags):
        raise FortError(diags or [doc.error("E305", "empty scenario file")], doc.text)
    if doc.root.kind != "map":
        raise FortError([doc.error("E310", "a scenario file is a mapping with `scenarios`",
                                   doc.root)], doc.text)
    schema_errors, _ = validate(doc, SCENARIO)
    if schema_errors:  # with the names the reader can still check, so one run shows them all
        raise FortError(_merged(schema_errors, _names_despite_schema(doc, schema_errors)),
                        doc.text)
    reader = _Reader(doc)
    scenarios = reader.read()
    if reader.diags:
        raise FortError(reader.diags, doc.text)
    return scenarios


def _where(d: Diagnostic) -> tuple[int, int]:
    return (d.span.line, d.span.column) if d.span is not None else (0, 0)


def _names_despite_schema(doc: Document, schema_errors: list[Diagnostic]) -> list[Diagnostic]:
    """Unknown cards, perks, places... in a file that also breaks the schema. The reader expects
    a schema-valid tree: it skips wrongly typed nodes, a finding inside (or around) a schema
    error is left to the schema's report, and if the tree still trips the reader, only the
    schema errors are reported."""
    reader = _Reader(doc)
    try:
        reader.read()
    except Exception:
        return []

    def overlaps(a: Diagnostic, b: Diagnostic) -> bool:  # one span inside the other
        if a.span is None or b.span is None:
            return False
        x = ((a.span.line, a.span.column), (a.span.end_line, a.span.end_column))
        y = ((b.span.line, b.span.column), (b.span.end_line, b.span.end_column))
        return (x[0] <= y[0] and y[1] <= x[1]) or (y[0] <= x[0] and x[1] <= y[1])

    # Names only (E1xx/E2xx in an inline card's action, E701, E703-E705): a move's shape (E702)
    # is the schema's to report while the schema fails.
    return [d for d in reader.diags if d.code != "E702"
            and not any(overlaps(d, e) for e in schema_errors)]


def _merged(*groups: list[Diagnostic]) -> list[Diagnostic]:
    return sorted((d for group in groups for d in group), key=_where)


def load_text(text: str, name: str = "<scenario>") -> list[Scenario]:
    """The scenarios in ``text`` (sets given as folders resolve from the current folder)."""
    return load_file(name, text)


class _Reader:
    """Resolves the names in a schema-valid file, collecting diagnostics."""

    def __init__(self, doc: Document) -> None:
        self.doc = doc
        self.diags: list[Diagnostic] = []
        self.root: YNode = doc.root  # type: ignore[assignment]
        self.vocab: Vocabulary = FORT

    def error(self, code: str, message: str, node: YNode | None,
              hint: str | None = None) -> None:
        self.diags.append(self.doc.error(code, message, node, hint))

    def read(self) -> list[Scenario]:
        sets = self._sets()
        self.vocab = _vocabulary(sets)  # the words of the plugins the sets use, with Fort's
        self.catalog = Catalog(sets, self._inline_cards())
        options = self.root.get("options")
        rules = Rules(**options.to_data()) if options is not None else Rules()
        board = next((s.board for s in sets if s.board is not None), None)
        return [self._scenario(node, board, rules)
                for node in self.root.get("scenarios").value]  # type: ignore[union-attr]

    # -- sets and inline cards ------------------------------------------------------------------

    def _sets(self) -> list[Any]:
        bundled = load_bundled()
        node = self.root.get("sets")
        if node is None:
            return list(bundled.values())
        out = []
        for item in node.value:
            if item.value in bundled:
                out.append(bundled[item.value])
                continue
            folder = Path(self.doc.path).parent / item.value
            if not folder.is_dir():
                from fortlang.errors import did_you_mean

                self.error("E703", f"unknown card set `{item.value}`", item,
                           did_you_mean(item.value, bundled) or "a bundled set id or a folder")
                continue
            if manifest_path(folder) is None:  # not a set: nothing below it is read
                self.error("E331", f"`{item.value}` is not a card set: no manifest.yaml in "
                           f"{folder}", item, "name a set folder (one with a manifest.yaml) "
                           "or a bundled set id")
                continue
            try:
                out.append(load_set(folder))
            except FortError as e:
                self.diags.extend(e.diagnostics)
        return out

    def _inline_cards(self) -> list[KidCard]:
        node = self.root.get("cards")
        out: list[KidCard] = []
        for item in node.value if node is not None else ():
            data = item.to_data()
            boxes: dict[str, n.Action | None] = {}
            for box in ("public", "private"):
                text = item.get(box)
                boxes[box] = None
                if text is not None and text.value not in (None, ""):
                    ast, diags = parse_scalar(self.doc, text, ACTION, self.vocab)
                    errors = errors_in(diags)
                    self.diags.extend(errors)
                    if not errors:
                        boxes[box] = ast  # type: ignore[assignment]
            name = data["name"]
            out.append(KidCard(id=data.get("id") or _slug(name), name=name,
                               suits=tuple(Suit(s) for s in data["suits"]),
                               public=boxes["public"], private=boxes["private"],
                               best_friend=bool(data.get("best_friend", False)),
                               source=Source.PROVISIONAL, note="scenario card"))
        return out

    # -- one scenario ---------------------------------------------------------------------------

    def _scenario(self, node: YNode, board: Board | None, rules: Rules) -> Scenario:
        given = self._table(node.get("given"))
        then = node.get("then")
        expect = self._table(then)
        error = then.get("error") if then is not None else None
        moves = self._moves(node.get("when"))
        seats = [m.seat for m in moves if m.seat is not None]
        n_players = max(2, len(given.players), len(expect.players), *(s + 1 for s in seats))
        name = node.get("name")
        return Scenario(str(name.value), self.doc.path, node.line + 1, given, tuple(moves),  # type: ignore[union-attr]
                        expect, error.value if error is not None else None, board, rules,
                        n_players)

    def _table(self, node: YNode | None) -> TableState:
        if node is None or node.kind != "map":
            return TableState()
        players = node.get("players")
        fields: dict[str, Any] = {}
        for key, value in node.value:
            if key.value in TABLE_ZONES:
                fields[key.value] = self._cards(value)
            elif key.value in ("rule_pile", "perk_row") and value.kind == "seq":
                what = "rule" if key.value == "rule_pile" else "perk"
                fields[key.value] = tuple(x for x in (self._named(i, what) for i in value.value)
                                          if x is not None)
            elif key.value in ("supply", "macaroni", "winners"):
                fields[key.value] = value.to_data()
        seated = players.value if players is not None and players.kind == "seq" else ()
        return TableState(tuple(self._player(p) for p in seated), fields)

    def _player(self, node: YNode) -> PlayerState:
        fields: dict[str, Any] = {}
        for key, value in node.value if node.kind == "map" else ():
            k = key.value
            if k in PLAYER_ZONES:
                fields[k] = self._cards(value)
            elif k == "perks" and value.kind == "seq":
                fields[k] = tuple(p for p in (self._named(i, "perk") for i in value.value) if p)
            elif k == "rule":
                fields[k] = self._named(value, "rule") if value.value not in (None, "") else None
            else:
                fields[k] = value.to_data()
        return PlayerState(fields)

    def _cards(self, node: YNode) -> tuple[KidCard, ...]:
        out = []
        for item in node.value if node.kind == "seq" else ():  # else: a schema error
            card = self._card(item)
            if card is not None:
                out.append(card)
        return tuple(out)

    def _card(self, node: YNode) -> KidCard | None:
        card, hint = self.catalog.kid(str(node.value))
        if card is None:
            self.error("E701", f"unknown card `{node.value}`", node, hint)
        return card

    def _named(self, node: YNode, what: str) -> Perk | MadeUpRule | None:
        find = self.catalog.perk if what == "perk" else self.catalog.rule
        found, hint = find(str(node.value))
        if found is None:
            self.error("E704", f"unknown {'perk' if what == 'perk' else 'made-up rule'} "
                       f"`{node.value}`", node, hint)
        return found

    # -- moves ----------------------------------------------------------------------------------

    def _moves(self, node: YNode | None) -> list[Move]:
        out: list[Move] = []
        last: str | None = None  # the previous move's verb; "?" when it could not be read
        for item in node.value if node is not None and node.kind == "seq" else ():
            move = self._move(item)
            if move is None:
                last = "?"
                continue
            if move.verb in FOLLOWING and last not in ("play", "?", *FOLLOWING):
                self.error("E702", f"`{move.verb}` answers a played card: put it right after "
                           "a `play` move", item)
            out.append(move)
            last = move.verb
        return out

    def _move(self, node: YNode) -> Move | None:
        line = node.line + 1
        if node.kind == "scalar":  # the bare word `decline`
            return Move("decline", line, "decline") if node.value == "decline" else None
        if node.kind != "map":
            return None
        verbs = [k for k, _ in node.value if k.value in VERBS]
        if len(verbs) != 1:
            where = verbs[1] if verbs else node
            self.error("E702", "a move says one thing to do: " + ", ".join(VERBS)
                       + (f"; this one says {len(verbs)}" if verbs else ""), where)
            return None
        verb = str(verbs[0].value)
        value = node.get(verb)
        assert value is not None
        fields: dict[str, Any] = {}
        by = node.get("by")
        if by is not None and isinstance(by.value, int):
            fields["seat"] = by.value - 1
        says = verb if value.value in (None, True) else f"{verb} {value.value}"
        if verb in ("play", "follow", "recruit"):
            if verb == "recruit" and str(value.value).lower() in ("top of park deck",
                                                                   "top of the park deck"):
                fields["place"] = ("park_deck",)
            else:
                fields["card"] = self._card(value)
                if fields["card"] is None:
                    return None
        if verb == "perform":
            ast, diags = parse_scalar(self.doc, value, ACTION, self.vocab)
            if errors_in(diags) or ast is None:
                self.diags.extend(errors_in(diags))
                return None
            fields["action"] = ast
        place = node.get("from")
        if place is not None:
            fields["place"] = self._place(place)
        for key in ("add", "lookout"):
            cards = node.get(key)
            if cards is not None:
                fields[key] = self._cards(cards)
        for key in ("coin", "suit"):
            suit = node.get(key)
            if suit is not None and suit.value in {s.value for s in Suit}:
                fields[key] = Suit(suit.value)
        use = node.get("use")
        if use is not None and use.value in USES:
            fields["use"] = USES[use.value]
        choose = node.get("choose")
        if choose is not None and choose.kind == "seq":
            fields["choose"] = tuple(self._answer(a) for a in choose.value)
        full = node.get("in_full")
        if full is not None:
            fields["in_full"] = bool(full.value)
        return Move(verb, line, says, **fields)

    def _answer(self, node: YNode) -> Answer:
        if isinstance(node.value, str):
            card, _ = self.catalog.kid(node.value)
            return Answer(node.value, card.id if card is not None else None)
        return Answer(node.value)

    def _place(self, node: YNode) -> tuple[Any, ...] | None:
        words = " ".join(str(node.value).lower().replace("'s", "").split())
        if words == "park":
            return ("park",)
        if words in ("park deck", "the park deck", "top of park deck", "top of the park deck"):
            return ("park_deck",)
        parts = words.split()
        # "yard of player 2" / "player 2 yard"
        if "yard" in parts and "player" in parts:
            number = next((p for p in parts if p.isdigit()), None)
            if number is not None:
                return ("yard", int(number) - 1)
        self.error("E705", f"unknown place to recruit from `{node.value}`", node,
                   "park, park deck, or yard of player N")
        return None


def _slug(name: str) -> str:
    return "-".join("".join(ch if ch.isalnum() else " " for ch in name.lower()).split())


def _vocabulary(sets: Iterable[CardSet]) -> Vocabulary:
    from fortlang.plugins import vocabulary

    return vocabulary(name for s in sets for name in s.manifest.uses)


def catalog_of(doc: Document) -> tuple[Catalog, Vocabulary]:
    """The cards, perks and made-up rules a scenario file can name, and the words of its
    actions, as far as the file (perhaps half-typed, in an editor) can be read: the language
    server's hover, completion and go-to-definition."""
    reader = _Reader(doc)
    sets: list[CardSet] = list(load_bundled().values())
    inline: list[KidCard] = []
    if doc.root is not None and doc.root.kind == "map":
        try:
            sets = reader._sets()
            reader.vocab = _vocabulary(sets)
            inline = reader._inline_cards()
        except Exception:  # noqa: BLE001  # a half-typed file: the sets named so far, or the bundled
            pass
    return Catalog(sets, inline), reader.vocab
