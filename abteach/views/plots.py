"""Charts and tables of the node-count experiments: views of data, never searches.

The experiments in :mod:`abteach.lessons.complexity` measure; the functions here only
draw what they measured, beside the laws of :mod:`abteach.lessons.complexity`:

- :func:`plot_growth`: leaves against depth under best, worst and random
  order, one panel per branching factor, on a log scale, with ``b**d``,
  Knuth-Moore, Pearl's ``R*(b)**d`` and the rule of thumb ``b**(3d/4)``.
- :func:`plot_exponents`: the exponent fitted to random order, against the
  exponent of each law.
- :func:`law_table`: the same reading as numbers.
- :func:`plot_orderings`: iterative deepening's ordering against random and
  perfect order, ordering cost included.
- :func:`plot_enhancements`: leaves evaluated by every search of lecture 09
  on the same trees, beside the minimal tree and ``b**d``.

Each plot returns an :class:`abteach.views.draw.Drawing`: a matplotlib Figure that
pyplot never sees, so a notebook cell shows exactly one PNG and a stable text.

Examples
--------
>>> from abteach.lessons.complexity import growth_experiment
>>> from abteach.views.plots import plot_growth
>>> g = growth_experiment([2, 3], depths={2: 4, 3: 3}, trials=3, explicit_trials=1)
>>> fig = plot_growth(g)
>>> len(fig.axes), fig
(2, <abteach drawing>)
"""

from __future__ import annotations

import math
from typing import Final, Sequence

from matplotlib.axes import Axes
from matplotlib.ticker import NullLocator

from abteach.lessons.measured import (
    GrowthCurve, GrowthExperiment, Measurement, OrderingComparison, knuth_moore, pearl_exponent, pearl_rstar,
)
from abteach.games.errors import shown
from abteach.views.draw import Drawing
from abteach.views.palette import BLUE, GREEN, INK, MUTED, ORANGE, PURPLE, VERMILLION, WHITE
from abteach.views.tables import Table, table

#: Panels per row in :func:`plot_growth`.
COLUMNS: Final = 4

#: Each law's label and colour, shared by every chart so a law looks the same everywhere.
LAW_STYLE: Final = {
    "no pruning": ("no pruning  $b^d$", MUTED, "-"),
    "perfect": ("Knuth–Moore  $b^{\\lceil d/2\\rceil}+b^{\\lfloor d/2\\rfloor}-1$", GREEN, "-"),
    "rule of thumb": ("rule of thumb  $b^{3d/4}$", ORANGE, "--"),
    "Pearl": ("Pearl  $R^*(b)^d$", BLUE, ":"),
}


def _check(value: object, kind: type, name: str) -> None:
    if not isinstance(value, kind):
        raise TypeError(f"{name} must be a {kind.__name__} (from abteach.lessons.complexity), "
                        f"not {shown(value)}")


def _figure(width: float, height: float) -> Drawing:
    fig = Drawing(figsize=(width, height), dpi=100)
    fig.patch.set_facecolor(WHITE)
    return fig


def _growth_panel(ax: Axes, c: GrowthCurve) -> None:
    b = c.branching
    depths = list(range(1, max(c.random.depths) + 1))
    laws: dict[str, list[float]] = {
        "no pruning": [float(b) ** d for d in depths],
        "perfect": [knuth_moore(b, d) for d in depths],
        "rule of thumb": [float(b) ** (0.75 * d) for d in depths],
        "Pearl": [pearl_rstar(b) ** d for d in depths],
    }
    for law, ys in laws.items():
        label, colour, style = LAW_STYLE[law]
        ax.plot(depths, ys, color=colour, linestyle=style, linewidth=1.4, label=label)
    ax.plot([x.depth for x in c.worst], [x.mean for x in c.worst], linestyle="none", marker="x",
            color=VERMILLION, markersize=7, label="measured: worst order")
    ax.plot([x.depth for x in c.best], [x.mean for x in c.best], linestyle="none", marker="o",
            markerfacecolor="none", color=GREEN, markersize=8, label="measured: best order")
    ax.plot(c.random.depths, c.random.mean_leaves, linestyle="none", marker="o", color=BLUE,
            markersize=5, label="measured: random order")
    ax.set_yscale("log")
    # Log axes make dozens of unlabelled minor ticks, which cost most of the drawing time.
    ax.yaxis.set_minor_locator(NullLocator())
    ax.set_title(f"b = {b}", fontsize=11)
    ax.set_xlabel("depth d", fontsize=9)
    ax.set_xticks(depths)
    ax.tick_params(labelsize=8)
    ax.grid(True, which="major", color="#DDDDDD", linewidth=0.6)


