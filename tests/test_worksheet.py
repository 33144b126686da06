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


# -- what a new user met (issue 26) ------------------------------------------------------------------------

from itertools import combinations  # noqa: E402

from matplotlib.backends.backend_agg import FigureCanvasAgg  # noqa: E402
from matplotlib.text import Text  # noqa: E402

from abteach.cli import main  # noqa: E402
from abteach.lessons.practice import practice_tree  # noqa: E402
from abteach.search.events import fmt  # noqa: E402
from abteach.views.worksheet import A4, BOX, TICKED, layout  # noqa: E402
from abteach.views.worksheet import pages as sheet_pages  # noqa: E402

SIZES = ("small", "medium", "large")


def one_sheet(tmp_path, size):
    return sheets(roster(tmp_path, "id,name\nada,Ada Lovelace\n"), "c1", size=size)[0]


def tree_axes(fig):
    (ax,) = [a for a in fig.axes if a.get_label() == "tree"]
    return ax


def drawn_texts(fig):
    """Every piece of text on a rendered page, with its box in pixels."""
    FigureCanvasAgg(fig).draw()
    renderer = fig.canvas.get_renderer()
    texts = [t for ax in fig.axes for t in ax.findobj(Text) if t.get_visible() and t.get_text().strip()]
    return [(t.get_text(), t.get_window_extent(renderer)) for t in texts]


@pytest.mark.parametrize("size", SIZES)
def test_the_tree_names_every_node_the_table_asks_about(tmp_path, size):
    sheet = one_sheet(tmp_path, size)
    # The table names nodes as the book does, in the tree's own order ...
    assert [row[0] for row in sheet.rows] == [sheet.tree.book_name(n.path) for n in sheet.tree.walk()]
    # ... and every one of those names, leaves (b1, c2, ...) included, is written on the drawing.
    on_tree = {t.get_text() for t in tree_axes(sheet_pages(sheet, False, "Week 5")[0]).findobj(Text)}
    missing = [row[0] for row in sheet.rows if row[0] not in on_tree]
    assert missing == []


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("key", [False, True])
def test_no_two_words_on_a_page_overlap(tmp_path, size, key):
    sheet = one_sheet(tmp_path, size)
    for fig in sheet_pages(sheet, key, "Week 5"):
        placed = drawn_texts(fig)
        clashes = [(a, b) for (a, box_a), (b, box_b) in combinations(placed, 2) if box_a.overlaps(box_b)]
        assert clashes == []
        width, height = fig.get_size_inches() * fig.dpi
        outside = [t for t, box in placed if box.x0 < 0 or box.y0 < 0 or box.x1 > width or box.y1 > height]
        assert outside == []  # every word on the paper


@pytest.mark.parametrize("size", SIZES)
def test_leaves_are_separate_boxes_big_enough_to_write_in(tmp_path, size):
    sheet = one_sheet(tmp_path, size)
    fig = sheet_pages(sheet, False, "Week 5")[0]
    FigureCanvasAgg(fig).draw()
    ax = tree_axes(fig)
    n = len(sheet.tree.leaves())
    (leaves,) = [c for c in ax.collections if len(c.get_offsets()) == n and c.get_paths()[0].vertices.size]
    side = float(leaves.get_sizes()[0]) ** 0.5  # points
    xs = sorted(ax.transData.transform(leaves.get_offsets())[:, 0] * 72 / fig.dpi)
    gaps = [b - a - side for a, b in zip(xs, xs[1:])]
    assert side >= 14 and min(gaps) >= 0.25 * side, (side, min(gaps))
    # The value in each box is print-sized: at least 6.5 points.
    values = [t for t in ax.findobj(Text) if t.get_text() in {fmt(x.value) for x in sheet.tree.leaves()}]
    assert values and min(t.get_fontsize() for t in values) >= 6.5


def test_a_tree_too_wide_for_portrait_gets_a_landscape_page_and_the_table_its_own():
    small, large = practice_tree(size="small", seed=3), practice_tree(size="large", seed=3)
    assert (layout(small, len(small)).page, layout(small, len(small)).pages) == (A4, 1)
    assert (layout(large, len(large)).page, layout(large, len(large)).pages) == ((A4[1], A4[0]), 2)


def test_pruned_is_a_tick_box_ticked_in_the_key_only(tmp_path):
    sheet = one_sheet(tmp_path, "small")
    pruned = sum(row[2] == "pruned" for row in sheet.rows)
    assert pruned > 0

    def marks(key):
        return [t for fig in sheet_pages(sheet, key, "W") for t, _ in drawn_texts(fig) if t in (BOX, TICKED)]

    assert marks(False) == [BOX] * len(sheet.rows)
    assert marks(True).count(TICKED) == pruned and marks(True).count(BOX) == len(sheet.rows) - pruned
    out = tmp_path / "s"
    ab.worksheet(roster(tmp_path, "id\nada\n"), out, course_seed="c1")
    page = (out / "ada.html").read_text(encoding="utf-8")
    boxes = re.findall(r"<input type='checkbox' id='[^']+' aria-label='([^']+)'>", page)
    assert boxes == [f"{row[0]} pruned" for row in sheet.rows]


