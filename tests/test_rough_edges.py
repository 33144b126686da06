"""Small things a user meets first: keywords the front door takes, names the stepper shows, messages that help.

Each test states what a user sees; its expected value is computed from another part of the package
(the keyword it stands for, the listing it names, the trace it prints), never written in by hand.
"""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings

import abteach as ab
from abteach import cli
from abteach.search.rules import TieRule
from abteach.trace.registry import registered
from abteach.views.tables import trace_table
from abteach.views.frame_data import frame_data, replay

from tests.strategies import examples, inner_trees

SCRIPT = Path(sys.executable).parent / "abteach"
FIG = ab.examples.FIG_5_2


# -- rule= at the front door --------------------------------------------------------------

def _with_tie_rule() -> list[str]:
    """The front-door names of the registered searches that have a tie rule."""
    return [e.export for e in registered().values() if e.export and "prune_on_tie" in e.options]


def _events(result: ab.SearchResult) -> list[tuple]:
    return [tuple(e) for e in result.trace]


@pytest.mark.parametrize("name", _with_tie_rule())
@settings(max_examples=examples(0.3), deadline=None)
@given(nested=inner_trees(max_leaves=16))
def test_rule_names_the_same_search_as_prune_on_tie(name, nested):
    search, t = getattr(ab, name), ab.tree(nested)
    for rule, flag in (("strict", False), ("textbook", True)):
        by_name, by_flag = search(t, rule=rule), search(t, prune_on_tie=flag)
        assert by_name.trace.tie == by_flag.trace.tie == TieRule.named(rule)
        assert _events(by_name) == _events(by_flag) and by_name.value == by_flag.value


def test_every_search_with_a_tie_rule_takes_rule():
    assert {"alphabeta", "negamax"} <= set(_with_tie_rule())


@pytest.mark.parametrize("name", _with_tie_rule())
def test_a_bad_rule_is_named_with_the_rules_there_are(name):
    with pytest.raises(ValueError, match=r"rule must be 'textbook' or 'strict', not 'strcit'"):
        getattr(ab, name)(FIG, rule="strcit")
    with pytest.raises(TypeError, match=r"rule= or prune_on_tie=, not both"):
        getattr(ab, name)(FIG, rule="strict", prune_on_tie=True)


# -- the call stack names calls as the algorithm does ------------------------------------

def _runs() -> dict[str, ab.Trace]:
    return {"negamax": ab.negamax(FIG).trace, "negascout": ab.negascout(FIG).trace,
            "mtdf": ab.mtdf(FIG, first_guess=0).trace, "alphabeta": ab.alphabeta(FIG).trace,
            "minimax": ab.minimax(FIG).trace, "tutorial": ab.alphabeta_tutorial(FIG).trace,
            "fail_hard": ab.alphabeta_fail_hard(FIG).trace}


def _stacks(trace):
    """The call stack the stepper shows at each step: ``[call, α, β, v]`` per call, outermost first."""
    data = frame_data(trace)
    return [replay(data, k)["stack"] for k in range(len(trace) + 1)]


@pytest.mark.parametrize("which", list(_runs()))
def test_the_call_stack_names_the_function_of_the_listing(which):
    trace = _runs()[which]
    listing = str(trace.listing)
    shown = 0
    for calls in _stacks(trace):
        for call in (c[0] for c in calls):
            function = call.split("(")[0]
            # The function the stack names is one the listing defines.
            assert re.search(rf"function {re.escape(function)}\(|^\s*\d+\s+{re.escape(function)}\(", listing,
                             re.MULTILINE), (which, call)
        shown += len(calls)
    assert shown > 0


def test_a_negamax_stack_is_never_max_value_or_min_value():
    for which in ("negamax", "negascout", "mtdf"):
        trace = _runs()[which]
        assert "VALUE" not in str(trace.listing)
        assert not any("-VALUE(" in call[0] for calls in _stacks(trace) for call in calls)


