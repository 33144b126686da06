"""Red team, session 33: the grader's channel with the harness rebound, expectimax's frame part, inert pages.

The hand-ins are in course/samples/redteam/hostile_s33_channel.py and hostile_s33_expectimax.py (their
docstrings say what each tries).  Each test asserts what held: a submission that rebinds the harness (its
``play``, the ``json.loads`` it reads orders with) is graded as its twin that returns the same; a frame torn on
the channel stops the tree it was torn on; a search that answers as a mistake where feedback is public and right
where it is hidden passes neither part; one check's sandbox leaves nothing for the next; and hostile outputs or
cells render on a page with no script, handler or script address of the student's; and whatever messages a
child writes (fuzzed, with this run's id and real state tokens among them), the grader's side returns a run and
never raises.

Not pinned here, since they do not hold (reproductions in the session's report): a search that averages MIN
nodes passes the whole expectimax check on some seeds, and the reason given for a channel write on a hidden tree
is the submission's choice among several.
"""

from __future__ import annotations

import copy
import shutil
import sys

import nbformat
import pytest
from bs4 import BeautifulSoup
from hypothesis import given, settings
from hypothesis import strategies as st
from nbconvert import HTMLExporter
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook, new_output, new_raw_cell

import abteach as ab
from abteach.grading.autograde import outside_requests
from abteach.grading.checker import grading_trees
from abteach.grading.expectimax import check_expectimax, expected, expectimax_trees
from abteach.grading.game import GradingGame
from abteach.grading.inert import InertStudentContent
from abteach.grading.sandbox import Run, _play
from tests.samples import redteam
from tests.strategies import examples

channel = redteam("hostile_s33_channel")
chance = redteam("hostile_s33_expectimax")

SEED = 0
TREES = grading_trees(SEED)
PUBLIC = [k + 1 for k, (name, _) in enumerate(TREES) if name in ab.examples.ALL]
HIDDEN = [k + 1 for k, (name, _) in enumerate(TREES) if name not in ab.examples.ALL]

needs_sandbox = pytest.mark.skipif(sys.platform != "linux" or shutil.which("bwrap") is None,
                                   reason="the sandbox is Linux's bubblewrap (apt-get install bubblewrap)")


def same_report(got: ab.grading.Report, want: ab.grading.Report) -> None:
    assert (got.score, got.failure, got.diagnosis) == (want.score, want.failure, want.diagnosis), got.feedback
    assert got.departure == want.departure
    assert got.feedback == want.feedback
    assert got.steps == want.steps


# -- the channel, with the harness rebound ---------------------------------------------------------------------

@pytest.mark.parametrize("attack", ["forging_on_arrival", "patching_play"])
@pytest.mark.sandbox
@needs_sandbox
def test_a_harness_rebound_at_load_time_is_graded_as_its_twin_that_returns(attack):
    make = getattr(channel, attack)
    got = ab.grading.check_alphabeta(make(), seed=SEED)
    twin = ab.grading.check_alphabeta(make(twin=True), seed=SEED)
    same_report(got, twin)
    if attack == "forging_on_arrival":
        # Its done came first on every tree, naming 'a1' before any search: it scores as 'a1' without a search,
        # never as the correct search that ran after it.
        assert got.score < got.out_of
    else:
        assert got.passed


@pytest.mark.parametrize("tree", [PUBLIC[1], HIDDEN[1]])
@pytest.mark.sandbox
@needs_sandbox
def test_a_frame_torn_on_the_channel_stops_the_tree_it_was_torn_on(tree):
    got = ab.grading.check_alphabeta(channel.tearing(tree), seed=SEED)
    name = TREES[tree - 1][0]
    assert (got.score, got.failure) == (0, "raised")
    assert f"on tree {tree} of {len(TREES)} ({name})" in got.feedback and "grader's channel" in got.feedback
    if tree in HIDDEN:
        assert got.steps is None  # nothing of a hidden tree is stepped through


# -- expectimax: the frame part, and two checks in a row ---------------------------------------------------------

def test_the_mixed_search_is_a_mistake_on_a_hidden_tree_of_this_seed():
    # The precondition of the next test, derived from the grader's own answers: on some hidden tree the correct
    # move and chance-as-min's share none, so "right there" is no answer chance-as-min would give.
    names = [name for name, _ in expectimax_trees(SEED)]
    assert names[:chance.PUBLIC] == [n for n in names if n in ab.examples.WITH_CHANCE]
    assert any(right.moves.isdisjoint(wrong["chance-as-min"].moves)
               for name, (right, wrong) in zip(names, expected(SEED)) if name not in ab.examples.WITH_CHANCE)
    assert any(right.moves.isdisjoint(wrong["chance-as-min"].moves)
               for name, (right, wrong) in zip(names, expected(SEED)) if name in ab.examples.WITH_CHANCE)


