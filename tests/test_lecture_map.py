"""The lectures' numbers agree everywhere: file names, titles, lecture 00's map, the README's table, cross-references.

Lectures are renumbered when one is split (issue 30, finding 11: lecture 08 became 08 and 09); these
laws catch a number left behind.
"""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
LECTURES = sorted((ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))
NUMBERS = [p.name[:2] for p in LECTURES]


def markdown(path: Path) -> list[str]:
    return [c.source for c in nbformat.read(path, as_version=4).cells if c.cell_type == "markdown"]


def test_lectures_are_numbered_from_00_without_gaps():
    assert NUMBERS == [f"{k:02d}" for k in range(len(LECTURES))]


@pytest.mark.parametrize("path", LECTURES[1:], ids=lambda p: p.stem)
def test_a_lectures_title_carries_its_files_number(path: Path):
    title = markdown(path)[0].splitlines()[0]
    assert title.startswith(f"# {path.name[:2]} · "), (path.name, title)


def test_the_map_in_lecture_00_links_every_lecture_under_its_number():
    (table,) = [s for s in markdown(LECTURES[0]) if "| # | lecture |" in s]
    rows = re.findall(r"^\| (\d\d) \| (?:\[[^\]]+\]\(([^)]+)\)|[^|]+) \|", table, flags=re.MULTILINE)
    assert [number for number, _ in rows] == NUMBERS
    assert [link for _, link in rows[1:]] == [p.name for p in LECTURES[1:]]


def test_the_readme_lists_every_lecture_in_order():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## The lectures", 1)[1].split("\n## ", 1)[0]
    assert re.findall(r"^\| `(\d\d-[^`]+)` \|", section, flags=re.MULTILINE) == [p.stem for p in LECTURES]


@pytest.mark.parametrize("path", LECTURES, ids=lambda p: p.stem)
def test_every_lecture_a_lecture_names_exists(path: Path):
    for text in markdown(path):
        for phrase in re.findall(r"[Ll]ectures? \d+(?:(?:,| and| to|–) \d+)*", text):
            for number in re.findall(r"\d+", phrase):
                assert number.zfill(2) in NUMBERS and len(number) == 2, (path.name, phrase)
