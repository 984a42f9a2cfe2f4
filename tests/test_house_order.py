"""House order of the installed package (issue 13 item 6): no import cycles between its modules,
no test-only builders inside it, and no module-level memo table that grows without bound; the
core never imports a game module (issue 33, docs/design/game-modules.md §2.5)."""

from __future__ import annotations

import ast
import dataclasses
import json
from pathlib import Path

import fortlang
from fortlang.cardset import base_set
from fortlang.engine import interpreter, memo
from fortlang.games.fort import play
from fortlang.games.fort import table as state
from fortlang.games.fort.model import kids_of
from fortlang.games.fort.nodes import Score

PACKAGE = Path(fortlang.__file__).parent


def _module_name(path: Path, package: Path = PACKAGE) -> str:
    parts = path.relative_to(package.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path, modules: set[str]) -> set[str]:
    """Every fortlang module imported by ``path`` (also inside functions; not under
    TYPE_CHECKING, which never runs)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skip.update(id(x) for stmt in node.body for x in ast.walk(stmt))
    out: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
        out.update(x for x in names if x in modules)
    return out


def test_no_import_cycles_between_modules():
    files = {_module_name(p): p for p in PACKAGE.rglob("*.py")}
    graph = {m: _imports(p, set(files)) - {m} for m, p in files.items()}
    # a package importing its own submodules (re-exports) is not a cycle between modules
    graph = {m: {d for d in deps if not d.startswith(m + ".")} for m, deps in graph.items()}
    cycles: list[list[str]] = []
    state: dict[str, int] = {}

    def visit(m: str, stack: list[str]) -> None:
        state[m] = 1
        for d in sorted(graph[m]):
            if state.get(d) == 1:
                cycles.append(stack[stack.index(d):] + [d])
            elif d not in state:
                visit(d, [*stack, d])
        state[m] = 2

    for m in sorted(graph):
        if m not in state:
            visit(m, [m])
    assert not [c for c in cycles if len(c) > 2 or c[0] != c[-1]], cycles


#: Modules of the core that still import a game, by the weld they keep: stage 3 of the design
#: moved Fort's files into ``games/fort/`` and recorded here every core module that still
#: reached into them; the list only ever shrinks, and is empty since Fort's simulation drivers
#: moved to ``games/fort/sim/`` behind ``GameModule.simulation`` (issue 33 item 5;
#: docs/design/game-modules.md §6.2) and Fort's AST nodes and card model to ``games/fort/``.
#: Kept: a new weld fails the test below.
CORE_MAY_IMPORT_A_GAME: dict[str, set[str]] = {}


def core_imports_of_games(package: Path, allowed: dict[str, set[str]]) -> dict[str, list[str]]:
    """The modules of the core that import a game, with what they import, less the
    ``allowed`` imports. The core is every module but those under ``games/<name>/``: the
    package ``games`` itself is the core's loader (§2.1), which any core module may import
    and which reaches a game only through its entry point."""
    games = f"{package.name}.games"
    files = {_module_name(p, package): p for p in package.rglob("*.py")}
    bad = {}
    for module, path in files.items():
        if module.startswith(games + "."):
            continue
        found = {d for d in _imports(path, set(files))
                 if d.startswith(games + ".")} - allowed.get(module, set())
        if found:
            bad[module] = sorted(found)
    return bad


def test_the_core_never_imports_a_game():
    assert not core_imports_of_games(PACKAGE, CORE_MAY_IMPORT_A_GAME)


def test_the_core_defines_none_of_forts_node_classes():
    """Fort's AST is its game module's (issue 33 item 2): the node classes its words declare
    (its primitives', its quantities') and the enumerations their fields hold (suits,
    resources) are defined in games/fort/nodes.py, none in a core module: neither the core's
    nodes.py nor its compiled constants (engine/node_types.py) hold one, and the printer's and
    the icon strip's tables key none (each is said by its declaration)."""
    from enum import Enum

    from fortlang import nodes, printer, registry
    from fortlang.docsite import strip
    from fortlang.engine import node_types

    fort = registry.vocabulary_of("fort")
    built = [p.node() for p in fort.primitives] + [w.build() for w in fort.quantities]
    own = {type(x) for x in built} - {nodes.Tally}  # `x hand` builds the core's Tally
    own |= {type(getattr(x, f.name)) for x in built for f in dataclasses.fields(x)
            if isinstance(getattr(x, f.name), Enum)}
    own |= {type(w.build()) for w in fort.resources}
    assert {"Gain", "SuitCount", "Suit", "Resource"} <= {c.__name__ for c in own}
    assert {c.__module__ for c in own} == {"fortlang.games.fort.nodes"}
    in_core = {id(v) for m in (nodes, node_types) for v in vars(m).values()}
    assert not [c.__name__ for c in own if id(c) in in_core]
    assert not {c.__name__ for c in own if c in printer._PRINTERS or c in strip._HANDLERS}


