"""Options and decisions are values (STYLE #10): scripts, replays and UIs compare, hash and print
them, so their equality, hash and repr are those of their fields."""

from __future__ import annotations

from fortlang.engine.choices import Decision, Kind, Option


def test_option_compares_and_hashes_by_label_and_value() -> None:
    assert Option("pizza", 1) == Option("pizza", 1)
    assert Option("pizza", 1) != Option("pizza", 2)
    assert Option("pizza") != Option("toy")
    assert Option("decline") == Option("decline", None)
    assert len({Option("a", (1, 2)), Option("a", (1, 2)), Option("b")}) == 2
    assert Option("a") != ("a", None)


def test_option_and_decision_repr_name_every_field() -> None:
    assert repr(Option("pizza", 1)) == "Option(label='pizza', value=1)"
    d = Decision(2, Kind.PACK, (Option("a", 0),), "ctx", (("b", "R5.5"),))
    assert repr(d) == ("Decision(player=2, kind=<Kind.PACK: 'pack'>, "
                       "options=(Option(label='a', value=0),), context='ctx', "
                       "excluded=(('b', 'R5.5'),))")


def test_decision_compares_by_fields_and_defaults() -> None:
    options = (Option("a", 0), Option("b", 1))
    d = Decision(0, Kind.CHOICE, options)
    assert d == Decision(0, Kind.CHOICE, options, "", ())
    assert d != Decision(1, Kind.CHOICE, options)
    assert d != Decision(0, Kind.CHOICE, options, context="x")
    assert hash(d) == hash(Decision(0, Kind.CHOICE, tuple(options)))
    assert d.labels == ("a", "b")
    assert d.describe() == "player 1 choice\n  0. a\n  1. b"
    described = Decision(0, Kind.RIVAL, options, context="who").describe()
    assert described.startswith("player 1 rival: who")


def test_options_and_decisions_survive_pickling_and_copying() -> None:
    """Batches and backends may ship decisions between processes (compiled too: a native class
    pickles through its __reduce__)."""
    import copy
    import pickle

    d = Decision(1, Kind.PACK, (Option("a", (1, 2)),), "ctx", (("b", "R5.5"),))
    assert pickle.loads(pickle.dumps(d)) == d and copy.deepcopy(d) == d
    assert pickle.loads(pickle.dumps(d.options[0])) == Option("a", (1, 2))
