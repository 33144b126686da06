"""The submission's side of a graded run, alone in a fresh interpreter.

:mod:`abteach.grading.sandbox` starts ``python -I -S -c <this file's text>
MEMORY CPU OUTPUT FILES SECCOMP PATH``, under bubblewrap, and talks to it in JSON lines
over its stdin and stdout.  It imports nothing but the standard library, so
nothing of the grader is in this process: no tree, no seed, no expected
answer, no record.  Its game only asks: every ``to_move``, ``actions``,
``result``, ``is_terminal`` and ``utility`` call is a message to the grader,
which answers it and keeps every record itself; a state is an opaque token
the grader drew at random.  So whatever the submission does to this process,
its own frames or the channel, it can only make calls the grader records, or
say what it returns.

It is never imported by the grader (its text is handed to the child); the
grader's tests import it only to check its pieces.

The conversation, one JSON object a line:

- child: ``hello``; grader: ``load`` (the source and the function's name);
  child: ``loaded`` or ``load-error``;
- then per game, grader: ``run`` (the start state, and the run's id ``g``,
  new and random each game); child: any number of ``call`` (each answered
  by ``ok`` or ``err``), then ``done``, each carrying the run's id;
- grader: ``end``.  ``package`` may come at any time: the submission tried
  to import the package it is meant to write a part of.

Nothing here is out of the submission's reach (it shares this interpreter),
so the id is no password: the submission can read it and send a ``done`` of
its own, which counts as a return would.  What the id gives the grader is
the run a message belongs to: a ``done`` or ``call`` left over from a game
the grader has finished is set aside there, never taken for the next game,
whose id nobody in here knows until its ``run`` arrives.  Such a leftover
call is answered by an ``err``; the ``run`` that came before that answer is
kept here for the loop that plays the games, and an answer to a call the
submission wrote itself and never read is skipped there, not taken for an
order.
"""

from __future__ import annotations

import io
import json
import linecache
import math
import os
import resource
import signal
import sys
import traceback
import types
from typing import Any, Callable, NoReturn

#: The file name the submission is compiled under, so its own frames can be told from these.
SUBMISSION_FILE = "submission.py"
#: Packages a submission may not import: using them is not writing the search.
FORBIDDEN = ("abteach",)
#: Bytes of one message from the grader (the source arrives in one).
MESSAGE_LIMIT = 4 << 20
#: Characters of a repr sent back for something that is not a plain value.
REPR_LIMIT = 40
#: Characters of an exception's message sent back.
MESSAGE_CHARS = 500
#: The submission's own frames kept from a traceback.
FRAMES = 12
#: Bytes a submission may write to one file (it has only a small private /tmp).
FILE_SIZE = 1 << 20


class TooMuchOutput(BaseException):
    """Raised in the submission when it prints past the limit; a BaseException so `except Exception` lets it by."""


class Sink(io.TextIOBase):
    """Where the submission's prints go: counted, never kept, and stopped past ``limit`` bytes."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.count = 0

    def write(self, text: str) -> int:
        self.count += len(str(text).encode("utf-8", "replace"))
        if self.count > self.limit:
            raise TooMuchOutput()
        return len(text)

    def writable(self) -> bool:
        return True


class Channel:
    """The grader's line of JSON messages: one to read, one to write."""

    def __init__(self, read_fd: int, write_fd: int) -> None:
        self._in = os.fdopen(read_fd, "rb")
        self._out = write_fd
        #: A ``run`` order read while a call waited for its answer (a search still running after its game
        #: was answered, by a ``done`` it sent itself): the next game, once this one's search ends.
        self.waiting: list[dict[str, Any]] = []

    def send(self, message: dict[str, Any]) -> None:
        data = (json.dumps(message, ensure_ascii=True, allow_nan=False) + "\n").encode("ascii")
        while data:
            data = data[os.write(self._out, data):]

    def receive(self) -> dict[str, Any]:
        line = self._in.readline(MESSAGE_LIMIT)
        if not line.endswith(b"\n"):  # the grader is gone, or said too much: nothing more to do
            os._exit(0)
        message = json.loads(line)
        if not isinstance(message, dict):
            os._exit(0)
        return message

    def order(self) -> dict[str, Any]:
        """The grader's next order: one that came while a call waited, else the next message that is no answer.

        An answer here is to a call the submission wrote on the channel itself and never read: it belongs to
        the game just played, not to the next.
        """
        if self.waiting:
            return self.waiting.pop(0)
        message = self.receive()
        while message.get("t") in ("ok", "err"):
            message = self.receive()
        return message


class State:
    """A position: the name the lessons give it, and a token only the grader can read."""

    __slots__ = ("_token", "_name")

    def __init__(self, token: str, name: str) -> None:
        self._token = token
        self._name = name

    def __repr__(self) -> str:
        return self._name

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and other._token == self._token

    def __hash__(self) -> int:
        return hash(self._token)


