"""The same stepper module in JupyterLab 4, Notebook 7 and Voilà: lecture 02 runs, and its first stepper steps in
the page by key and by button with no message to or from the kernel, the keys never reaching the host.

Every kernel websocket the page opens is watched (Playwright's ``websocket`` event, each frame sent and
received): the frames counted around the steps must not change.  What each step must show comes from the
lecture's first search, replayed here from its frame data (the 3rd edition on Fig. 5.2): the α, β and v
texts of the drawn nodes and the sentence.  The hosts' own shortcuts must not see the keys: in JupyterLab and
Notebook 7 command mode, the active cell stays and the focus stays in the widget; in Voilà, End and Home do
not scroll the page.  axe-core audits the widgets in each host's light and dark theme.
Screenshots at 1024×768 and 1400×900 (JupyterLab with its file browser open; Notebook 7 and Voilà have none)
are kept in build/screens/nb7/.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, Page, WebSocket, expect

import abteach as ab
from abteach.views.frame_data import frame_data, replay

from .axe import audit, blocking, counts
from .labserver import DEFAULT_TIMEOUT_MS, KERNEL_IDLE, OUTSIDE, ROOT, LabServer, stripped_copy
from .test_app import LOCAL_ONLY, App, _free_port, printed_address
from .test_layout_browser import set_layout

pytestmark = [pytest.mark.browser, pytest.mark.timeout(900)]

LECTURE = "02-alpha-beta.ipynb"
SCREENS = ROOT / "build" / "screens" / "nb7"
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"
RUN_TIMEOUT_MS = 180_000
SIZES = ((1024, 768), (1400, 900))

# The α, β and v texts of the nodes drawn (the tree's hidden nodes keep old texts: left out), and the sentence.
SHOWN = """root => ({
    labels: [...root.querySelectorAll('.abs-tree g[role=treeitem]:not(.abs-hide) text.abs-small tspan')]
        .map(t => t.textContent).sort(),
    texts: [...root.querySelectorAll('.abs-tree svg text')].map(t => t.textContent).join('|'),
    sentence: root.querySelector('.abs-sentence').textContent.replace(/\\s+/g, ' '),
    step: Number(root.dataset.step)})"""
ACTIVE_CELL = """() => [...document.querySelectorAll('.jp-Notebook .jp-Cell')]
    .findIndex(c => c.classList.contains('jp-mod-active'))"""


@dataclass
class KernelFrames:
    """Every frame on the page's kernel websockets (``/api/kernels/<id>/channels``), both ways."""

    frames: list[str] = field(default_factory=list)
    sockets: list[str] = field(default_factory=list)

    def watch(self, ws: WebSocket) -> None:
        if "/api/kernels/" not in ws.url:
            return
        self.sockets.append(ws.url)
        ws.on("framesent", lambda payload: self.frames.append(f"sent {str(payload)[:200]}"))
        ws.on("framereceived", lambda payload: self.frames.append(f"received {str(payload)[:200]}"))


def first_search() -> dict:
    """The frame data of lecture 02's first stepper's first search, built here as the lecture builds it."""
    return frame_data(ab.alphabeta(ab.examples.FIG_5_2).trace)


def expected(data: dict, step: int) -> tuple[list[str], str]:
    state = replay(data, step)
    labels = sorted(label for node in state["nodes"] if node for label in node[2])
    return labels, state["sentence"]


def steppers_in_lecture() -> int:
    saved = json.loads((ROOT / "notebooks" / LECTURE).read_text())
    return sum(1 for c in saved["cells"] if c["cell_type"] == "code"
               for o in c.get("outputs", []) if WIDGET_MIME in o.get("data", {}) and "ab.stepper(" in "".join(c["source"]))


