"""A new algorithm plugs in by one registration, in one file, with no edit to any module of the package.

The toy is the "optimist", the classic misconception that every player
maximizes: it never takes a MIN, so it answers the best leaf anywhere below.
It brings a kind of event of its own, ``hope``, with its replay and its
sentence.  Everything the package does with a search, it then does with this
one: trace it, step through it, narrate it, draw it, list its pseudocode and
run it from the command line.
"""

from __future__ import annotations

import io
import json
import re
from math import inf
from pathlib import Path
from typing import Any

import pytest

import abteach as ab
from abteach import cli
from abteach.search.problem import Problem, check_flag
from abteach.search.record import Tally, recorder_for
from abteach.search.result import SearchResult, Spec, finish, run
from abteach.trace.frames import Replay
from abteach.trace.narrate import WINDOWED as WINDOWED_SENTENCES, start
from abteach.trace.protocol import Algorithm, NodeState, Telling
from abteach.trace.windowed import WINDOWED
from abteach.games.kinds import NodeKind, node_kinds, register_kind

ROOT = Path(__file__).resolve().parent.parent
HOPE = "hope"
NESTED = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]  # AIMA Fig. 5.2

TOY_LISTING = ab.Listing("OPTIMIST-VALUE (every player maximizes: a misconception)", (
    ("search.def", "function OPTIMIST-DECISION(state) returns an action"),
    ("search.return", "  return arg max over a in ACTIONS(state) of OPTIMIST-VALUE(RESULT(state, a))"),
    ("", ""),
    ("opt.def", "function OPTIMIST-VALUE(state) returns a utility value"),
    ("opt.terminal", "  if TERMINAL-TEST(state) then return UTILITY(state)"),
    ("opt.init", "  v ← −∞"),
    ("opt.loop", "  for each a in ACTIONS(state) do"),
    ("opt.update", "    v ← MAX(v, OPTIMIST-VALUE(RESULT(state, a)))"),
    ("opt.hope", "    HOPE(v)"),
    ("opt.return", "  return v"),
))


def optimist(game: Any, state: Any = None, *, trace: bool = True) -> SearchResult:
    """The optimist's search: the best leaf below ``state``, as if no one ever chose against MAX."""
    check_flag("trace", trace)
    problem = Problem(game, state)
    log = recorder_for(problem.root, trace)
    value = run(optimist_search, problem, log)
    return finish(problem, log, value, Spec("optimist"))


def optimist_search(p: Problem, log: Tally) -> float:
    def value(state: Any) -> float:
        log.call("opt.def", p.kind(state))  # the node's kind, read, never guessed from its depth
        if p.is_cutoff(state, log.ply): return log.leaf("opt.terminal", p.utility(state))
        v = log.v("opt.init", -inf)
        for a in log.each(p.actions(state)):
            v = log.v("opt.update", max(v, value(p.result(state, a))))
            log.mark(HOPE, "opt.hope", info=v)
        return log.exit("opt.return", v)

    return value(p.state)


def replay_hope(r: Replay, e: Any) -> None:
    before = r.get(e.node)
    r.set(e.node, NodeState(before.status, before.player, before.alpha, before.beta, before.v, before.window,
                            extra={"hope": e.info}))


def tell_hope(t: Telling, e: Any) -> str:
    hoped = t.after(e.node).extra["hope"]
    return f"The optimist hopes for {ab.fmt(hoped)} at {t.name(e.node)}, as if MIN would help MAX get it."


def describe_optimist(spec: Spec) -> Algorithm:
    return Algorithm(
        name="optimist", title="The optimist", label="the optimist (a misconception)", listing=TOY_LISTING,
        replay={**WINDOWED, HOPE: replay_hope}, narrate={**WINDOWED_SENTENCES, HOPE: tell_hope}, start=start,
        windowed=False, calls="OPTIMIST-VALUE({name})",
    )


@pytest.fixture(scope="module")
def toy() -> Any:
    """The one registration; the register only grows, so a second one in this process would be refused."""
    entry = ab.registered().get("optimist")
    if entry is None:
        ab.register(ab.Registration("optimist", optimist, describe_optimist, command="optimist"))
    return ab.optimist


def leaves(nested: Any) -> list[int]:
    return [nested] if isinstance(nested, int) else [x for kid in nested for x in leaves(kid)]


def test_no_module_of_the_package_names_the_toy() -> None:
    named = [p for p in (ROOT / "abteach").rglob("*.py") if "optimist" in p.read_text(encoding="utf-8").lower()]
    assert named == []


def test_it_is_traced_at_the_front_door(toy: Any) -> None:
    r = toy(ab.tree(NESTED))
    # Derived independently: the optimist's answer is the best leaf anywhere.
    assert r.value == max(leaves(NESTED)) == 14
    assert r.move == 2 and r.leaves == len(leaves(NESTED))
    assert r.trace.algorithm.name == "optimist" and "optimist" in dir(ab)
    assert {e.line for e in r.trace} <= {lid for lid, _ in TOY_LISTING.lines}
    assert toy(ab.tree(NESTED), trace=False).trace is None


