"""Events are built by keyword, so a new field of :class:`Event` is one edit.

Hot code writes ``Event(kind, node, line, alpha=α, ...)`` and is compiled by
:func:`~abteach.search.events.inline_events` into the bare tuple.  These tests
hold every module to the keyword form, check that the compiled code builds
exactly what the keywords say, and add a field to Event to see the recorders
and the fast twin build it with no other edit.
"""

from __future__ import annotations

import ast
import collections
from pathlib import Path
from types import FunctionType
from typing import NamedTuple

import pytest
from hypothesis import given
from hypothesis import strategies as st

import abteach as ab
from abteach.lessons.mistakes import Fault, faulty
from abteach.search import fast_trace, record
from abteach.search.alphabeta import alphabeta3
from abteach.search.events import Event, inline_events
from abteach.search.problem import Problem
from abteach.search.record import Recorder, Tally
from abteach.search.rules import TieRule
from .strategies import inner_trees

ROOT = Path(__file__).resolve().parents[1]
SOURCES = sorted((ROOT / "abteach").rglob("*.py")) + sorted((ROOT / "tests").glob("*.py"))
# kind, node and line are the fields every event gives, in that order; everything after them goes by name.
POSITIONAL = 3


def _named(node: ast.expr, name: str) -> bool:
    return (isinstance(node, ast.Name) and node.id == name) or (isinstance(node, ast.Attribute) and node.attr == name)


