"""Events are built by keyword, so a new field of :class:`Event` is one edit.

The recorder writes ``Event(kind, node, line, alpha=α, ...)``.  These tests
hold every module to the keyword form, and add a field to Event to see the
recorders build it with no other edit.
"""

from __future__ import annotations

import ast
import collections
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import abteach as ab
from abteach.lessons.mistakes import Fault, faulty
from abteach.search import record
from abteach.search.alphabeta import alphabeta3
from abteach.search.events import Event
from abteach.search.problem import Problem
from abteach.search.record import Recorder
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
    offenders = {str(path.relative_to(ROOT)): found for path in SOURCES
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


def _runs(tree: ab.Tree, tie: TieRule) -> list[list[Event]]:
    """The events of the two ways a search reports: the line methods, and the *_at methods a mistake calls."""
    p = Problem(tree, None)
    readable, mistake = Recorder(p.root, tie=tie), Recorder(p.root, tie=tie)
    tie.compile(alphabeta3)(p, readable)
    faulty(Fault(max_test=tie.compare("≥"), min_test=tie.compare("≤")))(p, mistake)
    readable.mark("pass", "search.def", "a pass")
    readable.done(0, None)
    return [readable.events, mistake.events]


@given(inner_trees(values=st.sampled_from([0, 1, 2.5, -1.5])), st.booleans())
def test_every_event_is_an_event(nested, prune_on_tie):
    runs = _runs(ab.tree(nested), TieRule.of(prune_on_tie))
    assert all(type(e) is Event for events in runs for e in events) and all(runs)


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
        mp.setattr(record, "Event", Wider)
        after = _runs(tree, tie)
    assert all(type(e) is Wider and e.depth == 0 for events in after for e in events)
    assert [[Event(**{k: v for k, v in e._asdict().items() if k != "depth"}) for e in events]
            for events in after] == before
