"""Issue 33, "Done when": an in-tree primitive is added in at most 2 files.

The package is copied aside and exactly two files of the copy are touched: a new module of Fort's
game module holding the primitive whole (its node, its engine op with a closed form, its
declaration with phrases in three languages, meanings and icon) and one line of Fort's
``games/fort/vocabulary.py`` listing it among Fort's primitives (the core's ``registry.py``
holds the machinery only). Everything else derives from the declaration: the grammar, the
printer, the checker, the explanation in en/fr/ru, the engine's play, the language reference,
the icon strip, the language server's completion and the command line, all run in a child
process on the copy.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import fortlang

REPO = Path(fortlang.__file__).resolve().parent.parent

PRIMITIVE = '''\
"""`peek N`: draw N cards from your deck; in full only if the deck holds N."""

from __future__ import annotations

from dataclasses import dataclass

from fortlang import nodes as n
from fortlang.registry import PrimitiveSpec


@dataclass(frozen=True, slots=True)
class Peek(n.Action):
    amount: int = 1


def _op(node: Peek) -> object:
    from fortlang.engine.program import CARDS_MOVED, Op  # the engine loads after the registry

    class PeekOp(Op):
        def __init__(self, node: Peek) -> None:
            super().__init__(node)
            self.amount = node.amount
            self.straight = True
            self.touches = CARDS_MOVED

        def once(self, ctx) -> bool:
            game, p = ctx.game, ctx.player
            if len(p.deck) < self.amount:
                return False
            for _ in range(self.amount):
                game.move(p.deck, len(p.deck) - 1, p.hand)
            return True

        def now(self, s) -> bool:
            return len(s.p.deck) >= self.amount

    return PeekOp(node)


PEEK = PrimitiveSpec(
    "peek", Peek, "peek [N]", "X3", "Draw N cards from your deck into your hand.", "peek 2",
    most_times=8, op=_op, frees=False, frees_rivals=False, worth=lambda a: 0.9 * a.amount,
    icon=("M5 9h9v12H5z", "M12 3h7v9"), colour="#5c940d",
    phrases={"en": "draw {amount} cards from your deck", "fr": "piochez {amount} cartes",
             "ru": "возьмите из колоды карт: {amount}"},
    meanings={"fr": "Piochez N cartes de votre pioche.",
              "ru": "Возьмите N карт из своей колоды в руку."},
)
'''

PROBE = textwrap.dedent('''\
    import json, sys
    from fortlang import nodes as n, registry
    from fortlang.checker import check
    from fortlang.docsite.reference import primitives
    from fortlang.docsite.strip import glyphs
    from fortlang.engine import ScriptedAgent
    from fortlang.games.fort.table import Game
    from fortlang.games.fort.play import perform
    from fortlang.lsp.completion import language_items
    from fortlang.parser import parse_action
    from fortlang.phrasebook import sentence
    from fortlang.printer import to_text
    from fortlang.sim.seats import Seats
    from fortlang.games.fort.model import KidCard
    from fortlang.games.fort.nodes import Suit
    import fortlang.games.fort.peek as peek

    ast = parse_action("(peek 2 or score) then peek")
    game = Game(2, asker=Seats([ScriptedAgent(), ScriptedAgent()]), debug=True)
    p = game.players[0]
    game.new_cards([KidCard(id=f"k{i}", name=f"K{i}", suits=(Suit.BOOK,),
                            public=parse_action("score"), private=None) for i in range(3)],
                   p.deck)
    out = {
        "source": sys.modules["fortlang"].__file__,
        "ast": repr(ast),
        "text": to_text(ast),
        "errors": [d.code for d in check(parse_action("peek 0"))],
        "fine": [d.code for d in check(parse_action("peek 2 x book"))],
        "en": sentence(parse_action("peek 2"), "en"),
        "fr": sentence(parse_action("peek 2"), "fr"),
        "ru": sentence(parse_action("peek 2"), "ru"),
        "performed": perform(game, 0, parse_action("peek 2")),
        "hand": len(p.hand),
        "refused": perform(game, 0, parse_action("peek 2")),
        "reference": {lang: "### `peek [N]`" in primitives(lang) for lang in ("en", "fr", "ru")},
        "glyphs": [g.icon.name if g.icon else g.text for g in glyphs(parse_action("peek 2"))],
        "completion": [i.label for i in language_items("score then pe", "action",
                                                       registry.default_vocabulary())],
        "spec": registry.default_vocabulary().primitive_by_name["peek"] is peek.PEEK,
    }
    print(json.dumps(out))
''')


def _copy_tree(dest: Path) -> Path:
    """The package and the data folders it reads beside it, without anything built."""
    skip = shutil.ignore_patterns("__pycache__", "*.so", "*.pyd", "*.c")
    for name in ("fortlang", "grammar", "cards"):
        shutil.copytree(REPO / name, dest / name, ignore=skip)
    return dest


def _add_primitive(tree: Path) -> list[Path]:
    """The two files the change touches; returns them."""
    new = tree / "fortlang" / "games" / "fort" / "peek.py"
    new.write_text(PRIMITIVE, encoding="utf-8")
    words = tree / "fortlang" / "games" / "fort" / "vocabulary.py"
    text = words.read_text(encoding="utf-8")
    anchor = "PRIMITIVES: tuple[PrimitiveSpec, ...] = (\n"
    assert text.count(anchor) == 1
    text = text.replace(anchor, "from fortlang.games.fort.peek import PEEK  # noqa: E402\n\n"
                        + anchor + "    PEEK,\n")
    words.write_text(text, encoding="utf-8")
    return [new, words]


def _run(tree: Path, *args: str) -> subprocess.CompletedProcess[str]:
    # -P: nothing from the current folder; the copy is found first through PYTHONPATH, which
    # is ours (a tmp_path of this test), and no bytecode is written into it.
    env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONDONTWRITEBYTECODE": "1",
           "XDG_CACHE_HOME": str(tree / ".cache")}
    env.pop("FORTLANG_PURE", None)
    return subprocess.run([sys.executable, "-P", *args], capture_output=True, text=True,
                          env=env, cwd=tree, timeout=300)


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tree = _copy_tree(tmp_path_factory.mktemp("intree"))
    touched = _add_primitive(tree)
    changed = [p for p in (tree / "fortlang").rglob("*.py")
               if (REPO / p.relative_to(tree)).is_file() is False
               or (REPO / p.relative_to(tree)).read_bytes() != p.read_bytes()]
    assert sorted(changed) == sorted(touched)  # two files, no more
    return tree


def test_everything_derives_from_the_one_declaration(tree: Path) -> None:
    done = _run(tree, "-c", PROBE)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["source"].startswith(str(tree))  # the copy ran, not the installed package
    assert out["spec"]
    assert out["ast"].startswith("Then(items=(Choice(") and "Peek(amount=2)" in out["ast"]
    assert out["text"] == "(peek 2 or score) then peek"
    assert out["errors"] == ["E200"] and out["fine"] == []
    assert out["en"].startswith("Draw 2 cards from your deck")
    assert out["fr"].startswith("Piochez 2 cartes")
    assert out["ru"].startswith("Возьмите из колоды карт: 2")
    assert out["performed"] is True and out["hand"] == 2 and out["refused"] is False
    assert out["reference"] == {"en": True, "fr": True, "ru": True}
    assert out["glyphs"] == ["peek", "2"]
    assert any(label.startswith("peek") for label in out["completion"])


def test_the_command_line_knows_it(tree: Path) -> None:
    cli = "from fortlang.cli import main; main()"
    shown = _run(tree, "-c", cli, "explain", "peek 2 x book", "--lang", "fr")
    assert shown.returncode == 0, shown.stderr
    assert "Piochez 2 cartes" in shown.stdout
    wrong = _run(tree, "-c", cli, "explain", "peek 0")
    assert wrong.returncode == 1 and "error[E200]" in wrong.stderr + wrong.stdout
    # the installed package, beside it, does not know the word: the copy alone changed
    mine = subprocess.run([sys.executable, "-P", "-c", cli, "explain", "peek 2"],
                          capture_output=True, text=True, timeout=300)
    assert mine.returncode == 1 and "error[E100]" in mine.stderr + mine.stdout
