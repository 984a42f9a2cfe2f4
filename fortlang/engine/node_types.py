"""The AST's classes and shared constants as compiled constants, for tests at run time.

Compiled with mypyc, ``n.Then`` (``fortlang.nodes`` stays interpreted) is an attribute lookup on
that module at every use: a generic call and a dictionary lookup, ~250 machine instructions per
``isinstance``. A ``Final`` name of a compiled module is a C static that the other compiled
modules read directly. Annotations keep naming ``fortlang.nodes``; the engine's run-time tests
read the classes from here (``isinstance(a, t.Then)``). In pure Python they are the same objects.

>>> from fortlang import nodes as n
>>> Then is n.Then and TOKENS is n.TOKENS
True
"""

from __future__ import annotations

from typing import Final

from fortlang import nodes as _n

# Actions (R12, R13)
Gain: Final = _n.Gain
Spend: Final = _n.Spend
Pack: Final = _n.Pack
Convert: Final = _n.Convert
CopyPack: Final = _n.CopyPack
CopyRivalPack: Final = _n.CopyRivalPack
Take: Final = _n.Take
Give: Final = _n.Give
Target: Final = _n.Target
Advance: Final = _n.Advance
Repeat: Final = _n.Repeat
Then: Final = _n.Then
Choice: Final = _n.Choice
Conditional: Final = _n.Conditional

# Quantities (R13.1)
SuitCount: Final = _n.SuitCount
AnySuit: Final = _n.AnySuit
Fixed: Final = _n.Fixed
Metric: Final = _n.Metric  # in the comparisons of `if` (core C7, R14)

#: The two token kinds (R1.4) and the six plain suits (R1.1). TOKENS is typed as a tuple of
#: any length: compiled, a loop over a fixed-length tuple boxes it and iterates generically.
TOKENS: Final[tuple[_n.Resource, ...]] = _n.TOKENS
PLAIN_SUITS: Final = _n.PLAIN_SUITS