def plot_growth(experiment: GrowthExperiment, bs: Sequence[int] | None = None) -> Drawing:
    """Leaves evaluated against depth, one log-scale panel per branching factor.

    Each panel has seven lines: four laws (``b**d``, Knuth-Moore, ``b**(3d/4)``,
    ``R*(b)**d``) and three measurements (worst, best and random order).

    Parameters
    ----------
    experiment : GrowthExperiment
        From :func:`abteach.lessons.complexity.growth_experiment`.
    bs : sequence of int, optional
        The branching factors to show; default all that were measured.

    Returns
    -------
    Drawing

    Raises
    ------
    TypeError
        ``experiment`` is not a GrowthExperiment.
    KeyError
        A ``b`` that was not measured.
    """
    _check(experiment, GrowthExperiment, "experiment")
    curves = [experiment.curve(b) for b in bs] if bs is not None else list(experiment.curves)
    if not curves:
        raise ValueError("bs must name at least one measured branching factor")
    cols = min(COLUMNS, len(curves))
    rows = math.ceil(len(curves) / cols)
    spare = rows * cols > len(curves)
    # The legend takes the first empty panel, or a strip of its own below the grid.
    strip = 0.0 if spare else 1.0
    fig = _figure(3.2 * cols, 2.9 * rows + strip)
    axes = fig.subplots(rows, cols, squeeze=False)
    for ax, c in zip(axes.flat, curves):
        _growth_panel(ax, c)
    for ax in axes.flat[len(curves):]:
        ax.set_axis_off()
    axes[0][0].set_ylabel("leaves evaluated (log scale)", fontsize=9)
    for row in axes[1:]:
        row[0].set_ylabel("leaves evaluated (log scale)", fontsize=9)
    handles, labels = axes.flat[0].get_legend_handles_labels()
    if spare:
        axes.flat[len(curves)].legend(handles, labels, loc="center", fontsize=8.5, frameon=False)
    else:
        fig.legend(handles, labels, loc="lower center", ncol=4, fontsize=8.5, frameon=False)
    # Fixed margins rather than tight_layout: the result is the same for this grid, and much faster.
    height = 2.9 * rows + strip
    fig.subplots_adjust(left=0.06, right=0.98, top=1 - 0.35 / height, bottom=(strip + 0.5) / height,
                        wspace=0.28, hspace=0.5)
    fitted = "; ".join(f"b = {c.branching}: e = {c.fit.exponent:.2f}, nearest {c.fit.closest}" for c in curves)
    return fig.described(
        f"Chart of leaves evaluated against depth, on a log scale, one panel per branching factor "
        f"({', '.join(f'b = {c.branching}' for c in curves)}). Each panel draws the laws b^d (no pruning), "
        "Knuth–Moore (perfect order), the rule of thumb b^(3d/4) and Pearl's R*(b)^d, and the leaves measured under "
        f"worst, best and random order. Random order's exponent e in leaves ≈ C·b^(e·d): {fitted}.")


def plot_exponents(experiment: GrowthExperiment) -> Drawing:
    """The exponent ``e`` fitted to random order (``leaves ≈ C·b**(e·d)``) against each law's.

    Five lines: perfect order (1/2), Pearl (``log_b R*(b)``), the rule of
    thumb (3/4), no pruning (1), and the fitted exponents.

    Raises
    ------
    TypeError
        ``experiment`` is not a GrowthExperiment.
    """
    _check(experiment, GrowthExperiment, "experiment")
    bs = [c.branching for c in experiment.curves]
    lo, hi = min(bs), max(bs)
    grid = [lo + (hi - lo) * i / 100 for i in range(101)] if hi > lo else [lo - 0.5, lo + 0.5]
    fig = _figure(8.6, 4.2)
    # The legend sits to the right of the axes, where it hides no measurement.
    ax = fig.add_axes((0.09, 0.13, 0.6, 0.82))
    laws = {"no pruning": [1.0] * len(grid), "rule of thumb": [0.75] * len(grid),
            "Pearl": [pearl_exponent(b) for b in grid], "perfect": [0.5] * len(grid)}
    for law, ys in laws.items():
        label, colour, style = LAW_STYLE[law]
        ax.plot(grid, ys, color=colour, linestyle=style, linewidth=1.6, label=label.split("  ")[0])
    ax.plot(bs, [c.fit.exponent for c in experiment.curves], linestyle="none", marker="o", color=INK,
            markersize=7, label="fitted to random order")
    ax.set_xticks(bs)
    ax.set_xlabel("branching factor b")
    ax.set_ylabel("exponent e in  leaves ≈ C · b^(e·d)")
    ax.set_ylim(0.45, 1.05)
    ax.grid(True, color="#DDDDDD", linewidth=0.6)
    ax.legend(loc="center left", bbox_to_anchor=(1.02, 0.5), fontsize=9, frameon=False)
    fitted = "; ".join(f"b = {c.branching}: {c.fit.exponent:.2f} (Pearl {pearl_exponent(c.branching):.2f})"
                       for c in experiment.curves)
    return fig.described(
        "Chart of the exponent e in leaves ≈ C·b^(e·d) against the branching factor b: the lines of perfect order "
        f"(1/2), Pearl's log_b R*(b), the rule of thumb (3/4) and no pruning (1), and the points fitted to random "
        f"order: {fitted}.")


