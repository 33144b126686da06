"""Agents: players that pick moves in a game, and matches between them.

- :mod:`~abteach.agents.players`: the players the lecture pits against each
  other (random, perfect, alpha-beta to a depth, a timed engine, MCTS);
- :mod:`~abteach.agents.match`: whole games between two players, colours
  alternated, with a table of results.

They play with the searches (:mod:`abteach.search`, :mod:`abteach.trace`) and
teach nothing: agents and lessons sit side by side, neither importing the other.  Headless: nothing here
loads a drawing or widget library.
"""