def test_the_stack_writes_negative_numbers_with_the_minus_sign():
    trace = ab.negamax(FIG).trace
    negative = [f for f in trace.frames() if any((f.node(p).v or 0) < 0 and abs(f.node(p).v) != float("inf")
                                                 for p in f.stack)]
    assert negative, "negamax's MIN nodes hold negated values"
    stacks = _stacks(trace)
    for frame in negative:
        numbers = [x for call in stacks[frame.step] for x in call[1:] if x]
        assert not any(x.startswith("-") for x in numbers) and any(x.startswith("−") for x in numbers)


# -- exports -------------------------------------------------------------------------------

def test_an_empty_trace_is_refused_by_name_before_any_work(tmp_path):
    made_by_hand = ab.Trace([], ab.listing("alphabeta"), FIG, None)  # a listing where the description goes
    empty = ab.Trace([], ab.alphabeta(FIG).trace.algorithm, FIG, None)
    for trace in (made_by_hand, empty):
        with pytest.raises(ValueError, match=r"save_animation needs a trace with events, but trace has none"):
            ab.save_animation(trace, tmp_path / "search.gif")
        with pytest.raises(ValueError, match=r"save_frame needs a trace with events, but trace has none"):
            ab.save_frame(trace, 0, tmp_path / "step.svg")
    assert list(tmp_path.iterdir()) == []


def test_a_trace_without_its_description_is_refused_by_name(tmp_path):
    events = ab.alphabeta(FIG).trace.events
    with pytest.raises(TypeError, match=r"trace\.algorithm is a Listing"):
        ab.save_animation(ab.Trace(events, ab.listing("alphabeta"), FIG, None), tmp_path / "search.gif")
    assert list(tmp_path.iterdir()) == []


def test_an_svg_keeps_its_words_as_text(tmp_path):
    trace = ab.alphabeta(FIG).trace
    svg = ab.save_frame(trace, 29, tmp_path / "cutoff.svg").read_text(encoding="utf-8")
    words = re.findall(r"<text[^>]*>([^<]*)</text>", svg)
    for path in ((), (0,), (1,), (2,)):
        assert trace.name(path) in words


# -- the listing a trace points into -------------------------------------------------------

@pytest.mark.parametrize("which", list(_runs()))
def test_a_printed_listing_numbers_its_lines_as_the_trace_table_does(which):
    trace = _runs()[which]
    numbered = {}
    for line in str(trace.listing).splitlines()[1:]:
        if line.strip():
            number, text = line.split(None, 1)[0], line[4:]
            numbered[int(number)] = text
    rows = trace_table(trace).rows
    assert rows
    for row in rows:
        assert numbered[int(row[1])].strip() == row[2]


# -- messages that say what to do ----------------------------------------------------------

def test_a_json_string_given_to_tree_points_to_tree_from_json():
    text = "[[3, 4], [2, 1]]"
    with pytest.raises(TypeError, match=r"tree_from_json"):
        ab.tree(text)
    assert ab.tree_from_json(text).to_nested() == json.loads(text)


def test_from_cs188_reads_a_path_and_refuses_a_file_name_as_text(tmp_path):
    text = ab.to_cs188(FIG)[0]
    test = tmp_path / "fig52.test"
    test.write_text(text, encoding="utf-8")
    assert ab.from_cs188(test).to_nested() == ab.from_cs188(text).to_nested() == FIG.to_nested()
    with pytest.raises(ValueError, match=r"reads as a file's name.*read_text\(\)"):
        ab.from_cs188(str(test))


def test_check_answers_refuses_two_keys_for_one_node():
    # "B" and (0,) both name Fig. 5.2's B: the last would silently win.
    assert FIG.node((0,)).name == "B"
    with pytest.raises(ValueError, match=r"answers gives one node twice, as 'B' and as \(0,\)"):
        ab.check_answers(FIG, {"B": 3, (0,): 12})
    with pytest.raises(ValueError, match=r"windows gives one node twice"):
        ab.check_answers(FIG, {"A": 3}, windows={(0,): (0, 1), "B": (0, 1)})