def step_without_kernel(page: Page, root: Locator, frames: KernelFrames, host: str) -> None:
    """Step the stepper by key and by button; each step shows the replayed frame, and no kernel frame moves."""
    data = first_search()
    root.scroll_into_view_if_needed()
    expect(root).to_have_attribute("data-step", "0")
    assert frames.sockets, f"{host}: the page opened no kernel websocket: nothing would be counted"
    page.wait_for_timeout(1500)  # the kernel's last replies (idle status) arrive before counting starts
    before = len(frames.frames)
    in_notebook = host != "voila"
    if in_notebook:
        page.keyboard.press("Escape")  # command mode, where the hosts bind the arrow keys
    root.focus()
    cell = page.evaluate(ACTIVE_CELL)
    scroll = page.evaluate("() => [window.scrollY, document.scrollingElement.scrollTop]")
    shown = root.evaluate(SHOWN)
    texts_seen = {shown["texts"]}
    moves = [("key", "ArrowRight", 1), ("key", "ArrowRight", 2), ("button", "Forward one step", 3),
             ("key", "ArrowLeft", 2), ("button", "Forward one step", 3), ("key", "End", len(data["steps"]) - 1),
             ("button", "Back one step", len(data["steps"]) - 2), ("key", "Home", 0), ("button", "Last step",
                                                                                       len(data["steps"]) - 1)]
    for how, what, step in moves:
        if how == "key":
            page.keyboard.press(what)
        else:
            root.get_by_role("button", name=what, exact=True).click()
        expect(root).to_have_attribute("data-step", str(step))
        shown = root.evaluate(SHOWN)
        labels, sentence = expected(data, step)
        assert shown["labels"] == labels, f"{host}, step {step} ({how} {what}): α, β, v {shown['labels']} != {labels}"
        assert sentence in shown["sentence"], f"{host}, step {step}: {sentence!r} not in {shown['sentence']!r}"
        texts_seen.add(shown["texts"])
        if how == "key":
            assert root.evaluate("r => r.contains(document.activeElement)"), f"{host}: {what} took the focus away"
            if in_notebook:
                assert page.evaluate(ACTIVE_CELL) == cell, f"{host}: {what} reached the host and moved the active cell"
            else:
                now = page.evaluate("() => [window.scrollY, document.scrollingElement.scrollTop]")
                assert now == scroll, f"{host}: {what} reached the page and scrolled it ({scroll} -> {now})"
        else:
            root.focus()  # a click leaves the focus on the button; the keys are the widget's from its root too
    assert len(texts_seen) >= 4, f"{host}: the SVG's texts changed in only {len(texts_seen) - 1} of {len(moves)} steps"
    page.wait_for_timeout(1500)  # a message the steps caused would have arrived by now
    after = frames.frames[before:]
    print(f"\n{host}: {len(moves)} steps, {len(after)} kernel websocket frames during them "
          f"({len(frames.frames)} in all on {len(frames.sockets)} socket(s))")
    assert after == [], f"{host}: the steps moved kernel frames:\n" + "\n".join(after[:10])


def audit_widgets(page: Page, host: str, theme: str) -> None:
    assert page.locator(".abs-root").count() >= 1, f"{host}, {theme}: no stepper to audit"
    found = blocking(audit(page, ".abs-root"))
    assert found == [], f"{host}, {theme}: " + str(counts(found)) + "\n" + "\n".join(map(str, found))


def shoot(page: Page, root: Locator, name: str, lab: bool = False) -> None:
    SCREENS.mkdir(parents=True, exist_ok=True)
    for width, height in SIZES:
        if lab:
            set_layout(page, width, height, True)
        else:
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_timeout(500)
        root.scroll_into_view_if_needed()
        page.screenshot(path=str(SCREENS / f"{name}-{width}x{height}.png"))


@pytest.fixture
def watched(page: Page) -> Iterator[KernelFrames]:
    frames = KernelFrames()
    page.on("websocket", frames.watch)
    yield frames


