"""What InertStudentContent keeps of an image: its size, and its text alternative as text a page escapes."""

from __future__ import annotations

from bs4 import BeautifulSoup
from nbconvert import HTMLExporter
from nbformat.v4 import new_code_cell, new_notebook, new_output

from abteach.grading.inert import ALT_CHARS, inert_output

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