def _positional_constructions(source: str) -> list[str]:
    """Each place in ``source`` that builds an Event by position, as ``line: what``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and node.attr == "__new__" and _named(node.value, "tuple"):
            found.append(f"{node.lineno}: tuple.__new__")
        if not isinstance(node, ast.Call):
            continue
        args = node.args
        if _named(node.func, "Event") and (len(args) > POSITIONAL or any(isinstance(a, ast.Starred) for a in args)):
            found.append(f"{node.lineno}: Event() with {len(args)} fields by position")
        if isinstance(node.func, ast.Attribute) and node.func.attr == "_make" and _named(node.func.value, "Event"):
            found.append(f"{node.lineno}: Event._make")
        if any(_named(a, "Event") for a in args) and any(isinstance(a, (ast.Tuple, ast.List)) for a in args):
            found.append(f"{node.lineno}: Event and a literal tuple passed to {ast.unparse(node.func)}")
    return found


def test_no_module_builds_an_event_by_position():
    # events.py alone holds tuple.__new__: inline_events compiles keyword calls into it.
    offenders = {str(path.relative_to(ROOT)): found for path in SOURCES
                 if path.name != "events.py" or path.parent.name != "search"
                 for found in [_positional_constructions(path.read_text(encoding="utf-8"))] if found}
    assert offenders == {}


@pytest.mark.parametrize("source", [
    "_new(Event, (kind, node, line, None, None, None, None, None, None, None, (), '', '', None))",
    "tuple.__new__(Event, (kind, node, line))",
    "_event = tuple.__new__",
    "Event._make((kind, node, line))",
    "Event(kind, node, line, alpha)",
    "Event(*fields)",
])
def test_the_scan_sees_each_positional_form(source):
    assert _positional_constructions(source)


def test_the_scan_passes_the_keyword_form():
    assert _positional_constructions("Event(Kind.ENTER, path, line, alpha=α, beta=β, player=MAX)") == []


# -- the compiled calls build what the keywords say ---------------------------------------


def _compiled() -> list[tuple[object, str, FunctionType]]:
    """Every function the package compiled with inline_events: (where it lives, its name, the compiled one)."""
    out: list[tuple[object, str, FunctionType]] = [
        (cls, name, fn) for cls in (Tally, Recorder) for name, fn in vars(cls).items() if hasattr(fn, "__wrapped__")]
    out.append((fast_trace, "tree_events", fast_trace.tree_events))
    return out


def test_the_hot_reports_are_compiled():
    names = {(getattr(where, "__name__", ""), name) for where, name, _ in _compiled()}
    assert {("Tally", n) for n in ("enter_at", "leaf_at", "value_at", "test_at", "window_at", "cutoff_at",
                                    "exit_at")} <= names
    assert {("Recorder", "mark"), ("Recorder", "done"), ("abteach.search.fast_trace", "tree_events")} <= names
    for _, _, fn in _compiled():
        assert "_event_new" in fn.__code__.co_freevars or any(
            "_event_new" in c.co_freevars for c in fn.__code__.co_consts if hasattr(c, "co_freevars"))


def _runs(tree: ab.Tree, tie: TieRule) -> list[list[Event]]:
    """The events of the three ways a search reports: the line methods, the *_at methods, the fast twin."""
    p = Problem(tree, None)
    readable, mistake = Recorder(p.root, tie=tie), Recorder(p.root, tie=tie)
    tie.compile(alphabeta3)(p, readable)
    faulty(Fault(max_test=tie.compare("≥"), min_test=tie.compare("≤")))(p, mistake)
    readable.mark("pass", "search.def", "a pass")
    readable.done(0, None)
    twin = fast_trace.tree_events(p.state, p.root_is_max, tie)
    return [readable.events, mistake.events, twin]


@given(inner_trees(values=st.sampled_from([0, 1, 2.5, -1.5])), st.booleans())
def test_compiled_events_equal_the_keyword_calls_as_written(nested, prune_on_tie):
    tree, tie = ab.tree(nested), TieRule.of(prune_on_tie)
    compiled = _runs(tree, tie)
    with pytest.MonkeyPatch.context() as mp:
        for where, name, fn in _compiled():
            mp.setattr(where, name, fn.__wrapped__)
        as_written = _runs(tree, tie)
    assert compiled == as_written
    assert all(type(e) is Event for events in compiled for e in events)


# -- a new field is one edit ---------------------------------------------------------------


def _wider_event() -> type:
    """Event with one more field, in the middle, as an edit of its definition would add it."""
    names = list(Event._fields)
    names.insert(names.index("line") + 1, "depth")
    defaults = {**Event._field_defaults, "depth": 0}
    return collections.namedtuple("Event", names, defaults=[defaults[n] for n in names if n in defaults])


def test_a_new_field_of_event_needs_no_other_edit():
    Wider = _wider_event()
    tree, tie = ab.examples.FIG_5_2, TieRule.of(True)
    before = _runs(tree, tie)
    with pytest.MonkeyPatch.context() as mp:
        for module in (record, fast_trace):
            mp.setattr(module, "Event", Wider)
        for where, name, fn in _compiled():
            mp.setattr(where, name, inline_events(fn.__wrapped__, Wider))
        after = _runs(tree, tie)
    assert all(type(e) is Wider and e.depth == 0 for events in after for e in events)
    assert [[Event(**{k: v for k, v in e._asdict().items() if k != "depth"}) for e in events]
            for events in after] == before


class Marked(NamedTuple):
    kind: str
    depth: int = 0
    tags: frozenset[str] = frozenset()  # not a literal: the compiled code is handed it
    note: str = "n/a"


def marked(kind: str, note: str) -> Marked:
    return Marked(kind, note=note)


def test_fields_left_out_take_their_defaults_literal_or_not():
    fast = inline_events(marked, Marked)
    assert fast("x", "y") == marked("x", "y") == ("x", 0, frozenset(), "y")
    assert fast.__wrapped__ is marked and fast.__name__ == "marked"


def bad_field(kind: str) -> Marked:
    return Marked(kind, colour="red")  # type: ignore[call-arg]


def twice(kind: str) -> Marked:
    return Marked(kind, kind=kind)  # type: ignore[misc]


def missing(depth: int) -> Marked:
    return Marked(depth=depth)  # type: ignore[call-arg]


@pytest.mark.parametrize("fn, says", [(bad_field, "no field 'colour'"), (twice, "'kind' twice"),
                                      (missing, "leaves out 'kind'")])
def test_a_wrong_call_is_refused_at_import_not_on_first_use(fn, says):
    with pytest.raises(TypeError, match=says):
        inline_events(fn, Marked)
