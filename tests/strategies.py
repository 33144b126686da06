"""Hypothesis strategies shared by the property tests."""

from hypothesis import settings, strategies as st


def nested_trees(max_leaves: int = 40, values=st.integers(0, 4)):
    """Random uneven trees as nested lists; small integer values make ties common."""
    return st.recursive(values, lambda kids: st.lists(kids, min_size=1, max_size=4), max_leaves=max_leaves)


def inner_trees(max_leaves: int = 40, values=st.integers(0, 4)):
    """Like :func:`nested_trees`, but the root is never a bare leaf."""
    return st.lists(nested_trees(max_leaves, values), min_size=1, max_size=4)


def examples(share: float) -> int:
    """A share of the loaded profile's example count, for a test whose examples are costly.

    The profile (``dev`` or ``ci``, see ``tests/conftest.py``) sets the scale;
    a test only says how much of it to take, so ``ci`` still draws more than ``dev``.
    """
    return max(5, round(settings.default.max_examples * share))


def infinite_leaves(values=st.integers(-3, 3)):
    """Leaf values with −∞ and +∞ among them, as a game may score its ends (a node of all −∞ has no move)."""
    return st.one_of(values, st.sampled_from([float("-inf"), float("inf")]))


@st.composite
def chance_trees(draw, max_leaves: int = 14, values=st.integers(-6, 6), zero_probabilities: bool = False):
    """``(nested, probabilities)``: an uneven tree as nested lists, and exact probabilities for a random set
    of its inner nodes, which ``ab.tree(nested, probabilities=...)`` makes chance nodes.

    Each probability is a :class:`~fractions.Fraction`, so a search's value is exact; they are > 0 unless
    ``zero_probabilities``.
    """
    from fractions import Fraction
    nested = draw(inner_trees(max_leaves, values))

    def inner(item, path=()):
        if not isinstance(item, list):
            return []
        return [(path, len(item))] + [q for i, kid in enumerate(item) for q in inner(kid, path + (i,))]

    probabilities = {}
    for path, n in inner(nested):
        if draw(st.booleans()):
            least = 0 if zero_probabilities else 1
            weights = draw(st.lists(st.integers(least, 4), min_size=n, max_size=n).filter(lambda w: sum(w) > 0))
            probabilities[path] = [Fraction(w, sum(weights)) for w in weights]
    return nested, probabilities
