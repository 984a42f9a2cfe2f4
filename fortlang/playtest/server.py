"""The playtest server: a Starlette application serving one table (Fort's own,
:class:`fortlang.games.fort.playtest.table.Table`, or a game module's).

Every page and call is under ``/t/<token>/``: a person's seat token (their page, their answers)
or the host's (every seat's link, the public table). A request with another token gets 404, the
same as a path that does not exist, so a guess learns nothing. Card data reaches the page only
as JSON that the script puts in text nodes, and faces as SVG images (an ``<img>`` runs no
script); the Content-Security-Policy allows nothing but our own files.

Limits: bodies of at most :data:`MAX_BODY` bytes, :data:`MAX_WAITERS` long polls at once,
each answered within :data:`POLL_SECONDS`; the table's own bounds (``table.MAX_LOG``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from importlib.resources import files
from typing import Any, TypeVar

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from fortlang.engine.choices import IllegalMove
from fortlang.escape import shown
from fortlang.playtest.module_table import ModuleTable

MAX_BODY = 4096
MAX_WAITERS = 64
POLL_SECONDS = 20.0
#: what a page may load: our own script, style and images; nothing inline, no frames
CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
       "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
STATIC = {"app.js": "text/javascript", "app.css": "text/css", "index.html": "text/html"}

T = TypeVar("T")


def _static(name: str) -> bytes:
    return files("fortlang.playtest").joinpath("static", name).read_bytes()


class Playtest:
    """The application around one table: the one the game declares (``GameModule.playtest``:
    Fort's) or a game module's generic one (:class:`~fortlang.playtest.module_table.ModuleTable`);
    the server asks it what to show (``catalogue``, ``seat_view``, ``face_svg``) and keeps no
    rules of its own. ``make_table`` is called on the table's thread."""

    def __init__(self, make_table: Callable[[], Any], *, pace: float = 0.6,
                 hosts: list[str] | None = None) -> None:
        self.pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="fortlang-table")
        table = self.pool.submit(make_table).result()
        self.table: Any = table
        self.pace = pace
        self.closed = False
        self.changed = asyncio.Event()
        self.waiters = 0
        self.driving: asyncio.Task[None] | None = None
        self.module = isinstance(table, ModuleTable)
        self.cards = table.catalogue()
        self.faces: dict[str, bytes] = {}
        middleware = [Middleware(TrustedHostMiddleware, allowed_hosts=hosts)] if hosts else []
        self.app = Starlette(routes=[
            Route("/", self.home),
            Route("/static/{name}", self.static),
            Route("/t/{token}/", self.page),
            Route("/t/{token}/view", self.view),
            Route("/t/{token}/act", self.act, methods=["POST"]),
            Route("/t/{token}/undo", self.undo, methods=["POST"]),
            Route("/t/{token}/save.json", self.save),
            Route("/t/{token}/face/{card}.svg", self.face),
        ], middleware=middleware, lifespan=self._lifespan,
            exception_handlers={404: self._not_found, 405: self._not_found})

    # -- plumbing -----------------------------------------------------------------------------

    async def call(self, fn: Callable[..., T], *args: Any) -> T:
        """Run ``fn`` on the table's thread (the engine's greenlets live there)."""
        return await asyncio.get_running_loop().run_in_executor(self.pool, fn, *args)

    @contextlib.asynccontextmanager
    async def _lifespan(self, app: Starlette) -> AsyncIterator[None]:
        self._drive()  # bots first, if a bot's seat plays first
        try:
            yield
        finally:
            if self.driving is not None:
                self.driving.cancel()
            if not self.closed:  # the table ends with the server (one lifespan)
                self.closed = True
                await self.call(self.table.close)
                self.pool.shutdown(wait=False, cancel_futures=True)

    def _notify(self) -> None:
        self.changed.set()
        self.changed = asyncio.Event()

    def _drive(self) -> None:
        """Let the bots answer, one decision every ``pace`` seconds, until a person decides."""
        if self.driving is None or self.driving.done():
            self.driving = asyncio.get_running_loop().create_task(self._bots())

    async def _bots(self) -> None:
        while True:
            bot = await self.call(lambda: (t := self.table.whose_turn()) is not None
                                  and self.table.is_bot(t))
            if not bot:
                return
            if self.pace > 0:
                await asyncio.sleep(self.pace)
            await self.call(self.table.bot_step)
            self._notify()

    def _seat(self, request: Request) -> tuple[bool, int | None]:
        """(known token, the person's seat or None for the host)."""
        token = request.path_params["token"]
        if len(token) > 64:
            return False, None
        seat = self.table.seat_of(token)
        if seat is not None:
            return True, seat
        return self.table.is_host(token), None

    @staticmethod
    def _headers(extra: dict[str, str] | None = None) -> dict[str, str]:
        headers = {"Content-Security-Policy": CSP, "X-Content-Type-Options": "nosniff",
                   "Referrer-Policy": "no-referrer", "Cache-Control": "no-store"}
        headers.update(extra or {})
        return headers

    def _error(self, status: int, message: str) -> JSONResponse:
        return JSONResponse({"error": shown(message)}, status_code=status, headers=self._headers())

    async def _not_found(self, request: Request, exc: Exception) -> Response:
        return self._error(404, "not found")

    async def _body(self, request: Request) -> dict[str, Any] | None:
        body = b""
        async for chunk in request.stream():
            body += chunk
            if len(body) > MAX_BODY:
                return None
        try:
            data = json.loads(body or b"{}")
        except ValueError:
            return None
        return data if isinstance(data, dict) else None

    # -- routes ---------------------------------------------------------------------------

    async def home(self, request: Request) -> Response:
        return Response("fortlang playtest: open the link printed for your seat.\n",
                        media_type="text/plain", headers=self._headers())

    async def static(self, request: Request) -> Response:
        name = request.path_params["name"]
        if name not in STATIC or name == "index.html":
            return self._error(404, "not found")
        return Response(_static(name), media_type=STATIC[name],
                        headers=self._headers({"Cache-Control": "max-age=60"}))

    async def page(self, request: Request) -> Response:
        known, _ = self._seat(request)
        if not known:
            return self._error(404, "not found")
        return Response(_static("index.html"), media_type="text/html", headers=self._headers())

    async def view(self, request: Request) -> Response:
        known, seat = self._seat(request)
        if not known:
            return self._error(404, "not found")
        since = request.query_params.get("since", "")
        if since.isdigit() and len(since) < 10 and int(since) == self.table.version:
            if self.waiters >= MAX_WAITERS:
                return self._error(503, "too many pages are waiting: try again")
            self.waiters += 1
            try:  # a long poll: answered at the next change, or empty after POLL_SECONDS
                await asyncio.wait_for(self.changed.wait(), POLL_SECONDS)
            except TimeoutError:
                pass
            finally:
                self.waiters -= 1
        data = await self.call(self._view_data, seat)
        return JSONResponse(data, headers=self._headers())

    def _view_data(self, seat: int | None) -> dict[str, Any]:
        data = self.table.seat_view(seat)
        data["cards"] = self.cards
        if seat is None:  # the host hands out the links
            data["links"] = [[self.table.name(seat), f"/t/{token}/"]
                             for seat, token in enumerate(self.table.tokens)]
        return data

    async def act(self, request: Request) -> Response:
        known, seat = self._seat(request)
        if not known:
            return self._error(404, "not found")
        if seat is None:
            return self._error(403, "the host's page cannot answer for a seat")
        body = await self._body(request)
        number, option = (body or {}).get("number"), (body or {}).get("option")
        if type(number) is not int or type(option) is not int:
            return self._error(400, 'send {"number": <question number>, "option": <index>}')
        try:
            await self.call(self.table.act, seat, number, option)
        except IllegalMove as e:
            return self._error(409, str(e))
        self._notify()
        self._drive()
        return JSONResponse(await self.call(self._view_data, seat), headers=self._headers())

    async def undo(self, request: Request) -> Response:
        known, seat = self._seat(request)
        if not known:
            return self._error(404, "not found")
        if seat is None:
            return self._error(403, "the host's page cannot undo for a seat")
        try:
            await self.call(self.table.undo, seat)
        except IllegalMove as e:
            return self._error(409, str(e))
        self._notify()
        return JSONResponse(await self.call(self._view_data, seat), headers=self._headers())

    async def save(self, request: Request) -> Response:
        known, _ = self._seat(request)
        if not known:
            return self._error(404, "not found")
        entry = await self.call(self.table.save)
        return Response(json.dumps(entry) + "\n", media_type="application/json",
                        headers=self._headers({
                            "Content-Disposition": 'attachment; filename="playtest.jsonl"'}))

    async def face(self, request: Request) -> Response:
        known, _ = self._seat(request)
        card = request.path_params["card"]
        if not known or card not in self.cards:  # the set's cards only: a bounded cache
            return self._error(404, "not found")
        if card not in self.faces:
            self.faces[card] = await self.call(self._face, card)
        if not self.faces[card]:  # a card the table draws no face of (Fort's: all but kids)
            return self._error(404, "not found")
        return Response(self.faces[card], media_type="image/svg+xml",
                        headers=self._headers({"Cache-Control": "max-age=300"}))

    def _face(self, card_id: str) -> bytes:
        return self.table.face_svg(card_id) or b""
