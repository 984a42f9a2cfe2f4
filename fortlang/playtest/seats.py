"""The seats of a playtest table, whatever the game: a secret token for each person and one for
the host, compared in constant time, which seats bots play, and the pending decision of the
game's pull API state (Fort's :class:`fortlang.games.fort.sim.pull.GameState` or a module's
:class:`fortlang.sim.module_pull.ModuleState`: the same calls)."""

from __future__ import annotations

import hmac
import secrets
from typing import Any

from fortlang.engine.choices import Decision, IllegalMove
from fortlang.sim.bridge import answer


class Seats:
    """Tokens made for ``humans`` people; ``_bots`` (seat -> bot) is the table's to fill, as
    are ``state`` (the game's pull API state), ``log`` (the answered decisions) and
    :meth:`_apply`."""

    state: Any
    log: list[Any]

    def __init__(self, humans: int) -> None:
        self.tokens = [secrets.token_urlsafe(24) for _ in range(humans)]
        self.host_token = secrets.token_urlsafe(24)
        self._bots: dict[int, Any] = {}

    def whose_turn(self) -> int | None:
        return None if self.state.is_terminal() else self.state.current_player()

    def decision(self) -> Decision | None:
        """The pending decision, None once the game is over."""
        return None if self.state.is_terminal() else self.state.decision()

    def _apply(self, index: int) -> None:
        raise NotImplementedError

    def act(self, seat: int, number: int, index: int) -> None:
        """``seat`` answers decision ``number`` (the log's length when it was asked: a stale
        page cannot answer a later question) with option ``index``."""
        d = self.decision()
        if d is None:
            raise IllegalMove("the game is over")
        if d.player != seat:
            raise IllegalMove(f"it is not your decision (player {d.player + 1} decides)")
        if number != len(self.log):
            raise IllegalMove("this question has already been answered: the page is out of date")
        if not 0 <= index < len(d.options):
            raise IllegalMove(f"there is no option {index + 1} (1-{len(d.options)})")
        self._apply(index)

    def bot_step(self) -> bool:
        """One bot answers the pending decision, if it is a bot's; whether one did."""
        d = self.decision()
        if d is None or d.player not in self._bots:
            return False
        self._apply(int(answer(self._bots[d.player], self.state, d)))
        return True

    def seat_of(self, token: str) -> int | None:
        """The person's seat whose token this is (compared in constant time), else None."""
        found = None
        for seat, secret in enumerate(self.tokens):
            if hmac.compare_digest(secret.encode(), token.encode()):
                found = seat
        return found

    def is_host(self, token: str) -> bool:
        return hmac.compare_digest(self.host_token.encode(), token.encode())

    def is_bot(self, seat: int) -> bool:
        return seat in self._bots