def core_names_of_games(package: Path) -> dict[str, list[str]]:
    """The core modules that name a game's module in a string (``importlib.import_module(
    "fortlang.games.fort.x")``, a ``"module:attribute"`` reference): an import all the same,
    which the import check would not see. Docstrings and comments may name them."""
    games = f"{package.name}.games."
    found: dict[str, list[str]] = {}
    for path in package.rglob("*.py"):
        module = _module_name(path, package)
        if module.startswith(games):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docs = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Expr)}
        named = sorted({node.value for node in ast.walk(tree)
                        if isinstance(node, ast.Constant) and isinstance(node.value, str)
                        and id(node) not in docs and node.value.startswith(games)})
        if named:
            found[module] = named
    return found


def test_the_core_names_no_games_module_in_a_string(tmp_path):
    assert core_names_of_games(PACKAGE) == {}
    pkg = tmp_path / "fortlang"
    (pkg / "games" / "fort").mkdir(parents=True)
    (pkg / "playtest.py").write_text(
        '"""Reaches fortlang.games.fort.narration in its docstring only."""\n'
        'import importlib\nN = importlib.import_module("fortlang.games.fort.narration")\n',
        encoding="utf-8")
    (pkg / "games" / "fort" / "x.py").write_text('R = "fortlang.games.fort.x:y"\n',
                                                 encoding="utf-8")
    assert core_names_of_games(pkg) == {"fortlang.playtest": ["fortlang.games.fort.narration"]}


def test_the_core_journal_loads_no_game():
    """A module's table builds on the journal (issue 33 item 6): importing it, its choices and
    its asker loads no game, Fort included (Fort's table is named lazily by the package)."""
    import subprocess
    import sys

    probe = ("import sys, fortlang.engine.journal, fortlang.engine.chance; "
             "print(sorted(m for m in sys.modules if m.startswith('fortlang.games.')))")
    done = subprocess.run([sys.executable, "-P", "-c", probe], capture_output=True, text=True,
                          timeout=120, check=True)
    assert done.stdout.strip() == "[]"


def test_the_allow_list_names_only_welds_that_exist():
    """A weld cut must leave the list too, so the list never hides a new one."""
    everything = core_imports_of_games(PACKAGE, {})
    stale = {m: sorted(found - set(everything.get(m, ())))
             for m, found in CORE_MAY_IMPORT_A_GAME.items()}
    assert not {m: s for m, s in stale.items() if s}


def test_the_game_import_check_finds_a_core_module_importing_a_game(tmp_path):
    pkg = tmp_path / "fortlang"
    (pkg / "engine").mkdir(parents=True)
    (pkg / "games" / "fort").mkdir(parents=True)
    for init in (pkg, pkg / "engine", pkg / "games", pkg / "games" / "fort"):
        (init / "__init__.py").write_text("", encoding="utf-8")
    (pkg / "games" / "fort" / "moves.py").write_text("from fortlang.engine import state\n",
                                                     encoding="utf-8")
    (pkg / "engine" / "state.py").write_text("X = 1\n", encoding="utf-8")
    (pkg / "engine" / "play.py").write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from fortlang.games.fort import moves\n"
        "def f():\n    from fortlang.games.fort.moves import g\n", encoding="utf-8")
    (pkg / "cli.py").write_text("import fortlang.games\nfrom fortlang.games import x\n",
                                encoding="utf-8")  # the loader: core, any core module's to use
    (pkg / "games" / "__init__.py").write_text("from fortlang.games import fort\n",
                                               encoding="utf-8")  # the loader naming a game
    assert core_imports_of_games(pkg, {}) == {
        "fortlang.games": ["fortlang.games.fort"],
        "fortlang.engine.play": ["fortlang.games.fort.moves"]}
    assert core_imports_of_games(pkg, {"fortlang.games": {"fortlang.games.fort"},
                                       "fortlang.engine.play": {"fortlang.games.fort.moves"}}) \
        == {}


def test_no_test_builders_in_the_package():
    assert not (PACKAGE / "engine" / "build.py").exists()


def test_memo_tables_are_bounded():
    """Memo tables keyed by object identity keep their keys alive; they must not grow with
    every action ever seen (a language server runs for days)."""
    for i in range(memo.MEMO_LIMIT + 50):
        interpreter.text(Score(amount=i))
    assert interpreter.memo_sizes()["to_text"] <= memo.MEMO_LIMIT
    assert play.option_table_size() <= memo.MEMO_LIMIT
    kid = kids_of(base_set())[0]
    for i in range(memo.MEMO_LIMIT + 50):  # the card definitions games share too
        state.card_def(dataclasses.replace(kid, name=f"Kid {i}"))
    assert 0 < state.card_defs_size() <= memo.MEMO_LIMIT


