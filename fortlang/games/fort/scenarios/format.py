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
from fortlang.cardset.build import fort_kinds
from fortlang.cardset.dsl import ACTION, parse_scalar
from fortlang.cardset.load import manifest_path
from fortlang.cardset.schema import Kind as FileKind
from fortlang.cardset.schema import kind_of, validate
from fortlang.cardset.yamlsrc import Document, YNode, read_document
from fortlang.errors import Diagnostic, FortError, errors_in
from fortlang.games import mixed, mixed_message
from fortlang.games.fort.kinds import KIDS, PERKS, RULES
from fortlang.games.fort.model import Board, KidCard, MadeUpRule, Perk, board_of, park_kids_of
from fortlang.games.fort.nodes import Suit
from fortlang.games.fort.scenarios.catalog import Catalog
from fortlang.games.fort.table import Rules
from fortlang.games.fort.turn import RECYCLE_AT_DO_OVER, RECYCLE_AT_DRAW, RECYCLE_AT_PLAY
from fortlang.games.fort.vocabulary import FORT
from fortlang.model import CardSet, Source
from fortlang.registry import Vocabulary
from fortlang.scenario.games import CardFile
from fortlang.scenario.names import CardNames

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
#: The verbs a move may start with; exactly one per move (in a `turn`, `recruit` answers the
#: recruit phase). The phases that take no value may be written as a bare word.
VERBS = ("play", "follow", "decline", "rough housing", "recruit", "perform", "turn", "skip",
         "diy", "clean up", "discard", "draw")
BARE = ("decline", "rough housing", "skip", "diy", "clean up", "discard", "draw")
#: The moves that answer the card just played, by the players after the leader.
FOLLOWING = ("follow", "decline", "rough housing")
#: The moves after which the followers answer (a played card).
LEADING = ("play", "turn")
SKIP = ("skip", "skip the play phase")
#: `recycle_at`: the moments Recycling is offered (R15; fortlang.games.fort.turn), in the words of
#: the engine's question ("Recycling (R15): at the draw").
RECYCLE_MOMENTS: dict[str, str] = {"play": RECYCLE_AT_PLAY, "do over": RECYCLE_AT_DO_OVER,
                                   "draw": RECYCLE_AT_DRAW}
TOP_OF_PARK_DECK = ("top of park deck", "top of the park deck")
#: `recruit: none`: the leader recruits nothing, which R7.1 refuses when there is a card to
#: recruit (the place of such a recruit)
NOTHING = ("none", "nothing")
RECRUIT_NOTHING: tuple[Any, ...] = ("nothing",)


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
    card_name: str | None = None


@dataclass(frozen=True)
class Move:
    verb: str
    line: int  # 1-based, for messages
    says: str  # the move in the scenario's words, e.g. "play Bug"
    seat: int | None = None  # 0-based; None: the default for the verb
    card: KidCard | None = None  # play, turn (None: skip), the first card of a follow
    cards: tuple[KidCard, ...] = ()  # follow: every card discarded (two with Copy Cat, R15)
    action: n.Action | None = None
    place: tuple[Any, ...] | None = None  # recruit: ("park",), ("park_deck",), ("yard", seat)
    add: tuple[KidCard, ...] = ()
    lookout: tuple[KidCard, ...] = ()
    use: tuple[str, ...] | None = None
    coin: Suit | None = None  # every coin of the move stands for this suit
    coins: tuple[Suit, ...] = ()  # one suit per coin, in the order the engine asks (R5.6)
    suit: Suit | None = None
    choose: tuple[Answer, ...] = ()
    #: the outcomes of the chance points this move meets (a die's face: its value or label),
    #: in order (issue 33 stage 6)
    chance: tuple[str | int, ...] = ()
    in_full: bool = True
    #: recruit (and a turn's recruit phase): (card or None for the top of the park deck, place)
    #: per recruit; a second one is Birthday Party's (R15)
    recruits: tuple[tuple[KidCard | None, tuple[Any, ...] | None], ...] = ()
    diy: bool = False  # a turn whose play phase is DIY's advance (R15)
    recycle: KidCard | None = None  # Recycling (R15): the card taken back into hand
    #: when (R15 "at any moment of your turn"): a key of RECYCLE_MOMENTS; None: the first
    #: moment the card is offered
    recycle_at: str | None = None
    do_over: KidCard | None = None  # Do-Over (R15): the second card played
    #: `do_over` as a mapping: the second card's own answers (a `play` move); None: the
    #: move's answers go on
    second: Move | None = None
    #: follow, decline: the played card answered (Do-Over's second card, R15); None: the first
    of: KidCard | None = None


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
    #: the set a `given: setup` deals from (R2): the first set the file names
    cardset: CardSet | None = None



