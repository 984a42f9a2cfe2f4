"""Card sets as data: YAML files checked against JSON Schemas, actions in fortlang, loaded into
the frozen definitions of :mod:`fortlang.model`.

>>> from fortlang.cardset import base_set
>>> base = base_set()
>>> [(name, len(cards)) for name, cards in base.slots]
[('kids', 50), ('rules', 11), ('perks', 9), ('board', 1)]
"""

from __future__ import annotations

from fortlang.cardset.load import (
    BASE_SET,
    CheckReport,
    base_set,
    bundled_dir,
    check_paths,
    check_report,
    load_bundled,
    load_set,
)

__all__ = ["BASE_SET", "CheckReport", "base_set", "bundled_dir", "check_paths", "check_report",
           "load_bundled", "load_set"]
