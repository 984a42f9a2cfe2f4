"""The balance page of a game whose simulation drivers declare no report of their own
(``Drivers.report`` None, fortlang.sim.module_balance.figures_page): its figures key by key, and
a chart of each figure that maps names to numbers (issue 33 item 5: balance and its figures
generic over the module). It had the text only."""

from __future__ import annotations

import base64
import re

from fortlang.sim.module_balance import figures_page, plottable

RUN = {"games": 8, "players": 2, "bots_in_seat_order": ["random", "greedy"], "seed": 3,
       "sets": [{"id": "toy-base", "version": "0.1.0"}]}
HOSTILE = "<b>oink</b>\u202e$x$"


def _images(page: str) -> list[tuple[str, bytes]]:
    return [(alt, base64.b64decode(data)) for alt, data in re.findall(
        r'<img alt="([^"]*)" src="data:image/png;base64,([A-Za-z0-9+/=]+)">', page)]


def test_each_figure_of_names_and_numbers_is_drawn() -> None:
    figures = {**RUN, "rounds": {"short": 1, "long": 2.5}, "pigs": ["pink", "spotted"],
               "wins by seat": [3, 5], "mixed": {"a": 1, "b": "two"}, "flag": True,
               HOSTILE: {"pink": 2}}
    assert [key for key, _ in plottable(figures)] == ["rounds", "wins by seat", HOSTILE]
    page = figures_page("Toy", figures)
    images = _images(page)
    assert [alt for alt, _ in images] == ["rounds", "wins by seat",
                                          "&lt;b&gt;oink&lt;/b&gt;\\u202e$x$"]
    assert all(png.startswith(b"\x89PNG\r\n\x1a\n") for _, png in images)
    assert "<b>oink</b>" not in page and "\u202e" not in page
    assert "rounds: short 1, long 2.5" in page  # the text of every figure stays


def test_figures_without_numbers_draw_no_chart() -> None:
    page = figures_page("Toy", {**RUN, "pigs": ["pink", "spotted"], "note": "muddy"})
    assert _images(page) == [] and 'id="charts"' not in page
