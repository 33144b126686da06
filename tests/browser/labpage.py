"""What the JupyterLab browser tests do in the page: run a notebook, watch what goes to the kernel, go dark.

The server itself is tests/browser/labserver.py's.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, WebSocket, expect

from .labserver import KERNEL_IDLE, LabServer

#: The sizes every screenshot is taken at: a 1024×768 projector and a 1400×900 laptop.
SIZES = ((1024, 768), (1400, 900))
#: How long a widget may take to show after Run All: the kernel starts, imports abteach and runs the searches.
WIDGET_TIMEOUT_MS = 120_000


def open_and_run(page: Page, server: LabServer, name: str, widget: str, what: str) -> Locator:
    """Open the notebook ``name``, Run All, and return its first output's ``widget`` once shown and the kernel idle.

    ``what`` names the widget in the failure, which quotes what the notebook wrote on stderr.
    """
    page.goto(server.notebook_url(name))
    expect(page.locator(".jp-NotebookPanel")).to_be_visible()
    expect(page.locator(".jp-StatusBar-TextItem", has_text=KERNEL_IDLE).first).to_be_visible()
    page.evaluate("async () => { await window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
    root = page.locator(f".jp-OutputArea-output {widget}").first
    try:
        expect(root).to_be_visible(timeout=WIDGET_TIMEOUT_MS)
    except AssertionError:
        stderr = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
        texts = "\n".join(stderr.all_inner_texts()) or "(no output on stderr)"
        pytest.fail(f"{name} showed no {what} after Run All; its stderr:\n{texts}")
    expect(page.locator(".jp-StatusBar-TextItem", has_text=KERNEL_IDLE).first).to_be_visible(
        timeout=WIDGET_TIMEOUT_MS)
    root.scroll_into_view_if_needed()
    return root


def sent_frames(page: Page) -> list[str]:
    """A list that fills with every websocket frame ``page`` sends from now on, as text."""
    sent: list[str] = []

    def watch(ws: WebSocket) -> None:
        ws.on("framesent", lambda payload: sent.append(payload if isinstance(payload, str)
                                                         else payload.decode("utf-8", "replace")))
    page.on("websocket", watch)
    return sent


def to_kernel(frames: list[str]) -> list[str]:
    """The frames among ``frames`` that ask the kernel for something: a comm message or an execute request."""
    return [m for m in frames if "comm_msg" in m or "execute_request" in m]


@contextmanager
def dark_theme(page: Page) -> Iterator[None]:
    """JupyterLab's dark theme for the block, then the light one again.

    The theme is a setting of the whole server: the next test must find the light one again.
    """
    theme = "async theme => { await window.jupyterapp.commands.execute('apputils:change-theme', {theme}); }"
    page.evaluate(theme, "JupyterLab Dark")
    try:
        expect(page.locator("body[data-jp-theme-name='JupyterLab Dark']")).to_be_attached()
        expect(page.locator("#jupyterlab-splash")).to_have_count(0)  # the splash that covers a theme change, gone
        yield
    finally:
        page.evaluate(theme, "JupyterLab Light")
        expect(page.locator("body[data-jp-theme-name='JupyterLab Light']")).to_be_attached()
        expect(page.locator("#jupyterlab-splash")).to_have_count(0)


def screenshots(page: Page, widget: Locator, stem: Path) -> None:
    """``widget`` at the top of the page at each of :data:`SIZES`, JupyterLab's file browser open, saved as
    ``<stem>-<W>x<H>-filebrowser.png`` to be looked at."""
    from .test_layout_browser import set_layout

    stem.parent.mkdir(parents=True, exist_ok=True)
    for width, height in SIZES:
        set_layout(page, width, height, True)
        widget.evaluate("el => el.scrollIntoView({block: 'start'})")
        page.screenshot(path=str(stem.parent / f"{stem.name}-{width}x{height}-filebrowser.png"))
