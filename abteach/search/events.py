"""The one event format every search reports in.

A search does not draw or print anything: it tells a recorder
(:mod:`abteach.search.record`) what it does, one :class:`Event` per pseudocode
step.  The trace layer replays the events into frames, and every view renders
frames, so any view works for any search that speaks this format.

Kinds (the ``kind`` field) are open strings.  The windowed searches report:

``enter``    a call starts at ``node`` with window (``alpha``, ``beta``)
``leaf``     a terminal (or cut-off) node is evaluated: ``value`` is its utility
``value``    the running ``v`` of ``node`` is (re)assigned, after a child returned ``value``
``test``     a comparison ran and did not fire (``test`` holds it, e.g. ``"v=3 ≥ β=+∞"``)
``window``   ``alpha`` or ``beta`` of ``node`` is (re)assigned (``which`` says which)
``cutoff``   the cutoff test fired: ``skipped`` children are pruned; ``test`` says why
``exit``     the call returns ``value``; ``bound`` says if it is exact or only a bound
``pass``     a new pass over the tree begins (an iteration, a re-search, an MTD(f) pass); ``test`` names it
``done``     the top-level search returns ``move`` at the root, for ``value``

A new search brings its own kinds (a transposition-table ``probe``, an MCTS
``playout``), with ``info`` for whatever else they carry, and describes how
they replay and read in the trace layer; a kind nobody described is shown
plainly and changes no node.

Every event is built by keyword, ``Event(Kind.ENTER, path, line, alpha=α,
beta=β, player=MAX)``, so a new field is one edit: its line in :class:`Event`,
with a default.  Code that makes events by the hundred thousand (the
recorders, the fast twin) is marked :func:`inline_events`, which compiles those
same calls into the bare tuple.
"""

from __future__ import annotations

import __future__
import ast
import functools
import linecache
import math
from enum import Enum
from types import CodeType, FunctionType
from typing import Any, Final, NamedTuple, TypeVar

from abteach.games.trees import Path


class Kind:
    """The kinds the windowed searches report, as constants; any other string is a kind too."""

    ENTER: Final = "enter"
    LEAF: Final = "leaf"
    VALUE: Final = "value"
    TEST: Final = "test"
    WINDOW: Final = "window"
    CUTOFF: Final = "cutoff"
    EXIT: Final = "exit"
    PASS: Final = "pass"
    DONE: Final = "done"
    # Reported by the searches with a transposition table (abteach.search.memory) besides the above.
    PROBE: Final = "probe"
    STORE: Final = "store"
    ORDER: Final = "order"
    RESEARCH: Final = "research"


class Bound(str, Enum):
    """What a returned value says about the node's true minimax value."""

    EXACT = "exact"
    UPPER = "upper"  # fail-low: the true value is at most this
    LOWER = "lower"  # fail-high: the true value is at least this

    @staticmethod
    def classify(g: float, alpha: float | None, beta: float | None, *, closed: bool = False) -> "Bound":
        """What a return ``g`` from a call with window (α, β) says about the true value.

        Fail-soft rule: g ≤ α is an upper bound, g ≥ β a lower bound, otherwise
        exact.  A search that prunes only strictly (``v > β``) searches the
        *closed* window [α, β]: there a return equal to α or β is exact, and only
        g < α or g > β is a bound.
        """
        if alpha is not None and (g < alpha if closed else g <= alpha):
            return Bound.UPPER
        if beta is not None and (g > beta if closed else g >= beta):
            return Bound.LOWER
        return Bound.EXACT


class Event(NamedTuple):
    """One step of a search.  Fields not used by a kind keep their defaults.

    A named tuple: immutable, compact, and cheap to create, which matters
    because a traced search creates one per pseudocode step.  Build it by
    keyword after ``kind``, ``node`` and ``line`` (a test holds every module
    to it); hot code is marked :func:`inline_events`.

    ``alpha``/``beta``/``v`` are the node's values *after* the step; searches
    without a window (minimax) leave ``alpha`` and ``beta`` as ``None``.
    """

    kind: str
    node: Path
    line: str
    alpha: float | None = None
    beta: float | None = None
    v: float | None = None
    value: float | None = None
    player: str | None = None       # enter / leaf: "MAX" or "MIN"
    bound: Bound | None = None      # exit
    move: Any = None                # exit / value: the best child index so far
    skipped: tuple[Path, ...] = ()  # cutoff
    test: str = ""                  # test / cutoff: the comparison, in symbols
    which: str = ""                 # window: "alpha" or "beta"
    info: Any = None                # what a kind of a newer search carries beyond these fields

    def __repr__(self) -> str:
        parts = [self.kind, ".".join(map(str, self.node)) or "root", self.line]
        for name in ("alpha", "beta", "v", "value"):
            x = getattr(self, name)
            if x is not None:
                parts.append(f"{name}={fmt(x)}")
        for name in ("player", "bound", "move", "test", "which"):
            x = getattr(self, name)
            if x not in (None, ""):
                parts.append(f"{name}={getattr(x, 'value', x)}")
        if self.skipped:
            parts.append(f"skipped={list(self.skipped)}")
        return "Event(" + ", ".join(parts) + ")"


