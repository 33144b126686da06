"""A lecture opened on a new machine is untrusted, so JupyterLab passes its stored HTML through its sanitizer.

A student who reads before running anything sees those sanitized outputs.
Every inline style the package writes must survive that sanitizer, or a
listing loses its monospace font and indentation and comes out right-aligned.
The check uses JupyterLab's own sanitizer, from the running page, on every
stored HTML output of every lecture.  It also checks that each output parses
as it was meant to: a stray quote inside a ``style='...'`` attribute ends the
attribute early and turns the rest into nonsense attributes.
"""

from __future__ import annotations

import json
import shutil

import nbformat
import pytest
from playwright.sync_api import Page, expect

from .labserver import KERNEL_IDLE, ROOT, LabServer

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]

LECTURES = sorted(p.name for p in (ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))
#: The attributes the package's HTML uses; anything else is the debris of a broken attribute.
ATTRIBUTES = {"style", "class", "title", "colspan", "rowspan", "id", "href", "src", "alt", "width", "height",
              "target", "rel", "role", "scope", "type", "start", "value", "open"}


def stored_html(name: str) -> list[tuple[int, str]]:
    """(cell index, HTML) of every stored HTML output of a lecture."""
    nb = nbformat.read(ROOT / "notebooks" / name, as_version=4)
    out = []
    for i, cell in enumerate(nb.cells):
        for output in cell.get("outputs", []):
            html = output.get("data", {}).get("text/html")
            if html:
                out.append((i, html if isinstance(html, str) else "".join(html)))
    return out


# For each HTML: the attribute names that are not expected, and, element by element (in document order),
# the style properties the original sets that JupyterLab's sanitizer drops.
_COMPARE = """([htmls, known]) => {
  const panel = window.jupyterapp.shell.currentWidget;
  const sanitizer = panel.content.rendermime.sanitizer;
  const parse = (h) => new DOMParser().parseFromString('<body>' + h + '</body>', 'text/html').body;
  const styled = (root) => [...root.querySelectorAll('*')];
  return htmls.map((h) => {
    const before = parse(h);
    const after = parse(sanitizer.sanitize(h));
    const odd = new Set();
    for (const el of styled(before)) for (const a of el.getAttributeNames()) if (!known.includes(a)) odd.add(a);
    const dropped = new Set();
    const a = styled(before), b = styled(after);
    if (a.length !== b.length) dropped.add(`elements: ${a.length} written, ${b.length} kept`);
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      for (const prop of a[i].style) {
        if (!b[i].style.getPropertyValue(prop)) dropped.add(`${a[i].tagName.toLowerCase()} ${prop}: ${a[i].style.getPropertyValue(prop)}`);
      }
    }
    return [[...odd], [...dropped]];
  });
}"""


def test_every_stored_style_survives_the_sanitizer(lab_server: LabServer, page: Page) -> None:
    for name in LECTURES:
        shutil.copyfile(ROOT / "notebooks" / name, lab_server.root / name)
    # Any lecture will do to reach the page's sanitizer; the lectures' outputs are all checked below.
    page.goto(lab_server.notebook_url(LECTURES[0]))
    expect(page.locator(".jp-StatusBar-TextItem", has_text=KERNEL_IDLE).first).to_be_visible()
    trusted = page.evaluate("() => window.jupyterapp.shell.currentWidget.content.model.cells.get(0).trusted")
    assert trusted is False, "the lecture opened trusted, so this would not test what a new reader sees"
    problems = []
    checked = 0
    for name in LECTURES:
        outputs = stored_html(name)
        results = page.evaluate(_COMPARE, [[h for _, h in outputs], sorted(ATTRIBUTES)])
        for (cell, _), (odd, dropped) in zip(outputs, results):
            checked += 1
            if odd:
                problems.append(f"{name} cell {cell}: attributes that are not HTML {odd}")
            if dropped:
                problems.append(f"{name} cell {cell}: the sanitizer drops {dropped[:4]}")
    assert checked > 20, f"only {checked} HTML outputs found in the lectures"
    assert not problems, json.dumps(problems, indent=1, ensure_ascii=False)
