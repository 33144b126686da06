"""The autograde kernel in a sandbox: a student's cells run as nobody, see only a copy of their own folder, and end with it.

nbgrader's ``Execute`` runs a submitted notebook in a Jupyter kernel.  Left
alone, that kernel is the grader: its user, its files (the course's hidden
tests, the gradebook, every other student's submission) and its processes.
An answer cell could print those files into its output, which the feedback
shows, or leave a process behind that rewrites ``gradebook.db`` once nbgrader
has exited.  :class:`SandboxedExecute`, set in ``course/nbgrader_config.py``
in place of ``Execute``, starts the kernel with a
:class:`SandboxedKernelManager`, which runs it under bubblewrap
(:func:`abteach.grading.sandbox.sandbox_command`, the submission sandbox's own
command line):

- as an unprivileged user: ``nobody`` (65534, through ``setpriv``) when the
  grader is root; otherwise the grader's uid mapped to 65534 in a user
  namespace, with no capability and no way back out;
- seeing only the system's public files (``/usr``), the Python the kernel
  runs (its prefix, read-only) and the abteach package (read-only: lectures'
  code runs ``import abteach as ab``), never the course, its gradebook,
  ``autograded/``, ``feedback/`` or another student's work;
- working in a folder of its own memory, :data:`INSIDE`, capped at
  :data:`WRITE_LIMIT` bytes in all: its home, its sockets (the ipc transport,
  so the kernel needs no network and has none) and a *copy* of the notebook's
  folder (the student's own files), made there by the kernel's user as it
  starts, from the grader's copy bound read-only.  Nothing the kernel can
  write is on the grader's disk: its files end with it, and no number of
  them can fill the disk the gradebook is written to.  The grader reaches the
  sockets through ``/proc/PID/root`` of the sandbox's first process;
- with at most :data:`MEMORY_LIMIT` bytes of address space per process;
- in a pid namespace of its own: when the kernel ends (or nbgrader does), the
  namespace ends, and every process a cell started with it, detached or not;
- under a seccomp filter (:func:`abteach.grading.sandbox.kernel_seccomp_filter`):
  no keyring (a key in the keyring of the user it runs as would outlive the
  sandbox, for the next kernel to read), no io_uring, no socket but a Unix one.

Whatever the kernel prints, it could only have seen its own copy: the
feedback can show nothing else.  The marks never come from the kernel at all
(:mod:`abteach.grading.autograde`).
"""

from __future__ import annotations

import json
import math
import os
import select
import shutil
import stat
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from jupyter_client import AsyncKernelManager
from nbgrader.preprocessors import Execute
from nbformat import NotebookNode
from nbformat.v4 import new_output
from traitlets import Float, Integer, Unicode

from abteach.grading.sandbox import UNPRIVILEGED, SandboxUnavailable, kernel_seccomp_filter, sandbox_command

#: Bytes of the student's folder copied into the kernel's own; files past it are left out (and logged).
COPY_LIMIT = 64 * 2 ** 20
#: Size of the kernel's private /tmp, in bytes.
TMP_SIZE = 64 * 2 ** 20
#: Processes and threads the kernel's user may run (a fork bomb stops here).
PROCESS_LIMIT = 512
#: Bytes one file the kernel writes may hold.
FILE_SIZE_LIMIT = 64 * 2 ** 20
#: Bytes the kernel's own folder (:data:`INSIDE`: the copy of the student's folder, its home, its sockets) may
#: hold in all: the whole copy and one file of the largest size besides.  It is the sandbox's memory, not the disk.
WRITE_LIMIT = COPY_LIMIT + FILE_SIZE_LIMIT
#: Bytes of address space each of the kernel's processes may map (numpy and a lecture's cells take far less).
MEMORY_LIMIT = 2 * 2 ** 30
#: The kernel's own folder inside the sandbox, of its memory: ``work/`` (its working folder), ``home/``, ``ipc/``.
INSIDE = "/kernel"
#: Seconds to wait for bubblewrap to say which process is the sandbox's first.
START_LIMIT = 60.0
#: The system's public files, and the few of /etc a Python needs, bound read-only.
SYSTEM = ("/usr", "/etc/ld.so.cache", "/etc/localtime")
#: Where kernels' boxes are made: not under /tmp, which the sandbox covers with its own (the box's paths must
#: mean the same inside and out).
BOX_PARENT = "/var/tmp"
#: Seconds the kernel may take for all of a notebook's cells together (``SandboxedExecute.notebook_timeout``).
NOTEBOOK_TIMEOUT = 300.0
#: Bytes of output (as JSON) the grader keeps from a notebook's run (``SandboxedExecute.output_limit``).
OUTPUT_LIMIT = 16 * 2 ** 20
#: The abteach package's own folder (this file's grandparent), bound read-only for the kernel.
PACKAGE = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Copied:
    """What :func:`copy_own_folder` copied, and what it left out.

    Attributes
    ----------
    files : int
    size : int
        Bytes copied.
    left_out : tuple of str
        Paths (relative to the folder) not copied: special files, and files past :data:`COPY_LIMIT`.
    """

    files: int
    size: int
    left_out: tuple[str, ...]


