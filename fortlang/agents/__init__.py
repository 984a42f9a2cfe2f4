"""What every game's bots share (issue 33 item 5): ``bots`` (the names ``--bots`` takes, each bot's
seed, a run's lineups, a game's bots from its module's ``bots``, and the declared worth of an
action), ``search`` (the information-set search any game's search bot runs), ``module_mcts`` (a
game module's search bot) and ``terminal`` (a person at a module's table). Each bot answers a
:class:`~fortlang.engine.choices.Decision` through the one agent interface, from the view its
table gives its seat (:meth:`fortlang.engine.journal.Journal.view`). A game's own bots are the
game's (Fort's: :mod:`fortlang.games.fort.agents`).
"""
