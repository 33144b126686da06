"""`make app` serves the stepper lecture with Voilà, behind a token, and the app steps in a real browser; lecture 10's
game is played there too, and the practice notebook draws its tree to solve and checks answers."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from .axe import audit, blocking
from .labserver import ARTIFACTS, DEFAULT_TIMEOUT_MS, ROOT

pytestmark = [pytest.mark.browser, pytest.mark.timeout(900)]

LECTURE = "02-alpha-beta.ipynb"
GAMES = "10-games-and-mcts.ipynb"
PRACTICE = "11-practice.ipynb"
# Voilà prints the address to open, token included, once it listens.
ADDRESS = re.compile(r"(http://(?:localhost|127\.0\.0\.1):\d+/)\?token=([0-9a-f]+)")
LOCAL_ONLY = re.compile(r"^https?://(?!(?:127\.0\.0\.1|localhost)[:/])")


@dataclass(frozen=True)
class App:
    url: str
    token: str
    folder: Path


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: object, **kwargs: object) -> None:
        return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def printed_address(log_path: Path, process: subprocess.Popen[bytes], seconds: float) -> re.Match[str] | None:
    """The address with its token Voilà prints in ``log_path`` once it listens; None if ``process`` ends or
    ``seconds`` pass first."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and process.poll() is None:
        found = ADDRESS.search(log_path.read_text(errors="replace"))
        if found:
            return found
        time.sleep(0.5)
    return None


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory, chromium: Path) -> Iterator[App]:
    """``make app`` as a user runs it, on a free port, with its own Jupyter folders; one server for this module."""
    tmp_path = tmp_path_factory.mktemp("app")
    env = dict(os.environ)
    for var in ("JUPYTER_CONFIG_DIR", "JUPYTER_RUNTIME_DIR", "JUPYTER_DATA_DIR", "IPYTHONDIR"):
        (tmp_path / var.lower()).mkdir()
        env[var] = str(tmp_path / var.lower())
    folder = tmp_path / "app"
    log_path = tmp_path / "voila.log"
    command = ["make", "-s", "app", f"APP_DIR={folder}", f"APP_PORT={_free_port()}",
               f"APP_NOTEBOOKS=notebooks/{LECTURE} notebooks/{GAMES} notebooks/{PRACTICE}"]
    with log_path.open("wb") as log:
        process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
                                   stdin=subprocess.DEVNULL, start_new_session=True)
    found = None
    try:
        found = printed_address(log_path, process, 300)  # make may reinstall the app extra first
        assert found, f"make app printed no address with a token; its output:\n{log_path.read_text()[-4000:]}"
        yield App(found.group(1), found.group(2), folder)
    finally:
        try:
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(timeout=20)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            os.killpg(process.pid, signal.SIGKILL)
        if os.environ.get("CI") == "true" or not found:
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            (ARTIFACTS / "app-voila.log").write_bytes(log_path.read_bytes())


@contextmanager
def app_page(app: App, browser: Browser, notebook: str, size: tuple[int, int]) -> Iterator[tuple[Page, list[str]]]:
    """A page of ``notebook`` in the app at ``size``, and the outside addresses it asked for (each refused).

    Voilà streams the page while the kernel runs the notebook: the page is returned once the address is
    committed, so a test waits for what it needs."""
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    page = context.new_page()
    outside: list[str] = []
    page.route(LOCAL_ONLY, lambda route: (outside.append(route.request.url), route.abort()))
    page.set_default_timeout(DEFAULT_TIMEOUT_MS * 3)
    expect.set_options(timeout=DEFAULT_TIMEOUT_MS * 3)
    try:
        page.goto(f"{app.url}voila/render/{notebook}?token={app.token}", wait_until="commit")
        yield page, outside
    finally:
        context.close()


def test_the_app_needs_its_token(app: App) -> None:
    opener = urllib.request.build_opener(_NoRedirect)
    page = f"{app.url}voila/render/{LECTURE}"
    with pytest.raises(urllib.error.HTTPError) as refused:
        opener.open(page, timeout=30)
    # Sent to the login page, or refused outright: never the notebook.
    assert refused.value.code in (302, 403), refused.value.code
    assert "login" in (refused.value.headers.get("Location") or "login")
    with opener.open(f"{page}?token={app.token}", timeout=120) as served:
        assert served.status == 200
    # It serves a copy: the lecture itself is never opened for writing.
    assert (app.folder / LECTURE).read_bytes() == (ROOT / "notebooks" / LECTURE).read_bytes()


