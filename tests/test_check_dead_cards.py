"""W305 (issue 36): a card of the set's own design (`source: original`) that the engine refuses
(R5.4, R5.5) in the first player's hand on every starting table tried, 2 to 4 players, is
flagged at its action; cards as printed (rulebook, public, provisional) never are."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from fortlang.cardset import check_report as plain_report
from fortlang.cardset import deadcards
from fortlang.cardset.deadcards import MOST_JUDGED_WAYS, _search_figure, starting_verdicts
from fortlang.cardset.table import combine, table_sets
from fortlang.cli import main
from fortlang.games.fort.model import KidCard, kids_of
from fortlang.games.fort.nodes import Suit
from fortlang.parser import parse_action

MANIFEST = "id: {id}\nname: Grumpy Kids\nversion: \"0.1\"\nrequires: [{requires}]\n"
#: a playable card beside the one tested, so the set is never a lone dead card
PLAYABLE = "  - {id: ada, name: Ada, suits: [book], public: gain pizza, private: score, " \
    "source: original}\n"


def write_set(folder: Path, card: str, *, set_id: str = "grumpy",
              requires: str = "fort-base", playable: str = PLAYABLE) -> Path:
    folder.mkdir(parents=True)
    (folder / "manifest.yaml").write_text(MANIFEST.format(id=set_id, requires=requires),
                                          encoding="utf-8")
    (folder / "kids.yaml").write_text("kids:\n" + playable + card, encoding="utf-8")
    return folder


def grump(source: str, public: str = "each rival -> lose", card_id: str = "grump") -> str:
    return (f"  - id: {card_id}\n    name: Grump\n    suits: [crown]\n"
            f"    public: {public}\n    source: {source}\n")


def check_report(paths=(), **kw):
    """What `fortlang check` reports (it judges each set's designs, W305)."""
    return plain_report(paths, judge=deadcards.run, **kw)


def codes(folder: Path) -> list[str]:
    return [d.code for d in check_report([folder]).diagnostics]


def test_a_design_card_no_one_can_play_at_the_start_is_flagged_at_its_action(
        tmp_path: Path) -> None:
    folder = write_set(tmp_path / "grumpy", grump("original"))
    report = check_report([folder])
    [d] = report.diagnostics
    assert (d.code, d.severity, d.file) == ("W305", "warning", str(folder / "kids.yaml"))
    assert d.span is not None and (d.span.line, d.span.column) == (6, 13)  # the public action
    assert "`each rival -> lose`" in d.message and "(R5.4)" in d.message
    assert "start of a game" in d.message and "2-4 players" in d.message
    assert d.hint and "first turn" in d.hint


def test_the_warning_shows_with_its_caret_and_does_not_fail_the_check(tmp_path: Path) -> None:
    folder = write_set(tmp_path / "grumpy", grump("original"))
    result = CliRunner().invoke(main, ["check", str(folder)])
    assert result.exit_code == 0, result.output
    assert f"{folder / 'kids.yaml'}:6:13: warning[W305]: `Grump` is a dead card" in result.output
    assert "      public: each rival -> lose\n              ^^^^^^^^^^^^^^^^^^\n" in result.output
    assert result.output.splitlines()[-1].endswith("0 errors, 1 warning")


def test_a_card_as_printed_is_not_judged(tmp_path: Path) -> None:
    for source in ("rulebook", "public"):
        assert codes(write_set(tmp_path / source, grump(source))) == []
    # provisional: a stand-in for a printed card, warned about as such (W300) and no more
    assert codes(write_set(tmp_path / "provisional", grump("provisional"))) == ["W300"]


def test_a_design_card_playable_at_the_start_is_not_flagged(tmp_path: Path) -> None:
    for i, action in enumerate(("each rival -> gain pizza", "each rival -> lose or score",
                                "draw", "gain toy x crown")):
        assert codes(write_set(tmp_path / f"s{i}", grump("original", action))) == [], action


def test_a_set_with_errors_is_not_played(tmp_path: Path) -> None:
    folder = write_set(tmp_path / "grumpy", grump("original") + grump("original",
                                                                       card_id="ada"))
    assert "W305" not in codes(folder) and "E320" in codes(folder)


def test_a_set_required_from_beside_is_dealt_with_it(tmp_path: Path) -> None:
    write_set(tmp_path / "sets" / "grumpy", "")
    write_set(tmp_path / "sets" / "grumpier", grump("original", card_id="grr"),
              set_id="grumpier", requires="grumpy", playable="")
    report = check_report([tmp_path / "sets"])
    assert [(d.code, Path(d.file).parent.name) for d in report.diagnostics] == [
        ("W305", "grumpier")]


def test_a_table_that_cannot_be_dealt_is_left_to_the_commands_that_play(
        tmp_path: Path) -> None:
    # an id the base set already has: E334 when played together, which `check` does not see
    folder = write_set(tmp_path / "grumpy", grump("original", card_id="munch"))
    assert codes(folder) == []


def test_the_bundled_sets_have_no_dead_card_warning() -> None:
    assert [d for d in check_report().diagnostics if d.code == "W305"] == []


def test_a_card_that_only_some_deals_make_playable_is_not_flagged(tmp_path: Path) -> None:
    # `score x skateboard` on a crown scores only with a skateboard (or a coin) added from hand
    # (R5.3): most deals refuse it (R5.4), a few do not, and the benefit of the doubt goes to it
    folder = write_set(tmp_path / "grumpy", grump("original", "score x skateboard"))
    table = combine(table_sets([str(folder)]))
    card = next(k for k in kids_of(table) if k.id == "grump")
    verdicts = list(starting_verdicts(table, card))
    assert len(verdicts) == 9 and None in verdicts and "R5.4" in verdicts
    assert codes(folder) == []


def test_a_card_whose_search_is_long_is_not_judged_nor_does_an_editor_judge_any(
        tmp_path: Path) -> None:
    """W305 decides a card on nine starting tables: a card near E202's bound (seconds each,
    issue 31.7) is left unjudged, and the language server and fmt never set up games."""
    big = "(score or pack or copy pack or destroy card) x 8 then each rival -> lose"
    card = (grump("original") + grump("original", big, "grump2").replace("Grump", "Grumpier"))
    folder = write_set(tmp_path / "grumpy", card)
    assert _search_figure(KidCard("b", "B", (Suit.CROWN,), parse_action(big), None)) \
        > MOST_JUDGED_WAYS
    flagged = [d for d in check_report([folder]).diagnostics if d.code == "W305"]
    assert [d.message.split("`")[1] for d in flagged] == ["Grump"]
    assert not [d for d in plain_report([folder]).diagnostics
                if d.code == "W305"]


def test_the_starting_tables_are_dealt_once_for_the_whole_set(tmp_path: Path,
                                                              monkeypatch) -> None:
    """Nine tables judge every design card: dealt once per set and copied for each card (they
    were dealt again for every card), the verdicts the same."""
    from fortlang.games.fort import setup

    dead = "".join(grump("original", card_id=f"grump{i}").replace("Grump", f"Grump {i}")
                   for i in range(4))
    folder = write_set(tmp_path / "grumpy", dead)
    deals = []
    real = setup.new_game

    def counting(*args, **kw):
        deals.append(kw.get("seed"))
        return real(*args, **kw)

    monkeypatch.setattr(setup, "new_game", counting)
    flagged = [d for d in check_report([folder]).diagnostics if d.code == "W305"]
    assert len(flagged) == 4  # every dead card judged on every table
    assert len(deals) == len(deadcards.PLAYER_COUNTS) * len(deadcards.DEALS)
