"""`make hub-demo` in the full tier: the whole class flow through a real browser on a real JupyterHub.

What each student should score is worked out here from the course's source
notebook and the sample's name (a ``correct_`` sample earns every point of the
test cells, any other none), not taken from the demo's own verdict.
"""

from __future__ import annotations

import json
import subprocess
import tempfile
from pathlib import Path

import nbformat
import pytest

from .hubclient import hubs, need_hub

pytestmark = [pytest.mark.slow, pytest.mark.hub, pytest.mark.browser, pytest.mark.timeout(1500)]
SOURCE = hubs.COURSE / "source" / "write-the-search" / "write-the-search.ipynb"


@pytest.fixture(scope="module")
def summary() -> dict:
    need_hub()
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "summary.json"
        done = subprocess.run([str(hubs.VENV / "bin" / "python"), str(hubs.HERE / "hub_demo.py"), "--summary", str(out)],
                              capture_output=True, text=True, timeout=1400)
        assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-4000:]
        assert done.stdout.strip().splitlines()[-1].endswith(", 0 lost, 0 failed"), done.stdout[-2000:]
        return json.loads(out.read_text())


def test_three_students_hand_in_and_nothing_is_lost(summary):
    outcomes = summary["outcomes"]
    assert [o["student"] for o in outcomes] == [f"abdemo-{s}" for s in hubs.read_roster(hubs.COURSE / "roster.csv")[:3]]
    assert {Path(o["sample"]).stem.split("_")[0] for o in outcomes} == {"correct", "bug", "loop"}
    assert all(o["submitted"] and o["collected"] for o in outcomes)
    assert summary["lost"] == 0 and summary["failed"] == 0


def test_each_score_in_the_gradebook_is_what_the_answer_deserves(summary):
    cells = nbformat.read(SOURCE, as_version=4).cells
    full = sum(c.metadata["nbgrader"]["points"] for c in cells if c.metadata.get("nbgrader", {}).get("grade"))
    for outcome in summary["outcomes"]:
        deserved = full if outcome["sample"].startswith("correct") else 0
        assert outcome["score"] == deserved, outcome


def test_each_student_reads_their_own_diagnosis_in_their_feedback(summary):
    for outcome in summary["outcomes"]:
        assert outcome["feedback_seen"] and not outcome["problems"], outcome
