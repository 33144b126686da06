"""Worksheets: one PDF per student from a roster, an answer key, and nothing overwritten unasked."""

from __future__ import annotations

import os
import re
import shutil
import subprocess

import pytest

import abteach as ab
from abteach.grading.variants import sheets


def roster(tmp_path, text="id,name\nada,Ada Lovelace\nalan,Alan Turing\ngrace,Grace Hopper\n"):
    path = tmp_path / "roster.csv"
    path.write_text(text)
    return path


def pages(pdf) -> int:
    return len(re.findall(rb"/Type\s*/Page\b", pdf.read_bytes()))


def test_one_pdf_per_student_and_a_key_with_a_page_each(tmp_path):
    out = tmp_path / "sheets"
    written = ab.worksheet(roster(tmp_path), out, course_seed="c1", course="Week 5")
    assert [p.name for p in written] == ["ada.pdf", "alan.pdf", "grace.pdf", "answer-key.pdf"]
    assert [pages(p) for p in written] == [1, 1, 1, 3]
    # The same inputs give the same bytes: no dates in the files.
    again = ab.worksheet(roster(tmp_path), tmp_path / "again", course_seed="c1", course="Week 5")
    assert [p.read_bytes() for p in written] == [p.read_bytes() for p in again]


def test_nothing_is_overwritten_without_the_flag(tmp_path):
    out = tmp_path / "sheets"
    out.mkdir()
    (out / "alan.pdf").write_text("mine")
    with pytest.raises(FileExistsError, match="alan.pdf"):
        ab.worksheet(roster(tmp_path), out, course_seed="c1")
    assert (out / "alan.pdf").read_text() == "mine" and not (out / "ada.pdf").exists()
    ab.worksheet(roster(tmp_path), out, course_seed="c1", overwrite=True)
    assert (out / "alan.pdf").read_bytes().startswith(b"%PDF")


def test_the_key_holds_each_students_own_answers(tmp_path):
    for sheet in sheets(roster(tmp_path), "c1"):
        t = ab.grading.student_tree("c1", sheet.student_id)
        assert sheet.tree.to_nested() == t.to_nested()
        result = ab.alphabeta(t)
        returned = {e.node: e.value for e in result.trace.events if e.kind in ("leaf", "exit")}
        want = [returned.get(n.path, "pruned") for n in t.walk()]
        assert [row[2] for row in sheet.rows] == want


@pytest.mark.parametrize("text, words", [
    ("name\nada\n", "needs an 'id' column"),
    ("id\nada\nada\n", "appears twice"),
    ("id\n../x\n", "must be letters"),
    ("id\n", "lists no students"),
])
def test_bad_rosters_are_refused(tmp_path, text, words):
    with pytest.raises(ValueError, match=re.escape(words)):
        ab.worksheet(roster(tmp_path, text), tmp_path / "out", course_seed="c1")
    assert not (tmp_path / "out").exists()


def test_a_page_renders(tmp_path):
    from PIL import Image
    if shutil.which("pdftoppm") is None:
        message = "no pdftoppm to render the page; install it with `apt-get install -y poppler-utils`"
        if os.environ.get("CI") == "true":
            pytest.fail(message + " (CI must render the worksheets)")
        pytest.skip(message)
    written = ab.worksheet(roster(tmp_path), tmp_path / "s", course_seed="c1")
    subprocess.run(["pdftoppm", "-png", "-r", "40", str(written[0]), str(tmp_path / "page")], check=True)
    image = Image.open(tmp_path / "page-1.png").convert("L")
    dark = sum(image.histogram()[:128])
    assert image.size[1] > image.size[0] and dark > 1000  # portrait, and something is printed on it


def test_each_worksheet_has_an_html_twin_with_the_same_content(tmp_path):
    from html.parser import HTMLParser

    class Reader(HTMLParser):
        def __init__(self):
            super().__init__()
            self.rows, self.labels, self.alts, self.answers, self._in = [], [], [], [], None

        def handle_starttag(self, tag, attrs):
            a = dict(attrs)
            if tag == "th" and a.get("scope") == "row":
                self._in = "row"
            elif tag == "td" and a.get("class") == "answer":
                self._in = "answer"
            elif tag == "input":
                self.labels.append(a.get("aria-label"))
            elif tag == "img":
                self.alts.append(a.get("alt"))

        def handle_data(self, data):
            if self._in == "row":
                self.rows.append(data)
            elif self._in == "answer":
                self.answers.append(data)
            self._in = None

    out = tmp_path / "sheets"
    ab.worksheet(roster(tmp_path), out, course_seed="c1", course="Week 5")
    all_sheets = sheets(roster(tmp_path), "c1")
    for sheet in all_sheets:
        page = Reader()
        page.feed((out / f"{sheet.student_id}.html").read_text(encoding="utf-8"))
        assert page.rows == [row[0] for row in sheet.rows]
        # Four boxes a row, each named after its node; no answers on a student's sheet.
        assert len(page.labels) == 4 * len(sheet.rows) and all(page.labels) and page.answers == []
        assert len({label for label in page.labels}) == len(page.labels)
        # The picture's text alternative names every node of the tree.
        assert len(page.alts) == 1 and all(n.name in page.alts[0] for n in sheet.tree.walk())
    key = Reader()
    key.feed((out / "answer-key.html").read_text(encoding="utf-8"))
    assert key.rows == [row[0] for s in all_sheets for row in s.rows] and key.labels == []
    pruned = sum(row[2] == "pruned" for s in all_sheets for row in s.rows)
    assert key.answers.count("pruned") == pruned > 0


def test_an_html_twin_is_not_overwritten_either(tmp_path):
    out = tmp_path / "sheets"
    out.mkdir()
    (out / "grace.html").write_text("mine")
    with pytest.raises(FileExistsError, match="grace.html"):
        ab.worksheet(roster(tmp_path), out, course_seed="c1")
    assert (out / "grace.html").read_text() == "mine" and not (out / "ada.pdf").exists()