def copy_own_folder(source: str | os.PathLike[str], target: str | os.PathLike[str], limit: int = COPY_LIMIT) -> Copied:
    """Copy the regular files and folders of ``source`` into ``target``; a symbolic link stays a link, never followed.

    A link in a student's folder may point at the course or another student's
    work: copied as a link, it points at nothing inside the sandbox, where only
    the copy is.  A device or a named pipe is left out (reading a pipe would
    block the grader), as is every file past ``limit`` bytes in all.

    Examples
    --------
    >>> import tempfile; from pathlib import Path
    >>> src, dst = Path(tempfile.mkdtemp()), Path(tempfile.mkdtemp()) / "copy"
    >>> _ = (src / "notes.txt").write_text("mine")
    >>> (src / "theirs").symlink_to("/etc/hostname")
    >>> copy_own_folder(src, dst)
    Copied(files=1, size=4, left_out=())
    >>> (dst / "theirs").is_symlink(), os.readlink(dst / "theirs")
    (True, '/etc/hostname')
    """
    source, target = Path(source), Path(target)
    if not source.is_dir():
        raise NotADirectoryError(f"source: {source} is not a folder")
    if limit < 0:
        raise ValueError(f"limit must be a number of bytes >= 0, not {limit!r}")
    target.mkdir(parents=True, exist_ok=True)
    files = size = 0
    left_out: list[str] = []
    stack = [Path(".")]
    while stack:
        relative = stack.pop()
        with os.scandir(source / relative) as entries:
            for entry in sorted(entries, key=lambda e: e.name):
                name = relative / entry.name
                mode = entry.stat(follow_symlinks=False).st_mode
                if stat.S_ISLNK(mode):
                    os.symlink(os.readlink(entry.path), target / name)
                elif stat.S_ISDIR(mode):
                    (target / name).mkdir()
                    stack.append(name)
                elif stat.S_ISREG(mode) and size + entry.stat(follow_symlinks=False).st_size <= limit:
                    shutil.copyfile(entry.path, target / name, follow_symlinks=False)
                    files += 1
                    size += entry.stat(follow_symlinks=False).st_size
                else:
                    left_out.append(str(name))
    return Copied(files, size, tuple(left_out))


def _give(folder: Path, uid: int) -> None:
    """Hand ``folder`` and all in it to ``uid`` (the kernel's user) alone, links included, never following them."""
    for path in [folder, *folder.rglob("*")]:
        os.lchown(path, uid, uid)
        if not path.is_symlink():
            os.chmod(path, 0o700 if path.is_dir() else 0o600)