def test_the_keys_html_does_not_speak_to_the_student(tmp_path):
    out = tmp_path / "s"
    ab.worksheet(roster(tmp_path), out, course_seed="c1")
    assert "Your answers" in (out / "ada.html").read_text(encoding="utf-8")
    assert "Your answers" not in (out / "answer-key.html").read_text(encoding="utf-8")


def pdftotext(pdf) -> str:
    if shutil.which("pdftotext") is None:
        message = "no pdftotext to read the text layer; install it with `apt-get install -y poppler-utils`"
        if os.environ.get("CI") == "true":
            pytest.fail(message + " (CI must read the worksheets' text)")
        pytest.skip(message)
    return subprocess.run(["pdftotext", str(pdf), "-"], check=True, capture_output=True, text=True).stdout


@pytest.mark.parametrize("size", ["small", "large"])
def test_the_text_layer_reads_as_the_page_does(tmp_path, size):
    out = tmp_path / "s"
    ab.worksheet(roster(tmp_path, "id\nada\n"), out, course_seed="c1", size=size, course="Week 5")
    for pdf in (out / "ada.pdf", out / "answer-key.pdf"):
        text = pdftotext(pdf)
        # Whole words (no lost "ff" ligature), and α and β where the sentence has them.
        assert "a node that cuts off returns its bound" in text
        assert "Write the α and β each call receives." in text
        assert "Tie rule: cut off on ties: v ≥ β in MAX, v ≤ α in MIN (the textbook)." in text


@pytest.mark.parametrize("text, names", [
    ("id\nanswer-key\n", ["'answer-key'"]),
    ("id\nada\nAnswer-Key\n", ["'Answer-Key'"]),
    ("id\nAda\nalan\nada\n", ["'Ada'", "'ada'"]),
])
def test_ids_whose_files_would_collide_are_refused_by_name(tmp_path, text, names):
    out = tmp_path / "out"
    with pytest.raises(ValueError) as err:
        ab.worksheet(roster(tmp_path, text), out, course_seed="c1")
    assert all(name in str(err.value) for name in names) and "roster.csv" in str(err.value)
    assert not out.exists()  # nothing written


def test_replaced_worksheets_keep_their_permissions(tmp_path):
    out = tmp_path / "s"
    written = ab.worksheet(roster(tmp_path), out, course_seed="c1")
    for path in written:
        path.chmod(0o644)
        path.with_suffix(".html").chmod(0o664)
    ab.worksheet(roster(tmp_path), out, course_seed="c1", overwrite=True)
    assert {oct(p.stat().st_mode & 0o777) for p in written} == {"0o644"}
    assert {oct(p.with_suffix(".html").stat().st_mode & 0o777) for p in written} == {"0o664"}


def run_cli(tmp_path, capsys, text, *extra):
    import io
    out = io.StringIO()
    status = main(["worksheet", str(roster(tmp_path, text)), "-o", str(tmp_path / "sheets"), "--course-seed", "c1",
                   *extra], out=out)
    return status, out.getvalue(), capsys.readouterr().err


def test_a_refused_run_shows_no_progress_bar(tmp_path, capsys):
    status, said, err = run_cli(tmp_path, capsys, "id\nAda\nada\n")
    assert status == 1 and said == ""
    assert "'Ada' and 'ada'" in err and "drawing worksheets" not in err


def test_the_summary_counts_in_words_that_agree(tmp_path, capsys):
    status, said, err = run_cli(tmp_path, capsys, "id\nada\n")
    assert status == 0 and said.startswith("wrote 1 worksheet and ") and "drawing worksheets" in err
    status, said, _ = run_cli(tmp_path, capsys, "id\nada\nalan\n", "--force")
    assert status == 0 and said.startswith("wrote 2 worksheets and ")


def test_an_lms_export_works_from_the_command_line(tmp_path, capsys):
    status, said, _ = run_cli(tmp_path, capsys, "\ufeffStudent ID;Last Name;First Name\nada;Lovelace;Ada\n")
    assert status == 0 and (tmp_path / "sheets" / "ada.pdf").is_file()


def test_with_no_course_title_a_sheet_shows_no_seed(tmp_path):
    # The seed decides every tree; with no --course it once stood in as the title on every page.
    out = tmp_path / "sheets"
    ab.worksheet(roster(tmp_path), out, course_seed="seed-not-a-title")
    for page in out.glob("*.html"):
        text = page.read_text()
        assert "seed-not-a-title" not in text and "Alpha-beta by hand" in text
