"""Fort's own pictures besides its words' drawings: its seven suits (R1.1) and the best-friend
star (R1.2), on the core's 24x24 :class:`~fortlang.docsite.icons.Icon` grid."""

from __future__ import annotations

from fortlang.docsite.icons import Icon
from fortlang.games.fort.nodes import Suit
from fortlang.svgshapes import fill, stroke

SUITS: dict[Suit, Icon] = {
    Suit.SKATEBOARD: Icon("skateboard", "#d9480f",
                          stroke("M2 11q0 3 3 3h14q3 0 3-3", 2.2)
                          + '<circle cx="7" cy="18" r="2.2" fill="$c"/>'
                          + '<circle cx="17" cy="18" r="2.2" fill="$c"/>'),
    Suit.SHOVEL: Icon("shovel", "#8d5a2b",
                      stroke("M12 2v11", 2.2) + stroke("M9 2h6", 2.2)
                      + fill("M7 13h10v4a5 5 0 0 1-10 0z")),
    Suit.GLUE: Icon("glue", "#1c7ed6",
                    fill("M10 2h4v4h-4z") + fill("M7 7h10v13a2 2 0 0 1-2 2H9a2 2 0 0 1-2-2z")
                    + '<path d="M9 11h6v6H9z" fill="#ffffff"/>'),
    Suit.WATER_GUN: Icon("water_gun", "#0ca678",
                         fill("M3 7h15v5H3z") + fill("M18 8h4v3h-4z")
                         + fill("M7 12h5l-2 9H5z") + fill("M9 3h5v4H9z")),
    Suit.CROWN: Icon("crown", "#e8a400",
                     fill("M3 19l-1-12 6 5 4-8 4 8 6-5-1 12z")),
    Suit.BOOK: Icon("book", "#7048e8",
                    fill("M2 5q5-2 9 1v15q-4-3-9-1z") + fill("M22 5q-5-2-9 1v15q4-3 9-1z")),
    Suit.COIN: Icon("coin", "#b08900",
                    '<circle cx="12" cy="12" r="10" fill="$c"/>'
                    '<circle cx="12" cy="12" r="6.5" fill="none" stroke="#fff3bf" '
                    'stroke-width="1.6"/>'),
}

STAR = Icon("best_friend", "#f59f00",
            fill("M12 2l3 6.5 7 .8-5.2 4.8 1.5 7L12 17.6 5.7 21l1.5-7L2 9.3l7-.8z")
            + '<path d="M12 2l3 6.5 7 .8-5.2 4.8 1.5 7L12 17.6 5.7 21l1.5-7L2 9.3l7-.8z" '
              'fill="none" stroke="#7c5400" stroke-width="1"/>')
