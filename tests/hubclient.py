"""The course's hub (course/hub/hub.py) for the hub tests, and when they cannot run."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "course" / "hub"))
import hub as hubs  # noqa: E402  - course/hub is a folder of scripts, not a package
from hub import Session  # noqa: E402


def need_hub() -> None:
    """Skip where the hub cannot run (not root, or not installed); in CI those are failures, not skips."""
    problem = None
    if os.geteuid() != 0:
        problem = "the hub tests create system users: run them as root"
    elif not (hubs.VENV / "bin" / "jupyterhub").exists() or not hubs.PROXY.exists():
        problem = "no hub installed: make .venv-hub/.installed-hub build/hub-proxy/.installed (make test-all does)"
    if problem and os.environ.get("CI") == "true":
        pytest.fail(problem)
    if problem:
        pytest.skip(problem)

__all__ = ["Session", "hubs", "need_hub"]
