"""The course's hostile submissions (``course/samples/redteam/*.py``), loaded as modules for the tests.

They live beside the course as files a reader can open, not as a package, so they are loaded by path.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

REDTEAM = Path(__file__).resolve().parent.parent / "course" / "samples" / "redteam"


def redteam(name: str) -> ModuleType:
    """The module ``course/samples/redteam/<name>.py``."""
    spec = importlib.util.spec_from_file_location(name, REDTEAM / f"{name}.py")
    if spec is None or spec.loader is None:
        raise FileNotFoundError(REDTEAM / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
