"""Running a submission apart: in a child process, with a time limit, its output capped.

A student's search may loop forever, raise, fail to import, print megabytes
or return nothing.  :func:`run_submission` runs it on each game in a forked
child process (so a function defined in a notebook runs as it is, with its
helpers) and reports, per game, what it returned and what the game
recorded, or what went wrong.  The parent waits at most ``time_limit``
seconds for each game; on the first game that takes longer it kills the
child, so a loop costs one time limit, not one per game, and nothing of the
submission runs after :func:`run_submission` returns.  Nothing the child does
can raise in the parent.

The child never writes to the parent's streams: in a Jupyter kernel those
are sockets the kernel owns.
"""

from __future__ import annotations

import io
import multiprocessing
import os
import sys
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path as FilePath
from types import ModuleType
from typing import Any, Callable, Sequence

from abteach.grading.game import GradingGame

#: Output a submission may print before it is stopped, in bytes.
OUTPUT_LIMIT = 1_000_000
#: Seconds a submission may take on one game.
TIME_LIMIT = 5.0
#: Traceback lines kept from a submission's error.
TRACEBACK_LINES = 12

_PACKAGE = str(FilePath(__file__).resolve().parents[2])


@dataclass(frozen=True)
class Run:
    """What a submission did on one game.

    Attributes
    ----------
    status : {'ok', 'raised', 'timeout', 'output', 'not-run'}
    returned : Any
        What the function returned, when it is small and simple (a str, a
        number, a tuple of them, None); otherwise its repr.
    generated, scored : list of str
        What the instrumented game recorded.
    error : str
        For 'raised': the exception and the submission's own traceback lines.
    seconds : float
    """

    status: str
    returned: Any = None
    generated: tuple[str, ...] = ()
    scored: tuple[str, ...] = ()
    error: str = ""
    seconds: float = 0.0


@dataclass(frozen=True)
class Outcome:
    """What :func:`run_submission` found: a load failure, or one :class:`Run` per game."""

    load_error: str = ""
    runs: tuple[Run, ...] = field(default=())
    printed: int = 0


class _TooMuchOutput(BaseException):
    """Raised inside the submission when it prints past the limit; a BaseException so `except Exception` lets it by."""


