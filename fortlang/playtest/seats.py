"""The seats of a playtest table, whatever the game: a secret token for each person and one for
the host, compared in constant time, and which seats bots play."""

from __future__ import annotations

import hmac
import secrets
from typing import Any


class Seats:
    """Tokens made for ``humans`` people; ``_bots`` (seat -> bot) is the table's to fill."""

    def __init__(self, humans: int) -> None:
        self.tokens = [secrets.token_urlsafe(24) for _ in range(humans)]
        self.host_token = secrets.token_urlsafe(24)
        self._bots: dict[int, Any] = {}

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
