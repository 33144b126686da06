"""The trace protocol: descriptions, open kinds, passes, new formulations, and bad callbacks."""

import ast
import inspect
import math
import re
from pathlib import Path
from math import inf

import pytest
from hypothesis import given
from hypothesis import strategies as st

import abteach as ab
import importlib
from abteach.search.events import Event, Kind
from abteach.search.problem import EvaluationError
from abteach.search.rules import STRICT, Edition
from abteach.trace.protocol import NodeState, Status
from .strategies import inner_trees
from .test_search_laws import minimax_value, reference_leaves

FIG = ab.examples.FIG_5_2
# The package's functions shadow their modules' names, so reach the modules themselves.
alphabeta_module = importlib.import_module("abteach.search.alphabeta")
negamax_module = importlib.import_module("abteach.search.negamax")


# -- an algorithm describes itself; views never ask its name -----------------------------

def test_every_trace_carries_its_description():
    for r in (ab.alphabeta(FIG), ab.alphabeta(FIG, edition=4, prune_on_tie=False), ab.minimax(FIG),
              ab.alphabeta_tutorial(FIG), ab.alphabeta_fail_hard(FIG), ab.negamax(FIG)):
        alg = r.trace.algorithm
        assert alg.name == r.algorithm
        assert alg.edition == r.edition and alg.prune_on_tie == r.prune_on_tie
        # Every line an event names is a line of the listing it carries.
        assert {e.line for e in r.trace} <= {i for lid, _ in alg.listing.lines for i in lid.split("|")}


#: Where algorithms are registered: the only modules that may spell a search's name in a test.
REGISTRATIONS = {"trace/algorithms.py", "trace/registry.py"}


def name_checks(source: str) -> list[str]:
    """The comparisons in ``source`` that ask which algorithm ran.

    A comparison asks it when one side is a registered name (or a tuple of
    them), or when it holds ``.name`` / ``.algorithm`` / ``algorithm`` and a
    string literal.  ``x.name == 'A'`` on a tree node is flagged too: the
    package compares node names by path, never by letter.
    """
    names: set[str] = set()
    for entry in ab.registered().values():
        names |= {entry.name, entry.export, entry.command or ""} - {""}
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Compare):
            continue
        sides = [node.left, *node.comparators]
        literals = [c.value for side in sides for c in ([side] if not isinstance(side, (ast.Tuple, ast.List, ast.Set))
                                                         else side.elts)
                    if isinstance(c, ast.Constant) and isinstance(c.value, str)]
        asks = any(isinstance(side, ast.Attribute) and side.attr in ("name", "algorithm")
                   or isinstance(side, ast.Name) and side.id == "algorithm" for side in sides)
        if any(x in names for x in literals) or (asks and literals):
            found.append(ast.unparse(node))
    return found


def test_the_guard_sees_every_way_of_asking_a_name():
    assert name_checks("if args.algorithm != 'alphabeta': pass")
    assert name_checks("if spec.name == 'minimax': pass")
    assert name_checks("if algorithm in ('alphabeta', 'minimax'): pass")
    assert name_checks("if r.name == 'whatever': pass")
    assert not name_checks("if e.kind == Kind.CUTOFF and n == 3: pass")


def test_no_code_outside_the_registrations_compares_algorithm_names():
    import abteach
    root = Path(inspect.getfile(abteach)).parent
    offenders = {}
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root).as_posix()
        if rel not in REGISTRATIONS:
            found = name_checks(path.read_text(encoding="utf-8"))
            if found:
                offenders[rel] = found
    # Names that are not a search's: nbgrader's folder layout (autograded/<student>/...), an empty file
    # name, a dataclass's own fields.  Each is listed whole, so any new comparison is seen.
    allowed = {"grading/checker.py": ["here.parent.parent.name == 'autograded'"],
               "views/options.py": ["path.name == ''"], "views/sizes.py": ["f.name in ('name', 'dpi')"],
               # Names of a submission's imports, read from its source.
               "grading/source.py": ["alias.name != '*'", "alias.name == 'annotations'"],
               # Folder names: nbgrader's submitted/<student>/<assignment>, and a venv's bin/.
               "grading/intake.py": ["step.name != 'submitted'"],
               "grading/kernelbox.py": ["Path(python).parent.name == 'bin'"]}
    assert {k: v for k, v in offenders.items() if allowed.get(k) != v} == {}


