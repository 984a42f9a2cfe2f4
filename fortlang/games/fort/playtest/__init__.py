"""Fort's playtest table and what each seat sees of it (``fortlang playtest``), declared by
Fort's ``GameModule.playtest`` and served by the core's :mod:`fortlang.playtest.server`."""