def law_table(experiment: GrowthExperiment) -> Table:
    """Random order's measured growth beside Pearl's limit and the rule of thumb, as numbers.

    Columns: the depths fitted; the two-ply growth rate at the deepest depths
    (:attr:`abteach.lessons.complexity.BranchingEstimate.estimate`) beside ``R*(b)``
    and ``b**(3/4)``; the fitted exponent beside ``log_b R*`` and 3/4; and
    the law whose exponent is nearest.

    Examples
    --------
    >>> from abteach.lessons.complexity import growth_experiment
    >>> from abteach.views.plots import law_table
    >>> g = growth_experiment([2], depths={2: 6}, trials=5, explicit_trials=1)
    >>> law_table(g).columns[:4]
    ('b', 'depths fitted', 'growth per ply', 'Pearl R*(b)')
    """
    _check(experiment, GrowthExperiment, "experiment")
    rows = []
    for c in experiment.curves:
        b, fit = c.branching, c.fit
        rows.append((b, " ".join(map(str, c.fit_depths)), f"{c.random.estimate:.3f}", f"{pearl_rstar(b):.3f}",
                     f"{b ** 0.75:.3f}", f"{fit.exponent:.3f}", f"{pearl_exponent(b):.3f}", "0.750", fit.closest))
    return table(rows, ["b", "depths fitted", "growth per ply", "Pearl R*(b)", "b^(3/4)",
                        "fitted e", "Pearl log_b R*", "rule 3/4", "nearest law"])


def plot_orderings(comparison: OrderingComparison) -> Drawing:
    """Mean leaves under each ordering of an ordering experiment, on a log scale.

    One bar per ordering: the leaves the final search evaluated, extended by
    what the ordering itself cost (the shallow searches).  Vertical lines
    mark the minimal tree (Knuth-Moore) and the full tree ``b**d``.

    Raises
    ------
    TypeError
        ``comparison`` is not an OrderingComparison.
    """
    _check(comparison, OrderingComparison, "comparison")
    rows = list(comparison.rows)
    fig = _figure(7.0, 0.55 * len(rows) + 1.6)
    ax = fig.add_subplot()
    ys = list(range(len(rows)))[::-1]
    ax.barh(ys, [r.leaves for r in rows], color=BLUE, height=0.6, label="leaves the search evaluated")
    ax.barh(ys, [r.ordering_cost for r in rows], left=[r.leaves for r in rows], color=WHITE, edgecolor=BLUE,
            hatch="///", height=0.6, label="evaluations spent ordering")
    ax.axvline(comparison.knuth_moore, color=GREEN, linewidth=1.6, label="minimal tree (Knuth–Moore)")
    ax.axvline(comparison.no_pruning, color=MUTED, linewidth=1.6, label="full tree  $b^d$")
    ax.set_yticks(ys, [r.ordering for r in rows])
    ax.set_xscale("log")
    ax.xaxis.set_minor_locator(NullLocator())
    # A log axis has no zero: start a little left of the smallest possible count, the minimal tree.
    ax.set_xlim(comparison.knuth_moore / 2, 1.5 * max(comparison.no_pruning, max(r.total for r in rows)))
    ax.set_xlabel(f"mean over {comparison.trials} correlated trees, b = {comparison.branching}, "
                  f"d = {comparison.depth} (log scale)")
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.32), ncol=2, fontsize=8.5, frameon=False)
    fig.tight_layout()
    bars = "; ".join(f"{r.ordering}: {r.leaves:.0f} leaves" + (f" and {r.ordering_cost:.0f} spent ordering"
                                                              if r.ordering_cost else "") for r in rows)
    return fig.described(
        f"Bar chart, on a log scale, of the mean leaves evaluated under each ordering, over {comparison.trials} "
        f"correlated trees with b = {comparison.branching} and d = {comparison.depth}: {bars}. The minimal tree "
        f"(Knuth–Moore) has {comparison.knuth_moore} leaves and the full tree b^d {comparison.no_pruning}.")