def fort_bundled() -> dict[str, CardSet]:
    """The bundled sets a scenario may name: Fort's (the scenario runner plays Fort only so
    far; the sets of other game modules are checked by `fortlang check`)."""
    from fortlang.cardset.build import usable_game

    return {i: s for i, s in load_bundled().items() if usable_game(s.manifest.game) is None}

def load_file(path: Path | str, text: str | None = None) -> list[Scenario]:
    """Every scenario in the file; raises :class:`FortError` with every diagnostic."""
    doc = read_document(path, text)
    diags = list(doc.diagnostics)
    if doc.root is None or errors_in(diags):
        raise FortError(diags or [doc.error("E305", "empty scenario file")], doc.text)
    if doc.root.kind != "map":
        raise FortError([doc.error("E310", "a scenario file is a mapping with `scenarios`",
                                   doc.root)], doc.text)
    kind, _ = kind_of(doc, fort_kinds())
    if kind is not None:  # a card file or a manifest, e.g. named beside the scenarios of a set
        key = "the manifest" if kind.key is None else f"a card file (`{kind.key}:`)"
        raise CardFile([doc.error("E708", f"this is {key}, not a scenario file", doc.root,
                                  "a scenario file has `scenarios:` at the top; in a set "
                                  "folder, `fortlang check` reads the card files and "
                                  "`fortlang test` the scenario files")], doc.text)
    schema_errors, _ = validate(doc, SCENARIO)
    if schema_errors:  # with the names the reader can still check, so one run shows them all
        raise FortError(_merged(schema_errors, _names_despite_schema(doc, schema_errors)),
                        doc.text)
    reader = _Reader(doc)
    scenarios = reader.read()
    if reader.diags:
        raise FortError(_merged(reader.diags), doc.text, reader.sources)
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
        self._numbers: list[tuple[YNode, int]] = []  # player numbers the scenario names
        self.sources: dict[str, str] = {}  # the texts of other files the diagnostics are about

    def error(self, code: str, message: str, node: YNode | None,
              hint: str | None = None) -> None:
        self.diags.append(self.doc.error(code, message, node, hint))

    def read(self) -> list[Scenario]:
        sets = self._sets()
        self.vocab = _vocabulary(sets)  # the words of the plugins the sets use, with Fort's
        self.catalog = Catalog(sets, self._inline_cards())
        options = self.root.get("options")
        rules = Rules(**options.to_data()) if options is not None else Rules()
        board = next((board_of(s) for s in sets if board_of(s) is not None), None)
        self.cardset, self._table_error = self._dealt_table(sets)
        return [self._scenario(node, board, rules)
                for node in self.root.get("scenarios").value]  # type: ignore[union-attr]

    # -- sets and inline cards ------------------------------------------------------------------

    def _sets(self) -> list[Any]:
        bundled = fort_bundled()
        node = self.root.get("sets")
        if node is None:
            return list(bundled.values())
        out: list[Any] = []
        named: list[YNode] = []  # the `sets:` item each set in ``out`` was named by
        for item in node.value:
            if item.value in bundled:
                out.append(bundled[item.value])
                named.append(item)
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
                named.append(item)
            except FortError as e:  # quoted from the set's own files
                self.diags.extend(e.diagnostics)
                self.sources.update(e.sources)
        pair = mixed((s.id, s.manifest.game) for s in out)
        if pair is not None:  # sets of different games are never dealt together
            at = named[[s.id for s in out].index(pair[1][0])]
            self.error("E352", mixed_message(*pair), at,
                       "name under `sets:` only sets of one game (the manifests' `game:`)")
            return [s for s in out if s.manifest.game == pair[0][1]]
        return out

    def _dealt_table(self, sets: list[Any]) -> tuple[CardSet | None, Diagnostic | None]:
        """The table a `setup` deals (R2): every listed set combined, as `simulate --sets`
        plays them (without `sets`, the base game, the first bundled set); why the listed
        sets cannot be played together (E324, E334), reported at each `setup`."""
        from fortlang.cardset.table import combine

        if not sets:
            return None, None
        if self.root.get("sets") is None or len(sets) == 1:
            return sets[0], None
        try:
            return combine(sets), None
        except FortError as e:
            return None, e.first

    def _deal_sizes(self, setup_key: YNode, n_players: int) -> None:
        """R2.4, R2.5: `setup` deals 3 cards to the park and 8 to each seat from the table's
        park kids, which a board must hold (R1.5): a table that cannot be dealt is an error
        at `setup` (E324, E327, E334), never a failure of the scenario's run."""
        from fortlang.games.fort.setup import PARK_SIZE, START_KIDS

        if self._table_error is not None:
            self.error(self._table_error.code, "the listed sets cannot be dealt together: "
                       + self._table_error.message, setup_key, self._table_error.hint)
            return
        table = self.cardset
        if table is None:
            return
        if board_of(table) is None:
            self.error("E324", f"none of the sets dealt has a board: {table.id}", setup_key,
                       "list the base game too: sets: [fort-base, ...]")
        park = sum(k.copies for k in park_kids_of(table))
        needed = PARK_SIZE + n_players * START_KIDS
        if park < needed:
            self.error("E327", f"a park deck of {park} cards cannot deal {n_players} players: "
                       f"set-up takes {needed} ({PARK_SIZE} to the park, {START_KIDS} to each "
                       "player; R2.4, R2.5)", setup_key,
                       "list the base game too, or seat fewer players")

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

    def _seated(self, node: YNode, number: int) -> None:
        """A player number that must be seated (checked once the scenario's seats are known)."""
        self._numbers.append((node, number))

    def _scenario(self, node: YNode, board: Board | None, rules: Rules) -> Scenario:
        self._numbers = []
        given = self._table(node.get("given"))
        then = node.get("then")
        expect = self._table(then)
        error = then.get("error") if then is not None else None
        moves = self._moves(node.get("when"))
        seats = [m.seat for m in moves if m.seat is not None]
        n_players = max(2, len(given.players), len(expect.players), *(s + 1 for s in seats))
        for where, number in self._numbers:
            if not 1 <= number <= n_players:
                self.error("E707", f"player {number} is not seated: this scenario seats "
                           f"players 1 to {n_players}", where,
                           "seat more players in `given: players`, or name a seated one")
        self._check_given(node.get("given"), given, board, rules, n_players)
        name = node.get("name")
        return Scenario(str(name.value), self.doc.path, node.line + 1, given, tuple(moves),  # type: ignore[union-attr]
                        expect, error.value if error is not None else None, board, rules,
                        n_players, self.cardset)

    def _check_given(self, node: YNode | None, given: TableState, board: Board | None,
                     rules: Rules, n_players: int) -> None:
        """R1.4, R1.5, R10.2: a given table the rules can reach, capacities read from the
        engine (perks such as XXL Backpack included); E706 at the field that overflows."""
        from fortlang.games.fort.table import Game  # the engine's capacities, not a copy of them

        if node is None or node.kind != "map":
            return
        setup = node.get("setup")
        if setup is not None:  # R2: the table is dealt, not written
            self._dealt_only(node, setup)
            self._deal_sizes(node.key_node("setup") or setup, n_players)
            return
        game = Game(n_players, board, rules=rules)
        seated = node.get("players")
        held = {"pizza": 0, "toy": 0}
        for spec, p, pnode in zip(given.players, game.players,
                                  seated.value if seated is not None and seated.kind == "seq"
                                  else (), strict=False):
            level = spec.fields.get("level", 0)
            p.level = level if isinstance(level, int) else 0  # else: a schema error
            p.perks = list(spec.fields.get("perks", ()))
            for word, amount in _counts(spec.fields.get("stuff")).items():
                held[word] += amount
                cap = game.stuff_capacity(p)
                if amount > cap:
                    stuff = pnode.get("stuff")
                    self.error("E706", f"{amount} {word} in stuff: it holds {cap} of each "
                               "(R1.5)", stuff.get(word) if stuff is not None else pnode)
            pack = _counts(spec.fields.get("pack"))
            for word, amount in pack.items():
                held[word] += amount
            if sum(pack.values()) > game.pack_capacity(p):
                self.error("E706", f"{sum(pack.values())} tokens in the pack: at fort level "
                           f"{p.level} it holds {game.pack_capacity(p)} (R10.2)", pnode.get("pack"))
            self._friends_out_of_yards(pnode.get("yard"))
            lookout = spec.fields.get("lookout", ())
            if len(lookout) > game.lookout_capacity(p):
                self.error("E706", f"{len(lookout)} cards in the lookout: at fort level "
                           f"{p.level} it holds {game.lookout_capacity(p)} (R10.2)",
                           pnode.get("lookout"))
        supply = given.fields.get("supply")
        if supply is None:
            for word, amount in held.items():
                if amount > game.board.supply:
                    self.error("E706", f"the players hold {amount} {word}: the supply has "
                               f"{game.board.supply} (R1.4)", seated)
        for key, role in (("macaroni", "holds the macaroni sculpture"),
                          ("first_player", "is the first player")):
            number = node.get(key)
            if number is not None and isinstance(number.value, int) \
                    and not 1 <= number.value <= n_players:
                self.error("E707", f"player {number.value} {role} but is not seated: this "
                           f"scenario seats players 1 to {n_players}", number,
                           "seat more players in `given: players`, or name a seated one")

    def _dealt_only(self, given: YNode, setup: YNode) -> None:
        """`setup` deals the table from a seed (R2): the players are listed empty, and no
        other field of the table is written (E709 at each)."""
        for key, value in given.value:
            if key.value in ("setup", "first_round"):
                continue
            if key.value == "players" and value.kind == "seq":
                for player in value.value:
                    for field_key, _ in player.value if player.kind == "map" else ():
                        self._written_too(field_key)
                continue
            self._written_too(key)

    def _written_too(self, key: YNode) -> None:
        self.error("E709", f"`{key.value}` is written, but `setup` deals the table from a seed "
                   "(R2)", key, "remove it, or remove `setup` and write the whole table")

    def _friends_out_of_yards(self, yard: YNode | None) -> None:
        """R1.2, R8.1: a best friend never goes to a yard (the discard phase puts it on the
        discard pile), so no rival can ever recruit it: E706 at the card."""
        for item in yard.value if yard is not None and yard.kind == "seq" else ():
            card, _ = self.catalog.kid(str(item.value))
            if card is not None and card.best_friend:
                self.error("E706", f"{card.name} is a best friend: best friends never go to "
                           "a yard (R1.2, R8.1)", item,
                           "put it in the hand, deck, discard pile or lookout")

    def _table(self, node: YNode | None) -> TableState:
        if node is None or node.kind != "map":
            return TableState()
        players = node.get("players")
        fields: dict[str, Any] = {}
        for key, value in node.value:
            if key.value in TABLE_ZONES:
                fields[key.value] = self._cards(value)
            elif key.value == "setup" and value.kind == "map":
                picks = value.get("picks")
                fields["setup"] = {
                    "seed": value.get("seed").value,  # type: ignore[union-attr]
                    "draft": bool(value.get("draft").value) if value.get("draft") else False,
                    "picks": tuple(self._cards(p) for p in picks.value) if picks else ()}
            elif key.value in ("rule_pile", "perk_row") and value.kind == "seq":
                what = "rule" if key.value == "rule_pile" else "perk"
                fields[key.value] = tuple(x for x in (self._named(i, what) for i in value.value)
                                          if x is not None)
            elif key.value in ("supply", "macaroni", "winners", "game_over", "triggers",
                               "first_round", "first_player"):
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
            self.error("E701", f"unknown card `{node.value}`", node,
                       hint or self._unknown_card_hint(str(node.value)))
        return card

    def _unknown_card_hint(self, word: str) -> str | None:
        """Why a card may be unknown: the file names no `sets:`, or leaves out the bundled set
        that has it (issue 36)."""
        named = self.root.get("sets")
        bundled = fort_bundled()
        if named is None:
            return no_sets_hint(sorted(bundled))
        given = {str(item.value) for item in named.value} if named.kind == "seq" else set()
        for set_id, cards in bundled.items():
            found, _ = Catalog([cards]).kid(word)
            if found is not None and set_id not in given:
                return left_out_set_hint(word, set_id)
        return None

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
            if move.verb in FOLLOWING and last not in (*LEADING, "?", *FOLLOWING):
                self.error("E702", f"`{move.verb}` answers a played card: put it right after "
                           "a `play` or `turn` move", item)
            out.append(move)
            last = move.verb
        return out

    def _move(self, node: YNode) -> Move | None:
        line = node.line + 1
        if node.kind == "scalar":  # a bare word: `decline`, `skip`, `clean up`...
            word = " ".join(str(node.value).split())
            return Move(word, line, word) if word in BARE else None
        if node.kind != "map":
            return None
        verbs = [k for k, _ in node.value if k.value in VERBS]
        if any(k.value == "turn" for k in verbs):  # in a turn, `recruit` answers the phase
            verbs = [k for k in verbs if k.value != "recruit"]
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
        shown = value.value if value.kind == "scalar" else ", ".join(
            str(v.value) for v in value.value)
        says = verb if shown in (None, True) else f"{verb} {shown}"
        if verb == "play":
            fields["card"] = self._card(value)
            if fields["card"] is None:
                return None
        if verb == "turn" and str(value.value).lower() == "diy":
            fields["diy"] = True  # the play phase: DIY instead of a card (R15)
        elif verb == "turn" and str(value.value).lower() not in SKIP:
            fields["card"] = self._card(value)
            if fields["card"] is None:
                return None
        if verb == "follow":
            cards = (self._cards(value) if value.kind == "seq"
                     else tuple(c for c in [self._card(value)] if c is not None))
            if not cards:
                return None
            fields["card"], fields["cards"] = cards[0], cards
        recruit = node.get("recruit")
        if recruit is not None:
            fields["recruits"] = self._recruits(recruit, node.get("from"))
        elif node.get("from") is not None:
            self.error("E702", "`from` says where a `recruit` comes from: this move recruits "
                       "nothing", node.get("from"))
        if verb == "perform":
            ast, diags = parse_scalar(self.doc, value, ACTION, self.vocab)
            if errors_in(diags) or ast is None:
                self.diags.extend(errors_in(diags))
                return None
            fields["action"] = ast
        for key in ("add", "lookout"):
            listed = node.get(key)
            if listed is not None:
                fields[key] = self._cards(listed)
        for key in ("recycle", "do_over"):
            card = node.get(key)
            if card is not None and card.kind == "map":  # Do-Over's card with its own answers
                second = self._move(card)
                if second is not None:
                    fields["do_over"], fields["second"] = second.card, second
            elif card is not None:
                fields[key] = self._card(card)
        of = node.get("of")
        if of is not None and verb in ("follow", "decline"):
            fields["of"] = self._card(of)
        elif of is not None:
            self.error("E702", "`of` says which played card a `follow` or `decline` answers",
                       of)
        recycle_at = node.get("recycle_at")
        if recycle_at is not None and recycle_at.value in RECYCLE_MOMENTS:
            fields["recycle_at"] = recycle_at.value
            if node.get("recycle") is None:
                self.error("E702", "`recycle_at` says when Recycling takes the `recycle` card: "
                           "this move names none", recycle_at)
        coin = node.get("coin")
        if coin is not None and coin.kind == "seq":
            fields["coins"] = tuple(Suit(c.value) for c in coin.value
                                    if c.value in {s.value for s in Suit})
        elif coin is not None and coin.value in {s.value for s in Suit}:
            fields["coin"] = Suit(coin.value)
        suit = node.get("suit")
        if suit is not None and suit.value in {s.value for s in Suit}:
            fields["suit"] = Suit(suit.value)
        use = node.get("use")
        if use is not None and use.value in USES:
            fields["use"] = USES[use.value]
        choose = node.get("choose")
        if choose is not None and choose.kind == "seq":
            fields["choose"] = tuple(self._answer(a) for a in choose.value)
        chance = node.get("chance")
        if chance is not None and chance.kind == "seq":
            fields["chance"] = tuple(c.value for c in chance.value)
        full = node.get("in_full")
        if full is not None:
            fields["in_full"] = bool(full.value)
        return Move(verb, line, says, **fields)

    def _recruits(self, node: YNode, place: YNode | None
                  ) -> tuple[tuple[KidCard | None, tuple[Any, ...] | None], ...]:
        """`recruit: Worm` (with `from:`), `recruit: top of park deck`, or a list of two: the
        second is Birthday Party's (R15)."""
        items = node.value if node.kind == "seq" else [node]
        out: list[tuple[KidCard | None, tuple[Any, ...] | None]] = []
        for i, item in enumerate(items):
            where = self._place(place) if place is not None and i == 0 else None
            if str(item.value).lower() in TOP_OF_PARK_DECK:
                out.append((None, ("park_deck",)))
            elif str(item.value).lower() in NOTHING and len(items) == 1:
                out.append((None, RECRUIT_NOTHING))
            else:
                out.append((self._card(item), where))
        return tuple(out)

    def _answer(self, node: YNode) -> Answer:
        if isinstance(node.value, str):
            card, _ = self.catalog.kid(node.value)
            if card is not None:
                return Answer(node.value, card.id, card.name)
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
            # ASCII digits, bounded before conversion: `²` is a digit int() refuses (issue 31)
            number = next((p for p in parts if p.isascii() and p.isdigit() and len(p) <= 3),
                          None)
            if number is not None:
                self._seated(node, int(number))
                return ("yard", int(number) - 1)
        self.error("E705", f"unknown place to recruit from `{node.value}`", node,
                   "park, park deck, or yard of player N")
        return None


