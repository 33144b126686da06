"""Collection settings for the doctests of ``abteach`` (``--doctest-modules abteach``).

The modules below are built on nbgrader, which is in the ``grade`` extra: ``make test``'s venv (the ``test`` extra
alone) cannot import them, so their doctests are collected only where nbgrader is installed, as it is in
``make test-all``'s venv.  ``tests/test_project.py`` keeps this list equal to the modules that import nbgrader.
"""

from __future__ import annotations

import importlib.util

NEEDS_NBGRADER = ["abteach/grading/exchange.py", "abteach/grading/intake.py", "abteach/grading/kernelbox.py"]

collect_ignore = [] if importlib.util.find_spec("nbgrader") else NEEDS_NBGRADER
