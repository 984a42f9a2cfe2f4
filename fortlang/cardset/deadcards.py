"""W305 (issue 36): a card of the set's own design that can never be played at the start of a
game.

For 2, 3 and 4 players and a few deals each, the real starting table is set up (R2, the set
with the sets it requires), the card is put in the first player's hand in place of the last
card drawn, and the engine is asked whether it can be played (``why_not``: some action
performed in full with an effect, R5.4, and no card added for nothing, R5.5). A card the
engine refuses on every table is flagged at its action, with the engine's reason; one
playable on any table is not (a verdict that depends on the deal is judged generously).

Only ``source: original`` cards are judged: rulebook and public cards are as printed, and a
provisional card stands for a printed one still to verify (W300), so how it plays is the
printed card's business, not a design to improve (the base game has cards no one can use on
the first turn, e.g. `pack` / `advance`). The engine's search is bounded by the checker's
limits (E202); a set with any error is not played at all.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from fortlang.errors import WARNING, Diagnostic, FortError, errors_in
from fortlang.model import Card, CardSet, Source
from fortlang.module import DEFAULT_GAME

if TYPE_CHECKING:
    from fortlang.cardset.load import SetResult

#: The player counts judged (R2: Fort is for 2-4 players; a manifest does not narrow them).
PLAYER_COUNTS = (2, 3, 4)
#: The deals tried for each player count: the seeds of the game's one generator.
DEALS = (0, 1, 2)

#: The largest figure of a card's play (checker.play_ways, what E202 bounds) judged here: a
#: card at E202's bound can take seconds to decide (issue 31.7), and W305 decides it on nine
#: tables; past this it is not judged (no warning), and check stays quick.
MOST_JUDGED_WAYS = 2_000

HINT = ("give it an action a player can perform in full on the first turn (R5.4), e.g. an "
        "`or` with a branch that needs no resources, cards or VP yet; or ignore this warning "
        "if the card is meant for later turns")


def run(result: SetResult, known: Mapping[str, SetResult]) -> Iterator[Diagnostic]:
    """W305 for each original card of the set that no starting table lets the first player
    play; ``known``: the sets read by the same check with no error, by id (a requirement is
    taken from them, else from the bundled sets or a folder beside)."""
    designs = [(f, e) for f in result.files for e in f.entries
               if _dealt(e.item) and e.item.source is Source.ORIGINAL]
    if not designs or errors_in(result.all_diagnostics()):
        return
    table = _table(result, known)
    if table is None or _judge(table) is None:  # a game W305 does not judge
        return
    dealt: list[tuple[Any, int]] = []  # the starting tables, dealt once for the whole set
    for f, e in designs:
        if _search_figure(e.item, table.manifest.game) > MOST_JUDGED_WAYS:
            continue  # not judged: the engine's search of it on nine tables would be long
        if not dealt:
            dealt = starting_tables(table)
        refusal = first_turn_refusal(table, e.item, dealt)
        if refusal is None:
            continue
        node = e.node.get("public") or e.node.get("private") or e.name_node or e.node
        yield Diagnostic(WARNING, "W305", f"`{e.item.name}` is a dead card at the start of a "
                         f"game: on every starting table tried (2-4 players, {len(DEALS)} deals "
                         f"each), {refusal}", node.span, f.path, HINT)


def _search_figure(card: Card, game: str = DEFAULT_GAME) -> int:
    """The figure of ``card``'s play in ``game`` (its checks' ``card_ways``: Fort's, R5.3,
    R5.6); 0 for a game that declares none."""
    from fortlang.table_pieces import table_piece

    rules = table_piece(game, "checks", "its checks")
    figure = getattr(rules, "card_ways", None)
    return int(figure(card)) if figure is not None else 0


def _dealt(card: object) -> bool:
    """Whether ``card`` is one a set holds in copies (a :class:`fortlang.model.DeckCard`:
    Fort's kids, R1.1, R1.2), the cards dealt into decks and hands (R2.5) that W305 judges;
    not a card laid out on the table (Fort's made-up rules and perks) or a board."""
    return isinstance(getattr(card, "copies", None), int)


def _table(result: SetResult, known: Mapping[str, SetResult]) -> CardSet | None:
    """The set combined with what it requires, or None when no game can be set up with it
    (a requirement not found, ids shared with a required set, no board: each reported by
    the commands that play, E322, E334, E324)."""
    from fortlang.cardset.table import combine, with_requirements

    try:
        others = {set_id: s.cardset() for set_id, s in known.items() if s is not result}
        return combine(with_requirements([(result.cardset(), result.path)], others))
    except FortError:
        return None


def first_turn_refusal(table: CardSet, card: Card,
                       dealt: list[tuple[Any, int]] | None = None) -> str | None:
    """None if ``card`` can be played by the first player on some starting table of
    ``table`` (it must be one of its cards), else why not, as the engine says it;
    ``dealt``: the tables :func:`starting_tables` dealt, reused from card to card."""
    judge = _judge(table)
    if judge is None:
        return None
    first_rule = None
    for rule in starting_verdicts(table, card, dealt):
        if rule is None:
            return None
        first_rule = first_rule or rule
    return None if first_rule is None else str(judge.refusal_text(card, first_rule))


def _judge(table: CardSet) -> Any:
    """What the set's game gives W305 (``GameModule.dead_cards``: ``why_not`` and
    ``refusal_text``), or None for a game that declares none."""
    from fortlang.table_pieces import table_piece

    return table_piece(table.manifest.game, "dead_cards", "what W305 asks")


def starting_tables(table: CardSet) -> list[tuple[Any, int]]:
    """Each starting table tried (R2, for each player count and deal), with its first player,
    the last card the first player drew put back on the deck: the table a card is judged on,
    in its place."""
    from fortlang.table_pieces import table_piece

    new_game = table_piece(table.manifest.game, "new_table", "its set-up")
    out: list[tuple[Any, int]] = []
    if new_game is None:
        return out
    for players in PLAYER_COUNTS:
        for seed in DEALS:
            try:
                game, first = new_game(table, players, seed=seed)
            except FortError:  # a park deck too small for this many players (E327)
                continue
            player = game.players[first]
            game.move(player.hand, len(player.hand) - 1, player.deck)  # drawn in its place
            out.append((game, first))
    return out


def starting_verdicts(table: CardSet, card: Card,
                      dealt: list[tuple[Any, int]] | None = None) -> Iterator[str | None]:
    """For each starting table tried, the rule by which the engine refuses ``card`` in the
    first player's hand (R5.4, R5.5), or None where it can be played; each table a copy of
    one of ``dealt`` (dealt here when not given)."""
    judge = _judge(table)
    for game, first in dealt if dealt is not None else starting_tables(table):
        trial = game.copy()
        yield judge.why_not(trial, first, trial.new_card(card, trial.players[first].hand))