def kernel_binds(python: str) -> list[tuple[str, str]]:
    """The read-only binds a kernel run by ``python`` needs: the system, that Python's prefixes, the abteach package.

    Only the package's own folder is bound, never the folder it sits in (in a
    clone, that folder also holds ``course/``).
    """
    paths = [*SYSTEM]
    for prefix in (sys.prefix, sys.base_prefix, _prefix(python), _prefix(os.path.realpath(python))):
        paths.append(os.path.realpath(prefix))
    paths.append(os.path.realpath(PACKAGE))
    binds: list[tuple[str, str]] = []
    for path in paths:
        if os.path.exists(path) and not any(path == b or path.startswith(b + os.sep) for b, _ in binds):
            binds.append((path, path))
    return binds


def _prefix(python: str) -> str:
    """The prefix of an interpreter: the folder above its ``bin/``."""
    return str(Path(python).parent.parent) if Path(python).parent.name == "bin" else str(Path(python).parent)


@dataclass(frozen=True)
class KernelBox:
    """The grader's folder for one kernel: its connection file and the copy of the student's folder.

    Bound read-only into the sandbox at the same path: the kernel reads it,
    and writes only in its own memory (:data:`INSIDE`), where it copies ``work/`` as it starts.

    Attributes
    ----------
    folder : Path
    owner : int or None
        The uid the kernel runs as outside, who owns the folder; ``None`` when it is the grader's own.
    """

    folder: Path
    owner: int | None

    @classmethod
    def create(cls, own_folder: str | os.PathLike[str] | None, parent: str = BOX_PARENT) -> tuple["KernelBox", Copied]:
        """A new box in ``parent`` holding a copy of ``own_folder`` (the notebook's folder), or an empty work folder."""
        if not os.path.isdir(parent) or os.path.realpath(parent).split(os.sep)[1:2] == ["tmp"]:
            raise ValueError(f"parent: {parent!r} must be a folder outside /tmp, which the sandbox replaces")
        owner = UNPRIVILEGED if os.geteuid() == 0 else None
        box = cls(Path(tempfile.mkdtemp(prefix="abteach-kernel-", dir=parent)), owner)
        if own_folder is not None:
            copied = copy_own_folder(own_folder, box.work)
        else:
            box.work.mkdir()
            copied = Copied(0, 0, ())
        return box, copied

    @property
    def work(self) -> Path:
        """The grader's copy of the student's folder, which the kernel copies into its own as it starts."""
        return self.folder / "work"

    @property
    def connection_file(self) -> str:
        return str(self.folder / "connection.json")

    @property
    def ipc(self) -> str:
        """The ipc transport's path prefix inside the sandbox: the kernel's sockets are ``ipc/kernel-1`` and on."""
        return f"{INSIDE}/ipc/kernel"

    @staticmethod
    def ipc_outside(pid: int) -> str:
        """The same prefix as the grader reaches it: through the root of ``pid``, a process of the sandbox.

        Examples
        --------
        >>> KernelBox.ipc_outside(4321)
        '/proc/4321/root/kernel/ipc/kernel'
        """
        if isinstance(pid, bool) or not isinstance(pid, int) or pid <= 1:
            raise ValueError(f"pid must be a process id > 1, not {pid!r}")
        return f"/proc/{pid}/root{INSIDE}/ipc/kernel"

    def hand_over(self) -> None:
        """Let the kernel's user read the box (bound read-only), once the connection file is written."""
        if self.owner is not None:
            _give(self.folder, self.owner)

    def command(self, argv: list[str], environ: Mapping[str, str] | None = None,
                seccomp_fd: int | None = None, info_fd: int | None = None) -> list[str]:
        """``argv`` (the kernelspec's command) run in the sandbox, with its limits, in its copy of the folder.

        ``seccomp_fd``: a file descriptor bubblewrap reads the seccomp program from (:func:`seccomp_pipe`);
        ``info_fd``: one it writes the sandbox's first process to (:func:`read_child_pid`).
        """
        environ = os.environ if environ is None else environ
        python = argv[0]
        limits = [shutil.which("prlimit") or "/usr/bin/prlimit", f"--nproc={PROCESS_LIMIT}",
                  f"--fsize={FILE_SIZE_LIMIT}", f"--as={MEMORY_LIMIT}"]
        home = f"{INSIDE}/home"
        setenv = {"HOME": home, "USER": "student", "LOGNAME": "student", "TMPDIR": "/tmp", "LANG": "C.UTF-8",
                  "PATH": os.pathsep.join([str(Path(python).parent), "/usr/bin", "/bin"]),
                  "MPLCONFIGDIR": os.path.join(home, ".matplotlib")}
        # Graded runs repeat: the grader's fixed hash seed, where it sets one, holds in the kernel too.
        if "PYTHONHASHSEED" in environ:
            setenv["PYTHONHASHSEED"] = environ["PYTHONHASHSEED"]
        binds = [*kernel_binds(python), (str(self.folder),) * 2]
        return sandbox_command([*limits, *_setup(str(self.work)), *argv], binds, private=[(INSIDE, WRITE_LIMIT)],
                               setenv=setenv, tmp_size=TMP_SIZE, chdir=INSIDE, seccomp_fd=seccomp_fd,
                               info_fd=info_fd)

    def remove(self) -> None:
        """Remove the box, however deep the kernel nested folders in it.

        ``shutil.rmtree`` recurses once per level and raises ``RecursionError`` past about a thousand (a cell
        makes that many in a blink), which would leave the box, and all the kernel wrote, on the disk for good.
        ``rm -rf`` walks any depth without following a link; ``rmtree`` is only the fallback where it is missing.
        """
        rm = shutil.which("rm")
        if rm is not None:
            subprocess.run([rm, "-rf", "--one-file-system", "--", str(self.folder)], check=False,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if os.path.lexists(self.folder):
            try:
                shutil.rmtree(self.folder, ignore_errors=True)
            except RecursionError:
                pass  # left on the disk; nothing of it runs any more


def _setup(copy: str) -> list[str]:
    """What starts the kernel's command in :data:`INSIDE`, as the kernel's user: its folders, then ``copy`` copied
    into ``work/``, then ``cd work`` and the command itself (the arguments after these).

    The copy is the grader's, at most :data:`COPY_LIMIT` bytes, so it fits; should a file of it not copy, the
    kernel still runs (its marks never come from it) and says so on its error stream.
    """
    shell, cp = (os.path.realpath(shutil.which(name) or f"/usr/bin/{name}") for name in ("sh", "cp"))
    for tool in (shell, cp):
        if not any(tool.startswith(folder + os.sep) for folder in SYSTEM):
            raise SandboxUnavailable(f"{tool} is not under /usr, so the kernel's sandbox cannot run it")
    script = (f'mkdir work home ipc || exit 1; {cp} -a -- "$1/." work || '
              'echo "abteach: some of the notebook\'s folder could not be copied for the kernel" >&2; '
              'shift; cd work && exec "$@"')
    return [shell, "-c", script, "abteach-kernel", copy]


def read_child_pid(fd: int, timeout: float = START_LIMIT) -> int:
    """The pid (in the grader's namespace) of the sandbox's first process, as bubblewrap writes it to ``fd``.

    Raises SandboxUnavailable when bubblewrap says nothing readable within ``timeout`` seconds (it did not start).
    """
    deadline = time.monotonic() + timeout
    said = b""
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], max(0.0, deadline - time.monotonic()))
        chunk = os.read(fd, 65536) if ready else b""
        said += chunk
        try:
            pid = json.loads(said).get("child-pid")
        except (ValueError, AttributeError):
            pid = None
        if isinstance(pid, int) and pid > 1:
            return pid
        if ready and not chunk:
            break  # closed, and nothing whole was said
    raise SandboxUnavailable(f"bubblewrap did not say which process is the kernel's sandbox ({said[:200]!r})")


