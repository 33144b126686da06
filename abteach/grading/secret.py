"""The course's hidden seed: the instructor's secret, which builds the hidden grading trees.

A graded search is checked on public trees and on trees drawn from a seed.
Whoever knows that seed can build the hidden trees at home and hand in a
search that replays the right calls tree by tree, so the seed is never in
git, in a released notebook or in a test cell.  It comes from, in order:

1. the environment variable :data:`ENV` (``ABTEACH_HIDDEN_SEED``), if set and not empty;
2. the file :data:`FILE_NAME` (``.hidden-seed``) in the course folder, which
   git ignores, readable by its owner alone (mode 600);
3. otherwise a new random seed, from :mod:`secrets`, written to that file on first use.

An instructor changes it by deleting the file (the next use makes a new one)
or with :func:`new_hidden_seed`; a seed of their own goes in the file or in :data:`ENV`.

Examples
--------
>>> import tempfile
>>> folder = tempfile.mkdtemp()
>>> first = hidden_seed(folder, environ={})
>>> first == hidden_seed(folder, environ={}) and len(first) == 32
True
>>> oct(seed_file(folder).stat().st_mode & 0o777)
'0o600'
>>> hidden_seed(folder, environ={ENV: "mine"})
'mine'
>>> new_hidden_seed(folder) != first
True
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Mapping

#: The environment variable that, when set, is the hidden seed.
ENV = "ABTEACH_HIDDEN_SEED"
#: The file, in the course folder, that holds the hidden seed; .gitignore lists it.
FILE_NAME = ".hidden-seed"
#: Characters of a seed read from the file or the environment, at most (a seed is a short word).
MAX_LENGTH = 200


class HiddenSeedError(ValueError):
    """The hidden seed's file or variable holds something that is not a seed."""


def seed_file(folder: str | os.PathLike[str]) -> Path:
    """Where the hidden seed of the course in ``folder`` is kept."""
    return Path(folder) / FILE_NAME


def hidden_seed(folder: str | os.PathLike[str] = ".", *, environ: Mapping[str, str] | None = None,
                create: bool = True) -> str:
    """The course's hidden seed: from :data:`ENV`, else from ``folder``'s :data:`FILE_NAME`, made there on first use.

    Parameters
    ----------
    folder : path
        The course folder (``course/`` in the repository; nbgrader's course root when grading).
    environ : mapping, optional
        The environment to read :data:`ENV` from (``os.environ`` by default).
    create : bool
        Make a new seed when there is none; else raise :class:`FileNotFoundError`.

    Raises
    ------
    HiddenSeedError
        The variable or the file holds an empty or over-long seed, or one that spans lines.
    FileNotFoundError
        No seed, and ``create`` is false, or ``folder`` is not a folder.
    """
    env = os.environ if environ is None else environ
    given = env.get(ENV, "")
    if given:
        return _checked(given, f"the environment variable {ENV}")
    path = seed_file(folder)
    if not path.parent.is_dir():
        raise FileNotFoundError(f"folder {str(path.parent)!r} for the hidden seed is not a folder")
    if not path.exists():
        if not create:
            raise FileNotFoundError(f"no hidden seed: {str(path)!r} does not exist and {ENV} is not set")
        _write_new(path, secrets.token_hex(16))
    return _checked(path.read_text(encoding="utf-8").strip(), f"the file {str(path)!r}")


def new_hidden_seed(folder: str | os.PathLike[str] = ".") -> str:
    """Replace the hidden seed in ``folder`` with a new random one, and return it (the hidden trees change with it)."""
    path = seed_file(folder)
    path.unlink(missing_ok=True)
    return hidden_seed(folder, environ={})


def _checked(seed: str, where: str) -> str:
    seed = seed.strip()
    if not seed or len(seed) > MAX_LENGTH or "\n" in seed:
        raise HiddenSeedError(f"{where} must hold the hidden seed, one word of at most {MAX_LENGTH} characters, "
                              f"not {seed[:40]!r}")
    return seed


def _write_new(path: Path, seed: str) -> None:
    """Write ``seed`` to ``path``, mode 600, all at once: a grader starting at the same moment reads one seed or the other's."""
    temporary = path.with_name(f"{path.name}.{secrets.token_hex(6)}")
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        os.write(fd, (seed + "\n").encode("ascii"))
    finally:
        os.close(fd)
    try:
        os.link(temporary, path)  # fails if another process made the file first: theirs is kept
    except FileExistsError:
        pass
    finally:
        temporary.unlink()


__all__ = ["ENV", "FILE_NAME", "HiddenSeedError", "hidden_seed", "new_hidden_seed", "seed_file"]
