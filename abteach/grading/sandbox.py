"""Running a submission apart: a fresh interpreter in a sandbox, asking the grader for every move.

A student's search may loop forever, raise, fail to import, print megabytes,
return nothing, or try to cheat.  :func:`run_submission` runs its source in a
new interpreter (``python -I -S``, started with :mod:`subprocess`, never a
fork of the grader), under bubblewrap: no network, no other process, an empty
private ``/tmp`` as its working directory, and on its file system only the
interpreter, the standard library and the system's shared libraries, never
the course, the grader's files or other students' work.  Inside it, the
:mod:`~abteach.grading.harness` sets the resource limits (memory, CPU time,
open files, file size; output is counted and stopped past
:data:`OUTPUT_LIMIT`) before the submission loads.

The child holds no tree, seed or expected answer.  Its game is a proxy: each
``to_move``, ``actions``, ``result``, ``is_terminal`` and ``utility`` call (and
``probabilities``, for a game with chance) is a JSON line to this process, answered here from the :class:`GradingGame`,
which keeps every record (the states generated, the leaves scored, their
order) where the submission cannot write.  States cross as random tokens,
new every run, so a submission reaches a state only by asking for it, and
one that explores the whole tree is recorded as having generated it.
Whatever the child writes is parsed as untrusted: one malformed or
unexpected message ends the run as a failure of the submission.

Each game is a run with an id drawn here at random and sent with it; every
``call`` and ``done`` must carry the id of the run it belongs to.  The id is
no secret from the submission, which shares its interpreter with the
harness and can send a ``done`` of its own: that counts as the return it
could have made.  What the id holds to is that a message counts only for
its own game: whatever comes later bearing the id of a game already
answered (the harness's own ``done`` after the submission's, or calls of a
search still running) is set aside, a call answered with an error, and
never taken for the next game, whose id the child learns only with its
``run``; a message with an id of no run ends the run as one written on the
channel.

The parent waits at most ``time_limit`` seconds for each game; on the first
game that takes longer it kills the child, so a loop costs one time limit,
not one per game, and nothing of the submission runs after
:func:`run_submission` returns.  Nothing the child does can raise here.

What comes back is sanitised for feedback: :attr:`Run.shown` describes what
the submission returned in at most :data:`REPR_LIMIT` characters (only its
type, on a hidden game), and :attr:`Run.error` is rebuilt here from the
grader's own copy of the source, naming on a hidden game only the exception's
type and line, never its message.
"""

from __future__ import annotations

import ast
import builtins
import json
import math
import os
import select
import secrets
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path as FilePath
from typing import Any, Callable, Collection, Mapping, Sequence

from abteach.grading.game import GradingGame, State

#: Output a submission may print before it is stopped, in bytes.
OUTPUT_LIMIT = 1_000_000
#: Seconds a submission may take on one game.
TIME_LIMIT = 5.0
#: Traceback lines kept from a submission's error.
TRACEBACK_LINES = 12
#: Address space a submission may use, in bytes.
MEMORY_LIMIT = 512 * 2 ** 20
#: Files a submission may hold open (the interpreter's own included).
FILE_LIMIT = 32
#: Bytes of one message from the child; a call or an answer is far smaller.
MESSAGE_LIMIT = 64 * 1024
#: Characters of a submission's source.
SOURCE_LIMIT = 1_000_000
#: Characters of a returned value's repr shown in feedback.
REPR_LIMIT = 40
#: Characters of an exception's message shown in feedback.
ERROR_CHARS = 300
#: Size of the submission's private /tmp, in bytes.
TMP_SIZE = 1 << 20
#: Seconds a submission may take on all the games of one check together (a notebook's budget).
TOTAL_LIMIT = 30.0
#: Seconds to wait for the interpreter to start before the first game.
START_LIMIT = 30.0
#: How a submission is kept apart: ``'bwrap'`` (bubblewrap and the limits) or ``'limits'`` (the limits alone).
ISOLATIONS = ("bwrap", "limits")

_HARNESS = FilePath(__file__).with_name("harness.py")
#: Exceptions whose names feedback may show for a hidden game, besides the submission's own classes.
_BUILTIN_ERRORS = frozenset(name for name, v in vars(builtins).items()
                            if isinstance(v, type) and issubclass(v, BaseException))
#: Function names Python gives code that has none of its own.
_ANONYMOUS = frozenset({"<module>", "<lambda>", "<listcomp>", "<dictcomp>", "<setcomp>", "<genexpr>"})
_SIMPLE_TYPES = frozenset({"str", "int", "float", "bool", "NoneType", "tuple", "list", "dict", "set", "State"})


class SandboxUnavailable(RuntimeError):
    """The sandbox cannot run here (no bubblewrap, or no user namespaces): a problem of the machine, not the student."""


@dataclass(frozen=True)
class Run:
    """What a submission did on one game.

    Attributes
    ----------
    status : {'ok', 'raised', 'timeout', 'output', 'not-run'}
    returned : Any
        What the function returned, as far as grading needs it: a str, a
        number, None, a short tuple of them, or an :class:`Opaque` stand-in.
    generated, scored : tuple of str
        What the grader's game recorded, in order.
    error : str
        For 'raised': the exception and the submission's own traceback lines, sanitised.
    seconds : float
    shown : str
        What it returned, described for feedback: at most :data:`REPR_LIMIT`
        characters of repr, or only its type on a hidden game.
    over_budget : bool
        For 'timeout': stopped at the end of the whole check's time
        (:data:`TOTAL_LIMIT`), not at this game's own limit.
    calls : tuple of (str, tuple of int)
        The game's record of its ``result`` and ``utility`` calls, in order, as
        ``('generate', path)`` and ``('score', path)`` (at most
        :data:`~abteach.grading.game.CALL_LIMIT`): plain data, for feedback to
        step through.  Empty on a hidden game, whose tree feedback never shows.
    made : int
        How many such calls were made, kept or not (0 on a hidden game).
    """

    status: str
    returned: Any = None
    generated: tuple[str, ...] = ()
    scored: tuple[str, ...] = ()
    error: str = ""
    seconds: float = 0.0
    shown: str = ""
    over_budget: bool = False
    calls: tuple[tuple[str, tuple[int, ...]], ...] = ()
    made: int = 0


@dataclass(frozen=True)
class Outcome:
    """What :func:`run_submission` found: a load failure, or one :class:`Run` per game.

    Attributes
    ----------
    load_error : str
    runs : tuple of Run
    printed : int
        Bytes the submission printed.
    package : str
        The package it tried to import and may not (``'abteach'``), or ``''``.
    isolation : str
        How it was kept apart, one of :data:`ISOLATIONS`.
    total_limit : float
        The seconds it was allowed for all the games together.
    """

    load_error: str = ""
    runs: tuple[Run, ...] = field(default=())
    printed: int = 0
    package: str = ""
    isolation: str = "bwrap"
    total_limit: float = 30.0


@dataclass(frozen=True)
class Opaque:
    """Something a submission returned that is not a plain value: its type's name and a short repr."""

    type: str
    text: str

    def __repr__(self) -> str:
        return self.text


class _Broken(Exception):
    """The child wrote something that is not a message of the conversation."""


# -- the sandbox ---------------------------------------------------------------------

