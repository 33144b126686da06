"""Shared test configuration: the tests form a package, so helpers import relatively.

Hypothesis draws as many examples as the loaded profile says, never as many as
a test says: ``dev`` (the default, and ``make test``) is small so the fast
tier stays fast; ``ci`` (``make test-all``, and CI) is larger and draws the
same examples every run, so a red build always means a change, never a new
random draw.  Pick one with ``pytest --hypothesis-profile=ci``.  A test whose
examples are costly asks for a share of the profile's count with
:func:`tests.strategies.examples`.
"""

import os
import shutil

import pytest
from hypothesis import HealthCheck, settings

# Searches of random trees take milliseconds each but vary widely, so no deadline.
_COMMON = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow]}
settings.register_profile("dev", max_examples=30, **_COMMON)
settings.register_profile("ci", max_examples=200, derandomize=True, print_blob=True, **_COMMON)
settings.load_profile("dev")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Tests marked ``sandbox`` grade in bubblewrap: skipped, saying how to install it, where it is missing.

    In CI a missing bubblewrap is an error, not a skip: there the tests run, and fail.
    """
    if shutil.which("bwrap") is not None or os.environ.get("CI") == "true":
        return
    skip = pytest.mark.skip(reason="no bubblewrap: the grader runs submissions in it; apt-get install bubblewrap")
    for item in items:
        if "sandbox" in item.keywords:
            item.add_marker(skip)