def test_an_unknown_kind_is_shown_plainly_and_changes_no_node():
    tr = ab.alphabeta(FIG).trace
    odd = Event("probe", (0,), "max.def", test="table lookup")
    events = tr.events[:5] + [odd] + tr.events[5:]
    t2 = ab.Trace(events, tr.algorithm, tr.game, tr.state)
    assert t2.frame(6).explanation == "probe at B."
    assert t2.frame(6).nodes == t2.frame(5).nodes
    assert t2.frame(7).nodes == tr.frame(6).nodes  # the rest replays as before


def test_a_new_kind_plugs_in_through_the_description_alone():
    tr = ab.alphabeta(FIG).trace

    def probe(r, e):
        before = r.get(e.node)
        r.set(e.node, NodeState(before.status, before.player, before.alpha, before.beta, before.v,
                                before.window, extra={"probes": before.extra.get("probes", 0) + 1}))

    def tell(t, e):
        return f"The table is probed at {t.name(e.node)}: {t.after(e.node).extra['probes']} probe(s) so far."

    alg = tr.algorithm.but(replay={**tr.algorithm.replay, "probe": probe},
                           narrate={**tr.algorithm.narrate, "probe": tell})
    odd = Event("probe", (0,), "max.def")
    t2 = ab.Trace(tr.events[:3] + [odd, odd] + tr.events[3:], alg, tr.game, tr.state)
    assert t2.frame(5).node((0,)).extra == {"probes": 2}
    assert t2.frame(5).explanation == "The table is probed at B: 2 probe(s) so far."
    assert t2.last().node((0,)).value == 3  # and the search's own kinds still replay


def test_passes_keep_their_own_states():
    first = ab.alphabeta(FIG).trace
    again = ab.alphabeta(FIG, prune_on_tie=False).trace
    mark = lambda label: Event(Kind.PASS, (), "search.def", test=label)  # noqa: E731
    events = [mark("depth 1")] + first.events[:-1] + [mark("re-search")] + again.events
    t = ab.Trace(events, first.algorithm, FIG, FIG.initial)
    assert t.passes == ["depth 1", "re-search"]
    start_of_second = len(first.events[:-1]) + 2
    f = t.frame(start_of_second)
    assert f.pass_index == 1 and f.pass_label == "re-search"
    assert f.node((0,)).status is Status.UNVISITED          # the second pass has not reached B
    assert f.earlier((0,))[0].value == 3                    # but the first pass left B at 3
    assert f.earlier((1, 1))[0].status is Status.PRUNED     # and pruned c2
    assert t.last().node((1, 1)).status is Status.PRUNED and t.last().pass_index == 1


def test_steps_and_events_count_the_same_way():
    tr = ab.alphabeta(FIG).trace
    k = tr.steps(Kind.CUTOFF)[0]
    assert tr.event(k).kind == Kind.CUTOFF and tr.frame(k).event is tr.event(k)
    with pytest.raises(IndexError, match="steps 1 to"):
        tr.event(0)
    with pytest.raises(TypeError, match="step must be an int"):
        tr.frame("3")
    with pytest.raises(TypeError, match="node path"):
        tr.frame(3).node("0.1")


def test_frames_share_the_history_instead_of_copying_it():
    tr = ab.alphabeta(FIG).trace
    a, b = tr.frame(10), tr.frame(40)
    assert a._h is b._h  # one replay serves every frame
    assert len(a.nodes) < len(b.nodes)


# -- searches read like their pseudocode ----------------------------------------------

@pytest.mark.parametrize("fn", [alphabeta_module.alphabeta3, alphabeta_module.alphabeta4,
                                negamax_module.negamax_search])
def test_each_line_of_a_search_makes_at_most_one_recorder_call(fn):
    body = inspect.getsource(fn).splitlines()
    assert all(len(re.findall(r"\blog\.\w+\(", line)) <= 1 for line in body)
    # The cutoff comparison is written as the book writes it.
    assert re.search(r"v >= β|v <= α", inspect.getsource(fn))


def test_the_strict_rule_is_compiled_from_the_textbook_source():
    strict = alphabeta_module.search_for(Edition.THIRD, STRICT)
    assert strict.__code__.co_filename == alphabeta_module.alphabeta3.__code__.co_filename


# -- searching from a state below the root --------------------------------------------

