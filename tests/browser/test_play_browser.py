"""The play widget in a real JupyterLab: a whole game of tic-tac-toe, clicked square by square, against perfect play.

The clicker always takes the first free square; the engine (the perfect
player) replies through the kernel.  The clicker must never win, the board
must fill in as the game goes, and the widget must say how it ended.  A game
played by keyboard alone keeps its keys from JupyterLab's shortcuts, and the
board's drawn texts are those the printed picture writes.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import nbformat
import pytest
from playwright.sync_api import Locator, Page, expect

import abteach as ab
from abteach.views.boards import board_data, board_texts

from .labserver import KERNEL_IDLE, LabServer, stripped_copy

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]

REPLY_TIMEOUT_MS = 30_000
CODE = 'import abteach as ab\nw = ab.play(ab.TicTacToe(), engine="perfect")\nw'
ENDINGS = ("The engine wins.", "A draw.", "You win!")

# Each cell is an SVG button: its drawn text, and whether it can be played (aria-disabled).
READ_BOARD = """
(root) => Array.from({length: 9}, (_, i) => {
    const b = root.querySelector(`.ab-cell-${Math.floor(i / 3)}-${i % 3}`);
    return b ? [b.textContent.trim(), b.getAttribute('aria-disabled') === 'true'] : null;
})
"""


def open_widget(page: Page, server: LabServer) -> Locator:
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(CODE)])
    stripped_copy(nb, server.root / "play.ipynb")
    page.goto(server.notebook_url("play.ipynb"))
    expect(page.locator(".jp-NotebookPanel")).to_be_visible()
    expect(page.locator(".jp-StatusBar-TextItem", has_text=KERNEL_IDLE).first).to_be_visible()
    page.evaluate("async () => { await window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
    root = page.locator(".jp-OutputArea-output .ab-play").first
    try:
        expect(root).to_be_visible(timeout=REPLY_TIMEOUT_MS)
    except AssertionError:
        stderr = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
        pytest.fail("no play widget after Run All; stderr:\n" + ("\n".join(stderr.all_inner_texts()) or "(none)"))
    expect(root.locator(".ab-play-status")).to_contain_text("Your move (X)")
    return root


def read_board(root: Locator) -> list[tuple[str, bool]]:
    return [tuple(cell) for cell in root.evaluate(READ_BOARD)]  # type: ignore[misc]


def status(root: Locator) -> str:
    return re.sub(r"\s+", " ", root.locator(".ab-play-status").inner_text()).strip()


def test_a_whole_game_clicked_against_perfect_play(page: Page, lab_server: LabServer,
                                                   snapshot: Callable[[str], Path]) -> None:
    root = open_widget(page, lab_server)
    root.scroll_into_view_if_needed()
    snapshot("start")
    clicks = 0
    while True:
        board = read_board(root)
        assert all(cell is not None for cell in board), "a square's button is missing"
        text = status(root)
        if text in ENDINGS:
            break
        assert text.startswith("Your move (X)"), f"unexpected status {text!r}"
        free = [i for i, (mark, disabled) in enumerate(board) if mark == "" and not disabled]
        assert free, f"the game is not over ({text!r}) but no square can be clicked: {board}"
        square = free[0]
        marks_before = sum(1 for mark, _ in board if mark)
        root.locator(f".ab-cell-{square // 3}-{square % 3}").click()
        clicks += 1
        # The engine's reply arrives from the kernel: two more marks, or one if the click ended the game.
        # The board and the status are separate updates, so wait for both: the status says the engine is
        # thinking until its move is in.
        page.wait_for_function(
            """([root, before]) => {
                const marks = Array.from(root.querySelectorAll('.ab-cell')).filter(b => b.textContent.trim()).length;
                const s = root.querySelector('.ab-play-status').innerText;
                if (/thinking/.test(s)) return false;
                return marks >= before + 2 || (marks === before + 1 && /wins|draw|win!/.test(s));
            }""",
            arg=[root.element_handle(), marks_before], timeout=REPLY_TIMEOUT_MS, polling=100)
        assert read_board(root)[square][0] == "X", "the clicked square does not show X"
        assert clicks <= 5, "tic-tac-toe lasts at most five moves of X's"
    snapshot("end")
    assert text != "You win!", "the clicker beat the perfect player"
    assert text in ("The engine wins.", "A draw.")
    # The board is frozen once the game is over, and the thinking shows the engine's last move.
    assert all(disabled for _, disabled in read_board(root))
    expect(root.locator(".ab-thinking")).to_contain_text("perfect played")
    # With the clicker always taking the first free square, perfect play wins: X plays a1, b1, c1... and O blocks.
    expect(root.locator(".ab-new")).to_be_enabled()
    root.locator(".ab-new").click()
    expect(root.locator(".ab-play-status")).to_contain_text("Your move (X)")
    assert all(mark == "" for mark, _ in read_board(root))


@pytest.mark.parametrize("width, height", [(1024, 768), (1400, 900)])
def test_the_widget_fits_the_screen(page: Page, lab_server: LabServer, snapshot: Callable[[str], Path],
                                    width: int, height: int) -> None:
    page.set_viewport_size({"width": width, "height": height})
    root = open_widget(page, lab_server)
    root.locator(".ab-cell-1-1").click()
    expect(root.locator(".ab-thinking")).to_contain_text("perfect played")
    root.scroll_into_view_if_needed()
    snapshot(f"{width}x{height}")
    box = root.bounding_box()
    assert box is not None and box["x"] + box["width"] <= width + 1, f"the widget is wider than the page: {box}"


# Everything in the widget that is wider inside than its box, or reaches past the output area's right edge.
CUT_OFF = """
(root) => {
    const area = root.closest('.jp-OutputArea-output').getBoundingClientRect();
    const out = [];
    for (const el of [root, ...root.querySelectorAll('*')]) {
        const r = el.getBoundingClientRect();
        // Nothing drawn, or text for a screen reader only (the live region: 1 px, clipped).
        if (r.width <= 1) continue;
        // The stepper's tree scrolls inside its own box, by design: only the box itself must fit.
        if (el.closest('.abs-tree svg')) continue;
        const name = [...el.classList].filter(c => c.startsWith('ab-')).join(' ') || el.tagName.toLowerCase();
        if (el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1 && !el.matches('.abs-tree'))
            out.push(`${name}: scrollWidth ${el.scrollWidth} > clientWidth ${el.clientWidth}`);
        if (r.right > area.right + 1) out.push(`${name}: right edge ${r.right.toFixed(0)} past ${area.right.toFixed(0)}`);
    }
    return out;
}
"""


@pytest.mark.parametrize("width, height", [(1024, 768), (1400, 900)])
def test_connect_fours_thinking_is_never_cut_off(page: Page, lab_server: LabServer,
                                                 snapshot: Callable[[str], Path], width: int, height: int) -> None:
    """Lecture 10's Connect Four, with the file browser open: the engine's thinking fits beside or below the board."""
    page.set_viewport_size({"width": width, "height": height})
    code = 'import abteach as ab\nab.play(ab.ConnectFour(), engine="engine", budget=0.5)'
    stripped_copy(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(code)]), lab_server.root / "c4.ipynb")
    page.goto(lab_server.notebook_url("c4.ipynb"))
    expect(page.locator("#filebrowser")).to_be_visible()
    expect(page.locator(".jp-StatusBar-TextItem", has_text=KERNEL_IDLE).first).to_be_visible()
    page.evaluate("async () => { await window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
    root = page.locator(".jp-OutputArea-output .ab-play").first
    expect(root).to_be_visible(timeout=REPLY_TIMEOUT_MS)
    root.locator(".ab-cell-0-3").click()
    # The engine has replied, and its thinking (the longest text of the widget) is shown.
    expect(root.locator(".ab-play-status")).to_contain_text("Your move", timeout=REPLY_TIMEOUT_MS)
    expect(root.locator(".ab-thinking")).not_to_contain_text("Nothing yet")
    root.scroll_into_view_if_needed()
    snapshot(f"connect-four-{width}x{height}")
    assert root.evaluate(CUT_OFF) == []
    panel, board = (root.locator(sel).bounding_box() for sel in (".ab-thinking-panel", ".ab-board"))
    assert panel is not None and board is not None and panel["width"] >= 260


KEY_CODE = 'import abteach as ab\nw = ab.play(ab.TicTacToe(), engine="alpha-beta", budget=2)\nw'
MOVE = re.compile(r"The engine played O([abc])([123])\.")


@pytest.mark.parametrize("width, height", [(1024, 768), (1400, 900)])
def test_a_move_played_by_keyboard_alone(page: Page, lab_server: LabServer, snapshot: Callable[[str], Path],
                                         width: int, height: int) -> None:
    """Tab to the board, arrows to b2, Enter: X is there, the engine replied, and JupyterLab saw none of the keys."""
    page.set_viewport_size({"width": width, "height": height})
    stripped_copy(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(KEY_CODE),
                                                  nbformat.v4.new_markdown_cell("# Below")]),
                  lab_server.root / "keys.ipynb")
    page.goto(lab_server.notebook_url("keys.ipynb"))
    expect(page.locator("#filebrowser")).to_be_visible()
    expect(page.locator(".jp-StatusBar-TextItem", has_text=KERNEL_IDLE).first).to_be_visible()
    page.evaluate("async () => { await window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
    root = page.locator(".jp-OutputArea-output .ab-play").first
    expect(root.locator(".ab-play-status")).to_contain_text("Your move (X)", timeout=REPLY_TIMEOUT_MS)
    # Command mode on the first cell, as a student who ran it is.
    page.locator(".jp-Cell").first.click(position={"x": 2, "y": 2})
    active = "() => Array.from(document.querySelectorAll('.jp-Notebook .jp-Cell')).findIndex(c => c.classList.contains('jp-mod-active'))"
    cell_before = page.evaluate(active)
    # Tab reaches the board's one focusable cell (a1); the arrows then move between cells.
    root.locator(".ab-cell-0-0").focus()
    for key in ("ArrowRight", "ArrowDown", "ArrowDown", "ArrowUp"):
        page.keyboard.press(key)
    focused = page.evaluate("() => document.activeElement.getAttribute('aria-label')")
    assert focused == "b2: empty", focused
    page.keyboard.press("Enter")
    live = root.locator(".ab-play-live")
    expect(live).to_contain_text("You played Xb2.", timeout=REPLY_TIMEOUT_MS)
    expect(live).to_contain_text("The engine played O")
    expect(root.locator(".ab-play-status")).to_contain_text("Your move (X)")
    board = read_board(root)
    assert board[4] == ("X", True) and sum(mark == "O" for mark, _ in board) == 1
    # JupyterLab saw none of it: the same cell is active, in command mode (Enter would have opened its editor),
    # and the focus is still on the board's b2, where the move was played.
    assert page.evaluate(active) == cell_before
    assert page.evaluate("() => document.querySelector('.jp-Notebook').classList.contains('jp-mod-editMode')") is False
    assert page.evaluate("() => document.activeElement.getAttribute('aria-label')") == "b2: X"
    # The drawn texts are those of the board's description, which the printed picture writes too.
    column, row = MOVE.search(live.inner_text()).groups()  # type: ignore[union-attr]
    game = ab.TicTacToe()
    state = game.result(game.result(game.initial, 4), "abc".index(column) + 3 * (int(row) - 1))
    drawn = root.locator(".abp-board text").all_text_contents()
    assert sorted(drawn) == sorted(board_texts(board_data(game, state)))
    # The engine's last search is in the stepper, where the thinking is, stepped in the page.
    stepper = root.locator(".ab-search .abs-root")
    expect(stepper).to_be_visible()
    expect(stepper.locator(".abs-sentence")).to_contain_text("done")
    # Space plays too: a free cell, reached with the arrows.
    free = next(i for i, (mark, _) in enumerate(read_board(root)) if not mark)
    root.locator(f".ab-cell-{free // 3}-{free % 3}").focus()
    page.keyboard.press(" ")
    expect(live).to_contain_text(f"You played X{'abc'[free % 3]}{free // 3 + 1}.", timeout=REPLY_TIMEOUT_MS)
    assert page.evaluate(active) == cell_before
    # The focus stays where the move was played, and it is the board's one Tab stop.
    assert page.evaluate("() => document.activeElement.getAttribute('aria-label')") == \
        f"{'abc'[free % 3]}{free // 3 + 1}: X"
    assert root.locator(".ab-cell[tabindex='0']").count() == 1
    root.scroll_into_view_if_needed()
    snapshot(f"keyboard-{width}x{height}")
    stepper.locator(".abs-tree").scroll_into_view_if_needed()
    snapshot(f"search-{width}x{height}")
    assert root.evaluate(CUT_OFF) == []

