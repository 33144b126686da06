"""The project's own set-up stays consistent: one list of dependencies, two commands."""

import ast
import importlib.util
import json
import os
import re
import subprocess
import tomllib
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent


PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]


def _name(requirement: str) -> str:
    """A requirement's distribution name, normalised: 'PyYAML>=6' -> 'pyyaml'."""
    return re.sub(r"[-_.]+", "-", re.match(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)", requirement).group(1)).lower()


def _extras(requirement: str) -> set[str]:
    found = re.search(r"\[([^\]]*)\]", requirement)
    return {e.strip() for e in found.group(1).split(",")} if found else set()


def test_environment_yml_installs_the_package_from_pyproject():
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    deps = env["dependencies"]
    conda = [d for d in deps if isinstance(d, str)]
    pips = [d["pip"] for d in deps if isinstance(d, dict)]
    assert "conda-forge" in env["channels"]
    # Python's floor is the same in both files.
    floor = re.search(r">=\s*([\d.]+)", PROJECT["requires-python"]).group(1)
    assert f"python>={floor}" in [c.replace(" ", "") for c in conda]
    # Nothing but python and pip comes from conda.
    assert {_name(c) for c in conda} == {"python", "pip"}
    # pip installs the package itself, with the lab extra (JupyterLab, for Binder), and nothing else:
    # every library comes from pyproject.
    assert len(pips) == 1
    assert len(pips[0]) == 1
    (line,) = pips[0]
    assert re.fullmatch(r"-e \.\[[\w, -]+\]", line), line
    assert "lab" in _extras(line)
    assert _extras(line) <= set(PROJECT["optional-dependencies"])


def test_jupyterlab_is_an_extra_not_a_dependency():
    extras = PROJECT["optional-dependencies"]
    assert "jupyterlab" not in {_name(d) for d in PROJECT["dependencies"]}
    assert "jupyterlab" in {_name(d) for d in extras["lab"]}
    # The browser tests start a real JupyterLab, so the full tier's extra brings the lab extra with it.
    assert any(_name(d) == "abteach" and {"lab", "test"} <= _extras(d) for d in extras["test-all"])
    for tool in ("import-linter", "mypy", "pytest", "hypothesis"):
        assert tool in {_name(d) for d in extras["test"]}, tool
    # The fast tier installs neither JupyterLab nor the tools that run lectures or browsers.
    assert not {"jupyterlab", "nbval", "playwright", "nbgrader"} & {_name(d) for d in extras["test"]}
    assert {"nbval", "playwright"} <= {_name(d) for d in extras["test-all"]}


def _recipe(target: str) -> list[str]:
    """The command lines of a Makefile target, in order."""
    text = (ROOT / "Makefile").read_text()
    body = re.search(rf"^{re.escape(target)}:.*\n((?:\t.*\n)+)", text, re.M)
    assert body, f"no target {target!r} in the Makefile"
    return [line.strip() for line in body.group(1).splitlines()]


def test_make_installs_the_right_extras():
    assert any("pip install" in c and "'.[lab]'" in c for c in _recipe("$(LAB_VENV)/.installed-lab"))
    assert any("pip install" in c and "'.[test]'" in c for c in _recipe("$(VENV)/.installed-test"))
    assert any("pip install" in c and "'.[test-all]'" in c for c in _recipe("$(VENV)/.installed-test-all"))


def test_lab_and_test_have_their_own_venvs():
    # The lectures open in a venv with no test or grading tools (nbgrader would add its menus to JupyterLab).
    lab = subprocess.run(["make", "-n", "--no-print-directory", "lab"], cwd=ROOT, capture_output=True,
                         text=True, timeout=60).stdout
    test = subprocess.run(["make", "-n", "--no-print-directory", "test"], cwd=ROOT, capture_output=True,
                          text=True, timeout=60).stdout
    jupyter = [line for line in lab.splitlines() if "jupyter lab" in line]
    assert jupyter and all(line.startswith(".venv-lab/bin/") for line in jupyter), lab
    assert ".venv-lab" not in test and "'.[test]'" not in lab and "nbgrader" not in lab


def _dry_run(target: str) -> list[str]:
    """The commands ``make target`` would run, expanded, less the venv installs (which depend on stamps)."""
    out = subprocess.run(["make", "-n", "--no-print-directory", "-W", "pyproject.toml", target], cwd=ROOT,
                         capture_output=True, text=True, timeout=60).stdout
    lines = out.replace("\\\n", " ").splitlines()
    return [line for line in lines if "pip install" not in line and "-m venv" not in line]


def test_make_test_is_the_fast_tier_types_first():
    commands = _dry_run("test")
    runs = [c for c in commands if "mypy" in c or "pytest" in c]
    assert "-m mypy abteach" in runs[0]
    pytest_runs = [c for c in runs if "pytest" in c]
    assert len(pytest_runs) == 1 and "--doctest-modules" in pytest_runs[0] and "abteach tests" in pytest_runs[0]
    assert "--hypothesis-profile=dev" in pytest_runs[0] and "not browser and not slow" in pytest_runs[0]
    # No npm, no browser, no lecture run in the fast tier.
    assert not any(word in " ".join(commands) for word in ("npm", "--nbval", "export_lectures", "browser or"))


def test_make_test_all_runs_every_lecture_once_for_nbval_and_the_exports():
    commands = _dry_run("test-all")
    exports = [c for c in commands if "export_lectures.py" in c]
    assert len(exports) == 1 and "--executed" in exports[0] and "--html" in exports[0] and "--slides" in exports[0]
    nbval = [c for c in commands if "--nbval-replay" in c]
    # nbval compares the export's run; no command runs the lectures again.
    assert len(nbval) == 1 and not any("--nbval " in c + " " or "--nbval-lax" in c for c in commands)
    assert commands.index(exports[0]) < commands.index(nbval[0])
    pytests = [c for c in commands if "-m pytest" in c and c not in nbval]
    assert all("--hypothesis-profile=ci" in c for c in pytests)
    assert any("not browser and not slow" in c for c in pytests)
    assert any('"browser or slow"' in c and "ABTEACH_REUSE_EXPORT" in c for c in pytests)


def test_the_package_ships_its_types():
    assert (ROOT / "abteach" / "py.typed").is_file()
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]
    assert "py.typed" in config["setuptools"]["package-data"]["abteach"]
    assert "mypy" in config


