"""The practice widget: a fresh tree, a form for what every node returns, a check per node, hints, "show me".

The student types the value each inner node's call returns, or ticks "pruned",
optionally with the α and β it is called with.  A leaf's value is in the
picture, so a leaf's row asks only whether the search reaches it.  "Check" runs
the checker it is handed (the front door's ``ab.practice`` hands it
:func:`abteach.lessons.practice.check_answers`, and
:func:`~abteach.lessons.practice.practice_tree` for "New tree": the searches
run there, not here) and marks every row right or
wrong with one sentence why; "Hint" gives one hint at a time; "Show me"
replays the correct search in the stepper from the first node the student got
wrong.

The tree to solve is drawn in the page by the stepper's ES module, as the
stepper draws a tree (inline SVG with real text, a tree a screen reader walks
with the arrow keys): :class:`SolveTree`, from
:func:`abteach.views.tree_data.tree_data` of the correct search the checker
hands back for an empty form.  The form stays ipywidgets: checking runs in
the kernel.  Without a kernel the saved notebook shows a picture of the tree
to solve; an exported page or the course site shows the tree drawn by the
module and the correct search in a stepper, folded away
(:mod:`abteach.widgets.offline`).
"""

from __future__ import annotations

import html
import math
from typing import TYPE_CHECKING, Any, Callable

import anywidget
import ipywidgets as widgets
import traitlets

from abteach.games.trees import Path, Tree
from abteach.search.events import fmt
from abteach.search.rules import Edition, TieRule
from abteach.trace.protocol import Status
from abteach.views.draw import draw_tree
from abteach.views.export import figure_bytes
from abteach.views.alt import tree_alt
from abteach.views.sizes import resolve_size
from abteach.views.tree_data import tree_data
from abteach.widgets.fallback import with_fallback
from abteach.widgets.theme import light_card
from abteach.widgets.stepper import ESM_PATH, scale_of, stepper

if TYPE_CHECKING:  # what the checker hands back, made below; only its type is named here
    from abteach.lessons.practice import Check

#: How an answer says a node is never searched: the status's own word (``abteach.lessons.answers.PRUNED``).
PRUNED = Status.PRUNED.value
#: ``check(tree, answers, rule=, edition=, windows=)``: the verdicts (:func:`abteach.lessons.practice.check_answers`).
Checker = Callable[..., "Check"]
#: ``new_tree(size=, shape=, rule=, ties=, seed=)``: a tree to solve (:func:`abteach.lessons.practice.practice_tree`).
TreeMaker = Callable[..., Tree]

_CSS = """
<style>
/* Dark text on white, like its picture, whatever the notebook's theme. */
""" + light_card(".ab-practice") + """
.ab-practice .ab-row { align-items: center; border-bottom: 1px solid #e6e6e6; }
.ab-practice .ab-node-name { font-weight: bold; color: #1a1a1a; }
.ab-practice .ab-verdict { font-size: 13px; color: #1a1a1a; line-height: 1.3; }
.ab-practice .ab-right .ab-mark { color: #1b6e1b; font-weight: bold; }
.ab-practice .ab-wrong .ab-mark { color: #a11212; font-weight: bold; }
.ab-practice .ab-wrong .ab-reason { color: #7a0e0e; }
.ab-practice .ab-verdict .widget-html-content { white-space: normal; line-height: 1.3; }
.ab-practice .ab-message, .ab-practice .ab-intro { font-size: 15px; color: #1a1a1a; padding: 4px 0; }
.ab-practice .ab-hint-text { font-size: 14px; color: #1a1a1a; background: #fff6dd; padding: 2px 6px; }
</style>
"""