def test_a_kind_is_only_suggested_if_the_trace_has_it():
    trace = ab.alphabeta(FIG).trace
    for typo in ("prune", "cutof", "leafs", "probes"):
        with pytest.raises(ValueError) as err:
            trace.steps(typo)
        guess = re.search(r"did you mean '([^']+)'", str(err.value))
        assert guess is None or guess.group(1) in trace.kinds, str(err.value)
    with pytest.raises(ValueError, match=r"did you mean 'cutoff'"):
        trace.steps("cutof")


# -- the command line ----------------------------------------------------------------------

def _run(*args: object, cwd: Path, columns: int | None = None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "COLUMNS"}
    if columns is not None:
        env["COLUMNS"] = str(columns)
    return subprocess.run([str(SCRIPT), *map(str, args)], cwd=cwd, capture_output=True, text=True, timeout=300,
                          env={**env, "PYTHONHASHSEED": "0"})


def _rows_of(text: str) -> list[list[str]]:
    """A printed trace table read back: each row's cells, wrapped cells joined with spaces."""
    lines = text.splitlines()[1:-1]  # the label, then the table, then the answer
    header = lines[0]
    starts = [m.start() for m in re.finditer(r"(?<!\S)\S+(?: \S+)*", header)]
    rows: list[list[str]] = []
    for line in lines[2:]:
        cells = [line[a:b].strip() for a, b in zip(starts, [*starts[1:], None])]
        if cells[0]:
            rows.append(cells)
        else:
            rows[-1] = [f"{old} {new}".strip() if new else old for old, new in zip(rows[-1], cells)]
    return rows


def test_trace_fits_an_80_column_terminal_and_keeps_every_word(tmp_path):
    (tmp_path / "fig52.json").write_text(FIG.to_json())
    done = _run("trace", "fig52.json", cwd=tmp_path, columns=80)
    assert done.returncode == 0, done.stderr
    assert max(map(len, done.stdout.splitlines())) <= 80
    table = trace_table(ab.alphabeta(FIG).trace)
    assert [[" ".join(c.split()) for c in row] for row in _rows_of(done.stdout)] == \
           [[" ".join(c.split()) for c in row] for row in table.rows]


def test_trace_with_room_prints_the_table_as_it_prints_itself():
    table = trace_table(ab.alphabeta(FIG).trace)
    assert cli.fit_table(table.columns, table.rows, 0) == repr(table)
    assert cli.fit_table(table.columns, table.rows, 10_000) == repr(table)


def test_a_step_past_the_end_is_a_bad_command_line(tmp_path):
    (tmp_path / "fig52.json").write_text(FIG.to_json())
    last = len(ab.alphabeta(FIG).trace)
    done = _run("draw", "fig52.json", "-o", "s.png", "--step", last + 1, cwd=tmp_path)
    assert done.returncode == cli.BAD_USAGE
    assert done.stderr.startswith("usage: abteach draw")
    assert f"argument --step: {last + 1} is past the search's last step; give a step from 0 to {last}" in done.stderr
    assert not (tmp_path / "s.png").exists()
    assert _run("draw", "fig52.json", "-o", "s.png", "--step", last, cwd=tmp_path).returncode == 0


def test_example_writes_the_lessons_tree(tmp_path):
    out = io.StringIO()
    assert cli.main(["example", "fig-5-2", "-o", str(tmp_path / "fig52.json")], out=out) == 0
    assert ab.load_tree(tmp_path / "fig52.json").to_json() == FIG.to_json()
    assert set(cli.EXAMPLES) == {name.lower().replace("_", "-") for name in ab.examples.ALL}


def test_nested_lists_given_as_a_game_are_told_to_go_through_ab_tree():
    # A newcomer's first try: the leaves straight into the search.
    with pytest.raises(TypeError, match=r"pass ab\.tree\(\[\[3, 1\], \[2, 4\]\]\)"):
        ab.alphabeta([[3, 1], [2, 4]])