def test_readme_opens_with_the_two_commands():
    readme = (ROOT / "README.md").read_text()
    first_block = readme.split("```bash", 1)[1].split("```", 1)[0]
    assert "make lab" in first_block and "make test" in first_block


def test_ci_runs_the_newcomers_make_test_first_then_every_test():
    # The README's own first test command must be what CI proves, on the clean clone's fresh venv that only
    # `make test` has made (the `test` extra alone): a green `make test-all` once hid a broken `make test`.
    commands = [line.strip() for line in (ROOT / ".ci" / "run").read_text().splitlines()
                if line.strip().startswith("make ")]
    assert commands[:2] == ["make test", "make test-all"], commands
    readme = (ROOT / "README.md").read_text()
    assert "make test " in readme and "make test-all" in readme


def test_the_doctests_that_need_nbgrader_are_the_modules_that_import_it():
    # The root conftest.py leaves these out where nbgrader is missing (the fast tier's venv); a module that starts
    # importing nbgrader must join the list, or `make test` fails to collect it, as a newcomer once found.
    spec = importlib.util.spec_from_file_location("root_conftest", ROOT / "conftest.py")
    assert spec is not None and spec.loader is not None
    conftest = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(conftest)
    importing = set()
    for path in sorted((ROOT / "abteach").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import) else
                     [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            if any(n.split(".")[0] == "nbgrader" for n in names):
                importing.add(path.relative_to(ROOT).as_posix())
    assert set(conftest.NEEDS_NBGRADER) == importing


def test_the_fast_tier_collects_nothing_that_needs_the_full_tiers_tools():
    # Modules the fast tier collects must import with the `test` extra alone: no playwright, nbval or nbgrader
    # at import time (tests/browser, which needs them, is left out of the fast tier by the Makefile).
    heavy = ("playwright", "nbval", "nbgrader", "jupyterhub")
    fast = re.search(r"^FAST_TESTS := (.*)$", (ROOT / "Makefile").read_text(), re.M).group(1)
    ignored = {ROOT / p for p in re.findall(r"--ignore=(\S+)", fast)}
    assert ROOT / "tests" / "browser" in ignored
    for path in sorted(set((ROOT / "tests").glob("*.py")) - ignored):
        tree = ast.parse(path.read_text())
        top = [n for n in tree.body if isinstance(n, (ast.Import, ast.ImportFrom))]
        names = [a.name for n in top if isinstance(n, ast.Import) for a in n.names]
        names += [n.module or "" for n in top if isinstance(n, ast.ImportFrom) and not n.level]
        assert not [m for m in names if m.split(".")[0] in heavy], (path.name, names)


def test_the_lab_venv_asks_no_news_over_a_projected_lecture():
    overrides = json.loads((ROOT / "scripts" / "lab" / "overrides.json").read_text())
    notification = overrides["@jupyterlab/apputils-extension:notification"]
    assert notification == {"fetchNews": "false", "checkForUpdates": False}
    # A lecture saved after a run (JupyterLab autosaves) keeps its widgets' state, so it reopens on their
    # last frames; the browser test test_lecture_save.py reopens one.
    assert overrides["@jupyter-widgets/jupyterlab-manager:plugin"] == {"saveState": True}
    # JupyterLab reads overrides.json from <sys.prefix>/share/jupyter/lab/settings.
    assert any(c.startswith("cp scripts/lab/overrides.json $(LAB_VENV)/share/jupyter/lab/settings/overrides.json")
               for c in _recipe("$(LAB_VENV)/.installed-lab"))


def _environment_of(target: str, tmp_path: Path) -> dict[str, str]:
    """The environment ``make target`` runs its venv's Python in: a stand-in Python that prints its environment."""
    stand_in = tmp_path / "python"
    stand_in.write_text("#!/bin/sh\nenv\n")
    stand_in.chmod(0o755)
    out = subprocess.run(["make", "-s", "--no-print-directory", "-o", ".venv/.installed-test", target,
                          f"BIN={tmp_path}"], cwd=ROOT, capture_output=True, text=True, timeout=60,
                         env={k: v for k, v in os.environ.items() if k != "MPLCONFIGDIR"})
    return dict(line.split("=", 1) for line in out.stdout.splitlines() if "=" in line)


def test_the_test_tiers_keep_matplotlibs_font_list_in_their_venv(tmp_path):
    # A font list shared by every venv of the user named fonts of a deleted venv, and strict nbval failed on the
    # `findfont` warnings that followed.  Each tier that runs the lectures keeps its own list.
    environ = _environment_of("unit", tmp_path)
    assert environ.get("MPLCONFIGDIR") == str(ROOT / ".venv" / "mplconfig"), environ.get("MPLCONFIGDIR")