#: Audit architecture of each architecture the seccomp programs know.
_AUDIT_ARCH = {"x86_64": 0xC000003E, "aarch64": 0xC00000B7}
#: System calls refused wherever a student's code runs, by architecture: the kernel's keyrings (add_key,
#: request_key, keyctl), because a key added to the keyring of the user a sandbox runs as outlives the sandbox
#: and the next run as that user (another student's, the autograde kernel) reads it; and io_uring (setup, enter,
#: register), whose queued operations the kernel runs without a system call the filter would see.
_ALWAYS_REFUSED = {"x86_64": (248, 249, 250, 425, 426, 427), "aarch64": (217, 218, 219, 425, 426, 427)}
#: Refused in a submission's sandbox besides: fork, vfork, clone, clone3; socket, socketpair; kill, tkill,
#: tgkill; ptrace, process_vm_readv, process_vm_writev (aarch64 has no fork or vfork).
_SUBMISSION_REFUSED = {"x86_64": (57, 58, 56, 435, 41, 53, 62, 200, 234, 101, 310, 311),
                       "aarch64": (220, 435, 198, 199, 129, 130, 131, 117, 270, 271)}
#: socket(2), which the autograde kernel may call for the families below alone.
_SOCKET = {"x86_64": 41, "aarch64": 198}
#: The socket families the kernel may open, each with the one protocol allowed (``None``: any): AF_UNIX (its
#: ipc transport); AF_INET and AF_INET6 (ipykernel binds a loopback port as it starts) and AF_NETLINK's
#: NETLINK_ROUTE (ZeroMQ lists the interfaces to bind it), which reach nothing beyond the sandbox's own network
#: namespace.  Every other family is refused: some are not kept apart by a namespace (AF_VSOCK reaches a
#: virtual machine's host), others open more of the machine's kernel to any user (AF_ALG, other netlink).
KERNEL_SOCKET_FAMILIES: dict[int, int | None] = {1: None, 2: None, 10: None, 16: 0}


def _seccomp_filter() -> bytes | None:
    """A classic BPF program for a submission's seccomp: no new process or thread, no socket, no signal or trace of
    another process, no keyring, no io_uring.

    Every other system call is allowed; the refused ones fail with EPERM.
    ``None`` on an architecture it does not know (the resource limits still apply there).
    """
    import platform
    machine = platform.machine()
    if machine not in _AUDIT_ARCH:
        return None
    return _bpf(_AUDIT_ARCH[machine], (*_SUBMISSION_REFUSED[machine], *_ALWAYS_REFUSED[machine]))


def kernel_seccomp_filter() -> bytes | None:
    """A classic BPF program for the autograde kernel's seccomp: no keyring, no io_uring, few socket families.

    A Jupyter kernel needs threads and its ipc transport's Unix sockets, which
    :func:`_seccomp_filter` refuses; what outlives a run (a key in the user's
    keyring) or escapes the filter's view (io_uring) it is refused all the same,
    and a socket of a family not in :data:`KERNEL_SOCKET_FAMILIES`.
    ``None`` on an architecture it does not know.

    Examples
    --------
    >>> program = kernel_seccomp_filter()
    >>> program is None or len(program) % 8 == 0   # whole instructions of 8 bytes
    True
    """
    import platform
    machine = platform.machine()
    if machine not in _AUDIT_ARCH:
        return None
    return _bpf(_AUDIT_ARCH[machine], _ALWAYS_REFUSED[machine], (_SOCKET[machine], KERNEL_SOCKET_FAMILIES))


def _bpf(arch: int, refused: Sequence[int], sockets: tuple[int, Mapping[int, int | None]] | None = None) -> bytes:
    """The program: kill another architecture's call, refuse ``refused`` (and x32 calls) with EPERM, allow the rest.

    With ``sockets`` (socket's number, {family: protocol or None}), socket(2) is allowed for those alone.
    Jumps are written to the labels ``"allow"`` and ``"refuse"`` (the last two instructions), or as a count.
    """
    load, jeq, jge, ret = 0x20, 0x15, 0x35, 0x06
    allow, kill, eperm = 0x7FFF0000, 0x80000000, 0x00050000 | 1
    code: list[tuple[int, int | str, int | str, int]] = [
        (load, 0, 0, 4), (jeq, 1, 0, arch), (ret, 0, 0, kill), (load, 0, 0, 0),
        # x32 system calls (numbers with bit 30 set) are refused outright on x86_64.
        (jge, "refuse", 0, 0x40000000)]
    code += [(jeq, "refuse", 0, nr) for nr in refused]
    if sockets is not None:
        number, families = sockets
        # socket(family, type, protocol): seccomp_data's arguments start at offset 16, 8 bytes each.
        code += [(jeq, 0, "allow", number), (load, 0, 0, 16)]
        for family, protocol in families.items():
            if protocol is None:
                code.append((jeq, "allow", 0, family))
            else:
                # Another family skips the protocol's check (the family is still loaded for the next).
                code += [(jeq, 0, 2, family), (load, 0, 0, 32), (jeq, "allow", "refuse", protocol)]
        code.append((ret, 0, 0, eperm))
    code += [(ret, 0, 0, allow), (ret, 0, 0, eperm)]
    at = {"allow": len(code) - 2, "refuse": len(code) - 1}

    def offset(jump: int | str, pc: int) -> int:
        return at[jump] - pc - 1 if isinstance(jump, str) else jump
    return b"".join(struct.pack("<HBBI", op, offset(jt, pc), offset(jf, pc), k)
                    for pc, (op, jt, jf, k) in enumerate(code))


def _interpreter() -> str:
    """The base interpreter (a venv's python is a link to it, and -I would find the venv's pyvenv.cfg)."""
    base = getattr(sys, "_base_executable", "") or sys.executable
    return os.path.realpath(base)


#: The user a sandbox runs as when the grader is root: ``nobody``, who owns nothing.
UNPRIVILEGED = 65534
#: Where the allowed packages appear inside the sandbox (each top-level entry of its distribution).
PACKAGES_DIR = "/packages"
#: The environment variable that lists the packages a submission may import, comma-separated.
PACKAGES_VARIABLE = "ABTEACH_SANDBOX_PACKAGES"
#: The allowed packages when the course lists none: numpy, for ``np.inf``.
DEFAULT_PACKAGES = ("numpy",)
#: Packages no sandbox may show, whatever a course lists: using them is not writing the search.
NEVER_ALLOWED = frozenset({"abteach", "course", "nbgrader", "jupyter_server", "notebook"})


def allowed_packages(environ: Mapping[str, str] | None = None) -> tuple[str, ...]:
    """The packages a submission may import besides the standard library, as the course lists them.

    The course lists them in :data:`PACKAGES_VARIABLE` (``course/nbgrader_config.py`` sets it);
    :data:`DEFAULT_PACKAGES` when it is not set.

    Examples
    --------
    >>> allowed_packages({"ABTEACH_SANDBOX_PACKAGES": "numpy, sortedcontainers"})
    ('numpy', 'sortedcontainers')
    >>> allowed_packages({})
    ('numpy',)
    >>> allowed_packages({"ABTEACH_SANDBOX_PACKAGES": ""})
    ()
    """
    environ = os.environ if environ is None else environ
    text = environ.get(PACKAGES_VARIABLE)
    if text is None:
        return DEFAULT_PACKAGES
    return check_packages(tuple(p.strip() for p in text.split(",") if p.strip()), PACKAGES_VARIABLE)