def _counts(tokens: Any) -> dict[str, int]:
    """The integer token counts of a `stuff` or `pack` field (others are schema errors)."""
    if not isinstance(tokens, dict):
        return {}
    return {w: a for w, a in tokens.items() if w in ("pizza", "toy") and isinstance(a, int)}


def _slug(name: str) -> str:
    return "-".join("".join(ch if ch.isalnum() else " " for ch in name.lower()).split())


def no_sets_hint(bundled: list[str]) -> str:
    return ("this scenario names no `sets:`, so it knows only the cards of the bundled sets ("
            + ", ".join(f"`{s}`" for s in bundled) + "): name your set's folder under `sets:`")


def left_out_set_hint(card: str, set_id: str) -> str:
    return f"`{card}` is a card of the bundled set `{set_id}`: add `{set_id}` to `sets:`"


def _vocabulary(sets: Iterable[CardSet]) -> Vocabulary:
    from fortlang.plugins import vocabulary

    return vocabulary(name for s in sets for name in s.manifest.uses)


def catalog_of(doc: Document) -> tuple[CardNames, Vocabulary]:
    """The cards, perks and made-up rules a scenario file can name (by kind: Fort's
    ``kids``, ``perks`` and ``rules``, the file's own cards among the kids), and the words of
    its actions, as far as the file (perhaps half-typed, in an editor) can be read: the
    language server's hover, completion and go-to-definition."""
    reader = _Reader(doc)
    sets: list[CardSet] = list(fort_bundled().values())
    inline: list[KidCard] = []
    if doc.root is not None and doc.root.kind == "map":
        try:
            sets = reader._sets()
            reader.vocab = _vocabulary(sets)
            inline = reader._inline_cards()
        except Exception:  # noqa: BLE001  # a half-typed file: the sets named so far, or the bundled
            pass
    return CardNames(sets, (KIDS, PERKS, RULES), {KIDS.name: inline}), reader.vocab
