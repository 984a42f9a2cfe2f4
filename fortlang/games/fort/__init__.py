"""Fort, the first game module (issue 33; docs/design/game-modules.md §2.4). Its code still
lives where it always has (``fortlang.engine``, ``fortlang.game``: stage 3 of the design moves
it here); this value names those pieces lazily, and fortlang's ``pyproject.toml`` declares it
in the ``fortlang.games`` entry-point group, the only way the core reaches it."""

from __future__ import annotations

from fortlang.module import GameModule

GAME = GameModule(
    name="fort",
    titles={"en": "Fort", "fr": "Fort", "ru": "Форт"},
    players=range(2, 5),  # R1.2: four player boards; `simulate --players` takes 2-4
    new_table="fortlang.game.setup:new_game",
    run="fortlang.game.match:run_game",
)
