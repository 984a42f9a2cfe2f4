"""``fortlang playtest`` (issue 37): one table in the browser, the rules enforced by the engine.

The pieces, each small:

* Fort's table, in Fort's folder (``GameModule.playtest``):
  :mod:`fortlang.games.fort.playtest.table` (one game stepped through the pull API; its seats:
  people with a secret link each, bots; what each seat has been told, undo, save) and
  :mod:`fortlang.games.fort.playtest.view` (what a seat sees, as generic data: counters, zones
  of cards, the pending decision; the page draws these, never Fort's own field names);
* :mod:`fortlang.playtest.words`: the page's fixed words;
* :mod:`fortlang.playtest.module_table`, :mod:`fortlang.playtest.module_view`: the same for a
  game module's sets (issue 33 item 5): its own game loop through the module pull API, what a
  seat sees and is told from the module's narration;
* :mod:`fortlang.playtest.server`: the ASGI application (Starlette) and its limits;
* ``static/``: the page, its script and style, shipped in the package (no CDN).

The server keeps no rules of its own: whose decision it is, the legal options and the rule that
excludes each other option all come from the game's pull API.
"""
