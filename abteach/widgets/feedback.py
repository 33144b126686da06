"""The feedback page's stepper: a student's search beside the correct one on a public tree, call by call.

The grader sees a student's search only through the game: each state it
generates and each leaf it scores (:mod:`abteach.grading.steps`).  The page
steps through those calls, and the correct search's own, with the stepper's
ES module inlined (:func:`abteach.widgets.offline.module_html`): a switch
between "your search" and "correct search", opened at the call where they
part, with no kernel and nothing fetched.

Everything drawn is the tree's own text (names, moves, leaf values) and the
page's own sentences; of the student's data only which calls, in which
order, is used, and only after :func:`~abteach.grading.steps.read_steps`
checked it.  Whatever text reaches the page is escaped: the frame data sits
in a JSON ``<script>`` that nothing in it can close, and the module writes
every text with ``textContent``.

Examples
--------
>>> import abteach as ab
>>> from abteach.grading.steps import SearchSteps
>>> right = ab.alphabeta(ab.examples.FIG_5_2).trace
>>> mine = SearchSteps("FIG_5_2", "textbook", (("generate", (0,)), ("generate", (0, 0)), ("score", (0, 0)),
...                                           ("generate", (1,))), 4)
>>> page = steps_html(mine, right)
>>> data = json.loads(page.split("application/json'>")[1].split("</script>")[0])
>>> [x["label"] for x in data["searches"]], data["options"]["step"]
(['your search', 'correct search'], 4)
>>> data["searches"][0]["data"]["steps"][4]["sentence"]
'Your search generates C: game.result(A, a2). Call 4 of 4.'
"""

from __future__ import annotations

import html
import json
from typing import Any, Final

from abteach.grading.steps import EXPECTIMAX, SearchSteps, public_tree
from abteach.trace.frames import Trace
from abteach.views.frame_data import data_json, frame_data
from abteach.views.game_calls import calls_frame_data, parting, trace_calls
from abteach.widgets.offline import OFFLINE_CLASS, _script_text, module_html
from abteach.widgets.stepper import SPEEDS

#: The class of the block the page shows the stepper in.
FEEDBACK_CLASS: Final = "abs-feedback-steps"
#: The labels of the two searches, as the switch shows them.
YOURS: Final = "your search"
RIGHT: Final = "correct search"


def steps_html(steps: SearchSteps, right: Trace, *, module: bool = True) -> str:
    """The HTML of the stepper of ``steps`` beside ``right``, opened at the call where they part.

    Parameters
    ----------
    steps : SearchSteps
        The student's calls, read and checked by :func:`~abteach.grading.steps.read_steps`.
    right : Trace
        The correct search of the same public tree under the same rule (expectiminimax for
        :data:`~abteach.grading.steps.EXPECTIMAX`), traced.
    module : bool
        Put the stepper's module in (once per page: the first stepper of a page only).

    Raises
    ------
    TypeError
        ``steps`` is not a SearchSteps, or ``right`` not a Trace of its tree.
    """
    if not isinstance(steps, SearchSteps):
        raise TypeError(f"steps must be a SearchSteps, not {type(steps).__name__}")
    tree = public_tree(steps.tree)
    if not isinstance(right, Trace) or right.tree is not tree:
        raise TypeError(f"right must be the trace of the correct search of {steps.tree}")
    base = frame_data(right)
    correct = trace_calls(right)
    mine = list(steps.calls)
    apart = parting(mine, correct)
    searches = [(YOURS, calls_frame_data(base, tree, mine, steps.made, who="Your search")),
                (RIGHT, calls_frame_data(base, tree, correct, len(correct), who="The correct search"))]
    # Step k is drawn after the k-th call: the first call that differs is step apart + 1.
    opening = min(apart + 1, len(mine) + 1, len(correct) + 1)
    options: dict[str, Any] = {"step": opening, "choice": YOURS, "interval": SPEEDS["normal"],
                               "speeds": dict(SPEEDS), "scale": 1}
    payload = ('{"searches":[' + ",".join(f'{{"label":{json.dumps(label)},"data":{data_json(data)}}}'
                                          for label, data in searches)
               + f'],"options":{json.dumps(options)}}}')
    if apart < min(len(mine), len(correct)):
        where = f"call {apart + 1}, where your search parts from the correct one"
    elif len(mine) != len(correct):
        where = f"call {apart + 1}, where one search stops and the other goes on"
    else:
        where = "the end: both make the same calls, and part in what they return"
    rule = "expectiminimax" if steps.rule == EXPECTIMAX else f"{steps.rule} tie rule"
    heading = (f"Your search beside the correct search on {steps.tree} ({rule}), opened at {where}. "
               "Switch between them with the buttons; step with the arrow keys.")
    label = html.escape(f"Your search and the correct search on {steps.tree}", quote=True)
    return (f"<div class='{FEEDBACK_CLASS}'><p>{html.escape(heading)}</p>"
            f"<div class='{OFFLINE_CLASS}' data-label=\"{label}\"><div class='abs-place'></div>"
            f"<script type='application/json'>{_script_text(payload)}</script></div></div>"
            + (module_html() if module else ""))


__all__ = ["steps_html", "FEEDBACK_CLASS", "YOURS", "RIGHT"]
