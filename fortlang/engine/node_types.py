"""The core AST's classes as compiled constants, for tests at run time.

Compiled with mypyc, ``n.Then`` (``fortlang.nodes`` stays interpreted) is an attribute lookup on
that module at every use: a generic call and a dictionary lookup, ~250 machine instructions per
``isinstance``. A ``Final`` name of a compiled module is a C static that the other compiled
modules read directly. Annotations keep naming ``fortlang.nodes``; the engine's run-time tests
read the classes from here (``isinstance(a, t.Then)``). In pure Python they are the same objects.
A game's node classes are its own module's constants (Fort's: ``games/fort/node_types.py``).

>>> from fortlang import nodes as n
>>> Then is n.Then and Fixed is n.Fixed
True
"""

from __future__ import annotations

from typing import Final

from fortlang import nodes as _n

# Operators (R13.3-R13.5, `or`) and who performs an action (core C6)
Target: Final = _n.Target
Repeat: Final = _n.Repeat
Then: Final = _n.Then
Choice: Final = _n.Choice
Conditional: Final = _n.Conditional

# Quantities (R13.1)
Fixed: Final = _n.Fixed
Metric: Final = _n.Metric  # in the comparisons of `if` (core C7, R14)
