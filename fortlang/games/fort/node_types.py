"""Fort's AST classes and constants as compiled constants, for tests at run time (as
``fortlang.engine.node_types`` holds the core's): compiled with mypyc, ``n.Gain`` (Fort's
``nodes`` module stays interpreted) is an attribute lookup at every use, a ``Final`` name of a
compiled module a C static the other compiled modules read directly. In pure Python they are the
same objects.

>>> from fortlang.games.fort import nodes as n
>>> Gain is n.Gain and TOKENS is n.TOKENS
True
"""

from __future__ import annotations

from typing import Final

from fortlang.games.fort import nodes as _n

# Actions (R12, R13)
Gain: Final = _n.Gain
Spend: Final = _n.Spend
Pack: Final = _n.Pack
Convert: Final = _n.Convert
CopyPack: Final = _n.CopyPack
CopyRivalPack: Final = _n.CopyRivalPack
Take: Final = _n.Take
Give: Final = _n.Give
Advance: Final = _n.Advance

# Quantities (R13.1)
SuitCount: Final = _n.SuitCount
AnySuit: Final = _n.AnySuit

#: The two token kinds (R1.4) and the six plain suits (R1.1). TOKENS is typed as a tuple of
#: any length: compiled, a loop over a fixed-length tuple boxes it and iterates generically.
TOKENS: Final[tuple[_n.Resource, ...]] = _n.TOKENS
PLAIN_SUITS: Final = _n.PLAIN_SUITS