def check_packages(packages: Sequence[str], argument: str = "packages") -> tuple[str, ...]:
    """``packages`` if each is the name of a top-level package a sandbox may show; a ValueError naming it otherwise."""
    if isinstance(packages, str):
        raise TypeError(f"{argument} must be a sequence of package names, not the str {packages!r}")
    for name in packages:
        if not isinstance(name, str) or not name.isidentifier():
            raise ValueError(f"{argument}: {name!r} is not the name of a top-level package")
        if name in NEVER_ALLOWED:
            raise ValueError(f"{argument}: {name!r} may never be imported by a submission")
    return tuple(packages)


@lru_cache(maxsize=4)
def _child_path(python: str) -> tuple[str, ...]:
    """The folders ``python -I -S`` searches for modules: the standard library and nothing else."""
    done = subprocess.run([python, "-I", "-S", "-c", "import json, sys; print(json.dumps(sys.path))"],
                          capture_output=True, text=True, timeout=60, env={"PATH": os.defpath})
    if done.returncode != 0:
        raise SandboxUnavailable(f"the interpreter {python!r} does not start with -I -S: {done.stderr[-500:]}")
    return tuple(p for p in json.loads(done.stdout) if os.path.exists(p))


@lru_cache(maxsize=8)
def _package_entries(name: str) -> tuple[str, ...]:
    """The files and folders of site-packages its distribution installs (numpy: ``numpy/`` and ``numpy.libs/``).

    Found where the grader's own interpreter finds it; ``()`` when it is not installed.
    """
    import importlib.metadata
    import importlib.util
    try:
        spec = importlib.util.find_spec(name)
    except (ImportError, ValueError):
        return ()
    if spec is None or not spec.submodule_search_locations and not spec.origin:
        return ()
    location = (list(spec.submodule_search_locations)[0] if spec.submodule_search_locations
                else str(spec.origin))
    home = os.path.dirname(os.path.realpath(location))
    entries = {os.path.realpath(location)}
    # Its distribution's other top-level entries, such as the shared libraries a wheel bundles beside it.
    for distribution in importlib.metadata.packages_distributions().get(name, []):
        try:
            files = importlib.metadata.distribution(distribution).files or []
        except importlib.metadata.PackageNotFoundError:
            continue
        for file in files:
            top = str(file).split("/")[0]
            path = os.path.join(home, top)
            # Its modules and bundled libraries, never its metadata, its scripts or a package never allowed.
            if top in ("..", "__pycache__") or top.endswith((".dist-info", ".egg-info", ".pth")) \
                    or top.removesuffix(".py") in NEVER_ALLOWED or not os.path.exists(path):
                continue
            entries.add(os.path.realpath(path))
    return tuple(sorted(entries))


def _shared_objects(paths: Sequence[str]) -> list[str]:
    """The extension modules (``*.so``) in ``paths``, files or folders."""
    found = []
    for path in paths:
        if os.path.isfile(path):
            found.append(path) if ".so" in os.path.basename(path) else None
            continue
        for folder, dirs, files in os.walk(path):
            dirs[:] = [d for d in dirs if d not in ("site-packages", "dist-packages", "test", "tests")]
            found.extend(os.path.join(folder, f) for f in files if f.endswith(".so") or ".so." in f)
    return found


