"""The classic mistakes in alpha-beta, each kept as a small, runnable, buggy search.

Every mistake is the 3rd-edition ALPHA-BETA-SEARCH (AIMA Fig. 5.7, as in
:mod:`abteach.search.alphabeta`) with one thing done wrong.  Each reads beside
its listing (:meth:`Mistake.listing`, the textbook's with the faulty lines
marked ``✗``) and reports to the same recorder as the correct search, so its
trace replays into frames and every view shows it.

The package holds, in the order data flows:

- :mod:`~abteach.lessons.mistakes.variants`: the buggy searches: the textbook's
  MAX-VALUE and MIN-VALUE, written once, with the lines that go wrong taken
  from a :class:`Fault` (and the strict test, which is the correct search
  under the other tie rule);
- :mod:`~abteach.lessons.mistakes.registry`: :data:`MISTAKES`, each :class:`Mistake`
  with its explanation and its ✗-marked listing, and :func:`combination`, two
  of them made at once (``run_mistake("strict-test+root-window-reset", tree)``);
- :mod:`~abteach.lessons.mistakes.table`: :data:`TABLE_MISTAKES`, the classic
  transposition-table bugs, each :func:`abteach.negamax_memory` with one
  :class:`~abteach.search.TableFault`, measured against the same search done right;
- :mod:`~abteach.lessons.mistakes.chance`: :data:`CHANCE_MISTAKES`, the classic
  mistakes of expectimax at chance nodes, each the correct search run on the
  tree as the mistaken code reads it (:func:`run_chance_mistake`);
- :mod:`~abteach.lessons.mistakes.running`: :func:`run_mistake`, which runs one;
- :mod:`~abteach.lessons.mistakes.diagnosis`: :func:`first_difference`, which finds
  the first step at which two traces part, and :func:`diagnose`, which runs a
  mistake beside the correct search and says what it costs: the value, the
  move, and which leaves it evaluated that it should not have, or skipped that
  it needed.

Examples
--------
>>> import abteach as ab
>>> from abteach.lessons.mistakes import MISTAKES, diagnose, run_mistake
>>> run_mistake("no-window", ab.examples.FIG_5_2).leaves
9
>>> d = diagnose("alpha-in-min")
>>> d.value_right, d.buggy.value, d.buggy.move_name
(False, 5, 'a3')
>>> d.difference.step, d.difference.name
(9, 'B')
"""

from abteach.lessons.mistakes.chance import CHANCE_MISTAKES, ChanceMistake, misread, run_chance_mistake
from abteach.lessons.mistakes.diagnosis import (
    SUMMARY_COLUMNS, Diagnosis, Difference, diagnose, first_difference, known, summary_rows,
)
from abteach.lessons.mistakes.registry import MISTAKES, Mistake, Moment, combination, pairs
from abteach.lessons.mistakes.running import random_play_value, run_mistake
from abteach.lessons.mistakes.table import TABLE_MISTAKES, TableMistake, run_table_mistake
from abteach.lessons.mistakes.variants import (
    FAULTS, Fault, Search, alpha_in_min, beta_in_max, cutoff_before_update, faulty, inverted_test, no_pruning, no_window,
    one_ply_too_deep, one_ply_too_shallow, right_to_left, root_window_reset, shared_move, strict_test,
)

__all__ = [
    "CHANCE_MISTAKES", "ChanceMistake", "misread", "run_chance_mistake",
    "MISTAKES", "Mistake", "Moment", "combination", "pairs", "FAULTS", "TABLE_MISTAKES", "TableMistake", "run_table_mistake", "Difference", "Diagnosis", "Search", "Fault", "faulty",
    "run_mistake", "first_difference", "diagnose", "known", "random_play_value", "summary_rows", "SUMMARY_COLUMNS",
    "no_pruning", "no_window", "root_window_reset", "alpha_in_min", "beta_in_max", "strict_test", "inverted_test",
    "cutoff_before_update", "right_to_left", "one_ply_too_deep", "one_ply_too_shallow", "shared_move",
]
