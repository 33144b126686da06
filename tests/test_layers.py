"""The folders are the layers, and the headless parts stay headless.

The contracts themselves live in pyproject.toml (``[tool.importlinter]``):
cli > widgets > views > grading > agents | lessons > trace > search > games, each
importing only the layers below it (agents and lessons, on one floor, not each
other), and no view or widget running a search.  These tests check
what the code does, not what its source text says: import-linter reads the
real import graph, and the headless test looks at what a fresh interpreter has
actually loaded.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent

# The libraries that only drawing and widgets need.
HEAVY = ("matplotlib", "ipywidgets", "networkx", "IPython")


def test_the_layer_contract_lists_every_folder_in_order():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    assert config["root_package"] == "abteach"
    layers = next(c for c in config["contracts"] if c["type"] == "layers")
    assert layers["containers"] == ["abteach"]
    # A floor of independent folders is written "a | b" (import-linter 2); each is a list here, top floor first.
    floors = [sorted(name.strip() for name in floor.split("|")) for floor in layers["layers"]]
    assert floors == [["cli"], ["widgets"], ["views"], ["grading"], ["agents", "lessons"], ["trace"], ["search"],
                      ["games"]]
    assert ":" not in "".join(layers["layers"])  # siblings that may import each other would hide a cycle
    folders = {p.parent.name for p in (ROOT / "abteach").glob("*/__init__.py")}
    # The command line sits on top as one module; every other layer is a folder.
    modules = {p.stem for p in (ROOT / "abteach").glob("*.py")} - {"__init__"}
    assert modules == {"cli"}
    named = [name for floor in floors for name in floor]
    assert len(named) == len(set(named))
    assert folders | modules == set(named)


def test_views_and_widgets_run_no_search_even_through_another_module():
    # Indirect imports count: a view that reached a search through lessons would break the contract.
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    contract = next(c for c in config["contracts"] if c["name"] == "Views and widgets run no search")
    assert not contract.get("allow_indirect_imports", False)
    assert sorted(contract["source_modules"]) == ["abteach.views", "abteach.widgets"]
    assert "abteach.search" in contract["forbidden_modules"]


def test_the_import_contracts_are_kept():
    lint = BIN / "lint-imports"
    done = subprocess.run([str(lint), "--no-cache"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert "0 broken" in done.stdout


def _loaded_after(code: str) -> list[str]:
    """Which of HEAVY a fresh interpreter has loaded after running ``code``."""
    probe = f"{code}\nimport json, sys\nprint(json.dumps(sorted(m for m in {HEAVY!r} if m in sys.modules)))"
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-4000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_the_probe_sees_a_heavy_import():
    # Without this the checks below could pass only because the probe sees nothing.
    assert "matplotlib" in _loaded_after("import abteach as ab\nab.draw_tree")


def test_import_abteach_loads_no_drawing_or_widget_library():
    assert _loaded_after("import abteach") == []


def test_import_abteach_search_loads_no_drawing_or_widget_library():
    assert _loaded_after("import abteach.search") == []


def test_a_search_runs_headless():
    code = ("import abteach as ab\n"
            "r = ab.alphabeta(ab.examples.FIG_5_2)\n"
            "assert (r.value, r.move) == (3, 0), (r.value, r.move)")  # AIMA Fig. 5.2: MAX plays a1 for 3
    assert _loaded_after(code) == []