def fmt(x: float | None) -> str:
    """Numbers as the textbook prints them: ``−∞``, ``+∞``, ``3``, ``2.5``."""
    if x is None:
        return "·"
    if type(x) is int:  # the common case in a trace, answered before the float tests
        return str(x)
    if x == math.inf:
        return "+∞"
    if x == -math.inf:
        return "−∞"
    if isinstance(x, float) and x.is_integer():
        return str(int(x))
    return f"{x:g}" if isinstance(x, float) else str(x)


_Obj = TypeVar("_Obj")


def inline_events(obj: _Obj, event: type[tuple[Any, ...]] = Event) -> _Obj:
    """``obj`` (a function, or a class and its methods) with each ``Event(...)`` it makes compiled to the bare tuple.

    A traced search makes about five events a node.  Built by keyword, an
    event runs namedtuple's generated ``__new__``, which binds the keywords and
    fills in the defaults on every call: measured, over twice the cost of the
    tuple itself, and a sixth more on a traced search.  Compiled here, once, each
    ``Event(kind, node, line, alpha=α, ...)`` becomes ``tuple.__new__(Event,
    (kind, node, line, α, ...))`` with every field in order and each one not
    given taken from ``Event._field_defaults``: the same tuple, made at the
    tuple's speed, while the source keeps the keywords and a new field stays
    one edit.  The fields' arguments are evaluated in field order rather than
    as written, so they must not depend on one another's side effects.

    Parameters
    ----------
    obj : function or class
        A function, or a class whose own methods that name ``Event`` are compiled (closures, such as
        methods that call ``super()``, are refused).  The source must be where
        :mod:`linecache` finds it; where it is not, ``obj`` is returned as
        written, slower but the same.
    event : NamedTuple class
        The class whose calls are compiled, by its name in ``obj``'s module.

    Returns
    -------
    function or class
        The class, its methods compiled; or the compiled function, the original as its ``__wrapped__``.

    Raises
    ------
    TypeError
        A call names a field ``event`` does not have, gives one twice, or leaves out one with no default:
        the error ``event(...)`` itself would raise on the first call, raised here at import.

    Examples
    --------
    >>> @inline_events
    ... def enter(path):
    ...     return Event(Kind.ENTER, path, "max.def", alpha=1, player="MAX")
    >>> enter((0,))
    Event(enter, 0, max.def, alpha=1, player=MAX)
    >>> enter((0,)) == enter.__wrapped__((0,))
    True
    """
    if isinstance(obj, type):
        methods = {name: fn for name, fn in vars(obj).items()
                   if isinstance(fn, FunctionType) and _names(fn.__code__, event.__name__)}
        if methods:
            found = _definitions(next(iter(methods.values())))
            for name, fn in methods.items():
                setattr(obj, name, _inlined(fn, event, found))
        return obj
    if not isinstance(obj, FunctionType):
        raise TypeError(f"inline_events takes a function or a class, not {obj!r}")
    return _inlined(obj, event, _definitions(obj))  # type: ignore[return-value]


def _names(code: CodeType, name: str) -> bool:
    """Whether ``code`` or a function defined in it reads the global ``name``."""
    return name in code.co_names or any(isinstance(c, CodeType) and _names(c, name) for c in code.co_consts)


def _definitions(fn: FunctionType) -> dict[tuple[str, int], ast.FunctionDef]:
    """The functions and methods defined at the top of ``fn``'s file, by name and first line (a decorator's)."""
    # The file is parsed once, by the C parser; inspect.getsourcelines would tokenize each function in Python.
    source = "".join(linecache.getlines(fn.__code__.co_filename, fn.__globals__))
    if not source:
        return {}
    found = {}
    for top in ast.parse(source).body:
        for node in [top, *top.body] if isinstance(top, ast.ClassDef) else [top]:
            if isinstance(node, ast.FunctionDef):
                found[node.name, node.decorator_list[0].lineno if node.decorator_list else node.lineno] = node
    return found