def short_repr(x: Any) -> str:
    """``repr(x)``, at most :data:`REPR_LIMIT` characters, or a placeholder if it cannot be made."""
    try:
        text = repr(x)
    except BaseException:  # a submission's __repr__ may raise anything
        return "<no repr>"
    text = text if isinstance(text, str) else "<no repr>"
    return text if len(text) <= REPR_LIMIT else text[:REPR_LIMIT - 3] + "..."


def encode(x: Any, depth: int = 0) -> Any:
    """``x`` as JSON: a plain value itself, a state by its token, a short tuple item by item, else its type and repr."""
    if isinstance(x, float) and type(x) is not float:
        # A float of a subclass (numpy's float64, or one whose __eq__ says yes to all) is sent as its plain value,
        # so the grader compares a number: before, it was an object, and a wrong value beside a right move passed.
        x = float.__float__(x)
    elif isinstance(x, str) and type(x) is not str:
        # So is a string of a subclass: numpy's str_ (a move taken from an array) is a move, as a float64 is a value.
        x = str.__str__(x)
    kind = type(x)
    if x is None or kind is bool or kind is str and len(x) <= 200:
        return x
    if kind is int and abs(x) < 2 ** 53:
        return x
    if kind is float:
        return x if math.isfinite(x) else {"f": repr(x)}
    if kind is State:
        return {"k": x._token}
    if kind is tuple and depth < 2 and len(x) <= 4:
        return {"tuple": [encode(y, depth + 1) for y in x]}
    return {"type": kind.__name__[:REPR_LIMIT], "repr": short_repr(x)}


def decode(x: Any) -> Any:
    """A value the grader sent: a state, a list of actions, a number, a bool or a string."""
    if isinstance(x, dict):
        return State(str(x["k"]), str(x["n"]))
    return x


class Game:
    """The book's game, answered by the grader: it holds no tree, only the way to ask."""

    def __init__(self, channel: Channel, initial: State, run: str = "") -> None:
        self._channel = channel
        self._run = run
        self.initial = initial

    def _ask(self, method: str, *args: Any) -> Any:
        self._channel.send({"t": "call", "g": self._run, "m": method, "a": [encode(a) for a in args]})
        reply = self._channel.receive()
        while reply.get("t") in ("run", "end"):
            # The grader has moved on (this game was answered by a done the search sent itself): the order is
            # kept for later, and this call's own answer, an err, follows.
            if reply.get("t") == "end":
                os._exit(0)
            self._channel.waiting.append(reply)
            reply = self._channel.receive()
        if reply.get("t") == "ok":
            return decode(reply.get("v"))
        raise (TypeError if reply.get("e") == "TypeError" else ValueError)(str(reply.get("m")))

    def to_move(self, state: Any) -> str:
        """``'MAX'`` or ``'MIN'``: who moves in ``state``; ``'CHANCE'`` where chance picks the outcome."""
        return self._ask("to_move", state)

    def probabilities(self, state: Any) -> list[float]:
        """A chance state's outcomes' probabilities, one per action, in the order of ``actions(state)``."""
        return self._ask("probabilities", state)

    def actions(self, state: Any) -> list[str]:
        """The legal moves, in the order the search must try them."""
        return self._ask("actions", state)

    def result(self, state: Any, action: Any) -> State:
        """The state ``action`` leads to."""
        return self._ask("result", state, action)

    def is_terminal(self, state: Any) -> bool:
        """Whether the game is over in ``state``."""
        return self._ask("is_terminal", state)

    def utility(self, state: Any, player: Any) -> float:
        """A terminal state's value for ``player``."""
        return self._ask("utility", state, player)

    def __repr__(self) -> str:
        return "Game()"


class Refuse:
    """An import finder that refuses :data:`FORBIDDEN` packages, and tells the grader it was asked for one."""

    def __init__(self, channel: Channel) -> None:
        self._channel = channel

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> None:
        root = name.partition(".")[0]
        if root in FORBIDDEN:
            self._channel.send({"t": "package", "name": root})
            raise ModuleNotFoundError(f"No module named {name!r}: a submission may import only Python's "
                                      "standard library", name=name)


def failure(error: BaseException) -> dict[str, Any]:
    """An exception as the grader needs it: its type, its message, and the submission's own frames."""
    frames = [[f.lineno, f.name] for f in traceback.extract_tb(error.__traceback__) if f.filename == SUBMISSION_FILE]
    try:
        message = str(error)
    except BaseException:
        message = ""
    return {"type": type(error).__name__[:REPR_LIMIT], "message": message[:MESSAGE_CHARS], "frames": frames[-FRAMES:],
            "os": isinstance(error, OSError)}


