"""The bots: ``bots`` (``random``, ``greedy``, ``scripted`` and the names ``--bots`` takes),
``mcts`` (the search bot, ISMCTS) and ``human`` (a person at the terminal). Each answers a
:class:`~fortlang.engine.choices.Decision` through the one agent interface, from its seat's view.
"""