def test_the_stepper_steps_in_the_app(app: App, browser: Browser) -> None:
    with app_page(app, browser, LECTURE, (1400, 900)) as (page, outside):
        stepper = page.locator(".abs-root").first
        tree = stepper.locator(".abs-tree svg")
        expect(tree).to_be_visible()
        # No code shows in the app: only the outputs.
        expect(page.locator(".jp-InputArea-editor")).to_have_count(0)
        stepper.scroll_into_view_if_needed()
        before = tree.inner_html()
        explanation = stepper.locator(".abs-sentence")
        expect(explanation).to_contain_text("Step 0.")
        stepper.focus()
        page.keyboard.press("ArrowRight")
        # The page draws the next frame: the sentence and the tree change.
        expect(explanation).to_contain_text("Step 1.")
        assert tree.inner_html() != before
        stepper.get_by_role("button", name="Forward one step").click()
        expect(explanation).to_contain_text("Step 2.")
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "app-stepper-step-2.png"))
        # Nothing goes out: the stepper's module comes with the page.
        assert outside == [], f"the app asked outside for {outside}"
        # WCAG 2.1 AA for the widgets in the app too: Voila loads the abteach-a11y extension that names Play's
        # buttons and sliders.  (A plain picture output, a drawing, gets no alt from Voila: not audited here.)
        found = blocking(audit(page, ".jp-OutputArea-output .jupyter-widgets"))
        assert found == [], "\n".join(str(v) for v in found)


def test_a_game_is_played_by_keyboard_in_the_app(app: App, browser: Browser) -> None:
    """Lecture 10's tic-tac-toe in Voilà: the board draws in the page, a move by keyboard is answered, axe is clean."""
    with app_page(app, browser, GAMES, (1024, 768)) as (page, outside):
        root = page.locator(".ab-play").first
        expect(root.locator(".ab-play-status")).to_contain_text("Your move (X)")
        # Voilà runs the whole lecture before the page is live: wait for its last output.
        expect(page.locator(".ab-play")).to_have_count(2)
        root.scroll_into_view_if_needed()
        root.locator(".ab-cell-0-0").focus()
        page.keyboard.press("ArrowRight")
        page.keyboard.press("ArrowDown")
        page.keyboard.press("Enter")
        expect(root.locator(".ab-play-live")).to_contain_text("You played Xb2. The engine played O")
        expect(root.locator(".ab-thinking")).to_contain_text("perfect played")
        assert root.locator(".ab-cell-1-1").text_content() == "X"
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "app-play-1024x768.png"))
        assert outside == [], f"the app asked outside for {outside}"
        found = blocking(audit(page, ".jp-OutputArea-output .jupyter-widgets"))
        assert found == [], "\n".join(str(v) for v in found)


def test_practice_draws_its_tree_and_checks_in_the_app(app: App, browser: Browser) -> None:
    """The practice notebook in Voilà at 1024×768: the tree to solve is drawn in the page (a node for each of the
    tree's nodes, each named), a check marks every row, New tree draws another tree; nothing is fetched from outside."""
    with app_page(app, browser, PRACTICE, (1024, 768)) as (page, outside):
        widget = page.locator(".ab-practice").first
        svg = widget.locator(".ab-practice-tree svg[role=tree]")
        expect(svg).to_be_visible()
        rows = widget.locator(".ab-row")
        # One row in the form for each node drawn, and each drawn node read with its name.
        expect(svg.get_by_role("treeitem")).to_have_count(rows.count())
        titles = svg.locator("g[role=treeitem] > title").all_text_contents()
        names = [n.split(" ")[0] for n in widget.locator(".ab-node-name").all_text_contents()]
        assert sorted(t.split(",")[0] for t in titles) == sorted(names), (titles, names)
        before = svg.locator("text").all_text_contents()
        widget.locator(".ab-check").click()
        # Every row is marked right or wrong, and the message counts them.
        expect(widget.locator(".ab-message")).to_contain_text(f"of {rows.count()} nodes right")
        marked = widget.locator(".ab-row.ab-wrong").count() + widget.locator(".ab-row.ab-right").count()
        assert marked == rows.count(), (marked, rows.count())
        widget.locator(".ab-new").click()
        page.wait_for_function("([sel, before]) => { const w = document.querySelector(sel);"
                               " const t = [...w.querySelectorAll('.ab-practice-tree svg[role=tree] text')]"
                               ".map(e => e.textContent); return JSON.stringify(t) !== JSON.stringify(before); }",
                               arg=[".ab-practice", before])
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "app-practice-1024x768.png"))
        assert outside == [], f"the app asked outside for {outside}"
        found = blocking(audit(page, ".jp-OutputArea-output .ab-practice-tree"))
        assert found == [], "\n".join(str(v) for v in found)
