"""The searches.  Each reads line for line like the pseudocode it teaches and reports
every line to a recorder (:mod:`abteach.search.record`) as events
(:mod:`abteach.search.events`).  Headless: nothing here draws or imports a view.

A search returns a :class:`SearchResult` whose ``events`` the trace layer
(:mod:`abteach.trace`) turns into a replayable trace; ``abteach.alphabeta`` and
the other front-door names are these searches with that done.
"""

from abteach.search.alphabeta import alphabeta
from abteach.search.expectiminimax import expectiminimax
from abteach.search.fail_hard import alphabeta_fail_hard
from abteach.search.memory import aspiration, iterative_deepening, mtdf, negamax_memory, negascout, null_window, sss_star
from abteach.search.minimax import minimax
from abteach.search.negamax import negamax
from abteach.search.problem import EvaluationError, Problem, TooDeepError
from abteach.search.result import SearchResult, Spec
from abteach.search.star1 import star1
from abteach.search.table import Entry, Flag, Table, TableFault
from abteach.search.tutorial import alphabeta_tutorial

__all__ = ["alphabeta", "alphabeta_fail_hard", "alphabeta_tutorial", "minimax", "negamax", "expectiminimax", "star1",
           "negamax_memory", "iterative_deepening", "aspiration", "null_window", "negascout", "mtdf", "sss_star",
           "Entry", "Flag", "Table", "TableFault",
           "Problem", "SearchResult", "Spec", "TooDeepError", "EvaluationError"]