def test_jupyterlab(page: Page, lab_server: LabServer, watched: KernelFrames) -> None:
    saved = json.loads((ROOT / "notebooks" / LECTURE).read_text())
    stripped_copy(saved, lab_server.root / LECTURE)  # type: ignore[arg-type]
    page.goto(lab_server.notebook_url(LECTURE))
    expect(page.locator(".jp-NotebookPanel")).to_be_visible()
    expect(page.locator(".jp-StatusBar-TextItem", has_text=KERNEL_IDLE).first).to_be_visible()
    page.evaluate("async () => { await window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
    roots = page.locator(".jp-OutputArea-output .abs-root")
    expect(roots).to_have_count(steppers_in_lecture(), timeout=RUN_TIMEOUT_MS)
    expect(page.locator(".jp-StatusBar-TextItem", has_text=KERNEL_IDLE).first).to_be_visible(timeout=RUN_TIMEOUT_MS)
    root = roots.first
    step_without_kernel(page, root, watched, "jupyterlab")
    audit_widgets(page, "jupyterlab", "light")
    shoot(page, root, "lab-light", lab=True)
    theme = "async theme => { await window.jupyterapp.commands.execute('apputils:change-theme', {theme}); }"
    page.evaluate(theme, "JupyterLab Dark")
    try:
        expect(page.locator("body[data-jp-theme-name='JupyterLab Dark']")).to_be_attached()
        page.wait_for_timeout(1500)  # the splash that covers a theme change
        audit_widgets(page, "jupyterlab", "dark")
        shoot(page, root, "lab-dark", lab=True)
    finally:
        page.evaluate(theme, "JupyterLab Light")


def notebook7_menu(page: Page, *path: str) -> None:
    """Click through Notebook 7's menu bar: ``notebook7_menu(page, "Run", "Run All Cells")``."""
    page.locator(".lm-MenuBar-itemLabel", has_text=path[0]).first.click()
    for label in path[1:]:
        item = page.locator(".lm-Menu-item:visible .lm-Menu-itemLabel", has_text=label).first
        item.hover()
        item.click()


def wait_for_kernel(page: Page, server: LabServer, frames: KernelFrames) -> None:
    for _ in range(DEFAULT_TIMEOUT_MS // 500):
        kernels = server.api("/api/kernels") or []
        if frames.sockets and kernels and all(k["execution_state"] == "idle" for k in kernels):  # type: ignore[union-attr,index]
            page.wait_for_timeout(1000)
            return
        page.wait_for_timeout(500)
    pytest.fail(f"no idle kernel connected to the page: sockets {frames.sockets}, kernels {server.api('/api/kernels')}")


def test_notebook7(page: Page, lab_server: LabServer, watched: KernelFrames) -> None:
    saved = json.loads((ROOT / "notebooks" / LECTURE).read_text())
    stripped_copy(saved, lab_server.root / LECTURE)  # type: ignore[arg-type]
    # The file list first, as a student finds the lecture: Notebook 7's /tree.
    page.goto(f"{lab_server.url}/tree/{lab_server.folder}?token={lab_server.token}")
    listed = page.locator(".jp-DirListing-item", has_text=LECTURE)
    expect(listed).to_be_visible()
    with page.context.expect_page() as opened:
        listed.dblclick()
    nb = opened.value
    nb.route(OUTSIDE, lambda route: route.abort())
    nb.set_default_timeout(DEFAULT_TIMEOUT_MS)
    nb.on("websocket", watched.watch)
    try:
        expect(nb).to_have_url(f"{lab_server.url}/notebooks/{lab_server.folder}/{LECTURE}", timeout=DEFAULT_TIMEOUT_MS)
    except AssertionError:
        pass  # Notebook 7 may keep the token or add none: the page itself is what is checked
    assert f"/notebooks/{lab_server.folder}/{LECTURE}" in nb.url, nb.url
    expect(nb.locator(".jp-Notebook")).to_be_visible()
    # Run All before the kernel is connected runs nothing: wait for its websocket and for the server to call it idle.
    wait_for_kernel(nb, lab_server, watched)
    notebook7_menu(nb, "Run", "Run All Cells")
    roots = nb.locator(".jp-OutputArea-output .abs-root")
    expect(roots).to_have_count(steppers_in_lecture(), timeout=RUN_TIMEOUT_MS)
    expect(nb.locator(".jp-Notebook-ExecutionIndicator[data-status=idle]").first).to_be_attached(
        timeout=RUN_TIMEOUT_MS)
    root = roots.first
    step_without_kernel(nb, root, watched, "notebook7")
    audit_widgets(nb, "notebook7", "light")
    shoot(nb, root, "notebook7-light")
    notebook7_menu(nb, "Settings", "Theme", "JupyterLab Dark")
    try:
        expect(nb.locator("body[data-jp-theme-name='JupyterLab Dark']")).to_be_attached()
        nb.wait_for_timeout(1500)
        audit_widgets(nb, "notebook7", "dark")
        shoot(nb, root, "notebook7-dark")
    finally:
        notebook7_menu(nb, "Settings", "Theme", "JupyterLab Light")
        nb.close()


@pytest.fixture(scope="module")
def voila(tmp_path_factory: pytest.TempPathFactory, chromium: Path) -> Iterator[App]:
    """Voilà serving lecture 02 as ``make app`` serves it (its template and settings), from this Python.

    ``make app`` itself would first install the app extra into the checkout's venv; test_app.py tests that.
    """
    tmp_path = tmp_path_factory.mktemp("voila")
    env = dict(os.environ)
    for var in ("JUPYTER_CONFIG_DIR", "JUPYTER_RUNTIME_DIR", "JUPYTER_DATA_DIR", "IPYTHONDIR"):
        (tmp_path / var.lower()).mkdir()
        env[var] = str(tmp_path / var.lower())
    env["JUPYTER_PATH"] = os.pathsep.join(filter(None, [str(ROOT / "scripts" / "app"), env.get("JUPYTER_PATH")]))
    folder = tmp_path / "app"
    folder.mkdir()
    (folder / LECTURE).write_bytes((ROOT / "notebooks" / LECTURE).read_bytes())
    log_path = tmp_path / "voila.log"
    command = [sys.executable, "-m", "voila", "--token", "--no-browser", f"--port={_free_port()}",
               "--template=abteach", str(folder)]
    with log_path.open("wb") as log:
        process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
                                   stdin=subprocess.DEVNULL, start_new_session=True)
    found = None
    try:
        found = printed_address(log_path, process, 120)
        assert found, f"Voilà printed no address with a token; its output:\n{log_path.read_text()[-4000:]}"
        yield App(found.group(1), found.group(2), folder)
    finally:
        try:
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(timeout=20)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            os.killpg(process.pid, signal.SIGKILL)
        if "500 GET" in log_path.read_text(errors="replace"):
            print(log_path.read_text(errors="replace")[-3000:])


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_voila(voila: App, browser: Browser, theme: str) -> None:
    app = voila
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    page = context.new_page()
    outside: list[str] = []
    page.route(LOCAL_ONLY, lambda route: (outside.append(route.request.url), route.abort()))
    page.set_default_timeout(DEFAULT_TIMEOUT_MS * 3)
    frames = KernelFrames()
    page.on("websocket", frames.watch)
    try:
        page.goto(f"{app.url}voila/render/{LECTURE}?token={app.token}&theme={theme}", wait_until="commit")
        roots = page.locator(".abs-root")
        expect(roots.first.locator(".abs-tree svg")).to_be_visible(timeout=RUN_TIMEOUT_MS)
        # Voilà has run every cell when its page has loaded: the kernel is then quiet.
        page.wait_for_load_state("load", timeout=RUN_TIMEOUT_MS)
        page.evaluate("() => window.scrollTo(0, document.scrollingElement.scrollHeight)")
        expect(roots).to_have_count(steppers_in_lecture())
        root = roots.first
        if theme == "light":
            step_without_kernel(page, root, frames, "voila")
        audit_widgets(page, "voila", theme)
        shoot(page, root, f"voila-{theme}")
        assert outside == [], f"Voilà's page asked outside for {outside}"
    finally:
        context.close()
