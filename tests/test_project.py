"""The project's own set-up stays consistent: one list of dependencies, two commands."""

import re
import tomllib
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent


def test_environment_yml_installs_the_package_from_pyproject():
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    deps = env["dependencies"]
    conda = [d for d in deps if isinstance(d, str)]
    pips = [d for d in deps if isinstance(d, dict)]
    assert "conda-forge" in env["channels"]
    assert "pip" in conda
    # Python's floor is the same in both files.
    floor = re.search(r">=\s*([\d.]+)", project["requires-python"]).group(1)
    assert f"python>={floor}" in [c.replace(" ", "") for c in conda]
    # Nothing but python and pip comes from conda: every library comes from pyproject via pip.
    assert set(conda) - {"pip"} == {c for c in conda if c.startswith("python")}
    assert pips == [{"pip": ["-e ."]}]


def test_readme_opens_with_the_two_commands():
    readme = (ROOT / "README.md").read_text()
    first_block = readme.split("```bash", 1)[1].split("```", 1)[0]
    assert "make lab" in first_block and "make test" in first_block


def test_ci_runs_the_readme_test_command():
    assert "make test" in (ROOT / ".ci" / "run").read_text()


def test_package_imports_no_view_from_search():
    for path in (ROOT / "abteach" / "search").glob("*.py"):
        text = path.read_text()
        for view in ("draw", "stepper", "widgets", "matplotlib", "ipywidgets", "export", "layout"):
            assert not re.search(rf"^\s*(from|import)\s+\S*{view}", text, re.M), (path.name, view)
