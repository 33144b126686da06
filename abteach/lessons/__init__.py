"""Lessons: what the lectures teach, computed from traces.

Fig. 5.5 against a correct trace, node-count theory, move ordering, and the
classic mistakes with their diagnosis.  Headless: no drawing library loads.
"""

from abteach.lessons import complexity, fig55, mistakes, ordering

__all__ = ["complexity", "fig55", "mistakes", "ordering"]