class _Sink(io.TextIOBase):
    """A stream that counts what is written and stops the writer past the limit."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.count = 0

    def write(self, text: str) -> int:
        self.count += len(text.encode("utf-8", "replace"))
        if self.count > self.limit:
            raise _TooMuchOutput()
        return len(text)

    def writable(self) -> bool:
        return True


def _simple(x: Any, depth: int = 0) -> Any:
    """``x`` itself if it is a plain value that can cross a pipe, else its repr (cut short)."""
    if x is None or isinstance(x, (bool, int, float, str)):
        return x if not isinstance(x, str) or len(x) < 200 else repr(x[:200])
    if isinstance(x, tuple) and depth < 2 and len(x) <= 4:
        return tuple(_simple(y, depth + 1) for y in x)
    try:
        text = repr(x)
    except Exception:
        text = f"<a {type(x).__name__}>"
    return _Repr(text[:200])


class _Repr(str):
    """The repr of a returned object that was not a plain value."""


def _student_traceback(error: BaseException) -> str:
    """The exception, with the traceback lines of the submission's own code (none of the grader's)."""
    frames = traceback.extract_tb(error.__traceback__)
    own = [f for f in frames if not f.filename.startswith(_PACKAGE)]
    lines = traceback.format_list(own[-TRACEBACK_LINES:])
    detail = "".join(traceback.format_exception_only(type(error), error)).strip()
    return ("".join(lines) + detail).strip()


def _load(target: Any) -> Callable[..., Any]:
    """The function to grade: itself, or ``alpha_beta_search`` from source text or a .py file."""
    if isinstance(target, FilePath) or (isinstance(target, str) and target.endswith(".py") and "\n" not in target):
        path = FilePath(target)
        source = path.read_text()
        filename = str(path)
    else:
        source, filename = target, "<submission>"
    module = ModuleType("submission")
    module.__file__ = filename
    exec(compile(source, filename, "exec"), module.__dict__)
    found = module.__dict__.get("alpha_beta_search")
    if found is None:
        raise NameError("the submission defines no function named alpha_beta_search")
    return found


def _child(conn: Any, target: Any, games: Sequence[Callable[[], GradingGame]]) -> None:
    sink = _Sink(OUTPUT_LIMIT)
    sys.stdout = sys.stderr = sink
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        os.dup2(devnull, 2)
    except OSError:
        pass
    try:
        function = target if callable(target) else _load(target)
    except _TooMuchOutput:
        conn.send(("load", f"it printed more than {OUTPUT_LIMIT:,} bytes while loading"))
        os._exit(0)
    except BaseException as error:  # a submission may raise anything, SystemExit included
        conn.send(("load", _student_traceback(error)))
        os._exit(0)
    for k, make in enumerate(games):
        game = make()
        start = time.perf_counter()
        try:
            returned = function(game, game.initial)
            status, error_text = "ok", ""
        except _TooMuchOutput:
            status, returned, error_text = "output", None, ""
        except RecursionError as error:
            status, returned, error_text = "raised", None, _student_traceback(error).splitlines()[-1]
        except BaseException as error:
            status, returned, error_text = "raised", None, _student_traceback(error)
        seconds = time.perf_counter() - start
        try:
            conn.send(("run", Run(status, _simple(returned), tuple(game.generated), tuple(game.scored),
                                  error_text, seconds)))
        except Exception as error:  # pragma: no cover - everything sent is plain
            conn.send(("run", Run("raised", None, (), (), f"its result could not be read: {error}", seconds)))
        if status == "output":
            break
    conn.send(("end", sink.count))
    conn.close()
    os._exit(0)


def run_submission(target: Any, games: Sequence[Callable[[], GradingGame]], *,
                   time_limit: float = TIME_LIMIT) -> Outcome:
    """Run ``target(game, game.initial)`` for each game, in a child process.

    Parameters
    ----------
    target : callable, str or path
        The student's function, or source text or a ``.py`` file defining ``alpha_beta_search``.
    games : sequence of callables
        Each makes a fresh :class:`GradingGame`, in the child.
    time_limit : float
        Seconds allowed per game.

    Returns
    -------
    Outcome
        ``load_error`` if the submission could not be loaded; otherwise one
        :class:`Run` per game (``'not-run'`` after a time-out or an output flood).
    """
    context = multiprocessing.get_context("fork")
    receive, send = context.Pipe(duplex=False)
    process = context.Process(target=_child, args=(send, target, games), daemon=True)
    process.start()
    send.close()
    runs: list[Run] = []
    printed = 0
    load_error = ""
    try:
        while True:
            if not receive.poll(time_limit):
                runs.append(Run("timeout", seconds=time_limit))
                break
            try:
                kind, payload = receive.recv()
            except EOFError:  # the child died: os._exit from the submission, a signal, memory
                process.join(5)  # reaped first, or its exit code is not known yet
                code = process.exitcode
                runs.append(Run("raised", error=f"the process running it ended abruptly (exit code {code})"))
                break
            if kind == "load":
                load_error = payload
                break
            if kind == "end":
                printed = payload
                break
            runs.append(payload)
            if payload.status == "output":
                printed = OUTPUT_LIMIT + 1
    finally:
        # Nothing of the submission may run once this returns.
        if process.is_alive():
            process.kill()
        process.join(5)
        receive.close()
    runs.extend(Run("not-run") for _ in range(len(games) - len(runs)) if not load_error)
    return Outcome(load_error, tuple(runs), printed)


__all__ = ["run_submission", "Run", "Outcome", "OUTPUT_LIMIT", "TIME_LIMIT"]