def _compiled_sources() -> list[Path]:
    import tomllib

    config = tomllib.loads((Path(__file__).parents[1] / "pyproject.toml").read_text("utf-8"))
    modules = config["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["custom"]["modules"]
    return [PACKAGE.parent / m for m in modules]


def _annotations(tree: ast.AST) -> set[int]:
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            args = node.args
            for a in [*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg]:
                if a is not None and a.annotation is not None:
                    out.update(id(x) for x in ast.walk(a.annotation))
            if node.returns is not None:
                out.update(id(x) for x in ast.walk(node.returns))
        elif isinstance(node, ast.AnnAssign):
            out.update(id(x) for x in ast.walk(node.annotation))
    return out


def test_compiled_modules_read_node_classes_and_enum_members_as_constants():
    """Compiled with mypyc, ``n.Then`` (the interpreted fortlang.nodes; Fort's nodes are ``fn``)
    and ``Kind.PLAY`` (an enum member through its class) are generic lookups at every use,
    ~250-850 instructions; a Final module constant is a C static. Inside the functions of the
    compiled modules, node classes come from engine/node_types.py (Fort's from
    games/fort/node_types.py) and decision kinds from choices.K_* (annotations and
    module-level tables may name them)."""
    enums = {"Kind", "PerkHook", "Suit", "Resource", "Who"}
    found = []
    for path in _compiled_sources():
        tree = ast.parse(path.read_text("utf-8"))
        skip = _annotations(tree)
        for fn in ast.walk(tree):
            if not isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            for x in (y for stmt in fn.body for y in ast.walk(stmt)):
                if isinstance(x, ast.Attribute) and isinstance(x.value, ast.Name) \
                        and id(x) not in skip \
                        and (x.value.id in ("n", "fn") and x.attr[:1].isupper()
                             or x.value.id in enums and x.attr.isupper()):
                    found.append(f"{path.name}:{x.lineno} {fn.name}: {x.value.id}.{x.attr}")
    assert not found, found


def test_every_decision_kind_has_its_constant():
    from fortlang.engine import choices
    from fortlang.engine.choices import Kind

    assert all(getattr(choices, f"K_{kind.name}") is kind for kind in Kind)


#: What the core's flow runtime (fortlang/flow/, design §5) may import outside itself: the
#: engine's decisions and the core's undo journal (every game's table is built on it: the
#: compiled runtime calls its methods natively), nothing of Fort's table or rules.
FLOW_MAY_IMPORT: set[str] = {"fortlang.engine.choices", "fortlang.engine.journal"}


def test_the_flow_is_core_and_imports_only_the_engines_decisions():
    files = {_module_name(p): p for p in PACKAGE.rglob("*.py")}
    flow = {m: p for m, p in files.items()
            if m == "fortlang.flow" or m.startswith("fortlang.flow.")}
    assert "fortlang.flow.runtime" in flow
    outside = {m: sorted(d for d in _imports(p, set(files))
                         if not d.startswith("fortlang.flow") and d not in FLOW_MAY_IMPORT)
               for m, p in flow.items()}
    assert outside == {m: [] for m in flow}
    assert not core_imports_of_games(PACKAGE, CORE_MAY_IMPORT_A_GAME)


def test_the_core_reaches_forts_words_through_the_loader():
    """Fort's words are its game module's (issue 33 item 2): importing the parser, the checker
    and the registry loads no game, the registry declares none of Fort's words, and Fort's are
    loaded through its entry point the first time a card is read."""
    import subprocess
    import sys

    probe = ("import sys, json, fortlang.parser, fortlang.checker, fortlang.registry as r\n"
             "before = sorted(m for m in sys.modules if m.startswith('fortlang.games.'))\n"
             "own = [x for x in ('FORT', 'PRIMITIVES', 'RESOURCES', 'QUANTITIES', 'METRICS',\n"
             "                   'TRIGGERS', 'FORT_KINDS', 'RES') if hasattr(r, x)]\n"
             "fortlang.checker.check(fortlang.parser.parse_action('gain 2 pizza x book'))\n"
             "words = sys.modules.get('fortlang.games.fort.vocabulary')\n"
             "print(json.dumps([before, own, words is not None\n"
             "                  and r.vocabulary_of('fort') is words.FORT]))")
    done = subprocess.run([sys.executable, "-I", "-c", probe], capture_output=True, text=True,
                          timeout=120, check=True)
    assert json.loads(done.stdout) == [[], [], True]
