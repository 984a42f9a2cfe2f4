"""`fmt` keeps the parentheses a person added for reading (issue 36): redundant ones that were
in the source stay, the canonical spacing and words still apply, and formatting is idempotent."""

from __future__ import annotations

from pathlib import Path

import pytest

from fortlang.cardset.fmt import format_file
from fortlang.parser import parse_action
from fortlang.printer import to_text

KEPT = [
    ("(gain pizza then score) or gain toy", "(gain pizza then score) or gain toy"),
    ("( gain pizza ▶ score )  or gain toy", "(gain pizza then score) or gain toy"),
    ("gain pizza or (score x shovel)", "gain pizza or (score x shovel)"),
    # around one primitive they group nothing: dropped
    ("(gain pizza) then (score)", "gain pizza then score"),
    ("if hand >= 4 -> (draw then score)", "if hand >= 4 -> (draw then score)"),
    ("((gain pizza or score)) x glue", "(gain pizza or score) x glue"),
    # needed parentheses are printed whether kept or not
    ("(gain pizza or score) then draw", "(gain pizza or score) then draw"),
    # around the whole action they read as nothing: dropped
    ("(gain pizza then score)", "gain pizza then score"),
]


@pytest.mark.parametrize(("source", "printed"), KEPT, ids=[k[0] for k in KEPT])
def test_parentheses_of_the_source_are_kept(source: str, printed: str):
    assert to_text(parse_action(source), source) == printed
    again = to_text(parse_action(printed), printed)
    assert again == printed  # idempotent
    assert parse_action(printed) == parse_action(source)


def test_without_the_source_the_fewest_parentheses(tmp_path: Path):
    assert to_text(parse_action("(gain pizza then score) or gain toy")) == \
        "gain pizza then score or gain toy"


def test_fmt_keeps_them_in_a_card_file(tmp_path: Path):
    card = tmp_path / "kids.yaml"
    card.write_text("kids:\n  - id: bug\n    name: Bug\n    suits: [shovel]\n"
                    "    public: (gain pizza ▶ score) or gain toy\n    source: rulebook\n",
                    encoding="utf-8")
    done = format_file(card)
    assert done.new is not None
    assert "public: (gain pizza then score) or gain toy\n" in done.new
    card.write_text(done.new, encoding="utf-8")
    assert not format_file(card).changed
