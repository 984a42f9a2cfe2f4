"""Driving games of any module from outside: the seats and their agents (``seats``), the pull
API's shared machinery (``bridge``: a game stepped one decision at a time, OpenSpiel's manner),
replays (``replay``), the backends that run batches of games (``backends``, ``ray_watchdog``),
the intervals of many games' figures (``intervals``) and their reports (``report``: the balance
page; ``text``: what ``simulate`` prints).

A game brings its own simulation drivers through its module (``drivers``: Fort's pull API,
batches and figures live in ``fortlang/games/fort/sim/``), or is played by the generic ones
(``module_pull``, ``module_games``, ``module_balance``, ``module_log``); nothing here imports
a game (issue 33 item 5, ``tests/test_house_order.py``).

>>> from fortlang.cardset import base_set
>>> from fortlang.games.fort.agents.bots import make_bots
>>> from fortlang.games.fort.match import run_game
>>> out = run_game(base_set(), 2, make_bots(["random"], 2, 7), seed=7)
>>> len(out.scores), out.turns % 2
(2, 0)
"""