def test_its_own_kind_replays_and_is_narrated(toy: Any) -> None:
    trace = toy(ab.tree(NESTED)).trace
    hopes = trace.steps(HOPE)
    # One hope per child searched below an inner node: 3 at the root and 3 at each of B, C, D.
    assert len(hopes) == 3 + 3 * 3
    first = trace.frame(hopes[0])
    assert first.node((0,)).extra == {"hope": 3}
    assert first.explanation == "The optimist hopes for 3 at B, as if MIN would help MAX get it."
    assert trace.frame(hopes[-1]).explanation.startswith("The optimist hopes for 14 at A")


def test_it_is_stepped_and_drawn(toy: Any) -> None:
    r = toy(ab.tree(NESTED))
    s = ab.stepper(r)
    step = r.trace.steps(HOPE)[0]
    s.go(step)
    assert "hopes for 3 at B" in s.shown()["sentence"]
    # The line that ran is the one marked in the listing the stepper shows.
    assert s.shown()["line"] == TOY_LISTING.number("opt.hope")
    assert s.data["listing"]["lines"][s.shown()["line"] - 1][1] == TOY_LISTING.text("opt.hope")
    assert s.picture_png() != s.picture_png(0)
    png = ab.frame_png(r.trace, step)
    assert png.startswith(b"\x89PNG\r\n\x1a\n")


def test_its_listing_is_at_the_front_door(toy: Any) -> None:
    assert ab.listing("optimist") is TOY_LISTING


def test_the_command_line_lists_and_runs_it(toy: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["trace", "--help"])
    assert "optimist" in capsys.readouterr().out
    tree = tmp_path / "fig52.json"
    tree.write_text(json.dumps(NESTED))
    out = io.StringIO()
    assert cli.main(["trace", str(tree), "--algorithm", "optimist", "--kinds", HOPE], out=out) == 0
    text = out.getvalue()
    assert "the optimist (a misconception)" in text
    assert len(re.findall(r"hopes for", text)) == 12
    # It has no editions: the command line says so rather than ignoring the option.
    with pytest.raises(SystemExit) as refused:
        cli.main(["trace", str(tree), "--algorithm", "optimist", "--edition", "4"], out=io.StringIO())
    assert refused.value.code == 2 and "the optimist search has no editions" in capsys.readouterr().err


# A new kind of node, from this file alone: a committee that settles on the median of its children.
COMMITTEE = "COMMITTEE"


@pytest.fixture(scope="module")
def committee() -> NodeKind:
    """The one registration of the kind; the register only grows."""
    found = node_kinds().get(COMMITTEE)
    return found if found is not None else register_kind(
        NodeKind(COMMITTEE, "D", mover=False, acts="a committee settles on the median at {name}"))


def test_no_module_of_the_package_names_the_new_kind() -> None:
    named = [p for p in (ROOT / "abteach").rglob("*.py") if "committee" in p.read_text(encoding="utf-8").lower()]
    assert named == []


def test_a_new_node_kind_is_built_saved_searched_narrated_and_drawn(toy: Any, committee: NodeKind) -> None:
    from abteach.views.styles import node_styles, tree_styles
    t = ab.tree(NESTED, kinds={(1,): COMMITTEE})
    assert t.node((1,)).kind == COMMITTEE
    back = ab.tree_from_json(t.to_json())
    assert back.node((1,)).kind == COMMITTEE and json.loads(t.to_json())["kinds"] == {"1": COMMITTEE}
    assert tree_styles(t)[(1,)].marker == "D" and tree_styles(t)[(0,)].marker == "v"
    r = toy(t)
    enter_c = next(k for k in r.trace.steps("enter") if r.trace.events[k].node == (1,))
    frame = r.trace.frame(enter_c)
    assert frame.node((1,)).kind == COMMITTEE
    assert frame.explanation == "OPTIMIST-VALUE(C) is called: a committee settles on the median at C."
    assert node_styles(r.trace, enter_c)[(1,)].marker == "D"
    with pytest.raises(ValueError, match="register_kind: the kind 'COMMITTEE' is already registered"):
        register_kind(NodeKind(COMMITTEE, "o"))


@pytest.mark.parametrize("trace", [True, False])
@pytest.mark.parametrize("search", [ab.expectiminimax, lambda t, **kw: ab.star1(t, lo=-10, hi=10, **kw)],
                         ids=["expectiminimax", "star1"])
def test_a_search_given_a_kind_it_does_not_search_names_the_kind_and_the_node(committee: NodeKind, search: Any,
                                                                              trace: bool) -> None:
    t = ab.tree([[3, [1, 2]], [4, 5]], kinds={(0, 1): COMMITTEE})
    with pytest.raises(ValueError) as refused:
        search(t, trace=trace)
    said = str(refused.value)
    assert "the node at 0.1 is of kind 'COMMITTEE'" in said
    assert all(repr(k) in said for k in ("MAX", "MIN", "CHANCE"))
