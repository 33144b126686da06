"""Graded exercises: check a student's alpha-beta, name the mistake, give each student their own trees.

- :mod:`~abteach.grading.checker`: :func:`check_alphabeta`, which runs a
  submission on seeded trees through an instrumented game and diagnoses it by
  running every classic mistake on the same trees;
- :mod:`~abteach.grading.expectimax`: :func:`check_expectimax`, the same for a
  student's expectimax on trees with chance nodes, diagnosed by the classic
  mistakes at chance nodes (a plain mean, chance taken for MIN or for MAX);
- :mod:`~abteach.grading.sandbox`: running a submission's source in a fresh
  interpreter under bubblewrap, with resource limits, its game answered by
  the grader, which keeps every record;
- :mod:`~abteach.grading.harness`: the submission's side of that run, the
  only code in its process besides its own (never imported by the grader);
- :mod:`~abteach.grading.source`: a submission as source text, from a file,
  text, a notebook's function or a notebook's cells, and its use of the package found;
- :mod:`~abteach.grading.tables`: :func:`check_table_search`, a transposition
  table's flags graded by searching one root again and again on one table;
- :mod:`~abteach.grading.handwork`: answers by hand on Fig. 5.5's stages, a
  child order (:func:`ordering_tree`) and UCB1's choices (:func:`ucb1_situations`);
- :mod:`~abteach.grading.autograde`: nbgrader preprocessors that grade a
  notebook's tests in the instructor's process, from its text, never in the
  student's kernel (needs nbconvert; not imported here);
- :mod:`~abteach.grading.game`: the instrumented game;
- :mod:`~abteach.grading.variants`: per-student trees from a course seed and a student id;
- :mod:`~abteach.grading.cs188`: CS188's ``GraphGameTreeTest`` files, written and read.

Headless: nothing here loads a drawing or widget library.
"""

from abteach.grading.checker import (CANDIDATES, Departure, GradingFailed, Report, check_alphabeta,
                                     current_student, grading_trees, minimax_values, pruned_leaves, require,
                                     require_minimax, require_pruned)
from abteach.grading.cs188 import from_cs188, to_cs188
from abteach.grading.expectimax import check_expectimax, expectimax_trees
from abteach.grading.game import GradingGame
from abteach.grading.handwork import (fig55_answers, fewest_leaves, optimal_order, order_leaves, ordering_tree, require_fig55,
                                      require_order, require_ucb1, ucb1, ucb1_choice, ucb1_situations)
from abteach.grading.sandbox import SandboxUnavailable
from abteach.grading.tables import check_table_search
from abteach.grading.variants import Sheet, roster, sheets, student_seed, student_tree

__all__ = ["check_alphabeta", "check_expectimax", "expectimax_trees", "Report", "Departure", "GradingFailed", "require", "grading_trees", "CANDIDATES",
           "GradingGame", "to_cs188", "from_cs188", "student_seed", "student_tree", "roster", "Sheet", "sheets",
           "current_student", "SandboxUnavailable", "minimax_values", "pruned_leaves", "require_minimax", "require_pruned",
           "check_table_search", "fig55_answers", "require_fig55", "ordering_tree", "optimal_order", "order_leaves", "fewest_leaves",
           "require_order", "ucb1", "ucb1_choice", "ucb1_situations", "require_ucb1"]