def test_a_search_from_below_the_root_names_the_real_nodes():
    d = FIG.node((2,))
    r = ab.alphabeta(FIG, d)
    # D's leaves are (2, 0), (2, 1), (2, 2); D is MIN, with the whole window it sees all three.
    assert r.evaluated == [(2, 0), (2, 1), (2, 2)] and r.value == min(14, 5, 2)
    assert r.pv_path == (2, 2) and r.move_name == "d3"
    assert "from D" in r.trace.frame(0).explanation
    assert r.trace[0].node == (2,)
    assert r.trace.last().status(()) is Status.UNVISITED and r.trace.last().status((0,)) is Status.UNVISITED
    assert r.trace.frame(3).stack == ((2,), (2, 0))


# -- narration follows the tie rule and flags a mistake's lines -------------------------

def test_strict_narration_says_a_tie_still_counts():
    r = ab.alphabeta(ab.examples.TIED_ROOT, prune_on_tie=False)
    ties = [f.explanation for f in r.trace.frames() if f.event is not None and f.event.kind == Kind.TEST
            and re.fullmatch(r"v=(\S+) [<>] [αβ]=\1", f.event.test)]
    assert ties and all("might still tie" in s for s in ties)
    assert "strictly between" not in " ".join(f.explanation for f in r.trace.frames())


def test_a_mistake_is_flagged_on_its_faulty_line_not_justified():
    r = ab.mistakes.run_mistake("alpha-in-min", FIG)
    faulty = [f for f in r.trace.frames() if f.event is not None and f.event.line == "min.window"]
    assert faulty
    for f in faulty:
        assert f.explanation.startswith("✗") and "MAX is now sure" not in f.explanation


# -- the two new formulations ----------------------------------------------------------

@given(inner_trees(), st.booleans())
def test_negamax_evaluates_the_third_editions_leaves(nested, tie):
    t = ab.tree(nested)
    r = ab.negamax(t, prune_on_tie=tie)
    assert r.value == minimax_value(nested)
    assert r.evaluated == reference_leaves(nested, tie) == ab.alphabeta(t, prune_on_tie=tie).evaluated


def encyclopedia_returns(nested):
    """The seed's pseudocode, written out plainly: what each call returns, by path."""
    out = {}

    def alphabeta(node, path, alpha, beta, maximizing):
        if not isinstance(node, list):
            out[path] = node
            return node
        for i, child in enumerate(node):
            if maximizing:
                alpha = max(alpha, alphabeta(child, path + (i,), alpha, beta, False))
            else:
                beta = min(beta, alphabeta(child, path + (i,), alpha, beta, True))
            if beta <= alpha:
                break
        out[path] = alpha if maximizing else beta
        return out[path]

    alphabeta(nested, (), -inf, inf, True)
    return out


@given(inner_trees())
def test_fail_hard_prunes_as_the_textbook_and_returns_the_bound(nested):
    t = ab.tree(nested)
    hard, soft = ab.alphabeta_fail_hard(t), ab.alphabeta(t)
    assert hard.value == soft.value == minimax_value(nested)
    assert hard.evaluated == soft.evaluated and hard.pruned == soft.pruned
    returns = {e.node: e.value for e in hard.trace if e.kind in (Kind.EXIT, Kind.LEAF)}
    assert returns == encyclopedia_returns(nested)
    # It never returns less than α at a MAX node, nor more than β at a MIN node, where the textbook can.
    entered = {e.node: (e.alpha, e.beta, e.player) for e in hard.trace if e.kind == Kind.ENTER}
    for node, g in returns.items():
        alpha, beta, player = entered[node]
        if node in hard.evaluated:
            continue
        assert g >= alpha if player == "MAX" else g <= beta


# -- bad callbacks ---------------------------------------------------------------------

@pytest.mark.parametrize("bad", [None, math.nan, "3", inf, -inf, True])
def test_an_evaluation_that_is_not_a_finite_number_is_named(bad):
    with pytest.raises(EvaluationError, match="evaluate must return a"):
        ab.alphabeta(FIG, depth=1, evaluate=lambda s, p: bad)


def test_callbacks_that_are_not_functions_are_refused_before_the_search():
    with pytest.raises(TypeError, match="evaluate must be a function, not 3"):
        ab.alphabeta(FIG, depth=1, evaluate=3)
    with pytest.raises(TypeError, match="order must be a function"):
        ab.alphabeta(FIG, order="left first")
    with pytest.raises(TypeError, match="order must return the actions reordered"):
        ab.alphabeta(FIG, order=lambda s, a: None)
    with pytest.raises(TypeError, match="game: .* is not a game"):
        ab.alphabeta([[3, 12, 8]])
