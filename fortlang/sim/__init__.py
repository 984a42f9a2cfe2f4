"""Driving games of any module from outside: the seats and their agents (``seats``), the pull API
(``pull``: a game stepped one decision at a time, OpenSpiel's manner), replays (``replay``),
batches of games and the backends that run them (``batch``, ``backends``, ``ray_watchdog``),
the figures of many games (``stats``) and their reports (``report``).

What still names Fort here (its set-up, its game loop, its outcome's fields) is recorded in
``tests/test_house_order.py``'s allow-list until the module seam carries it (issue 33).

>>> from fortlang.cardset import base_set
>>> from fortlang.agents.bots import make_bots
>>> from fortlang.games.fort.match import run_game
>>> out = run_game(base_set(), 2, make_bots(["random"], 2, 7), seed=7)
>>> len(out.scores), out.turns % 2
(2, 0)
"""
