"""The rules a search follows: the book's edition, and the tie rule, each one small value.

:class:`Edition` is the edition of AIMA whose pseudocode a search follows.
:class:`TieRule` says whether a tie prunes: the textbook cuts off when
``v ≥ β`` (``v ≤ α``); CS188's autograder demands ``v > β`` (``v < α``).
Every layer reads the tie rule from a :class:`TieRule`, from the search to
the narration; the public keywords (``prune_on_tie=``, ``rule="strict"``,
``--strict``) are turned into one at the front door.

The strict rule is made from the textbook's search rather than written
twice.  A search is written once, with its cutoff tests as the book prints
them inside ``log.cutoff(...)``; :meth:`TieRule.compile` gives it as is, or,
under the strict rule, the same source compiled with those comparisons made
strict (:func:`strict`), and nothing else changed.  Its code objects keep
the original file and line numbers, so a traceback points at the line the
student reads.
"""

from __future__ import annotations

import ast
import functools
import inspect
import textwrap
from dataclasses import dataclass
from enum import IntEnum
from typing import Any, Callable, Mapping, TypeVar, cast

F = TypeVar("F", bound=Callable[..., Any])

_STRICT = {ast.GtE: ast.Gt, ast.LtE: ast.Lt}


class _Strict(ast.NodeTransformer):
    """``log.cutoff(line, v >= β)`` -> ``log.cutoff(line, v > β)``; every other comparison stays."""

    def visit_Call(self, node: ast.Call) -> ast.AST:
        self.generic_visit(node)
        f = node.func
        if isinstance(f, ast.Attribute) and f.attr == "cutoff" and len(node.args) == 2:
            test = node.args[1]
            if isinstance(test, ast.Compare):
                test.ops = [_STRICT.get(type(op), type(op))() for op in test.ops]
        return node


def strict(search: F) -> F:
    """``search`` with each cutoff test ``≥`` / ``≤`` made ``>`` / ``<``.

    Examples
    --------
    >>> from abteach.search.alphabeta import alphabeta3
    >>> strict(alphabeta3).__name__
    'alphabeta3_strict'
    """
    lines, first = inspect.getsourcelines(search)
    tree = ast.parse(textwrap.dedent("".join(lines)))
    ast.increment_lineno(tree, first - 1)
    tree = ast.fix_missing_locations(_Strict().visit(tree))
    fn_def = tree.body[0]
    assert isinstance(fn_def, ast.FunctionDef)
    fn_def.decorator_list = []
    namespace: dict[str, Any] = {}
    exec(compile(tree, inspect.getfile(search), "exec"), search.__globals__, namespace)  # noqa: S102
    made = namespace[search.__name__]
    made.__name__ = made.__qualname__ = search.__name__ + "_strict"
    made.__doc__ = (search.__doc__ or "") + "\n\nUnder the strict tie rule: cutoffs on > and < only."
    return made


class Edition(IntEnum):
    """The edition of AIMA whose pseudocode a search follows: the 3rd (2010) or the 4th (2020).

    It is the book's number, so it compares and prints as one.

    Examples
    --------
    >>> Edition.of(4), Edition.of(4).label, Edition.of(3) == 3
    (4, '4th edition', True)
    """

    THIRD = 3
    FOURTH = 4

    @property
    def ordinal(self) -> str:
        """``'3rd'`` or ``'4th'``."""
        return "3rd" if self is Edition.THIRD else "4th"

    @property
    def label(self) -> str:
        """``'3rd edition'`` or ``'4th edition'``."""
        return f"{self.ordinal} edition"

    def __repr__(self) -> str:
        # Printed as the book's number, as a student writes it: edition=3.
        return str(int(self))

    @classmethod
    def of(cls, edition: Any, argument: str = "edition") -> "Edition":
        """``edition`` as an Edition; a ValueError names ``argument`` and the value otherwise."""
        if isinstance(edition, Edition):
            return edition
        if isinstance(edition, bool) or not isinstance(edition, int) or edition not in (3, 4):
            raise ValueError(f"{argument} must be 3 or 4, not {edition!r}")
        return cls(edition)


