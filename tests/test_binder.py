"""Binder opens the lectures: the README's badge links to a lecture that exists, with JupyterLab installed."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
BADGE = re.compile(r"\[!\[Binder\]\((?P<image>[^)]+)\)\]\((?P<link>[^)]+)\)")
LINK = re.compile(r"https://mybinder\.org/v2/gh/[\w.-]+/[\w.-]+/[\w./-]+\?urlpath=lab/tree/(?P<path>[\w./-]+\.ipynb)")


def test_the_badge_opens_a_lecture_in_jupyterlab() -> None:
    readme = (ROOT / "README.md").read_text()
    badge = BADGE.search(readme.split("\n## ")[0])
    assert badge, "the README's top has no Binder badge"
    assert badge["image"].endswith("badge_logo.svg")
    link = LINK.fullmatch(badge["link"])
    assert link, badge["link"]
    assert (ROOT / link["path"]).is_file(), f"the badge opens {link['path']}, which is not in the repository"
    # The README spells out the pattern for other repositories, branches and lectures.
    assert "urlpath=lab/tree/notebooks/LECTURE.ipynb" in readme


def test_binder_gets_jupyterlab_from_the_lab_extra() -> None:
    # Binder builds from environment.yml at the root when there is no binder/ folder.
    assert not (ROOT / "binder").exists()
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    (pip,) = [d["pip"] for d in env["dependencies"] if isinstance(d, dict)]
    assert pip == ["-e .[lab]"]