def parse_entry(text: str, pruned: bool) -> tuple[float | str | None, str]:
    """What a row's entry means: a number, ``'pruned'``, nothing, or an error message.

    Examples
    --------
    >>> parse_entry(" 3 ", False), parse_entry("", True), parse_entry("", False)
    ((3, ''), ('pruned', ''), (None, ''))
    >>> parse_entry("2.5", False), parse_entry("-inf", False)[0]
    ((2.5, ''), -inf)
    >>> parse_entry("three", False)[1]
    "'three' is not a number: enter the value this node's call returns, or tick pruned."
    """
    if pruned:
        return PRUNED, ""
    text = text.strip().replace("−", "-").replace("∞", "inf")
    if not text:
        return None, ""
    if text.lower() == PRUNED:
        return PRUNED, ""
    try:
        x = float(text)
    except ValueError:
        return None, f"{text!r} is not a number: enter the value this node's call returns, or tick pruned."
    if math.isnan(x):
        return None, f"{text!r} is not a number: enter the value this node's call returns, or tick pruned."
    return (int(x) if x.is_integer() else x), ""


class Row(widgets.HBox):
    """One node's row: its name, the student's value, a pruned box, optionally α and β, and the verdict.

    A leaf's row shows the leaf's value, which the picture shows too, in place of a box to type it in:
    for a leaf the question is only whether the search reaches it.
    """

    def __init__(self, path: Path, name: str, player: str, leaf: float | None, with_window: bool) -> None:
        self.path = path
        self.name = name
        self.leaf = leaf
        # Fixed widths that never shrink, so a long verdict wraps in its own column and the inputs stay aligned.
        # The placeholders are hints, not names: a screen reader names each box by its node.
        self.value = widgets.Text(placeholder="returns", tooltip=f"value {name}'s call returns",
                                  layout=widgets.Layout(width="90px", flex="0 0 auto"))
        shown = (widgets.HTML(f"<span class='ab-leaf-value'>= {html.escape(fmt(leaf))}</span>",
                              layout=widgets.Layout(width="90px", flex="0 0 auto"))
                 if leaf is not None else self.value)
        self.pruned = widgets.Checkbox(value=False, description="pruned", indent=False,
                                       layout=widgets.Layout(width="80px", flex="0 0 auto"))
        self.alpha = widgets.Text(placeholder="α", tooltip=f"α {name} is called with",
                                  layout=widgets.Layout(width="60px", flex="0 0 auto"))
        self.beta = widgets.Text(placeholder="β", tooltip=f"β {name} is called with",
                                 layout=widgets.Layout(width="60px", flex="0 0 auto"))
        self.verdict = widgets.HTML(layout=widgets.Layout(flex="1 1 0", min_width="0"))
        label = widgets.HTML(f"<span class='ab-node-name'>{html.escape(name)}</span> "
                             f"<span>{'leaf' if leaf is not None else player}</span>",
                             layout=widgets.Layout(width="90px", flex="0 0 auto"))
        for w, cls in [(self.value, "ab-value"), (self.pruned, "ab-pruned"), (self.alpha, "ab-alpha"),
                       (self.beta, "ab-beta"), (self.verdict, "ab-verdict")]:
            w.add_class(cls)
        parts: list[widgets.Widget] = [label, shown, self.pruned]
        if with_window:
            parts += [self.alpha, self.beta]
        super().__init__(parts + [self.verdict])
        self.add_class("ab-row")
        self.add_class(f"ab-node-{'-'.join(map(str, path)) or 'root'}")

    def entry(self) -> tuple[float | str | None, str]:
        if self.leaf is not None:  # reached unless ticked: its value is the one shown
            return (PRUNED if self.pruned.value else self.leaf), ""
        return parse_entry(self.value.value, self.pruned.value)

    def window(self) -> tuple[tuple[float, float] | None, str]:
        a, b = parse_entry(self.alpha.value, False), parse_entry(self.beta.value, False)
        if not self.alpha.value.strip() and not self.beta.value.strip():
            return None, ""
        if isinstance(a[0], (int, float)) and isinstance(b[0], (int, float)):
            return (float(a[0]), float(b[0])), ""
        return None, f"α and β must both be numbers (−inf and inf allowed), not {self.alpha.value!r}, {self.beta.value!r}."

    def show(self, right: bool | None, reason: str = "") -> None:
        self.remove_class("ab-right")
        self.remove_class("ab-wrong")
        self.verdict.remove_class("ab-right")
        self.verdict.remove_class("ab-wrong")
        if right is None:
            self.verdict.value = ""
            return
        cls = "ab-right" if right else "ab-wrong"
        self.add_class(cls)
        self.verdict.add_class(cls)
        self.verdict.value = ("<span class='ab-mark'>✓ right</span>" if right else
                              f"<span class='ab-mark'>✗</span> <span class='ab-reason'>{html.escape(reason)}</span>")