def seccomp_pipe() -> int | None:
    """The read end of a pipe holding the kernel's seccomp program, for bubblewrap's ``--seccomp``; ``None`` where
    the architecture has none.

    The program is small (well under a pipe's buffer), so it is written whole before bubblewrap reads it.
    """
    program = kernel_seccomp_filter()
    if program is None:
        return None
    read_fd, write_fd = os.pipe()
    try:
        os.write(write_fd, program)
    finally:
        os.close(write_fd)
    return read_fd


class SandboxedKernelManager(AsyncKernelManager):
    """A kernel manager whose kernel runs in a :class:`KernelBox` under bubblewrap, over the ipc transport.

    Each start makes a new box (a copy of the ``cwd`` it is given, the
    notebook's folder); :meth:`cleanup_resources` removes it once the kernel,
    and with it the sandbox's every process, has ended.  An interrupt is sent
    as a message: a signal would reach bubblewrap, not the kernel.  The
    kernel binds its sockets in its own memory (:data:`INSIDE`); once it is
    launched, :attr:`ip` becomes their path from the grader's side
    (:meth:`KernelBox.ipc_outside`), which every client of this manager uses.
    """

    box_parent = Unicode(BOX_PARENT, help="Where each kernel's private folder is made (not under /tmp)."
                         ).tag(config=True)

    _box: KernelBox | None = None
    _seccomp_fd: int | None = None
    _info_fd: int | None = None
    _info_write: int | None = None

    async def _async_pre_start_kernel(self, **kw: Any) -> tuple[list[str], dict[str, Any]]:
        if shutil.which("bwrap") is None:
            raise SandboxUnavailable("bubblewrap (bwrap) is not installed, so the autograde kernel cannot be kept "
                                     "apart from the course: install it (apt-get install bubblewrap)")
        self._remove_box()
        box, copied = KernelBox.create(kw.pop("cwd", None), self.box_parent)
        self._box = box
        if copied.left_out:
            self.log.warning("left out of the kernel's copy of the notebook's folder: %s", ", ".join(copied.left_out))
        self.transport = "ipc"
        self.ip = box.ipc
        self.connection_file = box.connection_file
        cmd, kw = await super()._async_pre_start_kernel(**kw)  # writes the connection file
        assert self.kernel_spec is not None
        self.kernel_spec.interrupt_mode = "message"
        box.hand_over()
        kw["cwd"] = str(box.folder)
        self._close_pipes()
        self._seccomp_fd = seccomp_pipe()
        if self._seccomp_fd is None:
            self.log.warning("no seccomp program for this machine's architecture: the kernel runs without one")
        # bubblewrap writes the sandbox's first process here, through whose root the grader reaches the sockets.
        self._info_fd, self._info_write = os.pipe()
        kw["pass_fds"] = tuple(fd for fd in (self._seccomp_fd, self._info_write) if fd is not None)
        return box.command(cmd, seccomp_fd=self._seccomp_fd, info_fd=self._info_write), kw

    async def _async_launch_kernel(self, kernel_cmd: list[str], **kw: Any) -> None:
        try:
            try:
                await super()._async_launch_kernel(kernel_cmd, **kw)
            finally:
                self._close_pipes(write_end_only=True)  # bubblewrap has its own, or failed: then the read ends
            assert self._info_fd is not None
            self.ip = KernelBox.ipc_outside(read_child_pid(self._info_fd))
        finally:
            self._close_pipes()  # bubblewrap has its own copies of the descriptors, or failed to start

    async def _async_cleanup_resources(self, restart: bool = False) -> None:
        await super()._async_cleanup_resources(restart=restart)
        self._remove_box()

    # The public names call these, as AsyncKernelManager's do.
    pre_start_kernel = _async_pre_start_kernel
    cleanup_resources = _async_cleanup_resources
    _launch_kernel = _async_launch_kernel

    def _close_pipes(self, write_end_only: bool = False) -> None:
        """Close this process's ends of the pipes to bubblewrap (it holds its own copies once started)."""
        if self._info_write is not None:
            os.close(self._info_write)
            self._info_write = None
        if write_end_only:
            return
        for fd in (self._seccomp_fd, self._info_fd):
            if fd is not None:
                os.close(fd)
        self._seccomp_fd = self._info_fd = None

    def _remove_box(self) -> None:
        if self._box is not None:
            self._box.remove()
            self._box = None


