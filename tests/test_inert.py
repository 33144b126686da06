"""What InertStudentContent keeps of an output: of an image its size, and its text alternative as text a page
escapes; of an output that breaks the notebook format, a well-formed output or a note that it was there."""

from __future__ import annotations

import copy

import nbformat
import pytest
from bs4 import BeautifulSoup
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from nbconvert import HTMLExporter
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook, new_output

from abteach.grading.inert import (ALT_CHARS, MALFORMED, MALFORMED_SOURCE, SAFE_MIMETYPES, InertStudentContent,
                                   inert_markdown, inert_output)
from tests.strategies import examples
from tests.test_redteam_feedback_steps import GOOD, feedback, grader_cell, steps_output

PNG = "iVBORw0KGgo="  # base64 alone, as the page writes it into src


def picture(alt: object) -> object:
    return new_output("display_data", data={"image/png": PNG, "text/plain": "tree"},
                      metadata={"image/png": {"alt": alt, "width": 40}})


def test_an_images_text_alternative_is_kept_as_text_and_escaped_on_the_page():
    # The by-hand exercises draw the student's tree: its alt is all a screen reader has of it.
    hostile = 'A\'s tree" onerror="f()'
    kept = inert_output(picture(hostile))
    assert kept.metadata == {"image/png": {"alt": hostile, "width": 40}}
    nb = new_notebook(cells=[new_code_cell("draw()", outputs=[kept])])
    page, _ = HTMLExporter(template_name="classic").from_notebook_node(nb)
    [image] = BeautifulSoup(page, "html.parser").find_all("img")
    # One attribute holding the whole text, and no handler beside it.
    assert image.attrs["alt"] == hostile and set(image.attrs) == {"alt", "src", "width"}


def test_an_alt_that_is_no_string_or_too_long_is_dropped():
    assert inert_output(picture(["x"])).metadata == {"image/png": {"width": 40}}
    assert inert_output(picture("x" * (ALT_CHARS + 1))).metadata == {"image/png": {"width": 40}}


def test_a_described_drawings_words_move_from_its_dropped_html_to_its_png():
    # The by-hand exercises draw the student's tree as a described drawing: <img alt> in HTML, beside the PNG.
    output = new_output("display_data", data={
        "image/png": PNG, "text/html": f'<img src="data:image/png;base64,{PNG}" alt="Game tree: A &amp; B.">'})
    kept = inert_output(output)
    assert "text/html" not in kept.data and kept.metadata["image/png"]["alt"] == "Game tree: A & B."
    # Any other HTML is dropped and gives no words.
    other = new_output("display_data", data={"image/png": PNG, "text/html": '<img src=x alt="y" onerror="f()">'})
    assert "alt" not in inert_output(other).get("metadata", {}).get("image/png", {})


# -- outputs that break the notebook format ------------------------------------------------------------------
#
# nbgrader reads a submitted notebook that breaks the format, logs it and goes on: its outputs reach
# InertStudentContent as they were written, whatever they are.  Each is kept, made well-formed, or stood in for
# by a note; none stops the preprocessor, which runs on the whole class's notebooks in one go.

KINDS = ("stream", "display_data", "execute_result", "error", "update_display_data", "clear_output")
MIMES = (*SAFE_MIMETYPES, "text/html", "image/svg+xml", "application/json", "application/javascript")
JSONISH = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=12),
                       lambda kids: st.lists(kids, max_size=3) | st.dictionaries(st.text(max_size=8), kids, max_size=3),
                       max_leaves=8)
TEXTS = st.text(max_size=12) | st.lists(st.text(max_size=8), max_size=3) | JSONISH
#: Output-shaped dicts, each field present or not, right or any JSON at all.
SHAPED = st.fixed_dictionaries({}, optional={
    "output_type": st.sampled_from(KINDS) | JSONISH,
    "data": st.dictionaries(st.sampled_from(MIMES) | st.text(max_size=8),
                            TEXTS | st.sampled_from([PNG, "not base64!", "<b>x</b>"]), max_size=4) | JSONISH,
    "metadata": st.dictionaries(st.sampled_from(MIMES) | st.text(max_size=8),
                                st.dictionaries(st.sampled_from(["width", "height", "alt", "x"]), JSONISH, max_size=3)
                                | JSONISH, max_size=3) | JSONISH,
    "name": st.sampled_from(["stdout", "stderr"]) | JSONISH,
    "text": TEXTS, "ename": TEXTS, "evalue": TEXTS, "traceback": TEXTS,
    "execution_count": st.integers(-2, 5) | JSONISH,
    "transient": JSONISH,
})
OUTPUTS = st.lists(SHAPED | JSONISH, max_size=4) | JSONISH


def notebook(outputs: object) -> nbformat.NotebookNode:
    """A valid notebook but for its one code cell's ``outputs``, as nbformat.read gives a file that holds them."""
    nb = new_notebook(cells=[new_code_cell("x = 1")])
    nb.cells[0]["outputs"] = nbformat.from_dict(copy.deepcopy(outputs))
    return nb