def _inlined(fn: FunctionType, event: type[tuple[Any, ...]],
             definitions: dict[tuple[str, int], ast.FunctionDef]) -> FunctionType:
    code = fn.__code__
    if code.co_freevars:
        raise TypeError(f"inline_events cannot recompile {fn.__qualname__}: it is a closure "
                        f"(over {', '.join(code.co_freevars)})")
    if fn.__globals__.get(event.__name__) is not event:
        raise TypeError(f"{fn.__qualname__} does not see {event.__name__} as {event!r}")
    fn_def = definitions.get((code.co_name, code.co_firstlineno))
    if fn_def is None:
        return fn
    fn_def.decorator_list = []
    bound: dict[str, Any] = {}  # a default that is not a literal, by the name the compiled code reads it as
    for node in ast.walk(fn_def):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == event.__name__:
            _to_tuple(node, event, bound)
    # The function is defined inside a maker whose parameters are the tuple's constructor and those
    # defaults: the function reads them as fast as locals, and its globals stay its module's own.
    params = ast.arguments(posonlyargs=[], args=[_at(ast.arg(n), fn_def) for n in ["_event_new", *bound]],
                           kwonlyargs=[], kw_defaults=[], defaults=[])
    body = [fn_def, _at(ast.Return(_at(ast.Name(fn_def.name, ast.Load()), fn_def)), fn_def)]
    maker = _at(ast.FunctionDef("_make", params, body, []), fn_def)
    namespace: dict[str, Any] = {}
    exec(compile(ast.Module([maker], type_ignores=[]), code.co_filename, "exec",  # noqa: S102
                 flags=__future__.annotations.compiler_flag, dont_inherit=True), fn.__globals__, namespace)
    made: FunctionType = namespace["_make"](tuple.__new__, *bound.values())
    made.__defaults__, made.__kwdefaults__ = fn.__defaults__, fn.__kwdefaults__
    functools.update_wrapper(made, fn)
    return made


def _to_tuple(call: ast.Call, event: type[tuple[Any, ...]], bound: dict[str, Any]) -> None:
    """``Event(kind, node, line, alpha=α)`` becomes ``_event_new(Event, (kind, node, line, α, None, ...))``."""
    name, fields = event.__name__, event._fields  # type: ignore[attr-defined]
    defaults: dict[str, Any] = event._field_defaults  # type: ignore[attr-defined]
    if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
        return  # *args or **kwargs: left to namedtuple
    where = f"{name}() at line {call.lineno}"
    if len(call.args) > len(fields):
        raise TypeError(f"{where} takes {len(fields)} fields, {len(call.args)} given")
    given = dict(zip(fields, call.args))
    for k in call.keywords:
        if k.arg not in fields:
            raise TypeError(f"{where} has no field {k.arg!r}")
        if k.arg in given:
            raise TypeError(f"{where} gives {k.arg!r} twice")
        given[k.arg] = k.value
    items: list[ast.expr] = []
    for field in fields:
        if field in given:
            items.append(given[field])
        elif field not in defaults:
            raise TypeError(f"{where} leaves out {field!r}, which has no default")
        elif _literal(defaults[field]):
            items.append(_at(ast.Constant(defaults[field]), call))
        else:
            bound[f"_event_{field}"] = defaults[field]
            items.append(_at(ast.Name(f"_event_{field}", ast.Load()), call))
    call.func = _at(ast.Name("_event_new", ast.Load()), call)
    call.args = [_at(ast.Name(name, ast.Load()), call), _at(ast.Tuple(items, ast.Load()), call)]
    call.keywords = []


_Node = TypeVar("_Node", bound=ast.AST)


def _at(node: _Node, where: ast.AST) -> _Node:
    """``node``, placed where ``where`` is in the source (the compiler wants every node placed)."""
    return ast.copy_location(node, where)


def _literal(x: Any) -> bool:
    """Whether ``x`` can be written into code as a constant (compile takes only these)."""
    if x is None or type(x) in (bool, int, float, complex, str, bytes) or x is ...:
        return True
    return type(x) is tuple and all(_literal(y) for y in x)
