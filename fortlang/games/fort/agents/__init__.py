"""Fort's bots (issue 33 item 5): ``bots`` (the greedy bot's raters and the static values of
Fort's cards, and the bots ``--bots`` names at Fort's table), ``mcts`` (Fort's search bot, over
the core's :mod:`fortlang.agents.search`) and ``human`` (a person at Fort's terminal). Each
answers a :class:`~fortlang.engine.choices.Decision` from its seat's view
(:class:`fortlang.games.fort.view.GameView`).
"""
