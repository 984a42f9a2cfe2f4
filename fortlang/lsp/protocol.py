"""The JSON-RPC protocol as pygls speaks it, with one change: a request whose params do not
read (a hover with no position...) is answered with JSON-RPC's InvalidParams error (-32602)
instead of nothing, so the client does not wait for ever. pygls raises while turning the
message into its type, before it knows the request, and only logs the error."""

from __future__ import annotations

from typing import Any

from pygls.exceptions import JsonRpcException
from pygls.protocol import LanguageServerProtocol


class _Refused:
    """A message answered already: nothing left to handle."""

    jsonrpc = "refused"


class FortProtocol(LanguageServerProtocol):
    def structure_message(self, data: dict[str, Any]) -> Any:
        try:
            return super().structure_message(data)
        except JsonRpcException as e:
            msg_id = data.get("id")
            if "method" not in data or not isinstance(msg_id, int | str):
                raise  # a notification or a response: nobody to answer
            self._send_response(msg_id, error=e.to_response_error())
            return _Refused()

    def handle_message(self, message: Any) -> None:
        if isinstance(message, _Refused):
            return
        super().handle_message(message)