def errors(outputs: object) -> int:
    return sum(isinstance(o, dict) and o.get("output_type") == "error" for o in outputs) \
        if isinstance(outputs, list) else 0


@settings(max_examples=examples(3))
@given(OUTPUTS)
def test_any_outputs_come_out_well_formed_inert_and_settled(outputs):
    nb, _ = InertStudentContent().preprocess(notebook(outputs), {})
    nbformat.validate(nb)  # raises on any output the format does not allow
    kept = nb.cells[0].outputs
    for output in kept:
        assert set(output.get("data", {})) <= set(SAFE_MIMETYPES)
    # An error stays an error (a failed test still reads as failed), and nothing new is made an error.
    assert sum(o.output_type == "error" for o in kept) == errors(outputs)
    again = copy.deepcopy(nb)
    InertStudentContent().preprocess(again, {})
    assert again == nb  # feedback runs it again on what autograde wrote: nothing more changes


def page(nb: nbformat.NotebookNode) -> str:
    return HTMLExporter(template_name="classic").from_notebook_node(nb)[0]


@settings(max_examples=examples(0.5), deadline=None)
@given(OUTPUTS)
def test_any_outputs_render_on_a_page_with_no_script_or_handler_of_theirs(outputs):
    nb, _ = InertStudentContent().preprocess(notebook(outputs), {})
    body = BeautifulSoup(page(nb), "html.parser").body
    bare = BeautifulSoup(page(new_notebook(cells=[new_code_cell("x = 1")])), "html.parser").body
    assert len(body.find_all("script")) == len(bare.find_all("script"))
    assert not any(name.startswith("on") for tag in body.find_all(True) for name in tag.attrs)


@pytest.mark.parametrize("output", [
    {"output_type": "display_data"},                                   # no data
    {"data": {"text/plain": "x"}},                                     # no output_type
    {"output_type": "display_data", "data": ["text/plain"]},           # data not a dict
    {"output_type": "display_data", "data": {"text/plain": "x"}, "metadata": ["x"]},  # metadata not a dict
    {"output_type": "stream", "name": "stdout"},                       # no text
    {"output_type": "error", "ename": 1, "evalue": None, "traceback": "x"},
    {"output_type": "no such kind"}, "a string", 7, None, ["a", "list"],
])
def test_each_malformed_output_is_kept_well_formed_or_told_as_such(output):
    nb, _ = InertStudentContent().preprocess(notebook([output]), {})
    nbformat.validate(nb)
    [kept] = nb.cells[0].outputs
    if isinstance(output, dict) and output.get("output_type") == "error":
        assert kept.output_type == "error"
    elif output == {"output_type": "display_data", "data": {"text/plain": "x"}, "metadata": ["x"]}:
        assert kept.data == {"text/plain": "x"} and kept.metadata == {}
    else:
        assert kept.output_type == "stream" and MALFORMED in kept.text


@given(source=TEXTS, metadata=JSONISH | st.fixed_dictionaries({"nbgrader": JSONISH}))
def test_a_markdown_cell_with_any_source_or_metadata_comes_out_as_inert_text(source, metadata):
    marks = metadata.get("nbgrader") if isinstance(metadata, dict) else None
    assume(not (isinstance(marks, dict) and marks.get("locked") and marks.get("grade_id")))  # the course's own
    nb = new_notebook(cells=[new_markdown_cell("x")])
    nb.cells[0]["source"], nb.cells[0]["metadata"] = nbformat.from_dict(copy.deepcopy([source, metadata]))
    nb, _ = InertStudentContent().preprocess(nb, {})
    text = nb.cells[0].source
    assert isinstance(text, str) and "<" not in text
    written = "".join(source) if isinstance(source, list) and all(isinstance(s, str) for s in source) else source
    assert text == inert_markdown(written if isinstance(written, str) else MALFORMED_SOURCE)


@settings(max_examples=examples(1), deadline=None)
@given(theirs=OUTPUTS, graders=OUTPUTS)
def test_the_feedback_preprocessors_take_any_outputs_and_still_show_the_graders_stepper(theirs, graders):
    # generate_feedback's three in turn (TakeSearchSteps reads the outputs first); the grader's test cell holds
    # anything besides its own steps, and a student's cell anything at all.
    nb = notebook(theirs)
    cell = grader_cell([])
    cell["outputs"] = nbformat.from_dict(copy.deepcopy(graders if isinstance(graders, list) else [graders]))
    cell.outputs.append(steps_output(GOOD.to_json()))
    nb.cells.append(cell)
    nb = feedback(nb)
    nbformat.validate(nb)
    shown = [o for o in nb.cells[1].outputs if "text/html" in o.get("data", {})]
    assert len(shown) == 1 and "FIG_5_2" in shown[0].data["text/plain"]