@dataclass(frozen=True)
class TieRule:
    """Whether a search cuts off on a tie: the textbook's ``≥`` / ``≤``, or the strict ``>`` / ``<``.

    Attributes
    ----------
    prunes_on_tie : bool
        ``True`` for the textbook (:data:`TEXTBOOK`), ``False`` for CS188's strict rule (:data:`STRICT`).

    Examples
    --------
    >>> STRICT.name, STRICT.max_cut, STRICT.min_cut, STRICT.closed_window
    ('strict', '>', '<', True)
    >>> TieRule.of(True) is TEXTBOOK, TieRule.named("strict") is STRICT
    (True, True)
    """

    prunes_on_tie: bool

    @property
    def name(self) -> str:
        """The rule's name in exercises: ``'textbook'`` or ``'strict'``."""
        return "textbook" if self.prunes_on_tie else "strict"

    @property
    def label(self) -> str:
        """How a search's label says it: ``'prunes on ties'`` or ``'strict'``."""
        return "prunes on ties" if self.prunes_on_tie else "strict"

    @property
    def max_cut(self) -> str:
        """MAX's cutoff comparison as printed: ``v ≥ β`` or ``v > β``."""
        return "≥" if self.prunes_on_tie else ">"

    @property
    def min_cut(self) -> str:
        """MIN's cutoff comparison as printed: ``v ≤ α`` or ``v < α``."""
        return "≤" if self.prunes_on_tie else "<"

    @property
    def closed_window(self) -> bool:
        """Whether the window is closed, [α, β]: under the strict rule a return equal to α or β is exact."""
        return not self.prunes_on_tie

    @property
    def other(self) -> "TieRule":
        """The other rule."""
        return STRICT if self.prunes_on_tie else TEXTBOOK

    def compare(self, op: str) -> str:
        """A cutoff comparison the book prints as ``op`` (``≥``, ``≤``), as this rule makes it.

        Examples
        --------
        >>> STRICT.compare("≤"), TEXTBOOK.compare("≤"), STRICT.compare(">")
        ('<', '≤', '>')
        """
        return op if self.prunes_on_tie else _STRICT_SYMBOL.get(op, op)

    def tests(self, tests: Mapping[str, tuple[str, str, str]]) -> Mapping[str, tuple[str, str, str]]:
        """``tests`` (line id -> comparison, as a recorder reports it) as this rule makes them.

        A search's comparisons are written as the book prints them; the only
        ones with ``≥`` or ``≤`` are its cutoff tests, which the strict rule
        makes ``>`` or ``<``.

        Examples
        --------
        >>> STRICT.tests({"max.test": ("v", "≥", "β"), "max.improve": ("v2", ">", "v")})
        {'max.test': ('v', '>', 'β'), 'max.improve': ('v2', '>', 'v')}
        """
        if self.prunes_on_tie:
            return tests
        return {line: (lhs, self.compare(op), rhs) for line, (lhs, op, rhs) in tests.items()}

    def compile(self, search: F) -> F:
        """``search`` as the book writes it, or, under the strict rule, compiled with strict cutoffs."""
        return search if self.prunes_on_tie else cast(F, _strict_once(search))

    @staticmethod
    def of(prune_on_tie: Any, argument: str = "prune_on_tie") -> "TieRule":
        """The rule for a ``prune_on_tie`` flag; a TypeError names ``argument`` and the value otherwise."""
        if not isinstance(prune_on_tie, bool):
            raise TypeError(f"{argument} must be True or False, not {prune_on_tie!r}")
        return TEXTBOOK if prune_on_tie else STRICT

    @staticmethod
    def named(rule: Any, argument: str = "rule") -> "TieRule":
        """The rule called ``rule`` (``'textbook'`` or ``'strict'``); a ValueError names the rules otherwise."""
        if isinstance(rule, TieRule):
            return rule
        if rule == "textbook":
            return TEXTBOOK
        if rule == "strict":
            return STRICT
        raise ValueError(f"{argument} must be 'textbook' or 'strict', not {rule!r}")

    def __repr__(self) -> str:
        return f"TieRule({self.name})"


#: The textbook's rule: cut off on a tie.
TEXTBOOK = TieRule(True)
#: CS188's rule: cut off only on a strict inequality.
STRICT = TieRule(False)

_STRICT_SYMBOL = {"≥": ">", "≤": "<"}


@functools.cache
def _strict_once(search: Callable[..., Any]) -> Callable[..., Any]:
    # Compiling reads the source and parses it: do it once per search, not once per run.
    return strict(search)


#: What a search with memory may run besides plain negamax, as its ``Spec.uses`` names it, so that its
#: listing shows just that: the table, the table's move tried first, the previous pass's line tried
#: first (iterative deepening without a table), killer moves, history scores.  Kept here, with the
#: other rules a search is run under, so a listing reads it without loading a search.
USES = ("table", "table move", "previous line", "killers", "history")


__all__ = ["Edition", "TieRule", "TEXTBOOK", "STRICT", "strict", "USES"]