def limit(memory: int, cpu: int, files: int) -> None:
    """Lower this process's limits, for good: without privileges nothing in it can raise them again."""
    wanted = {resource.RLIMIT_AS: memory, resource.RLIMIT_CPU: cpu, resource.RLIMIT_NOFILE: files,
              resource.RLIMIT_NPROC: 0, resource.RLIMIT_FSIZE: FILE_SIZE, resource.RLIMIT_CORE: 0}
    for kind, value in wanted.items():
        _, hard = resource.getrlimit(kind)
        value = value if hard == resource.RLIM_INFINITY else min(value, hard)
        resource.setrlimit(kind, (value, value))
    # A file past FILE_SIZE is an error the submission sees, not a signal that kills it.
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)


def forbid(program: bytes) -> bool:
    """Install a seccomp program (classic BPF) in this process; whether it took.

    Under bubblewrap the sandbox installs it before this process starts;
    without bubblewrap this is what keeps a submission from starting processes
    and opening sockets.
    """
    if not program or not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes
    except ImportError:
        return False

    class Program(ctypes.Structure):
        _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]
    code = ctypes.create_string_buffer(program, len(program))
    fprog = Program(len(program) // 8, ctypes.cast(code, ctypes.c_void_p))
    libc = ctypes.CDLL(None, use_errno=True)
    no_new_privs, set_seccomp, mode_filter = 38, 22, 2
    return bool(libc.prctl(no_new_privs, 1, 0, 0, 0) == 0 and
                libc.prctl(set_seccomp, mode_filter, ctypes.byref(fprog), 0, 0) == 0)


def silence() -> tuple[int, int]:
    """Keep the channel on private descriptors and point 0, 1 and 2 at /dev/null; the channel's two."""
    read_fd, write_fd = os.dup(0), os.dup(1)
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(null, fd)
    os.close(null)
    return read_fd, write_fd


def load(source: str, name: str) -> Callable[..., Any]:
    """Run the submission as module ``submission``, registered first (so dataclasses and typing find it)."""
    module = types.ModuleType("submission")
    module.__file__ = SUBMISSION_FILE
    sys.modules["submission"] = module
    linecache.cache[SUBMISSION_FILE] = (len(source), None, source.splitlines(True), SUBMISSION_FILE)
    exec(compile(source, SUBMISSION_FILE, "exec", dont_inherit=True), module.__dict__)
    found = module.__dict__.get(name)
    if not callable(found):
        raise NameError(f"the submission defines no function named {name}")
    return found


def play(function: Callable[..., Any], game: Game, sink: Sink, run: str = "") -> dict[str, Any]:
    """Run the submission on one game, the run ``run``; the ``done`` message."""
    status, returned, error = "ok", None, None
    try:
        returned = encode(function(game, game.initial))
    except TooMuchOutput:
        status = "output"
    except BaseException as caught:  # a submission may raise anything, SystemExit included
        status, error = "raised", failure(caught)
    if sink.count > sink.limit:
        status = "output"
    return {"t": "done", "g": run, "status": status, "returned": returned, "error": error, "printed": sink.count}


def main(argv: list[str]) -> NoReturn:
    """Run the conversation; ``argv`` is ``[_, MEMORY, CPU, OUTPUT, FILES, SECCOMP, PATH]``.

    SECCOMP is the program in hex, or '-'; PATH the folders of the allowed packages, comma-separated, or '-'.
    """
    memory, cpu, output, files = (int(a) for a in argv[1:5])
    limit(memory, cpu, files)
    forbid(bytes.fromhex(argv[5]) if argv[5] != "-" else b"")
    # The allowed packages' folder inside the sandbox (numpy): read-only, and nothing else of the machine's.
    if len(argv) > 6 and argv[6] != "-":
        sys.path.extend(argv[6].split(","))
    channel = Channel(*silence())
    channel.send({"t": "hello", "uid": os.getuid()})
    order = channel.receive()
    sink = Sink(output)
    sys.stdout = sys.stderr = sys.__stdout__ = sys.__stderr__ = sink  # type: ignore[assignment,misc]
    sys.meta_path.insert(0, Refuse(channel))
    try:
        function = load(str(order["source"]), str(order["name"]))
    except TooMuchOutput:
        channel.send({"t": "load-error", "output": True, "printed": sink.count})
        os._exit(0)
    except BaseException as caught:
        channel.send({"t": "load-error", "error": failure(caught), "printed": sink.count})
        os._exit(0)
    channel.send({"t": "loaded", "printed": sink.count})
    while True:
        order = channel.order()
        if order.get("t") != "run":
            os._exit(0)
        start, run = order["state"], str(order["g"])
        channel.send(play(function, Game(channel, State(str(start["k"]), str(start["n"])), run), sink, run))


if __name__ == "__main__":
    main(sys.argv)
