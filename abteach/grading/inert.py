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

A submitted file can hold anything, and nbgrader reads one that breaks the
notebook format, logs it and goes on: so an output is rebuilt from the
fields its kind has in the format, each checked, never read as it came.
One that cannot be (not a dict, no known ``output_type``, a display with no
data, a stream with no text) is replaced by a note, :data:`MALFORMED`, so
the page shows something was there; an error stays an error (its fields
made strings), so a failed test still reads as failed.  Nothing a notebook
holds makes the preprocessor raise: it runs on the whole class's notebooks.
"""

from __future__ import annotations

import html
import re
from typing import Any, Mapping

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
#: What stands in for an output that breaks the notebook format.
MALFORMED = "An output here does not follow the notebook format, so it is not shown."
#: What stands in for a markdown cell's source that is no text.
MALFORMED_SOURCE = "This cell's text does not follow the notebook format, so it is not shown."
#: The streams an output may be written to.
_STREAMS = ("stdout", "stderr")


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


def inert_output(output: Any) -> NotebookNode | None:
    """``output`` well-formed, with only :data:`SAFE_MIMETYPES` in its data; ``None`` when nothing of it is left.

    A stream or an error is text, which the page escapes: it is kept, its
    fields checked.  An output that breaks the notebook format comes back as
    a note that it was there (an error as an error).

    Examples
    --------
    >>> from nbformat.v4 import new_output
    >>> shown = new_output("display_data", data={"text/html": "<script>f()</script>", "text/plain": "<HTML>"})
    >>> dict(inert_output(shown).data)
    {'text/plain': '<HTML>'}
    >>> inert_output(new_output("display_data", data={"application/javascript": "f()"})) is None
    True
    >>> inert_output({"output_type": "display_data"}).text.strip() == MALFORMED
    True
    """
    if not isinstance(output, Mapping):
        return _note()
    kind = output.get("output_type")
    if kind == "stream":
        text = _text(output.get("text"))
        name = output.get("name")
        if text is None or name not in _STREAMS:
            return _note()
        return NotebookNode({"output_type": "stream", "name": name, "text": text})
    if kind == "error":
        # Kept an error whatever its fields say: a test cell that failed must not read as one that passed.
        ename, evalue, lines = output.get("ename"), output.get("evalue"), output.get("traceback")
        return NotebookNode({"output_type": "error", "ename": ename if isinstance(ename, str) else "Error",
                             "evalue": evalue if isinstance(evalue, str) else MALFORMED,
                             "traceback": [line for line in lines if isinstance(line, str)]
                             if isinstance(lines, list) else []})
    if kind in ("display_data", "execute_result"):
        return _inert_display(kind, output)
    return _note()


def _inert_display(kind: str, output: Mapping[str, Any]) -> NotebookNode | None:
    """A display's or a result's safe data, its images' checked metadata and (a result's) execution count."""
    given = output.get("data")
    if not isinstance(given, Mapping):
        return _note()
    described = _described_alt(given)
    data: dict[str, str] = {}
    for mime, value in given.items():
        text = _text(value) if mime == "text/plain" else value
        if mime in SAFE_MIMETYPES and isinstance(text, str) and (mime == "text/plain" or _BASE64.fullmatch(text)):
            data[mime] = text
    if not data:
        return None
    meta = output.get("metadata")
    meta = meta if isinstance(meta, Mapping) else {}
    metadata = NotebookNode({
        mime: NotebookNode({k: v for k, v in value.items() if isinstance(k, str) and _kept_image_metadata(k, v)})
        for mime, value in meta.items() if mime in data and mime != "text/plain" and isinstance(value, Mapping)})
    if described is not None and "image/png" in data:
        # A described drawing said its words in the <img> of its HTML, which is dropped: the PNG keeps them.
        metadata.setdefault("image/png", NotebookNode())["alt"] = described
    kept = NotebookNode({"output_type": kind, "data": NotebookNode(data), "metadata": metadata})
    if kind == "execute_result":
        count = output.get("execution_count")
        kept["execution_count"] = count if type(count) is int and count >= 0 else None
    return kept


def _text(value: Any) -> str | None:
    """A multiline string of the format (a str, or a list of str the reader joins); None if it is neither."""
    if isinstance(value, str):
        return value
    if isinstance(value, list) and all(isinstance(line, str) for line in value):
        return "".join(value)
    return None


def _note() -> NotebookNode:
    """The stand-in for an output that breaks the format: a stream the page shows as text."""
    return NotebookNode({"output_type": "stream", "name": "stderr", "text": MALFORMED + "\n"})


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


def _instructors(cell: dict[str, Any]) -> bool:
    """Whether ``cell`` is a locked cell of the course: nbgrader restored its source from the gradebook.

    nbgrader's ``OverwriteCells`` (before autograde's preprocessors) drops a
    grade id the gradebook does not know, and puts back a locked cell's source.
    """
    meta = cell.get("metadata")
    meta = meta.get("nbgrader") if isinstance(meta, Mapping) else None
    return isinstance(meta, Mapping) and bool(meta.get("locked")) and bool(meta.get("grade_id"))


class InertStudentContent(Preprocessor):
    """Every output kept to :data:`SAFE_MIMETYPES`; every student's markdown cell made text (see the module)."""

    # nbconvert's preprocessors are off unless enabled, and nbgrader skips one that is off without a word.
    enabled = Bool(True).tag(config=True)

    def preprocess(self, nb: NotebookNode, resources: dict[str, Any]) -> tuple[NotebookNode, dict[str, Any]]:
        for cell in nb.cells:
            if not isinstance(cell, dict):
                continue  # no cell of the format: nothing of it is shown as a cell
            if cell.get("cell_type") == "code":
                outputs = cell.get("outputs", [])
                kept = [inert_output(output) for output in outputs] if isinstance(outputs, list) else [_note()]
                cell["outputs"] = [output for output in kept if output is not None]
            elif cell.get("cell_type") == "markdown" and not _instructors(cell):
                source = _text(cell.get("source"))
                cell["source"] = inert_markdown(MALFORMED_SOURCE if source is None else source)
        return nb, resources


__all__ = ["InertStudentContent", "inert_markdown", "inert_output", "SAFE_MIMETYPES", "MALFORMED", "MALFORMED_SOURCE"]
