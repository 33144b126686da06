"""A student's notebook made inert for the pages the instructor and the student open: no script of theirs runs.

The formgrader page the instructor grades on, and the student's feedback
page, render the notebook as HTML in a browser where the instructor is
logged in to Jupyter: a script a student wrote there could change any grade,
or run code, through the instructor's session.  Two ways in are open to a
student, and ``HTMLExporter.sanitize_html`` (nbconvert 7.17) closes neither:

- a markdown cell's raw HTML (``<script>``, ``<img onerror=...>``), which the
  page renders as HTML;
- an output a cell displays as ``text/html``, ``image/svg+xml``,
  ``application/javascript``, a widget or any other rich type.

:class:`InertStudentContent`, a preprocessor set in
``course/nbgrader_config.py`` after the kernel's run (autograde) and in
feedback, keeps of each output only :data:`SAFE_MIMETYPES` (plain text, and
PNG and JPEG images whose data is base64), and turns a student's markdown
into text: ``<`` is escaped, so ``<script>`` shows as written, and so is
``[``, so no link or image is made (a link's address could be
``javascript:``, spelt in ways a filter of addresses would miss, such as
character references the page decodes).  Markdown's own formatting
(emphasis, lists, headings, code) still shows.
A locked cell, whose source nbgrader restored from the gradebook (the
instructor's own), is left as it is.
"""

from __future__ import annotations

import html
import re
from typing import Any

from nbconvert.preprocessors import Preprocessor
from nbformat import NotebookNode
from traitlets import Bool

#: The only kinds of output data kept: none of them runs in a browser.
SAFE_MIMETYPES = ("text/plain", "image/png", "image/jpeg")
#: The images' data must be base64 alone: the page writes it into an ``<img src="...">`` as it is.
_BASE64 = re.compile(r"[A-Za-z0-9+/=\s]*")
#: A "[" not escaped already (after an even number of backslashes, none included): it could open a link or image.
_OPEN_BRACKET = re.compile(r"(?<!\\)((?:\\\\)*)\[")
#: What an output's metadata may say of an image: its size, as a number.
_IMAGE_SIZE = ("width", "height")
#: Characters of an image's text alternative kept: the page escapes it, so it is text, and it is all a screen
#: reader has of the picture (the by-hand exercises draw the student's tree).
ALT_CHARS = 2000


def inert_markdown(source: str) -> str:
    r"""A student's markdown with its raw HTML turned to text, and no link or image.

    Applied twice, it changes nothing more (feedback runs it on what autograde wrote).

    Examples
    --------
    >>> inert_markdown('**mine** <script>alert(1)</script> <img src=x onerror="f()">')
    '**mine** &lt;script>alert(1)&lt;/script> &lt;img src=x onerror="f()">'
    >>> print(inert_markdown(r'[click](j&#97;vascript:alert(1)) ![x](y) \\[z](w) \[done]'))
    \[click](j&#97;vascript:alert(1)) !\[x](y) \\\[z](w) \[done]
    """
    return _OPEN_BRACKET.sub(r"\1\\[", source.replace("<", "&lt;"))


def inert_output(output: NotebookNode) -> NotebookNode | None:
    """``output`` with only :data:`SAFE_MIMETYPES` in its data; ``None`` when nothing of it is left.

    A stream or an error is text, which the page escapes: it is kept as it is.

    Examples
    --------
    >>> from nbformat.v4 import new_output
    >>> shown = new_output("display_data", data={"text/html": "<script>f()</script>", "text/plain": "<HTML>"})
    >>> dict(inert_output(shown).data)
    {'text/plain': '<HTML>'}
    >>> inert_output(new_output("display_data", data={"application/javascript": "f()"})) is None
    True
    """
    if "data" not in output:
        return output
    described = _described_alt(output.data)
    data = {kind: value for kind, value in output.data.items() if kind in SAFE_MIMETYPES
            and (kind == "text/plain" or isinstance(value, str) and _BASE64.fullmatch(value))}
    if not data:
        return None
    output.data = NotebookNode(data)
    if "metadata" in output:
        output.metadata = NotebookNode({
            kind: NotebookNode({k: v for k, v in meta.items() if _kept_image_metadata(k, v)})
            for kind, meta in output.metadata.items() if kind in data and kind != "text/plain"
            and isinstance(meta, dict)})
    if described is not None and "image/png" in data:
        # A described drawing said its words in the <img> of its HTML, which is dropped: the PNG keeps them.
        output.setdefault("metadata", NotebookNode())
        output.metadata.setdefault("image/png", NotebookNode())["alt"] = described
    return output


#: A described drawing's HTML form: its PNG again, and its words (abteach.views.draw.Drawing).
_DESCRIBED = re.compile(r'<img src="data:image/png;base64,[A-Za-z0-9+/=]+" alt="([^"<>]*)">')


def _described_alt(data: Any) -> str | None:
    """The words of an output whose HTML is only an image and its alt, as a described drawing shows; else None."""
    found = _DESCRIBED.fullmatch(str(data.get("text/html", "")))
    if found is None:
        return None
    words = html.unescape(found.group(1))
    return words if len(words) <= ALT_CHARS else None


def _kept_image_metadata(key: str, value: object) -> bool:
    """An image's size as a number, or its text alternative as a short string: what the page writes as it is."""
    if key in _IMAGE_SIZE:
        return type(value) in (int, float)
    return key == "alt" and isinstance(value, str) and len(value) <= ALT_CHARS


def _instructors(cell: NotebookNode) -> bool:
    """Whether ``cell`` is a locked cell of the course: nbgrader restored its source from the gradebook.

    nbgrader's ``OverwriteCells`` (before autograde's preprocessors) drops a
    grade id the gradebook does not know, and puts back a locked cell's source.
    """
    meta = cell.metadata.get("nbgrader", {})
    return bool(meta.get("locked")) and bool(meta.get("grade_id"))


class InertStudentContent(Preprocessor):
    """Every output kept to :data:`SAFE_MIMETYPES`; every student's markdown cell made text (see the module)."""

    # nbconvert's preprocessors are off unless enabled, and nbgrader skips one that is off without a word.
    enabled = Bool(True).tag(config=True)

    def preprocess(self, nb: NotebookNode, resources: dict[str, Any]) -> tuple[NotebookNode, dict[str, Any]]:
        for cell in nb.cells:
            if cell.cell_type == "code":
                kept = [inert_output(output) for output in cell.get("outputs", [])]
                cell.outputs = [output for output in kept if output is not None]
            elif cell.cell_type == "markdown" and not _instructors(cell):
                cell.source = inert_markdown(cell.source)
        return nb, resources


__all__ = ["InertStudentContent", "inert_markdown", "inert_output", "SAFE_MIMETYPES"]