@pytest.mark.sandbox
@needs_sandbox
def test_a_search_that_is_a_mistake_where_public_and_right_where_hidden_passes_neither_part():
    frame = check_expectimax(chance.MIXED, seed=SEED, part="frame")
    whole = check_expectimax(chance.MIXED, seed=SEED)
    assert not frame.passed and not whole.passed
    assert frame.diagnosis == whole.diagnosis == "unknown"


@pytest.mark.sandbox
@needs_sandbox
def test_one_checks_sandbox_leaves_nothing_for_the_next():
    # The notebook's two test cells are two checks: what the first one's search wrote (/tmp, its environment) is
    # gone in the second, which grades it as the correct search it is.
    first = check_expectimax(chance.REMEMBERING, seed=SEED, part="frame")
    second = check_expectimax(chance.REMEMBERING, seed=SEED)
    assert first.passed and second.passed and second.diagnosis is None


@pytest.mark.sandbox
@needs_sandbox
def test_nothing_of_the_graders_trees_is_in_the_submissions_interpreter():
    # Every object and frame the search can reach holds no tree name, seed or probability table of the grader's;
    # the same scan finds the function name the grader did send (so it is seen to look).
    report = check_expectimax(chance.LOOKING, seed=SEED)
    assert report.departure is not None and report.departure.tree == 1
    assert "'0/True' (type str)" in report.feedback, report.feedback


# -- inert pages ------------------------------------------------------------------------------------------------

MARK = "s33mark"
PNG = "iVBORw0KGgo="
HOSTILE_OUTPUTS = [
    new_output("display_data", data={"text/html": f"<script>{MARK}()</script>", "text/plain": "x"}),
    new_output("display_data", data={"image/svg+xml": f'<svg onload="{MARK}()"><foreignObject><body>'
                                                      f'<script>{MARK}()</script></body></foreignObject></svg>'}),
    new_output("display_data", data={"application/javascript": f"{MARK}()", "text/plain": "js"}),
    new_output("display_data", data={"application/vnd.jupyter.widget-view+json": {"model_id": MARK}}),
    new_output("display_data", data={"text/markdown": f'<img src=x onerror="{MARK}()"> [a](javascript:{MARK}())'}),
    new_output("display_data", data={"text/latex": f"$\\href{{javascript:{MARK}()}}{{x}}$"}),
    new_output("display_data", data={"image/png": f'{PNG}" onerror="{MARK}()', "text/plain": "p"}),
    new_output("display_data", data={"image/png": PNG, "text/plain": "p"},
               metadata={"image/png": {"width": f'1" onerror="{MARK}()', "alt": f'"><script>{MARK}()</script>',
                                       "unconfined": True}, "isolated": True}),
    new_output("display_data", data={"image/jpeg": "javascript:" + MARK, "text/plain": "j"}),
    new_output("execute_result", data={"text/plain": f"<script>{MARK}()</script>"}, execution_count=1),
    new_output("stream", name="stdout", text=f"<script>{MARK}()</script>"),
    # ANSI escapes the page turns into styled spans: a hyperlink (OSC 8) and colours with quotes in them.
    new_output("stream", name="stdout", text=f"\x1b]8;;javascript:{MARK}()\x1b\\click\x1b]8;;\x1b\\ "
                                             f'\x1b[38;5;1"onmouseover={MARK}() m '
                                             f'\x1b[38;2;1;2;3"><script>{MARK}()</script>m'),
    new_output("error", ename=f"<script>{MARK}()</script>", evalue=f'<img src=x onerror="{MARK}()">',
               traceback=[f"\x1b[31m<script>{MARK}()</script>"]),
]


