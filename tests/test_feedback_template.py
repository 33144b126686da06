"""The feedback template's folders where feedback is written: with nbgrader installed (the full tier's venv)."""

from __future__ import annotations

import importlib
import json
from pathlib import Path

import pytest

from abteach.grading.autograde import FEEDBACK_TEMPLATE, feedback_template_dirs

# nbgrader is in the `grade` extra, which the fast tier's venv does not install; the full tier's does.
pytestmark = pytest.mark.slow


def test_nbgraders_templates_follow_abteachs_and_hold_what_abteachs_template_extends():
    nbgrader = importlib.import_module("nbgrader")
    ours, theirs = (Path(d) for d in feedback_template_dirs())
    conf = ours / FEEDBACK_TEMPLATE / "conf.json"
    assert theirs.is_relative_to(Path(nbgrader.__file__).parent)
    base = json.loads(conf.read_text())["base_template"]
    assert (theirs / base).is_dir(), base
