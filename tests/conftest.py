"""Shared test configuration: the tests form a package, so helpers import relatively."""

import os

from hypothesis import settings

# In CI the property tests draw the same examples every run, so a red build
# always means a change, never a new random draw; locally they explore afresh.
settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI") == "true":
    settings.load_profile("ci")
