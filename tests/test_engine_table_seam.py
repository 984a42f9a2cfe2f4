"""Fort's table is out of the core engine (issue 33): ``engine/state.py`` became
``games/fort/table.py`` and ``engine/metrics.py`` became ``games/fort/metrics.py``; the core's
operators reach any game's table through the journal: an `if` evaluates through
``Journal.evaluate`` (Fort's Game: its R14 metrics), `each rival`/`each player` read
``Journal.turn_order`` natively, else the view ``Journal.selector_view`` gives."""

from __future__ import annotations

import ast
from pathlib import Path

import fortlang
import fortlang.engine
from fortlang.engine.interpreter import Ctx, seat_of
from fortlang.engine.journal import Journal, SeatCounts
from fortlang.engine.program import program
from fortlang.games.fort.nodes import Resource
from fortlang.games.fort.table import Game
from fortlang.parser import parse_action

ENGINE = Path(fortlang.__file__).parent / "engine"


class Ring(Journal):
    """A table of three seats that counts one metric (``toy``: its seat's ``level``) and knows
    its turn order natively, counting how often each is asked."""

    def __init__(self) -> None:
        super().__init__()
        self.players = [SeatCounts() for _ in range(3)]
        self.seat_count = 3
        self.direction = 1
        self.asked: list[str] = []

    def evaluate(self, expr: object, seat: int) -> int:
        self.asked.append("evaluate")
        return int(self.players[seat].level >= 3)  # `toy >= 3`, as this table counts toys

    def turn_order(self, seat: int) -> tuple[int, ...]:
        self.asked.append("turn_order")
        return ((seat + 1) % 3, (seat + 2) % 3)


def test_the_engine_holds_neither_forts_table_nor_its_metrics():
    assert not (ENGINE / "state.py").exists() and not (ENGINE / "metrics.py").exists()
    assert not hasattr(fortlang.engine, "Game") and not hasattr(fortlang.engine, "Rules")
    from fortlang.games import fort

    assert fort.Game is Game  # their public home, re-exported by Fort's module


def _imports(path: Path) -> set[str]:
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
    return out


def test_no_engine_module_imports_forts_metrics_and_the_operators_no_view():
    for path in ENGINE.glob("*.py"):
        assert "fortlang.games.fort.metrics" not in _imports(path), path.name
    assert "fortlang.engine.view" not in _imports(ENGINE / "program.py")


def test_an_if_evaluates_through_the_tables_game():
    table = Ring()
    op = program(parse_action("if toy >= 3 -> score 2"))
    ctx = Ctx(table, 1, leader=True)
    assert op.holds(ctx) is False  # type: ignore[attr-defined]
    table.players[1].level = 3
    assert op.holds(ctx) is True  # type: ignore[attr-defined]
    assert table.asked == ["evaluate", "evaluate"]


def test_an_if_at_forts_table_counts_its_metrics():
    game = Game(2)
    op = program(parse_action("if toy >= 3 -> score 2"))
    assert op.holds(Ctx(game, 0, leader=True)) is False  # type: ignore[attr-defined]
    game.players[0].stuff[Resource.TOY] = 3
    assert op.holds(Ctx(game, 0, leader=True)) is True  # type: ignore[attr-defined]
    assert op.holds(Ctx(game, 1, leader=True)) is False  # type: ignore[attr-defined]


def test_each_rival_reads_the_tables_turn_order():
    table = Ring()
    each = program(parse_action("each rival -> score 1"))
    everyone = program(parse_action("each player -> score 1"))
    assert each.performers(table, 1) == (2, 0)  # type: ignore[attr-defined]
    assert everyone.performers(table, 2) == (2, 0, 1)  # type: ignore[attr-defined]
    assert table.asked == ["turn_order", "turn_order"]
    game = Game(4)
    assert each.performers(game, 1) == (2, 3, 0)  # type: ignore[attr-defined]
    assert seat_of(game, 3) is game.players[3] and seat_of(table, 2) is table.players[2]


#: What the core engine named of Fort before issue 33 moved it out: its table's classes, its
#: suits, and the per-move fields Fort's moves keep (now FortCtx's, games/fort/context.py).
FORT_NAMES = {"Game", "Player", "CardInstance", "Rules", "DEFAULT_BOARD", "Suit", "evaluate"}
FORT_FIELDS = {"fort", "game", "player", "sources", "named", "any_suits"}


def test_no_engine_module_names_forts_table_suits_or_per_move_fields():
    """In code (docstrings and comments may speak of Fort): no name of Fort's table or suits,
    no Fort field of a move's context read or written (``ctx.game``...; the Ctx itself: the
    test below)."""
    found = []
    for path in sorted(ENGINE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Name) and node.id in FORT_NAMES \
                    or isinstance(node, ast.alias) and node.name in FORT_NAMES \
                    or isinstance(node, ast.Attribute) and node.attr in FORT_FIELDS \
                    and isinstance(node.value, ast.Name) and node.value.id == "ctx":
                found.append(f"{path.name}:{node.lineno}")
            elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith(
                    "fortlang.games"):
                found.append(f"{path.name}:{node.lineno} {node.module}")
    assert not found, found


def test_the_cores_ctx_has_no_forts_field_and_forts_moves_keep_theirs():
    ctx = Ctx(Ring(), 0, leader=True)
    assert not [f for f in FORT_FIELDS if hasattr(ctx, f)]
    from fortlang.engine.interpreter import new_ctx
    from fortlang.games.fort.context import FortCtx

    game = Game(2)
    fort = new_ctx(game, 1, leader=True)  # the table makes its moves' contexts
    assert type(fort) is FortCtx and fort.game is game and fort.player is game.players[1]
    assert (fort.sources, fort.named, fort.any_suits) == ([], {}, {})
    assert type(new_ctx(Ring(), 0, leader=True)) is Ctx


def test_a_fort_move_starts_with_every_field_of_the_cores_ctx_as_the_core_sets_it():
    """FortCtx sets the core's fields itself (a call to Ctx.__init__ costs on the compiled
    path): each must start as the core's own __init__ starts it, for any arguments."""
    from fortlang.games.fort.context import FortCtx

    game = Game(3)
    bound = {7: "toy"}
    for seat, leader, given, play in ((0, True, None, None), (2, False, bound, "record")):
        fort = FortCtx(game, seat, leader=leader, bound=given, play=play)
        core = Ctx(game, seat, leader=leader, bound=given, play=play)
        # its fields: __slots__ in pure Python, __mypyc_attrs__ when compiled
        slots = getattr(Ctx, "__mypyc_attrs__", None) or \
            [s for cls in Ctx.__mro__ for s in getattr(cls, "__slots__", ())]
        assert "table" in slots and "chanced" in slots, slots
        for name in slots:
            assert getattr(fort, name) == getattr(core, name), name
        assert fort.who is game.players[seat] and fort.player is fort.who