#: Each search of :func:`plot_enhancements`: colour, marker and line style, so a search looks the same in every panel.
_SEARCH_STYLES: Final = ((INK, "s", "-"), (BLUE, "o", "-"), (ORANGE, "^", "--"), (PURPLE, "D", "-"),
                         (VERMILLION, "v", "-"), (GREEN, "P", "--"), (MUTED, "X", ":"), (BLUE, "*", ":"))


def plot_enhancements(measurement: Measurement) -> Drawing:
    """Leaves evaluated by every search against depth, one log-scale panel per kind of tree.

    Each panel has a line per search, and the minimal tree (Knuth–Moore) and
    ``b**d`` drawn as bands' edges behind them.

    Parameters
    ----------
    measurement : Measurement
        From :func:`abteach.lessons.enhancements.measure`.

    Returns
    -------
    Drawing

    Raises
    ------
    TypeError
        ``measurement`` is not a Measurement.

    Examples
    --------
    >>> from abteach.lessons.enhancements import measure
    >>> fig = plot_enhancements(measure(2, [2, 3], trials=1))
    >>> len(fig.axes)
    4
    """
    if not isinstance(measurement, Measurement):
        raise TypeError(f"measurement must be a Measurement (from abteach.lessons.enhancements), "
                        f"not {type(measurement).__name__}")
    m = measurement
    depths = list(m.depths)
    kinds = list(dict.fromkeys(r.tree for r in m.rows))
    searches = m.searches()
    fig = _figure(12.0, 4.3)
    axes = fig.subplots(1, len(kinds), squeeze=False, sharey=True)[0]
    for ax, kind in zip(axes, kinds):
        ax.plot(depths, [m.full(d) for d in depths], color=MUTED, linewidth=5, alpha=0.35,
                label="every leaf  $b^d$")
        ax.plot(depths, [m.knuth_moore(d) for d in depths], color=GREEN, linewidth=5, alpha=0.35,
                label="minimal tree (Knuth–Moore)")
        for k, s in enumerate(searches):
            colour, marker, style = _SEARCH_STYLES[k % len(_SEARCH_STYLES)]
            ax.plot(depths, m.leaves(kind, s), color=colour, marker=marker, linestyle=style, linewidth=1.2,
                    markersize=5, label=s)
        ax.set_yscale("log")
        ax.yaxis.set_minor_locator(NullLocator())
        ax.set_title(kind, fontsize=11)
        ax.set_xlabel("depth d", fontsize=9)
        ax.set_xticks(depths)
        ax.tick_params(labelsize=8)
        ax.grid(True, which="major", color="#DDDDDD", linewidth=0.6)
    axes[0].set_ylabel(f"leaves evaluated, b = {m.b} (log scale)", fontsize=9)
    handles, labels = axes[0].get_legend_handles_labels()
    fig.legend(handles, labels, loc="lower center", ncol=5, fontsize=8.5, frameon=False)
    fig.subplots_adjust(left=0.06, right=0.99, top=0.92, bottom=0.3, wspace=0.08)
    deepest = depths[-1]
    at_deepest = "; ".join(f"{kind}: " + ", ".join(f"{s} {m.leaves(kind, s)[-1]:.0f}" for s in searches)
                           for kind in kinds)
    return fig.described(
        f"Chart of leaves evaluated against depth d = {', '.join(map(str, depths))}, b = {m.b}, on a log scale, one "
        f"panel per kind of tree ({', '.join(kinds)}), with a line per search and reference lines for the "
        f"minimal tree (Knuth–Moore) and for every leaf (b^d); a search can go above b^d by searching again. At depth {deepest}, where the minimal tree has "
        f"{m.knuth_moore(deepest)} leaves and the full tree {m.full(deepest)}: {at_deepest}.")