class SolveTree(anywidget.AnyWidget):
    """The tree to solve, drawn in the page by the stepper's module (``mountTree``): set ``tree`` to redraw it.

    Attributes
    ----------
    tree : dict
        :func:`abteach.views.tree_data.tree_data` of the tree's correct search.
    alt : str
        The tree in words (:func:`abteach.views.alt.tree_alt`), kept in the kernel: the page names every node
        of the drawing instead, and the saved picture carries its own text.
    scale : float
        How much larger than on a desk the page draws (:data:`abteach.widgets.stepper.SCALES`).
    legible : float
        The least height, in pixels, of the tree's small text: the tree shrinks to fit its column down to
        this, then scrolls (:attr:`abteach.views.sizes.Size.legible`), as a stepper's does.
    """

    _esm = ESM_PATH.read_text(encoding="utf-8")
    tree = traitlets.Dict().tag(sync=True)
    alt = traitlets.Unicode("")
    scale = traitlets.Float(1.0).tag(sync=True)
    legible = traitlets.Float(10.0).tag(sync=True)


class Practice(widgets.VBox):
    """Practise alpha-beta on one tree, with a verdict for every node.  Build one with :func:`practice`."""

    def __init__(self, tree: Tree, *, rule: str, edition: int, windows: bool, options: dict[str, Any],
                 check: Checker, new_tree: TreeMaker) -> None:
        # options: the tree maker's keyword arguments, kept for "New tree".
        self.check_answers, self.practice_tree = check, new_tree
        self.rule = rule
        self.edition = edition
        self.windows = windows
        self.options = options
        self.check: Check | None = None
        self.hints_shown = 0
        # Drawn in the page; the size ab.use_size chose, once, as a stepper's.
        size = resolve_size(None)
        self.view = SolveTree(scale=scale_of(size), legible=size.legible, layout=widgets.Layout(max_width="100%"))
        self.view.add_class("ab-practice-tree")
        self.rows_box = widgets.VBox()
        self.message = widgets.HTML()
        self.message.add_class("ab-message")
        self.hint_text = widgets.HTML()
        self.hint_text.add_class("ab-hint")
        self.buttons = {key: widgets.Button(description=text, tooltip=tip)
                        for key, text, tip in [("check", "Check", "Mark every node right or wrong"),
                                               ("hint", "Hint", "One hint at a time"),
                                               ("show", "Show me", "Replay the correct search from your first wrong node"),
                                               ("new", "New tree", "A fresh tree with the same options")]}
        for key, b in self.buttons.items():
            b.add_class(f"ab-{key}")
        self.buttons["check"].on_click(lambda _: self.run_check())
        self.buttons["hint"].on_click(lambda _: self.next_hint())
        self.buttons["show"].on_click(lambda _: self.show_me())
        self.buttons["new"].on_click(lambda _: self.new_tree())
        self.replay = widgets.VBox()
        self.replay.add_class("ab-replay")
        what = ("the value each inner node's call returns (the leaves' values are in the picture), "
                "or tick <b>pruned</b> for every node the search never visits"
                + (", and the α, β each is called with" if windows else ""))
        rule_text = ("the textbook's: cut off on ties (v ≥ β, v ≤ α)" if TieRule.named(rule).prunes_on_tie
                     else "strict: cut off only when v > β or v < α")
        intro = widgets.HTML(f"<div class='ab-intro'>Run alpha-beta ({Edition.of(edition).label}) by hand. Enter {what}. "
                             f"A node that cuts off returns its bound. Tie rule: {rule_text}.</div>")
        controls = widgets.HBox(list(self.buttons.values()))
        form = widgets.VBox([self.rows_box], layout=widgets.Layout(max_height="520px", overflow="auto",
                                                                     flex="1 1 0", min_width="420px"))
        body = widgets.HBox([widgets.VBox([self.view], layout=widgets.Layout(flex="1 1 0", min_width="300px")),
                             form], layout=widgets.Layout(flex_flow="row wrap"))
        super().__init__([widgets.HTML(_CSS), intro, body, controls, self.message, self.hint_text, self.replay])
        self.add_class("ab-practice")
        self.use(tree)

    # -- the tree ---------------------------------------------------------------------
    def use(self, tree: Tree) -> None:
        """Put ``tree`` up to solve, with an empty form."""
        self.tree = tree
        blank = self.check_answers(tree, {}, rule=self.rule, edition=self.edition)
        self.blank = blank
        self.rows = {p: Row(p, v.name, tree.node(p).player, _leaf_value(tree, p), self.windows)
                     for p, v in blank.verdicts.items()}
        self.rows_box.children = list(self.rows.values())
        self.png = _tree_png(tree)  # for a saved notebook opened without widgets
        # The correct search, which the checker ran for the empty form, is read for the tree's layout only.
        self.view.tree = tree_data(blank.result.trace)
        self.view.alt = tree_alt(tree, "The tree to solve: a game tree")
        self.check = None
        self.hints_shown = 0
        self.message.value = ""
        self.hint_text.value = ""
        self.replay.children = []

    def new_tree(self) -> None:
        """A fresh tree with the same options (the next seed)."""
        self.options = {**self.options, "seed": _next_seed(self.options["seed"])}
        self.use(self.practice_tree(**self.options))

    # -- answers ----------------------------------------------------------------------
    def answers(self) -> tuple[dict[Path, Any], dict[Path, Any], dict[Path, str]]:
        """The form read: answers, windows, and the rows whose text could not be read."""
        answers: dict[Path, Any] = {}
        windows: dict[Path, Any] = {}
        bad: dict[Path, str] = {}
        for p, row in self.rows.items():
            value, problem = row.entry()
            if problem:
                bad[p] = problem
            elif value is not None:
                answers[p] = value
            if self.windows:
                w, problem = row.window()
                if problem:
                    bad[p] = problem
                elif w is not None:
                    windows[p] = w
        return answers, windows, bad

    def fill(self, answers: dict[Any, Any]) -> None:
        """Type answers into the form (paths or names to values or 'pruned'), as a student would.

        A leaf's row only has its pruned box, so a number for a leaf unticks it.
        """
        names = {v.name: p for p, v in self.blank.verdicts.items()}
        for key, value in answers.items():
            row = self.rows[names.get(key, key)]
            if row.leaf is not None:
                row.pruned.value = value == PRUNED
            elif value == PRUNED:
                row.pruned.value, row.value.value = True, ""
            else:
                row.pruned.value, row.value.value = False, str(value)

    def run_check(self) -> Check:
        """Mark every row; say how many are right and which misconception fits."""
        answers, windows, bad = self.answers()
        check = self.check_answers(self.tree, answers, rule=self.rule, edition=self.edition,
                              windows=windows if self.windows else None)
        self.check = check
        self.hints_shown = 0
        self.hint_text.value = ""
        for p, row in self.rows.items():
            v = check.verdicts[p]
            if p in bad:
                row.show(False, bad[p])
            else:
                row.show(v.right, v.reason)
        self.message.value = html.escape(check.message)
        return check

    def next_hint(self) -> str:
        """The next hint for the first wrong node (checking the answers silently if need be)."""
        if self.check is None:
            answers, windows, _ = self.answers()
            self.check = self.check_answers(self.tree, answers, rule=self.rule, edition=self.edition,
                                       windows=windows if self.windows else None)
        hints = self.check.hints
        text = hints[min(self.hints_shown, len(hints) - 1)]
        self.hints_shown += 1
        self.hint_text.value = (f"<div class='ab-hint-text'>Hint {min(self.hints_shown, len(hints))} of {len(hints)}: "
                                f"{html.escape(text)}</div>")
        return text

    def show_me(self) -> None:
        """Replay the correct search in the stepper, from the first node answered wrong."""
        check = self.check or self.run_check()
        s = stepper(check.result)
        s.go(check.replay_step)
        first = check.first_wrong
        where = (f"from {check.verdicts[first].name}, the first node you got wrong"
                 if first is not None else "from the start: every node is right")
        self.replay.children = [widgets.HTML(f"<div class='ab-intro'>The correct search, {html.escape(where)}:</div>"), s]

    # -- without a kernel -------------------------------------------------------------
    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return with_fallback(super()._repr_mimebundle_(**kwargs), self.png, repr(self))

    def __repr__(self) -> str:
        done = "" if self.check is None else f", {self.check.score} of {self.check.out_of} right"
        return f"Practice({len(self.tree)} nodes, rule={self.rule!r}, edition={self.edition}{done})"