class SandboxedExecute(Execute):
    """nbgrader's ``Execute`` with its kernel in the sandbox (:class:`SandboxedKernelManager`), a time budget
    for the whole notebook and a cap on the output the grader keeps.

    nbgrader's ``Execute`` sets its kernel manager class as an argument,
    which outranks the configuration, so the sandbox's is given the same way.
    Every ``Execute`` and ``ExecutePreprocessor`` setting still applies.

    ``ExecutePreprocessor.timeout`` bounds one cell, and a student may add
    cells: a hundred cells that each sleep (or ignore the interrupt) would hold
    the class's autograde for hours.  All of a notebook's cells share
    :attr:`notebook_timeout`; a cell is given what is left of it, and once it is
    gone the remaining cells are not run (each gets an error output saying so).
    The grader keeps every output in its own memory until the notebook is
    done, and a cell prints far faster than nbgrader's ``LimitOutput`` (which
    comes after) could help: past :attr:`output_limit` bytes, the rest of the
    notebook's outputs are dropped as they arrive, and the cell says so.
    """

    notebook_timeout = Float(NOTEBOOK_TIMEOUT, help="Seconds all of a notebook's cells may run together in the "
                                                    "kernel; cells past it are not run.").tag(config=True)
    output_limit = Integer(OUTPUT_LIMIT, help="Bytes of output (as JSON) kept from one notebook's run; the rest "
                                              "is dropped as it arrives.").tag(config=True)

    _deadline: float | None = None
    _output_bytes: int = 0

    #: The error output of a cell not run once the notebook's time is gone.
    NOT_RUN = "NotRun"
    #: The note a cell gets where its outputs start to be dropped.
    CUT = "[abteach: the rest of this notebook's output was dropped: it printed more than {limit} bytes]\n"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("kernel_manager_class", SandboxedKernelManager)
        super().__init__(*args, **kwargs)

    def preprocess(self, nb: NotebookNode, resources: Any = None, km: Any = None) -> tuple[NotebookNode, Any]:
        self._deadline = time.monotonic() + self.notebook_timeout
        self._output_bytes = 0
        return super().preprocess(nb, resources, km)

    def _left(self) -> float:
        return math.inf if self._deadline is None else self._deadline - time.monotonic()

    def _get_timeout(self, cell: NotebookNode | None) -> int | None:
        timeout = super()._get_timeout(cell)
        left = self._left()
        if left == math.inf:
            return timeout
        return max(1, math.ceil(left) if timeout is None else min(timeout, math.ceil(left)))

    def preprocess_cell(self, cell: NotebookNode, resources: Any, index: int) -> tuple[NotebookNode, Any]:
        if cell.cell_type == "code" and self._left() < 1:
            cell.outputs = [new_output("error", ename=self.NOT_RUN, evalue="", traceback=[
                f"Not run: the notebook's cells used up the {self.notebook_timeout:g} s they may take together."])]
            return cell, resources
        return super().preprocess_cell(cell, resources, index)

    def process_message(self, msg: dict[str, Any], cell: NotebookNode, cell_index: int) -> NotebookNode | None:
        kind = msg.get("msg_type", "")
        if kind in ("status", "execute_input"):
            return super().process_message(msg, cell, cell_index)
        size = len(json.dumps(msg.get("content", {}), default=str))
        if self._output_bytes + size > self.output_limit:
            if self._output_bytes <= self.output_limit:
                cell.outputs.append(new_output("stream", name="stderr", text=self.CUT.format(limit=self.output_limit)))
                self._output_bytes = self.output_limit + 1
            return None
        self._output_bytes += size
        return super().process_message(msg, cell, cell_index)


__all__ = ["SandboxedExecute", "SandboxedKernelManager", "KernelBox", "Copied", "copy_own_folder", "kernel_binds",
           "read_child_pid", "COPY_LIMIT", "PROCESS_LIMIT", "FILE_SIZE_LIMIT", "WRITE_LIMIT", "MEMORY_LIMIT", "INSIDE",
           "TMP_SIZE", "NOTEBOOK_TIMEOUT", "OUTPUT_LIMIT"]
