"""The strict tie rule, made from the textbook's search rather than written twice.

The textbook cuts off when ``v ≥ β`` (``v ≤ α``); CS188's autograder demands
``v > β`` (``v < α``).  A search is written once, with its cutoff tests as the
book prints them inside ``log.cutoff(...)``; :func:`strict` compiles the same
source with those comparisons made strict, and nothing else changed.  Its
code objects keep the original file and line numbers, so a traceback points
at the line the student reads.
"""

from __future__ import annotations

import ast
import inspect
import textwrap
from typing import Any, Callable, TypeVar

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
