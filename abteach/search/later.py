"""Values made when first read: how a fast search hands over what it did not build.

A search of a big tree keeps what it found in compact form (the nodes
themselves, not their paths) and leaves the lists, dicts and events a
caller reads as :class:`Later` values.  A :class:`Deferred` attribute holds
either the value itself or a :class:`Later`; the first read makes the value,
keeps it in place of the :class:`Later`, and returns it, so every read after
gives the very same object (and so does every other place that Later stood in).  Nothing else changes for the reader: the
attribute reads as a plain list (or dict), compares, copies and pickles as
one.

:func:`pending` reads what an attribute holds without making it, for code
that only passes a value on (a result handing its events to its trace).

Examples
--------
>>> class Box:
...     items: Deferred[list[int]] = Deferred()
...     def __init__(self, items): self.items = items
>>> made = []
>>> box = Box(Later(lambda: made.append(1) or [1, 2]))
>>> type(pending(box, "items")).__name__, made
('Later', [])
>>> box.items, box.items is box.items, made
([1, 2], True, [1])
"""

from __future__ import annotations

from typing import Any, Callable, Generic, TypeVar, overload

T = TypeVar("T")

_MISSING: Any = object()


class Later(Generic[T]):
    """A value not made yet: :meth:`get` makes it with ``make()`` the first time, and keeps it.

    One Later may stand in several places (a tally and the result made from
    it): whichever is read first makes the value, and all of them then hold
    that same object.
    """

    __slots__ = ("make", "_value")

    def __init__(self, make: Callable[[], T]) -> None:
        self.make = make
        self._value: Any = _MISSING

    def get(self) -> T:
        if self._value is _MISSING:
            self._value = self.make()
            self.make = _made  # let go of what it was made from
        return self._value

    def __repr__(self) -> str:
        return f"Later({'made' if self._value is not _MISSING else self.make!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        # A pickle holds the value itself, never how it was to be made.
        return (_ready, (self.get(),))


def _made() -> Any:
    raise AssertionError("a Later is made only once")


def _ready(value: T) -> Later[T]:
    later: Later[T] = Later(_made)
    later._value = value
    return later


class Deferred(Generic[T]):
    """An attribute that may be given a :class:`Later`; reading it makes the value once and keeps it.

    The value lives in the instance's ``__dict__`` under ``_<name>``, so the
    class's own methods can reach it there at the speed of a plain attribute
    when they know it has been made.  On a dataclass the attribute can be a
    field: ``default`` is then the field's default (none if not given).
    """

    def __init__(self, default: Any = _MISSING) -> None:
        self.default = default
        self.name = self.key = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name, self.key = name, "_" + name

    @overload
    def __get__(self, obj: None, owner: type | None = None) -> T: ...
    @overload
    def __get__(self, obj: object, owner: type | None = None) -> T: ...
    def __get__(self, obj: object | None, owner: type | None = None) -> T:
        if obj is None:
            # A dataclass asks the class for a field's default; none given means none.
            if self.default is _MISSING:
                raise AttributeError(self.name)
            return self.default
        d = obj.__dict__
        try:
            x = d[self.key]
        except KeyError:
            if self.default is _MISSING:
                raise AttributeError(f"{type(obj).__name__!r} object has no attribute {self.name!r}") from None
            return self.default
        if type(x) is Later:
            x = d[self.key] = x.get()
        return x

    def __set__(self, obj: object, value: T | Later[T]) -> None:
        obj.__dict__[self.key] = value


def pending(obj: object, name: str) -> Any:
    """What the :class:`Deferred` attribute ``name`` of ``obj`` holds, without making it: a value or a Later.

    An attribute that is not deferred is simply read.
    """
    attr = None
    for klass in type(obj).__mro__:
        attr = klass.__dict__.get(name)
        if attr is not None:
            break
    if isinstance(attr, Deferred):
        return obj.__dict__.get(attr.key, attr.default if attr.default is not _MISSING else None)
    return getattr(obj, name)


def made(obj: object) -> dict[str, Any]:
    """Make every :class:`Later` that ``obj`` holds, in place; a copy of its ``__dict__``, for pickling.

    A pickle then holds the values themselves, as it would have without
    deferring, and nothing of how they were to be made.
    """
    d = obj.__dict__
    for k, v in list(d.items()):
        if type(v) is Later:
            d[k] = v.get()
    return dict(d)


__all__ = ["Later", "Deferred", "pending", "made"]