def _cells() -> list[nbformat.NotebookNode]:
    code = new_code_cell("x = 1")
    code["outputs"] = nbformat.from_dict(copy.deepcopy(HOSTILE_OUTPUTS))
    deep: object = "x"
    for _ in range(100):
        deep = {"k": [deep]}
    odd = new_code_cell("y = 2")
    odd["outputs"] = nbformat.from_dict([{"output_type": "display_data", "data": {"text/html": deep, "1": MARK}},
                                        {"output_type": "display_data", "data": {"text/plain": "z" * 200_000}}])
    return [
        code, odd,
        new_raw_cell(f"<script>{MARK}()</script>", metadata={"raw_mimetype": "text/html"}),
        new_raw_cell(f'<img src=x onerror="{MARK}()">', metadata={"format": "text/html"}),
        # A raw cell of HTML is written into the page through nbconvert's clean_html, not InertStudentContent.
        new_raw_cell(f'<img src="https://{MARK}.example/p.png">'
                     f'<link rel=stylesheet href="https://{MARK}.example/s.css">'
                     f'<div style="background:url(https://{MARK}.example/b.png)">d</div>',
                     metadata={"raw_mimetype": "text/html"}),
        new_markdown_cell(f'<svg onload="{MARK}()"></svg> <a href="javascript:{MARK}()">a</a> '
                          f'[b](jav&#x61;script:{MARK}()) ![c](attachment:s.svg) <img src="attachment:s.svg">',
                          attachments={"s.svg": {"image/svg+xml": f'<svg onload="{MARK}()"/>'}}),
        # A markdown cell that claims to be the course's own (locked, with an id): InertStudentContent trusts
        # it, since nbgrader's RestoreCellRoles has put back every cell the gradebook knows; one it does not know
        # loses its marks there.  Here it is a student's cell with no marks at all.
        new_markdown_cell(f"<script>{MARK}()</script>\n\n$\\href{{javascript:{MARK}()}}{{x}}$"),
    ]


@pytest.mark.parametrize("template", ["classic", "lab"])
def test_hostile_outputs_and_cells_render_with_no_script_handler_or_script_address_of_theirs(template):
    nb = new_notebook()
    nb.cells = _cells()  # new_notebook(cells=...) would validate them, and they break the format on purpose
    nb, _ = InertStudentContent().preprocess(nb, {})
    page = HTMLExporter(template_name=template).from_notebook_node(nb)[0]
    bare = HTMLExporter(template_name=template).from_notebook_node(new_notebook(cells=[new_code_cell("x = 1")]))[0]
    body, plain = BeautifulSoup(page, "html.parser"), BeautifulSoup(bare, "html.parser")
    assert len(body.find_all("script")) == len(plain.find_all("script"))
    assert not any(MARK in (s.string or "") for s in body.find_all("script"))
    tags = body.find_all(True)
    assert not any(name.lower().startswith("on") for tag in tags for name in tag.attrs)
    for tag in tags:
        for name in ("href", "src", "xlink:href", "action", "formaction", "data"):
            value = str(tag.attrs.get(name, "")).strip().lower()
            assert not value.startswith(("javascript:", "data:text", "data:image/svg")), (tag.name, value)
    for kind in ("svg", "foreignobject", "iframe", "object", "embed"):
        assert len(body.find_all(kind)) == len(plain.find_all(kind)), kind
    # Every image left is the one PNG whose data is base64 alone, and the widget and its state are gone.
    assert all(img["src"] == f"data:image/png;base64,{PNG}" for img in body.find_all("img"))
    assert "widget-view" not in page and "application/javascript" not in page
    # The page asks no site of the student's for anything as it opens (the template's own are the course's matter).
    assert not any(MARK in address for address in outside_requests(page))
    # Of all a student wrote, only an image's text alternative is an attribute's value (one whole value, as text).
    assert not any(MARK in str(value) for tag in tags for name, value in tag.attrs.items() if name != "alt")


# -- the grader's side of the channel, fuzzed without a sandbox ---------------------------------------------------

#: Any JSON value, and the pieces a forger would use: this run's id, a state's token, a method, a status.
_ANY = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=6),
                    lambda kids: st.lists(kids, max_size=3) | st.dictionaries(st.text(max_size=4), kids, max_size=3),
                    max_leaves=6)
