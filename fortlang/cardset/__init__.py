"""Card sets as data: YAML files checked against JSON Schemas, actions in fortlang, loaded into
the frozen definitions of :mod:`fortlang.model`.

>>> from fortlang.cardset import base_set
>>> base = base_set()
>>> sum(k.copies for k in base.park_kids), len(base.rules), len(base.perks)
(60, 11, 9)
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
