"""Fort's primitives' ops (R12, core C1-C4), by family, and its counts after `x` (R13.1, R5.3,
R5.7): one compiled :class:`~fortlang.engine.program.Op` (or
:class:`~fortlang.engine.program.Count`) per node class, holding its rule's effect and closed
forms. Fort's declarations name them (games/fort/vocabulary.py: ``PrimitiveSpec.op``,
``WordSpec.count``), as any game's or plugin's do; the core's ``program()`` names none.

* :mod:`.tokens`: gain, spend, pack, copy pack, copy a rival's pack, convert, take, give;
* :mod:`.cards`: lookout, destroy card, recruit, destroy a rival's card, draw, destroy this;
* :mod:`.track`: score, lose, advance fort (its payments and a level's rewards);
* :mod:`.counts`: `x suit`, `x any`, `x pack`, `x level`, `x lookout`.

Their moves are games/fort/moves.py's. Below: what Fort's ops read (``needs``) and what
performing one, in whole or in part, may lower or change (``lowers``), finer than ``touches``:
whether one of a card's actions, performed first, may make the other fall short
(games/fort/certain.spares, R5.2). A gain only takes room and supply (a pack or a payment after
it finds more tokens), a pack only takes stuff tokens and pack room (a gain after it finds more
room)... The core's ``EVERYTHING`` is all of them.
"""

from __future__ import annotations

from typing import Final

ROOM: Final = 1  # room in the stuff and tokens in the supply (what a gain takes)
HELD: Final = 2  # each kind in stuff and pack together (what a payment takes)
STUFF: Final = 4  # tokens in the stuff (what packing takes)
PACK: Final = 8  # what is in the pack (`x pack`, copy pack read it: any change)
PACK_ROOM: Final = 16
LEVEL: Final = 32  # the level, its cost, and the capacities a perk won with it may change
HAND: Final = 64
LOOKOUT: Final = 128  # the lookout's cards and room (`x lookout` reads them: any change)
DISCARD: Final = 256
SOURCES: Final = 512  # the park, the park deck and the yards (what recruits take)
DECK: Final = 1024
VP: Final = 2048