_PIECE = st.sampled_from(["RUN", "OLD", "TOKEN"]) | _ANY
_FIELDS = {
    "m": st.sampled_from(["to_move", "actions", "result", "is_terminal", "utility", "probabilities", "__init__",
                          "_node", "calls"]) | _ANY,
    "a": st.lists(st.fixed_dictionaries({"k": _PIECE}) | st.sampled_from(["a1", "MAX", "b1"]) | _PIECE, max_size=3)
    | _ANY,
    "status": st.sampled_from(["ok", "raised", "output"]) | _ANY,
    "returned": st.sampled_from(["a1", {"tuple": [3, "a1"]}, {"f": "nan"}, {"k": "TOKEN"},
                                 {"type": "x", "repr": "y"}]) | _ANY,
    "error": st.fixed_dictionaries({}, optional={"type": _ANY | st.just("ValueError"), "message": _ANY,
                                                 "frames": _ANY, "os": _ANY}) | _ANY,
}
#: Messages of this run (or the last one) that the grader reads, their other fields anything; and any dict at all.
_MESSAGE = (st.fixed_dictionaries({"t": st.sampled_from(["call", "done"]), "g": st.sampled_from(["RUN", "OLD"])},
                                  optional=_FIELDS)
            | st.fixed_dictionaries({}, optional={"t": st.sampled_from(["call", "done", "package", "run", "ok", "err",
                                                                         "hello"]) | _ANY, "g": _PIECE, **_FIELDS}))


class _Child:
    """A child that says ``messages`` (each piece filled in with this run's id or a token the grader sent)."""

    def __init__(self, messages: list) -> None:
        self.messages, self.run, self.tokens, self.sent = list(messages), None, [], []

    def send(self, message: dict, deadline: float) -> bool:
        self.sent.append(message)
        if message.get("t") == "run":
            self.run = message["g"]
            self.tokens.append(message["state"]["k"])
        elif message.get("t") == "ok" and isinstance(message.get("v"), dict):
            self.tokens.append(message["v"]["k"])
        return True

    def ending(self) -> str:
        return "exit code 0"

    def fill(self, value):
        if value == "RUN":
            return self.run
        if value == "OLD":
            return "0" * 24
        if value == "TOKEN":
            return self.tokens[-1]
        if isinstance(value, list):
            return [self.fill(v) for v in value]
        if isinstance(value, dict):
            return {k: self.fill(v) for k, v in value.items()}
        return value

    def ask(self, deadline: float):
        return self.fill(self.messages.pop(0)) if self.messages else None


@settings(max_examples=examples(2), deadline=None)
@given(st.lists(_MESSAGE | _ANY.filter(lambda v: isinstance(v, dict)), max_size=8), st.booleans())
def test_whatever_the_child_says_the_grader_returns_a_run_and_never_raises(messages, hidden):
    # "Nothing the child does can raise here": one malformed message stops the run as the submission's failure.
    # (Real messages are parsed JSON dicts: ask() hands _play nothing else.)
    child = _Child(messages)
    game = GradingGame(ab.examples.FIG_5_2)
    run, stop = _play(child, child.ask, game, "def f(game, state):\n    pass\n", "submission.py", hidden, 5.0,
                      answered={"0" * 24})
    assert isinstance(run, Run) and isinstance(stop, bool)
    assert run.status in ("ok", "raised", "output")
    if hidden:
        assert run.calls == () and run.made == 0
        assert "exit code" not in run.error  # how the process ended is not told on a hidden tree


@pytest.mark.parametrize("tree", [PUBLIC[0], HIDDEN[0], HIDDEN[-1]])
@pytest.mark.sandbox
@needs_sandbox
def test_a_channel_write_reads_the_same_on_a_hidden_tree_whatever_was_written(tree):
    # Which malformed line a search writes is its choice, and so was the reason the grader gave for stopping it:
    # on a hidden tree that spelt out a leaf (mod 7).  There every write now reads the same; on a public tree,
    # where nothing is hidden, each is told for what it is.
    told = {ab.grading.check_alphabeta(channel.spelling(tree, kind), seed=SEED).feedback
            for kind in range(len(channel.SPELLINGS))}
    assert (len(told) == 1) is (tree in HIDDEN), (tree, told)


@pytest.mark.sandbox
@needs_sandbox
def test_a_move_taken_from_a_numpy_array_is_read_as_its_move():
    # numpy's str_ reached the grader as an object, not a move, and an honest search that took its move from an
    # array failed every tree; a float64 was already read as its value.
    correct = channel.CORRECT
    from_array = correct.replace("def alpha_beta_search(", "def _search(", 1) + '''
import numpy as np


def alpha_beta_search(game, state):
    return np.array([_search(game, state)])[0]
'''
    want = ab.grading.check_alphabeta(correct, seed=SEED)
    got = ab.grading.check_alphabeta(from_array, seed=SEED)
    assert want.score == want.out_of
    assert (got.score, got.failure) == (want.score, want.failure), got.feedback
