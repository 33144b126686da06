"""Red team, chance round: the expectimax grader and the restored roles of a test cell, attacked as a student would.

The submissions are ``course/samples/redteam/hostile_chance.py``'s (its docstring says what each tried, and
what it did before the fix).  Each test asserts the secure behaviour: nothing of a hidden tree comes back
(not even as the exit code the submission chose), an odd return earns nothing it should not, a mistake
the grader does not know is never named as one it does, and a test cell handed in with forged nbgrader
metadata is graded as the test it was released as.
"""

from __future__ import annotations

import importlib.util
import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from abteach.grading.expectimax import check_expectimax, expectimax_trees

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location(
    "hostile_chance", ROOT / "course" / "samples" / "redteam" / "hostile_chance.py")
assert _spec is not None and _spec.loader is not None
hostile = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(hostile)

SEED = 0


def leaves_and_probabilities(seed: Any) -> list[str]:
    """Every number of the hidden trees as feedback would write it, at least two characters long."""
    found: set[str] = set()
    for name, t in expectimax_trees(seed):
        if name.startswith("seeded-"):
            data = json.loads(t.to_json())
            found |= {str(p) for ps in data.get("probabilities", {}).values() for p in ps}
    return sorted(f for f in found if len(f) >= 3)


# -- the sandbox: what a hidden tree may tell ---------------------------------------------------------

@pytest.mark.sandbox
@pytest.mark.timeout(300)
def test_an_exit_code_chosen_on_a_hidden_tree_is_not_told():
    # Before: "the process running it ended abruptly (exit code 103)", 100 + the hidden tree's first leaf.
    report = check_expectimax(hostile.EXIT_WITH_A_LEAF, seed=SEED)
    assert report.score == 0 and report.failure == "raised"
    assert "exit code" not in report.feedback and "signal" not in report.feedback
    assert "seeded-1" in report.feedback  # where it stopped is still told


@pytest.mark.sandbox
@pytest.mark.timeout(300)
def test_an_exit_code_on_a_public_tree_is_still_told():
    report = check_expectimax("def expectimax_search(game, state):\n    import os\n    os._exit(7)\n", seed=SEED)
    assert report.failure == "raised" and "exit code 7" in report.feedback
