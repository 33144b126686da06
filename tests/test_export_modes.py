"""A file an export replaces keeps its permissions; a new one gets what open() would give it.

A replaced slide on a course web server must stay readable by the server, so
``overwrite=True`` (``--force``) must not leave the file as its temporary
copy was made (mkstemp's 0o600).
"""

from __future__ import annotations

import os
import stat
from contextlib import contextmanager
from pathlib import Path

from hypothesis import given, strategies as st

import abteach as ab
from abteach.views.export import write_file

# Owner may always read and write, so the test's own reads work whoever runs it.
MODES = st.integers(0, 0o777).map(lambda m: m | 0o600)
UMASKS = st.integers(0, 0o777)


def mode_of(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@contextmanager
def umask(mask: int):
    old = os.umask(mask)
    try:
        yield
    finally:
        os.umask(old)


def plain_open_mode(folder: Path, mask: int) -> int:
    """The mode ``open(..., "wb")`` gives a new file under ``mask``: the yardstick, measured, not computed."""
    probe = folder / "probe"
    with umask(mask):
        with open(probe, "wb"):
            pass
    mode = mode_of(probe)
    probe.unlink()
    return mode


@given(mode=MODES)
def test_a_replaced_file_keeps_its_mode(tmp_path_factory, mode):
    target = tmp_path_factory.mktemp("keep") / "slide.png"
    target.write_bytes(b"old")
    target.chmod(mode)
    write_file(target, b"new", overwrite=True)
    assert target.read_bytes() == b"new"
    assert oct(mode_of(target)) == oct(mode)
    assert [p.name for p in target.parent.iterdir()] == ["slide.png"]  # no temporary file left behind


@given(mask=UMASKS, overwrite=st.booleans())
def test_a_new_file_gets_the_mode_open_gives(tmp_path_factory, mask, overwrite):
    folder = tmp_path_factory.mktemp("new")
    want = plain_open_mode(folder, mask)
    with umask(mask):
        write_file(folder / "slide.png", b"new", overwrite=overwrite)
    assert oct(mode_of(folder / "slide.png")) == oct(want)


def test_save_frame_with_overwrite_keeps_a_world_readable_slide_readable(tmp_path):
    trace = ab.alphabeta(ab.examples.FIG_5_2).trace
    target = tmp_path / "cutoff.svg"
    with umask(0o022):
        ab.save_frame(trace, 3, target)
        assert mode_of(target) == 0o644
        ab.save_frame(trace, 29, target, overwrite=True)
    assert mode_of(target) == 0o644
    target.chmod(0o664)
    ab.save_frame(trace, 5, target, overwrite=True)
    assert mode_of(target) == 0o664