@lru_cache(maxsize=8)
def _libraries(objects: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """The shared libraries ``objects`` load, as ``ldd`` finds them: (the path the loader asks for, the file)."""
    ldd = shutil.which("ldd")
    if ldd is None or not objects:
        return ()
    found: dict[str, str] = {}
    for start in range(0, len(objects), 200):
        done = subprocess.run([ldd, *objects[start:start + 200]], capture_output=True, text=True, timeout=120,
                              env={"PATH": os.defpath, "LC_ALL": "C"})
        for line in done.stdout.splitlines():
            line = line.strip()
            path = line.split("=>", 1)[1].split("(")[0].strip() if "=>" in line else line.split("(")[0].strip()
            if path.startswith("/") and os.path.exists(path):
                found[os.path.normpath(path)] = os.path.realpath(path)
    return tuple(sorted(found.items()))


def library_binds(objects: tuple[str, ...]) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """What the sandbox needs so that ``objects`` (executables, extension modules) find their shared libraries.

    The binds (each library's file, at its own path) and the links (target,
    link): the loader asks for a name (``/lib/x86_64-linux-gnu/libz.so.1``),
    often a link to the file, and the folders above are made as on the host.
    """
    binds: list[tuple[str, str]] = []
    links: list[tuple[str, str]] = []
    for asked, real in _libraries(objects):
        binds.append((real, real))
        link = os.path.join(os.path.realpath(os.path.dirname(asked)), os.path.basename(asked))
        if link != real:
            links.append((real, link))
    return binds, links


@dataclass(frozen=True)
class Runtime:
    """What a sandboxed interpreter needs: read-only binds, folders hidden inside them, and its module path.

    Attributes
    ----------
    python : str
        The interpreter, as the sandbox runs it.
    binds : tuple of (str, str)
        (host path, path inside) pairs, bound read-only.
    symlinks : tuple of (str, str)
        (target, link) pairs created inside, as the loader looks libraries up.
    hidden : tuple of str
        Folders inside a bound one that the sandbox covers with an empty one.
    path : tuple of str
        Folders inside the sandbox to put on ``sys.path`` for the allowed packages.
    packages : tuple of str
        The allowed packages found installed.
    """

    python: str
    binds: tuple[tuple[str, str], ...]
    symlinks: tuple[tuple[str, str], ...]
    hidden: tuple[str, ...]
    path: tuple[str, ...]
    packages: tuple[str, ...]


@lru_cache(maxsize=8)
def python_runtime(packages: tuple[str, ...] = DEFAULT_PACKAGES, python: str | None = None) -> Runtime:
    """The interpreter, its standard library, the shared libraries they load, and the allowed packages, nothing else.

    The base interpreter's site-packages stays hidden; each allowed package is
    bound alone (its folder, and the libraries its wheel bundles) under
    :data:`PACKAGES_DIR`, never the folder of installed packages it sits in,
    so abteach, the course and every other package are not in the sandbox at all.
    """
    python = python or _interpreter()
    check_packages(packages)
    standard = [os.path.realpath(p) for p in _child_path(python)]
    binds: dict[str, str] = {}

    def bind(path: str, inside: str | None = None) -> None:
        real = os.path.realpath(path)
        if os.path.exists(real) and not any(real == b or real.startswith(b + os.sep) for b in binds):
            binds[real] = inside or real
    bind(python)
    for path in standard:
        bind(path)
    found: list[str] = []
    package_binds: list[tuple[str, str]] = []
    for name in packages:
        entries = _package_entries(name)
        if entries:
            found.append(name)
            package_binds.extend((e, f"{PACKAGES_DIR}/{os.path.basename(e)}") for e in entries)
    objects = [python, *_shared_objects(standard), *_shared_objects([e for e, _ in package_binds])]
    import sysconfig
    libdir, library = sysconfig.get_config_var("LIBDIR"), sysconfig.get_config_var("INSTSONAME")
    if libdir and library and sysconfig.get_config_var("Py_ENABLE_SHARED"):
        bind(os.path.join(libdir, library))
    symlinks: dict[str, str] = {}
    inside_packages = tuple(e for e, _ in package_binds)
    libraries, links = library_binds(tuple(objects))
    for real, _ in libraries:
        if not any(real == e or real.startswith(e + os.sep) for e in inside_packages):  # else bound with its package
            bind(real)
    symlinks.update((link, target) for target, link in links)
    for extra in ("/etc/ld.so.cache",):
        bind(extra)
    hidden = []
    for path in standard:  # the base interpreter's own installed packages sit inside its standard library
        for name in ("site-packages", "dist-packages"):
            if os.path.isdir(os.path.join(path, name)):
                hidden.append(os.path.join(path, name))
    every = sorted(binds.items()) + package_binds
    return Runtime(python, tuple(every), tuple((t, k) for k, t in sorted(symlinks.items())), tuple(hidden),
                   (PACKAGES_DIR,) if found else (), tuple(found))


def _ancestors(path: str) -> list[str]:
    """``/a``, ``/a/b`` for ``/a/b/c``: the folders bubblewrap must create above a bind."""
    parts = path.strip("/").split("/")[:-1]
    return ["/" + "/".join(parts[:i]) for i in range(1, len(parts) + 1)]


def _top_links() -> list[str]:
    """The system's top-level links (``/lib`` to ``usr/lib`` on merged-/usr systems), made alike inside."""
    args = []
    for top in ("/lib", "/lib64", "/lib32", "/libx32", "/bin", "/sbin"):
        if os.path.islink(top):
            args += ["--symlink", os.readlink(top), top]
    return args


def privilege_drop() -> list[str]:
    """What starts a sandboxed command as :data:`UNPRIVILEGED` when the grader is root; ``[]`` when it is not.

    Raises SandboxUnavailable where it cannot be done (no ``setpriv``): a
    sandbox that is root outside could write the machine's settings.
    """
    if os.geteuid() != 0:
        return []
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        raise SandboxUnavailable("the grader runs as root and setpriv (util-linux) is not installed, so the "
                                 "sandbox cannot drop to an unprivileged user: install util-linux, or grade as "
                                 "a user other than root")
    return [os.path.realpath(setpriv), f"--reuid={UNPRIVILEGED}", f"--regid={UNPRIVILEGED}", "--clear-groups",
            "--inh-caps=-all", "--bounding-set=-all", "--no-new-privs", "--"]


def sandbox_command(argv: Sequence[str], binds: Sequence[tuple[str, str]] = (), *,
                    writable: Sequence[tuple[str, str]] = (), symlinks: Sequence[tuple[str, str]] = (),
                    hidden: Sequence[str] = (), private: Sequence[tuple[str, int]] = (),
                    setenv: Mapping[str, str] | None = None, network: bool = False, tmp_size: int = TMP_SIZE,
                    chdir: str = "/tmp", seccomp_fd: int | None = None, info_fd: int | None = None) -> list[str]:
    """The bubblewrap command line that runs ``argv`` alone, never as root.

    The sandbox shares nothing with the machine but what is bound: its own
    pid, ipc, uts, cgroup and (unless ``network``) network namespaces, a
    read-only root, an empty private ``/tmp`` of ``tmp_size`` bytes, no
    capability, and ``argv`` run as a user who is not root.  When the grader
    is root, bubblewrap (which would map root to root) runs without a user
    namespace and ``argv`` starts through ``setpriv`` as :data:`UNPRIVILEGED`
    (so ``setpriv`` and its libraries are bound too); otherwise bubblewrap
    maps the grader's own uid.  Every folder bubblewrap creates above a bind
    is opened to all (0755), so the unprivileged user reaches what is bound.

    Parameters
    ----------
    argv : sequence of str
        The command, as paths inside the sandbox.
    binds, writable : sequence of (str, str)
        (host path, path inside) pairs, read-only and read-write.
    symlinks : sequence of (str, str)
        (target, link) pairs made inside.
    hidden : sequence of str
        Folders inside binds covered with an empty one.
    private : sequence of (str, int)
        (path inside, bytes) pairs: an empty folder of the sandbox's own memory, which ``argv`` may write (mode
        1777, as ``/tmp``) up to that many bytes in all, and which ends with the sandbox.
    setenv : mapping
        The whole environment inside (bubblewrap clears the rest).
    network : bool
        Keep the machine's network namespace (a Jupyter kernel's loopback); no network otherwise.
    seccomp_fd, info_fd : int or None
        Passed to bubblewrap's ``--seccomp`` and ``--info-fd``.

    Raises
    ------
    SandboxUnavailable
        No bubblewrap, or root with no way to drop privileges.

    Examples
    --------
    >>> command = sandbox_command(["/usr/bin/true"], [("/usr", "/usr")])   # doctest: +SKIP
    >>> command[command.index("--") + 1:]                                     # doctest: +SKIP
    ['/usr/bin/setpriv', '--reuid=65534', ..., '--', '/usr/bin/true']
    """
    bwrap = shutil.which("bwrap")
    if bwrap is None:
        raise SandboxUnavailable("bubblewrap (bwrap) is not installed, so a submission cannot be sandboxed: install "
                                 "it (apt-get install bubblewrap), or grade with isolation='limits' "
                                 "(abteach grade --isolation limits) for the resource limits alone")
    drop = privilege_drop()
    binds, symlinks = list(binds), list(symlinks)
    if drop:
        libraries, links = library_binds((drop[0],))
        binds += [(drop[0], drop[0]), *libraries]
        symlinks += [link for link in links if link not in symlinks]
        # Without a user namespace (it would map root to root), keeping only what setpriv needs to drop to nobody.
        box = [bwrap, "--unshare-ipc", "--unshare-pid", "--unshare-uts", "--unshare-cgroup-try",
               "--cap-drop", "ALL", "--cap-add", "CAP_SETUID", "--cap-add", "CAP_SETGID", "--cap-add", "CAP_SETPCAP"]
    else:
        # An unprivileged grader's uid is mapped inside to nobody, so student code never sees itself as the
        # grader.  Root is never mapped: root outside stays uid 0 inside, which the harness reports and
        # run_submission refuses, rather than a nobody that would be root on the host.
        unmapped = ["--uid", str(UNPRIVILEGED), "--gid", str(UNPRIVILEGED)] if os.geteuid() != 0 else []
        box = [bwrap, "--unshare-user", *unmapped, "--unshare-ipc", "--unshare-pid", "--unshare-uts",
               "--unshare-cgroup-try", "--cap-drop", "ALL"]
    if not network:
        box.append("--unshare-net")
    box += ["--die-with-parent", "--new-session", "--clearenv", "--hostname", "sandbox", *_top_links()]
    # The private /tmp first, then the binds: a venv or a course that lives under /tmp on the host (a CI clone)
    # is bound on top of it, not hidden by it.
    box += ["--proc", "/proc", "--dev", "/dev", "--size", str(tmp_size), "--perms", "1777", "--tmpfs", "/tmp"]
    made: set[str] = {"/tmp", "/proc", "/dev"}
    seen: set[tuple[str, str]] = set()
    for source, inside in [*binds, *writable]:
        if (source, inside) in seen:
            continue
        seen.add((source, inside))
        for folder in _ancestors(inside):
            if folder not in made:
                made.add(folder)
                box += ["--perms", "0755", "--dir", folder]
        box += ["--bind" if (source, inside) in writable else "--ro-bind", source, inside]
    for target, link in symlinks:
        if any(link.startswith(inside.rstrip("/") + "/") for _, inside in [*binds, *writable]):
            continue  # a bound folder (the autograde kernel's /usr) shows the machine's own link there
        for folder in _ancestors(link):
            if folder not in made and not os.path.islink(folder):
                made.add(folder)
                box += ["--perms", "0755", "--dir", folder]
        box += ["--symlink", target, link]
    for folder in hidden:
        box += ["--tmpfs", folder]
    for folder, size in private:
        if isinstance(size, bool) or not isinstance(size, int) or size <= 0:
            raise ValueError(f"private: the size of {folder!r} must be a number of bytes > 0, not {size!r}")
        for above in _ancestors(folder):
            if above not in made:
                made.add(above)
                box += ["--perms", "0755", "--dir", above]
        box += ["--size", str(size), "--perms", "1777", "--tmpfs", folder]
    box += ["--chdir", chdir,
            # The sandbox's own root and /dev are memory with no size limit: nothing may be written there.
            "--remount-ro", "/dev", "--remount-ro", "/"]
    for key, value in (setenv or {}).items():
        box += ["--setenv", key, value]
    if seccomp_fd is not None:
        box += ["--seccomp", str(seccomp_fd)]
    if info_fd is not None:
        box += ["--info-fd", str(info_fd)]
    return [*box, "--", *drop, *argv]


def _command(isolation: str, cpu: int, seccomp_fd: int | None, info_fd: int | None,
             packages: tuple[str, ...] = DEFAULT_PACKAGES) -> list[str]:
    """The command that starts the child: the harness in a fresh interpreter, in bubblewrap unless told otherwise."""
    python = _interpreter()
    # Without bubblewrap, the harness installs the seccomp program itself.
    program = _seccomp_filter() if isolation == "limits" else None
    runtime = python_runtime(packages, python) if isolation == "bwrap" else None
    path = ",".join(runtime.path) if runtime else "-"
    harness = [python, "-I", "-S", "-X", "utf8", "-c", _HARNESS.read_text(encoding="utf-8"),
               str(MEMORY_LIMIT), str(cpu), str(OUTPUT_LIMIT), str(FILE_LIMIT), program.hex() if program else "-",
               path]
    if runtime is None:
        return [*_limits_drop(), *harness]
    # One thread: the sandbox refuses new threads, and OpenBLAS (numpy) would start some at import.
    return sandbox_command(harness, runtime.binds, symlinks=runtime.symlinks, hidden=runtime.hidden,
                           setenv={"OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "LC_ALL": "C.UTF-8"},
                           seccomp_fd=seccomp_fd, info_fd=info_fd)


def _limits_drop() -> list[str]:
    """With the limits alone, as root: start the harness as :data:`UNPRIVILEGED`, able to read but never to write.

    Without bubblewrap nothing is bound, and the interpreter may sit where
    only root can reach it (``/root/.pyenv``): the one capability kept is
    reading any file, which this isolation grants a submission anyway (its
    feedback says so); writing the machine's settings, as root could, it cannot.
    """
    drop = privilege_drop()
    if not drop:
        return []
    keep = "dac_read_search"
    return [*drop[:4], f"--inh-caps=-all,+{keep}", f"--ambient-caps=+{keep}", f"--bounding-set=-all,+{keep}",
            "--no-new-privs", "--"]


class _Child:
    """The child process and its two pipes; every read has a deadline, and it is killed on the way out."""

    def __init__(self, isolation: str, cpu: int, packages: tuple[str, ...] = DEFAULT_PACKAGES) -> None:
        self.isolation = isolation
        self._folder = tempfile.TemporaryDirectory(prefix="abteach-submission-") if isolation == "limits" else None
        if self._folder is not None and os.geteuid() == 0:
            os.chown(self._folder.name, UNPRIVILEGED, UNPRIVILEGED)  # its working folder, as the user it runs as
        self._info: int | None = None
        self._init: int | None = None  # a pidfd for the sandbox's first process, whose end ends all of it
        passed: list[int] = []
        seccomp_fd = info_fd = None
        program = _seccomp_filter() if isolation == "bwrap" else None
        if program is not None:
            # Handed over on a pipe: bubblewrap reads the program to its end before it starts the child.
            seccomp_fd, write_fd = os.pipe()
            os.write(write_fd, program)
            os.close(write_fd)
            passed.append(seccomp_fd)
        if isolation == "bwrap":
            # bubblewrap writes here the pid of the sandbox's init: killing it ends every process inside.
            self._info, info_fd = os.pipe()
            passed.append(info_fd)
        try:
            self.process = subprocess.Popen(_command(isolation, cpu, seccomp_fd, info_fd, packages), stdin=subprocess.PIPE,
                                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, pass_fds=passed,
                                            start_new_session=True, env={"PATH": os.defpath, "LC_ALL": "C.UTF-8"},
                                            cwd=self._folder.name if self._folder else "/")
        except SandboxUnavailable:
            self._close_info()
            raise
        except OSError as error:
            self._close_info()
            raise SandboxUnavailable(f"the sandbox could not start: {error}") from None
        finally:
            for fd in passed:
                os.close(fd)
        assert self.process.stdin is not None and self.process.stdout is not None and self.process.stderr is not None
        self._in, self._out = self.process.stdin.fileno(), self.process.stdout.fileno()
        self._err = self.process.stderr.fileno()
        os.set_blocking(self._in, False)
        os.set_blocking(self._out, False)
        os.set_blocking(self._err, False)
        self._buffer = b""
        self.stderr = b""

    def send(self, message: dict[str, Any], deadline: float | None = None) -> bool:
        """Write one message by ``deadline`` (:data:`START_LIMIT` from now by default); False if the child is gone.

        Raises TimeoutError past the deadline: a child that stops reading
        (and writes calls it never reads the answers to) cannot block the grader.
        """
        data = (json.dumps(message) + "\n").encode("utf-8")
        deadline = time.monotonic() + START_LIMIT if deadline is None else deadline
        while data:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError
            try:
                if not select.select([], [self._in], [], left)[1]:
                    continue
                data = data[os.write(self._in, data):]
            except BlockingIOError:
                continue
            except OSError:  # the child is gone
                return False
        return True

    def receive(self, deadline: float) -> dict[str, Any] | None:
        """The next message, ``None`` at the end of the child's output; raises TimeoutError past ``deadline``."""
        while b"\n" not in self._buffer:
            if len(self._buffer) > MESSAGE_LIMIT:
                raise _Broken("a message longer than the limit")
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError
            ready, _, _ = select.select([self._out, self._err], [], [], left)
            if self._err in ready:
                self._drain_stderr()
            if self._out in ready:
                chunk = os.read(self._out, 65536)
                if not chunk:
                    return None
                self._buffer += chunk
        line, _, self._buffer = self._buffer.partition(b"\n")
        if len(line) > MESSAGE_LIMIT:
            raise _Broken("a message longer than the limit")
        try:
            message = json.loads(line)
        except (ValueError, RecursionError) as error:
            raise _Broken(f"a line that is not a message ({type(error).__name__})") from None
        if not isinstance(message, dict):
            raise _Broken("a line that is not a message")
        return message

    def _drain_stderr(self) -> bool:
        """Read what is waiting on stderr; False at its end."""
        try:
            chunk = os.read(self._err, 65536)
        except BlockingIOError:
            return True
        # Only bubblewrap and the interpreter's start-up write here; the rest is dropped.
        self.stderr = (self.stderr + chunk)[:4096]
        return bool(chunk)

    def startup_error(self) -> str:
        """What bubblewrap or the interpreter said when the child did not start."""
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and select.select([self._err], [], [], 0.5)[0] and self._drain_stderr():
            pass
        return self.stderr.decode("utf-8", "replace").strip()[-1000:]

    def ending(self) -> str:
        """How the child ended: its exit code, or the signal that killed it."""
        try:
            code = self.process.wait(5)
        except subprocess.TimeoutExpired:
            return "it did not end"
        # bubblewrap passes the child's status on, a signal as 128 + its number.
        number = -code if code < 0 else code - 128 if self.isolation == "bwrap" and code > 128 else 0
        if number > 0:
            try:
                return f"killed by signal {signal.Signals(number).name}"
            except ValueError:
                return f"killed by signal {number}"
        return f"exit code {code}"

    def pin(self) -> None:
        """Hold the sandbox's init by a pidfd, while it surely runs (the child has just said hello)."""
        if self._info is None:
            return
        try:
            os.set_blocking(self._info, False)
            pid = json.loads(os.read(self._info, 65536)).get("child-pid")
            if isinstance(pid, int) and pid > 1:
                self._init = os.pidfd_open(pid)
        except (OSError, ValueError, AttributeError):
            pass  # then killing bubblewrap ends it, a moment later (--die-with-parent)
        self._close_info()

    def _close_info(self) -> None:
        if self._info is not None:
            os.close(self._info)
            self._info = None

    def close(self) -> None:
        """Kill the child and everything it started, and reap it: when this returns, none of it runs."""
        if self._init is not None:
            # The init of a pid namespace ends only once every process in it has: bubblewrap, its parent,
            # then exits, so waiting for bubblewrap waits for them all.
            try:
                signal.pidfd_send_signal(self._init, signal.SIGKILL)
                self.process.wait(10)
            except (OSError, subprocess.TimeoutExpired):
                pass
            os.close(self._init)
            self._init = None
        try:
            os.killpg(self.process.pid, signal.SIGKILL)  # its own session: bubblewrap, or the interpreter alone
        except (ProcessLookupError, PermissionError):
            pass
        self.process.kill()
        self.process.wait()
        self._close_info()
        for stream in (self.process.stdin, self.process.stdout, self.process.stderr):
            try:
                if stream is not None:
                    stream.close()
            except OSError:
                pass
        if self._folder is not None:
            self._folder.cleanup()


# -- the game, served ----------------------------------------------------------------------

class _Tokens:
    """One game's states as the child sees them: a random token each, the same token for the same state."""

    def __init__(self) -> None:
        self._by_token: dict[str, State] = {}
        self._by_state: dict[State, str] = {}

    def out(self, state: State) -> dict[str, str]:
        token = self._by_state.get(state)
        if token is None:
            token = secrets.token_hex(12)
            self._by_state[state] = token
            self._by_token[token] = state
        return {"k": token, "n": repr(state)}

    def state(self, token: Any) -> State | None:
        return self._by_token.get(token) if isinstance(token, str) else None


#: What a call made for a game already answered is told (its search sent a done of its own, and ran on).
LEFTOVER = "this game is over: its answer was already sent"

_METHODS = {"to_move": 1, "actions": 1, "result": 2, "is_terminal": 1, "utility": 2, "probabilities": 1}


def _argument(value: Any, tokens: _Tokens) -> Any:
    """A call's argument from the child: a state by its token, a plain value, or a stand-in that no game accepts."""
    if isinstance(value, dict):
        if "k" in value:
            found = tokens.state(value["k"])
            return found if found is not None else Opaque("State", "a state of no game")
        return _decode(value, tokens)
    return _decode(value, tokens)


def _answer(game: GradingGame, tokens: _Tokens, message: dict[str, Any]) -> dict[str, Any]:
    """The grader's reply to one call: the game's answer, or the error the book's game would raise."""
    method, args = message.get("m"), message.get("a")
    if not isinstance(method, str) or method not in _METHODS or not isinstance(args, list) \
            or len(args) != _METHODS[method]:
        raise _Broken("a call the game does not have")
    values = [_argument(a, tokens) for a in args]
    try:
        got = getattr(game, method)(*values)
    except (TypeError, ValueError) as error:
        return {"t": "err", "e": type(error).__name__, "m": str(error)}
    if isinstance(got, State):
        return {"t": "ok", "v": tokens.out(got)}
    return {"t": "ok", "v": got}


def _decode(value: Any, tokens: _Tokens, depth: int = 0) -> Any:
    """What the child says a value is, checked: plain values kept, anything else an :class:`Opaque` stand-in."""
    if value is None or isinstance(value, (bool, int, float)):
        return value
    if isinstance(value, str):
        return value if len(value) <= 200 else Opaque("str", _cut(repr(value)))
    if isinstance(value, dict) and depth < 3:
        if "f" in value and value["f"] in ("inf", "-inf", "nan"):
            return float(value["f"])
        if isinstance(value.get("tuple"), list) and len(value["tuple"]) <= 4:
            return tuple(_decode(v, tokens, depth + 1) for v in value["tuple"])
        if "k" in value:
            state = tokens.state(value["k"])
            return Opaque("State", _cut(repr(state)) if state is not None else "a state")
        if isinstance(value.get("type"), str) and isinstance(value.get("repr"), str):
            return Opaque(_name(value["type"]), _cut(_printable(value["repr"])))
    raise _Broken("a value that is not one a submission can return")


def _cut(text: str, limit: int = REPR_LIMIT) -> str:
    return text if len(text) <= limit else text[:limit - 3] + "..."


def _printable(text: str) -> str:
    """``text`` with control characters and unpaired surrogates escaped, so feedback prints as it reads."""
    text = text.encode("utf-8", "backslashreplace").decode("utf-8")
    return "".join(c if c.isprintable() or c in "\n\t" else repr(c)[1:-1] for c in text)


def _name(text: str) -> str:
    """A type's name as the child reports it, if it is a name at all."""
    return text if text.isidentifier() and len(text) <= REPR_LIMIT else "object"


def describe(returned: Any, *, hidden: bool = False, known: Collection[str] = ()) -> str:
    """What a submission returned, for feedback: a repr of at most :data:`REPR_LIMIT` characters and its type.

    On a hidden game only the type is told, and only a type everybody knows
    or one the submission's source defines (in ``known``): a returned string
    or number could carry the hidden tree out.

    Examples
    --------
    >>> describe("nowhere")
    "'nowhere' (type str)"
    >>> describe("x" * 100)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx... (type str)"
    >>> describe("nowhere", hidden=True)
    'a value of type str'
    """
    kind = returned.type if isinstance(returned, Opaque) else type(returned).__name__
    if hidden:
        return f"a value of type {kind if kind in _SIMPLE_TYPES or kind in known else 'object'}"
    text = returned.text if isinstance(returned, Opaque) else _cut(_printable(repr(returned)))
    return f"{text} (type {kind})"


# -- the feedback on an error --------------------------------------------------------------

@lru_cache(maxsize=8)  # asked once per game of the same submission
def defined_names(source: str) -> frozenset[str]:
    """The classes and functions ``source`` defines, at any depth: the only names of its own feedback repeats."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return frozenset()
    return frozenset(node.name for node in ast.walk(tree)
                     if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)))


#: What an error on a hidden tree is told as, whatever it was: the same words for every error.
HIDDEN_ERROR = ("Your search raised an exception on this hidden tree. What it was and where are not shown: the "
                "hidden trees stay hidden, and a submission could spell one out in them. Run your search on trees "
                "of your own (ab.random_tree) to find it.")

#: What a write to the grader's channel on a hidden tree is told as, whatever was written.
HIDDEN_CHANNEL = ("Your code wrote to the grader's channel on this hidden tree, which a search never does; it was "
                  "stopped. What it wrote is not shown: the hidden trees stay hidden.")


def _error_text(error: Any, source: str, filename: str, *, hidden: bool) -> str:
    """An exception the child reported, told from the grader's own copy of the source.

    On a public game the child's word is taken for line numbers (checked
    against the source), function names (only those the source defines) and
    the exception's type; the code shown is the grader's copy, and the
    message is the child's own text, cut short.  On a hidden game nothing of
    it is told: every error reads :data:`HIDDEN_ERROR`.
    """
    if not isinstance(error, dict):
        raise _Broken("an error that is not described")
    if hidden:
        # Whatever the child reports (its type, the line, the function) it chose, and a choice can spell out
        # what it saw of a hidden tree; so on a hidden tree every error reads the same.
        return HIDDEN_ERROR
    lines = source.splitlines()
    own = defined_names(source)
    kind = str(error.get("type", ""))
    known = kind in _BUILTIN_ERRORS or kind in own or kind.isidentifier() and len(kind) <= REPR_LIMIT
    kind = kind if known else "an exception"
    frames = error.get("frames")
    frames = frames if isinstance(frames, list) else []
    shown: list[str] = []
    for frame in frames[-TRACEBACK_LINES:]:
        if not (isinstance(frame, list) and len(frame) == 2 and isinstance(frame[0], int)
                and isinstance(frame[1], str)):
            continue
        number, where = frame
        if not 1 <= number <= len(lines):
            continue
        where = where if where in own or where in _ANONYMOUS else "<code>"
        shown.append(f'  File "{filename}", line {number}, in {where}\n    {lines[number - 1].strip()}')
    message = _printable(str(error.get("message", "")))
    message = message if len(message) <= ERROR_CHARS else message[:ERROR_CHARS - 3] + "..."
    if kind == "RecursionError":  # the frames are the same few lines over and over
        return ("RecursionError: maximum recursion depth exceeded: look for a recursion that never reaches a "
                "terminal state")
    detail = f"{kind}: {message}" if message else kind
    return "\n".join([*shown, detail, *_hint(kind, error.get("os") is True)])


def _hint(kind: str, os_error: bool = False) -> list[str]:
    """A line on why an error that only the sandbox causes happened."""
    if kind == "MemoryError":
        return [f"Your code ran out of memory: a submission may use {MEMORY_LIMIT // 2 ** 20} MB."]
    if kind == "ModuleNotFoundError":
        return ["A submission may import only Python's standard library (math, functools, ...) and the packages "
                "the course allows (numpy, unless the course says otherwise)."]
    if os_error:
        return ["A submission runs with no files, no network and no other process: the search needs only "
                "the game it is given."]
    return []


def syntax_error(source: str, filename: str) -> str | None:
    """The feedback on a submission that does not compile, from the grader's own compile; ``None`` if it does."""
    try:
        compile(source, filename, "exec", dont_inherit=True, flags=ast.PyCF_ONLY_AST)
    except SyntaxError as error:
        where = f'  File "{filename}", line {error.lineno}\n    {(error.text or "").strip()}\n' if error.lineno else ""
        return f"{where}{type(error).__name__}: {error.msg}"
    except (ValueError, RecursionError, MemoryError) as error:
        return f"SyntaxError: the source cannot be compiled ({type(error).__name__})"
    return None


# -- the run -----------------------------------------------------------------------------

def run_submission(source: str, games: Sequence[Callable[[], GradingGame]], *, name: str = "alpha_beta_search",
                   filename: str = "<submission>", hidden: Collection[int] = (), time_limit: float = TIME_LIMIT,
                   isolation: str = "bwrap", packages: Sequence[str] | None = None,
                   total_limit: float | None = None) -> Outcome:
    """Run ``name(game, game.initial)`` from ``source`` on each game, in a fresh sandboxed interpreter.

    Parameters
    ----------
    source : str
        The submission's source text, which defines ``name``.
    games : sequence of callables
        Each makes a fresh :class:`GradingGame`, here, in the grader: the child only asks it.
    name : str
        The function to grade.
    filename : str
        The name the feedback gives the source (``'submission.py'``, ``'<submission>'``).
    hidden : collection of int
        The indices of games whose trees are hidden: feedback on them tells
        what was returned or raised by type alone.
    time_limit : float
        Seconds allowed per game.
    isolation : {'bwrap', 'limits'}
        ``'bwrap'`` runs the child in bubblewrap and raises
        :class:`SandboxUnavailable` where it cannot; ``'limits'`` runs it with
        the resource limits and the seccomp filter alone (it can then read the machine's files).
    packages : sequence of str, optional
        The packages besides the standard library the submission may import
        (read-only); :func:`allowed_packages` (the course's list) by default.
        Never abteach or the course: they are not in the sandbox at all.
    total_limit : float, optional
        Seconds allowed for all the games together (:data:`TOTAL_LIMIT` by
        default): past it the submission is stopped, its remaining games not run.

    Returns
    -------
    Outcome
        ``load_error`` if the submission could not be loaded; otherwise one
        :class:`Run` per game (``'not-run'`` after a time-out, a crash or an output flood).

    Raises
    ------
    SandboxUnavailable
        bubblewrap is missing or cannot start a sandbox on this machine.
    """
    if not isinstance(source, str):
        raise TypeError(f"source must be the submission's text, a str, not {type(source).__name__}")
    if isolation not in ISOLATIONS:
        raise ValueError(f"isolation must be one of {ISOLATIONS}, not {isolation!r}")
    if len(source) > SOURCE_LIMIT:
        return Outcome(f"Your code is more than {SOURCE_LIMIT:,} characters long; a search is far shorter.",
                       isolation=isolation)
    problem = syntax_error(source, filename)
    if problem is not None:
        return Outcome(problem, isolation=isolation)
    allowed = allowed_packages() if packages is None else check_packages(tuple(packages))
    total = TOTAL_LIMIT if total_limit is None else total_limit
    if isinstance(total, bool) or not isinstance(total, (int, float)) or not total > 0:
        raise ValueError(f"total_limit must be a positive number of seconds, not {total_limit!r}")
    cpu = math.ceil(min(time_limit * len(games), total) + START_LIMIT)
    child = _Child(isolation, cpu, allowed)
    try:
        return _converse(child, source, games, name=name, filename=filename, hidden=frozenset(hidden),
                         time_limit=time_limit, total_limit=total)
    finally:
        # Nothing of the submission may run once this returns.
        child.close()


def _converse(child: _Child, source: str, games: Sequence[Callable[[], GradingGame]], *, name: str, filename: str,
              hidden: frozenset[int], time_limit: float, total_limit: float = TOTAL_LIMIT) -> Outcome:
    """The conversation with a started child, from its hello to the last game."""
    isolation = child.isolation
    try:
        hello = child.receive(time.monotonic() + START_LIMIT)
    except (TimeoutError, _Broken):
        hello = None
    if hello is None or hello.get("t") != "hello":
        said = child.startup_error()
        raise SandboxUnavailable(f"the sandbox did not start ({child.ending()}): {said or 'it said nothing'}")
    if hello.get("uid") == 0 or not isinstance(hello.get("uid"), int):
        # Before the submission is sent: a sandbox that is root could change the machine's settings.
        raise SandboxUnavailable("the sandbox would run the submission as root, which could change this "
                                 "machine's settings (/proc/sys), so nothing is graded: run the grader where "
                                 "setpriv can drop to an unprivileged user, or as a user other than root")
    child.pin()
    budget = time.monotonic() + total_limit  # the whole check's, loading included
    try:
        child.send({"t": "load", "source": source, "name": name}, time.monotonic() + time_limit)
    except TimeoutError:
        pass  # it did not read its source: the wait for it to load says so
    package = ""
    printed = 0

    def ask(deadline: float) -> dict[str, Any] | None:
        # The next message that is not a note of a forbidden import (noted, whenever it comes).
        nonlocal package
        while True:
            message = child.receive(deadline)
            if message is None or message.get("t") != "package":
                return message
            package = "abteach"

    try:
        loaded = ask(time.monotonic() + time_limit)
    except TimeoutError:
        return Outcome(f"Loading your code did not finish within {time_limit:g} s: does it run a search, or "
                       "loop, when the file is run?", package=package, isolation=isolation)
    except _Broken as broken:
        return Outcome(f"Your code wrote to the grader's channel ({broken}), which a search never does.",
                       package=package, isolation=isolation)
    if loaded is None:
        return Outcome(f"The process running your code ended while loading it ({child.ending()}).",
                       package=package, isolation=isolation)
    if loaded.get("t") == "load-error":
        if loaded.get("output"):
            return Outcome(f"it printed more than {OUTPUT_LIMIT:,} bytes while loading", printed=OUTPUT_LIMIT + 1,
                           package=package, isolation=isolation)
        try:
            text = _error_text(loaded.get("error"), source, filename, hidden=False)
        except _Broken:
            text = "Your code could not be loaded, and its error could not be read."
        return Outcome(text, package=package, isolation=isolation)
    if loaded.get("t") != "loaded":
        return Outcome("Your code wrote to the grader's channel, which a search never does.", package=package,
                       isolation=isolation)
    runs: list[Run] = []
    answered: set[str] = set()  # the ids of the games answered: what still comes with one is a leftover
    for k, make in enumerate(games):
        run, stop = _play(child, ask, make(), source, filename, k in hidden, time_limit, budget, answered)
        runs.append(run)
        if run.status == "output":
            printed = OUTPUT_LIMIT + 1
        if stop:
            break
    try:
        child.send({"t": "end"}, time.monotonic() + 0.1)
    except TimeoutError:
        pass  # it no longer reads: it is killed anyway
    runs.extend(Run("not-run") for _ in range(len(games) - len(runs)))
    return Outcome("", tuple(runs), printed, package, isolation, total_limit)


def _play(child: _Child, ask: Callable[[float], dict[str, Any] | None], game: GradingGame, source: str,
          filename: str, hidden: bool, time_limit: float, budget: float = math.inf,
          answered: set[str] | None = None) -> tuple[Run, bool]:
    """One game: serve the child's calls until it is done; the :class:`Run`, and whether to stop after it.

    It ends at ``time_limit`` seconds, or at ``budget`` (a time of :func:`time.monotonic`), the end of the
    whole check's time, whichever comes first.  ``answered`` holds the ids of the games played before, whose
    leftover messages are set aside; this game's id is added to it once it is answered.
    """
    answered = set() if answered is None else answered
    run_id = secrets.token_hex(12)
    tokens = _Tokens()
    start = time.monotonic()
    deadline = min(start + time_limit, budget)
    over_budget = budget < start + time_limit

    def run(status: str, **more: Any) -> Run:
        return Run(status, generated=tuple(game.generated), scored=tuple(game.scored),
                   seconds=time.monotonic() - start, **calls(), **more)

    def calls() -> dict[str, Any]:
        # A hidden game's calls would draw its tree's shape on a page: they are not kept.
        return {} if hidden else {"calls": tuple((kind, tuple(path)) for kind, path in game.calls),
                                  "made": game.made}

    def ended() -> str:
        # How the process ended (its exit code, or a signal) is the submission's choice, and on a hidden tree
        # a choice can spell out what it saw there (os._exit(leaf value)): so there it is not told.
        return ("the process running it ended abruptly" if hidden
                else f"the process running it ended abruptly ({child.ending()})")
    try:
        if not child.send({"t": "run", "g": run_id, "state": tokens.out(game.initial)}, deadline):
            return run("raised", error=ended()), True
        while True:
            message = ask(deadline)
            if message is None:
                return run("raised", error=ended()), True
            if message.get("g") != run_id:
                if not isinstance(message.get("g"), str) or message["g"] not in answered:
                    raise _Broken("a message of no game")
                # A leftover of a game already answered: its search, still running, gets an error for a call
                # (the harness waits for one answer a call), and a second done is dropped unread.
                if message.get("t") not in ("call", "done"):
                    raise _Broken("a message out of turn")
                if message["t"] == "call" and not child.send({"t": "err", "e": "ValueError", "m": LEFTOVER},
                                                              deadline):
                    return run("raised", error=ended()), True
                continue
            if message.get("t") == "call":
                if not child.send(_answer(game, tokens, message), deadline):
                    return run("raised", error=ended()), True
                continue
            if message.get("t") != "done":
                raise _Broken("a message out of turn")
            answered.add(run_id)  # whatever it says, nothing more counts for this game
            status = message.get("status")
            if status == "output":
                return run("output"), True
            if status == "raised":
                return run("raised", error=_error_text(message.get("error"), source, filename, hidden=hidden)), False
            if status != "ok":
                raise _Broken("an unknown status")
            returned = _decode(message.get("returned"), tokens)
            return run("ok", returned=returned, shown=describe(returned, hidden=hidden,
                                                                 known=defined_names(source))), False
    except TimeoutError:
        return Run("timeout", generated=tuple(game.generated), scored=tuple(game.scored),
                   seconds=time.monotonic() - start, over_budget=over_budget, **calls()), True
    except (_Broken, TypeError, KeyError, AttributeError, ValueError, RecursionError) as error:
        # What is not a message of the conversation, or is shaped to trip the grader's reading of it,
        # is the submission's failure, never the grader's.
        if hidden:
            # What was written, and so which of the reasons below it reads as, is the submission's choice, and on
            # a hidden tree a choice can spell out what it saw there: so there every write reads the same.
            return run("raised", error=HIDDEN_CHANNEL), True
        what = (str(error) if isinstance(error, _Broken)
                else f"a message that could not be read ({type(error).__name__})")
        return run("raised", error=f"Your code wrote to the grader's channel ({what}), which a search never does; "
                                   "it was stopped."), True


__all__ = ["run_submission", "Run", "Outcome", "Opaque", "SandboxUnavailable", "describe", "defined_names",
           "syntax_error", "OUTPUT_LIMIT", "TIME_LIMIT", "MEMORY_LIMIT", "FILE_LIMIT", "ISOLATIONS", "REPR_LIMIT",
           "kernel_seccomp_filter"]