def _leaf_value(tree: Tree, path: Path) -> float | None:
    """A leaf's value, which the picture shows; ``None`` for an inner node."""
    node = tree.node(path)
    return node.value if node.is_leaf else None


def _tree_png(tree: Tree) -> bytes:
    fig = draw_tree(tree, names=True, moves=False)
    try:
        return figure_bytes(fig, "png")
    finally:
        import matplotlib.pyplot as plt
        plt.close(fig)


def _next_seed(seed: int | str) -> int | str:
    return seed + 1 if isinstance(seed, int) else f"{seed}+"


def practice(tree: Tree | None = None, *, size: str = "small", shape: str = "uniform", rule: str = "textbook",
             edition: int = 3, ties: bool = False, seed: int | str = 0, windows: bool = False,
             check: Checker, new_tree: TreeMaker) -> Practice:
    """Practise alpha-beta by hand on a fresh seeded tree, with a verdict for every node.

    The front door's ``ab.practice`` is this widget handed the lessons' checker and tree maker.

    Parameters
    ----------
    tree : Tree, optional
        A tree of your own; by default one is drawn from the options below.
    size : {'small', 'medium', 'large'}
    shape : {'uniform', 'uneven'}
    rule : {'textbook', 'strict'}
        The tie rule: the textbook cuts off on ties, CS188's strict rule does not.
    edition : {3, 4}
    ties : bool
        Draw a tree on which the tie rule decides a cutoff.
    seed : int or str
        The same seed gives the same tree.
    windows : bool
        Also ask for the α and β each node is called with.
    check, new_tree : callable
        What checks the answers and draws a tree: :func:`abteach.lessons.practice.check_answers`
        and :func:`~abteach.lessons.practice.practice_tree`, which run the searches.

    Examples
    --------
    >>> from abteach.lessons.practice import check_answers, practice_tree
    >>> p = practice(seed=3, check=check_answers, new_tree=practice_tree)
    >>> p.fill({path: "pruned" for path in p.rows}); p.run_check().score < p.check.out_of
    True
    """
    if tree is not None and not isinstance(tree, Tree):
        raise TypeError(f"tree must be an abteach Tree, not {type(tree).__name__}")
    if not isinstance(windows, bool):
        raise TypeError(f"windows must be True or False, not {windows!r}")
    if isinstance(edition, bool) or edition not in (3, 4):
        raise ValueError(f"edition must be 3 or 4, not {edition!r}")
    options: dict[str, Any] = {"size": size, "shape": shape, "rule": rule, "ties": ties, "seed": seed}
    drawn = new_tree(**options)  # checks every option, even when a tree is given
    return Practice(tree if tree is not None else drawn, rule=rule, edition=edition, windows=windows,
                    options=options, check=check, new_tree=new_tree)


__all__ = ["practice", "Practice", "Row", "SolveTree", "parse_entry"]
