"""Write drawings of a search to files: one frame as PNG, SVG or PDF, the whole search as a GIF.

Output is deterministic: the same trace and options give byte-identical
files, so exported figures can be kept in version control and compared.
Existing files are never replaced unless ``overwrite=True``.

Examples
--------
>>> import tempfile, pathlib
>>> import abteach as ab
>>> from abteach.views.export import frame_png, save_frame
>>> tr = ab.alphabeta(ab.examples.FIG_5_2).trace
>>> frame_png(tr, 29)[:8]
b'\\x89PNG\\r\\n\\x1a\\n'
>>> with tempfile.TemporaryDirectory() as d:
...     path = save_frame(tr, 29, pathlib.Path(d) / "cutoff.svg")
...     path.suffix
'.svg'
"""

from __future__ import annotations

import io
import os
import secrets
import stat
from pathlib import Path as FilePath
from typing import Any, Final

import matplotlib
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from PIL import Image

from abteach.views.draw import check_frame_options, check_trace, draw_frame
from abteach.views.options import MAX_DPI, check_dpi, check_filename, check_flag, check_pixels
from abteach.views.palette import WHITE
from abteach.views.sizes import Size, resolve_size
from abteach.trace.frames import Frame, Trace
from abteach.trace.protocol import Algorithm

#: File suffixes :func:`save_frame` understands, and the format each means.
FORMATS: Final = {".png": "png", ".svg": "svg", ".pdf": "pdf"}

#: The most frames one animation holds.  A longer trace is sampled evenly,
#: always keeping its first and last frame.
MAX_ANIMATION_FRAMES: Final = 200

# Metadata that would differ from run to run (dates, random ids) is left out.
_METADATA: Final = {
    "png": {"Software": None},
    "svg": {"Date": None, "Creator": None},
    "pdf": {"CreationDate": None, "Creator": None, "Producer": None},
}
# Keyed by Any: matplotlib types rc keys as a Literal of every name it knows.  An SVG keeps its words as
# <text>, so they can be edited, searched and read aloud; a PDF embeds its fonts (Type 42) for the same reasons.
_RC: Final[dict[Any, Any]] = {"svg.hashsalt": "abteach", "svg.fonttype": "none", "pdf.fonttype": 42}


def _format_of(filename: str | FilePath, allowed: dict[str, str]) -> str:
    suffix = FilePath(filename).suffix.lower()
    if suffix not in allowed:
        raise ValueError(
            f"cannot write {str(filename)!r}: unknown file type {suffix or '(no suffix)'!r}; "
            f"use one of {', '.join(allowed)}"
        )
    return allowed[suffix]


def _check_target(filename: str | FilePath, overwrite: bool) -> FilePath:
    path = FilePath(filename)
    if path.is_dir():
        raise IsADirectoryError(f"cannot write {path}: it is a folder, not a file")
    if path.exists() and not overwrite:
        raise FileExistsError(f"{path} already exists; pass overwrite=True to replace it")
    if not path.parent.is_dir():
        raise FileNotFoundError(f"cannot write {path}: the folder {path.parent} does not exist")
    return path


def write_file(path: FilePath, data: bytes, overwrite: bool) -> FilePath:
    """Write ``data`` to ``path``; an existing file only with ``overwrite``, and then in one step.

    A replaced file keeps its permissions (a slide on a course web server stays
    readable); a new file gets the mode a plain ``open()`` gives under the umask.

    Examples
    --------
    >>> import pathlib, stat, tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     target = pathlib.Path(d) / "slide.png"
    ...     _ = target.write_bytes(b"old")
    ...     target.chmod(0o640)
    ...     _ = write_file(target, b"new", overwrite=True)
    ...     target.read_bytes(), oct(stat.S_IMODE(target.stat().st_mode))
    (b'new', '0o640')
    """
    if overwrite:
        # Write beside the target and rename over it, so a failed write never
        # leaves the old file half replaced.
        try:
            keep: int | None = stat.S_IMODE(os.stat(path).st_mode)
        except FileNotFoundError:
            keep = None
        fd, tmp = _create_beside(path)
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(data)
                if keep is not None:
                    os.fchmod(fh.fileno(), keep)
            os.replace(tmp, path)
        except BaseException:
            os.unlink(tmp)
            raise
        return path
    # "x" mode refuses a file that appeared since the check, so nothing is ever clobbered by accident.
    try:
        with open(path, "xb") as fh:
            fh.write(data)
    except FileExistsError:
        raise FileExistsError(f"{path} already exists; pass overwrite=True to replace it") from None
    return path


def _create_beside(path: FilePath) -> tuple[int, str]:
    """A new, empty, hidden file in ``path``'s folder, open for writing: its descriptor and name.

    Made with mode 0o666 less the umask, as ``open()`` makes a file, not
    ``mkstemp``'s 0o600, which would make a new export readable by its owner only.
    """
    for _ in range(100):
        tmp = str(path.parent / f".{path.name}.{secrets.token_hex(4)}.part")
        try:
            return os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666), tmp
        except FileExistsError:
            continue  # another writer's name: draw again
    raise FileExistsError(f"cannot write {path}: no free name for a temporary file beside it")


def _check_events(trace: object, who: str) -> Trace:
    """``trace`` if it is a Trace with events; an empty one would export a picture of a search that never ran.

    The message shows the trace's description only if it has one: a trace made by hand may carry
    something else (a listing) where its algorithm's description goes, and is refused by name too.
    """
    tr = check_trace(trace, who)
    described = isinstance(tr.algorithm, Algorithm)
    if len(tr) == 0:
        shown = repr(tr) if described else f"a Trace whose algorithm is a {type(tr.algorithm).__name__}"
        raise ValueError(f"{who} needs a trace with events, but trace has none ({shown}): with no events there "
                         "is no search to export (a search's result.trace has them)")
    if not described:
        raise TypeError(f"{who} needs a trace that carries its algorithm's description, but trace.algorithm is "
                        f"a {type(tr.algorithm).__name__}: export a search's result.trace")
    return tr


def _check_output(who: str, trace: object, filename: object, overwrite: object, size: str | Size | None,
                  dpi: object, draw_options: dict[str, Any], formats: dict[str, str]) -> tuple[FilePath, str]:
    """Check every argument of an export before anything is drawn or written; the path and its format."""
    _check_events(trace, who)
    path = check_filename(filename)
    check_flag(overwrite, "overwrite")
    fmt_ = _format_of(path, formats)
    resolve_size(size)
    if dpi is not None:
        check_dpi(dpi)
    check_frame_options(trace, draw_options, who)
    return path, fmt_


def figure_bytes(fig: Figure, format: str = "png", *, dpi: float | None = None) -> bytes:
    """Render a figure to PNG, SVG or PDF bytes, with no run-dependent metadata.

    Parameters
    ----------
    fig : matplotlib Figure
    format : {'png', 'svg', 'pdf'}
    dpi : float, optional
        Resolution of a PNG; the figure's own by default.  Above 0 and at most
        :data:`~abteach.views.options.MAX_DPI`; a PNG also stays within
        :data:`~abteach.views.options.MAX_PIXELS` pixels a side.

    Raises
    ------
    TypeError
        ``fig`` is not a Figure, or ``dpi`` is not a number.
    ValueError
        An unknown format, or a ``dpi`` out of range or too big for the figure.

    Examples
    --------
    >>> import abteach as ab
    >>> from abteach.views.draw import draw_tree
    >>> figure_bytes(draw_tree(ab.examples.FIG_5_2), "pdf")[:5]
    b'%PDF-'
    """
    if not isinstance(fig, Figure):
        raise TypeError(f"fig must be a matplotlib Figure, such as draw_tree returns, not {type(fig).__name__}")
    if format not in _METADATA:
        raise ValueError(f"unknown format {format!r}: use one of {', '.join(map(repr, _METADATA))}")
    if dpi is not None:
        dpi = check_dpi(dpi)
        if format == "png":
            check_pixels(fig.get_figwidth(), fig.get_figheight(), dpi)
    buf = io.BytesIO()
    with matplotlib.rc_context(_RC):
        fig.savefig(buf, format=format, dpi=dpi if dpi is not None else fig.dpi, metadata=_METADATA[format],
                    facecolor=WHITE)
    return buf.getvalue()


def frame_png(trace: Trace, step: int | Frame, *, size: str | Size | None = None, dpi: float | None = None,
              **draw_options: Any) -> bytes:
    """The PNG bytes of one frame, e.g. for an ``ipywidgets.Image`` in a stepper.

    Parameters
    ----------
    trace : Trace
    step : int or Frame
        From 0 to ``len(trace)``.
    size : {'screen', 'projector'} or Size
    dpi : float, optional
        Above 0 and at most :data:`~abteach.views.options.MAX_DPI`.
    **draw_options
        Passed to :func:`abteach.views.draw.draw_frame` (``caption``, ``legend``, ``max_depth``, ...).

    Raises
    ------
    TypeError
        ``trace`` is not a Trace, ``dpi`` is not a number, or a drawing option
        is unknown or of the wrong type.
    ValueError
        A trace with no events, a ``dpi`` out of range, or a bad drawing option (see
        :func:`abteach.views.draw.draw_frame`).

    Examples
    --------
    >>> import abteach as ab
    >>> png = frame_png(ab.alphabeta(ab.examples.FIG_5_2).trace, 0, legend=False)
    >>> png.startswith(b"\\x89PNG")
    True
    """
    _check_events(trace, "frame_png")
    if dpi is not None:
        dpi = check_dpi(dpi)
    if "ax" in draw_options:
        # The figure drawn is resized and rendered here: never someone else's.
        raise TypeError("frame_png draws its own figure, so ax is not an option here")
    fig = draw_frame(trace, step, size=size, **draw_options)
    # The figure is not registered with pyplot, so it is freed with its last reference:
    # nothing to close, and clearing it would cost more than drawing it.
    if dpi is not None:
        check_pixels(fig.get_figwidth(), fig.get_figheight(), dpi)
        fig.set_dpi(dpi)
    canvas = FigureCanvasAgg(fig)
    canvas.draw()
    image = Image.frombuffer("RGBA", canvas.get_width_height(), canvas.buffer_rgba(), "raw", "RGBA", 0, 1)
    buf = io.BytesIO()
    # Fast compression: a stepper redraws on every slider move, and the bytes stay local.
    image.convert("RGB").save(buf, format="PNG", compress_level=1)
    return buf.getvalue()


def save_frame(trace: Trace, step: int | Frame, filename: str | FilePath, *, overwrite: bool = False,
               size: str | Size | None = None, dpi: float | None = None, **draw_options: Any) -> FilePath:
    """Write one frame to a PNG, SVG or PDF file, chosen by the file's suffix.

    Every argument is checked before anything is drawn, and the file is
    written only once the drawing has been rendered, so a bad argument leaves
    no file behind and never touches an existing one.

    Parameters
    ----------
    trace : Trace
    step : int or Frame
        From 0 to ``len(trace)``.
    filename : str or path
        Ends in ``.png``, ``.svg`` or ``.pdf``.
    overwrite : bool
        Replace an existing file; without it, an existing file raises FileExistsError.
    size : {'screen', 'projector'} or Size
    dpi : float, optional
        Resolution of a PNG.
    **draw_options
        Passed to :func:`abteach.views.draw.draw_frame`.

    Returns
    -------
    pathlib.Path
        The file written.

    Raises
    ------
    TypeError
        ``trace`` is not a Trace, ``filename`` is not a string or path,
        ``overwrite`` is not a bool, ``dpi`` is not a number, or a drawing
        option is unknown or of the wrong type.
    ValueError
        A trace with no events, an unknown suffix (the message names it), a ``dpi`` that is not above 0
        and at most :data:`~abteach.views.options.MAX_DPI` or is too big for the
        drawing, or a bad drawing option.
    FileExistsError
        The file exists and ``overwrite`` is false.
    IndexError
        ``step`` is outside ``0..len(trace)``.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> import abteach as ab
    >>> tr = ab.alphabeta(ab.examples.FIG_5_2).trace
    >>> with tempfile.TemporaryDirectory() as d:
    ...     save_frame(tr, 29, pathlib.Path(d) / "cutoff.jpg")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: cannot write '...cutoff.jpg': unknown file type '.jpg'; use one of .png, .svg, .pdf
    """
    path, fmt_ = _check_output("save_frame", trace, filename, overwrite, size, dpi, draw_options, FORMATS)
    path = _check_target(path, overwrite)
    fig = draw_frame(trace, step, size=size, **draw_options)
    return write_file(path, figure_bytes(fig, fmt_, dpi=dpi), overwrite)


def animation_steps(n_steps: int, max_frames: int = MAX_ANIMATION_FRAMES) -> list[int]:
    """The steps an animation of a trace with ``n_steps`` events shows: all ``0..n_steps``,
    or ``max_frames`` of them evenly spaced, first and last included.

    Examples
    --------
    >>> animation_steps(3)
    [0, 1, 2, 3]
    >>> animation_steps(100, max_frames=5)
    [0, 25, 50, 75, 100]
    """
    if isinstance(max_frames, bool) or not isinstance(max_frames, int) or max_frames < 2:
        raise ValueError(f"max_frames must be a whole number ≥ 2, not {max_frames!r}")
    if n_steps + 1 <= max_frames:
        return list(range(n_steps + 1))
    return sorted({round(i * n_steps / (max_frames - 1)) for i in range(max_frames)})


def save_animation(trace: Trace, filename: str | FilePath, *, overwrite: bool = False,
                   size: str | Size | None = None, duration: int = 800, hold_last: int = 3000,
                   max_frames: int = MAX_ANIMATION_FRAMES, dpi: float | None = None,
                   **draw_options: Any) -> FilePath:
    """Write the whole search as an animated GIF, one frame per step.

    Every argument is checked before the first frame is drawn, and the file
    is written only once every frame has been rendered.

    Parameters
    ----------
    trace : Trace
    filename : str or path
        Must end in ``.gif``.
    overwrite : bool
        Replace an existing file; without it, an existing file raises FileExistsError.
    size : {'screen', 'projector'} or Size
    duration : int
        Milliseconds each frame shows.
    hold_last : int
        Milliseconds the final frame (the answer) shows before the loop restarts.
    max_frames : int
        A trace with more than ``max_frames - 1`` events is sampled evenly
        (:func:`animation_steps`); by default :data:`MAX_ANIMATION_FRAMES`.
    dpi : float, optional
        Above 0 and at most :data:`~abteach.views.options.MAX_DPI`.
    **draw_options
        Passed to :func:`abteach.views.draw.draw_frame`.

    Returns
    -------
    pathlib.Path
        The file written.  It holds ``len(trace) + 1`` frames, steps 0 to
        ``len(trace)``, unless sampled.

    Raises
    ------
    TypeError
        ``trace`` is not a Trace (a search result's ``.trace`` is), ``filename``
        is not a string or path, ``overwrite`` is not a bool, ``dpi`` is not a
        number, or a drawing option is unknown or of the wrong type.
    ValueError
        A trace with no events, a suffix other than ``.gif``, a bad ``duration``, ``hold_last``,
        ``max_frames`` or ``dpi``, or a bad drawing option.
    FileExistsError
        The file exists and ``overwrite`` is false.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> import abteach as ab
    >>> from PIL import Image
    >>> tr = ab.alphabeta(ab.examples.TUTORIAL).trace
    >>> with tempfile.TemporaryDirectory() as d:
    ...     gif = save_animation(tr, pathlib.Path(d) / "tutorial.gif", max_frames=5)
    ...     Image.open(gif).n_frames
    5
    """
    path, _ = _check_output("save_animation", trace, filename, overwrite, size, dpi, draw_options, {".gif": "gif"})
    size = resolve_size(size)  # one size for every frame
    if isinstance(duration, bool) or not isinstance(duration, int) or duration < 20:
        raise ValueError(f"duration must be a whole number of milliseconds ≥ 20, not {duration!r}")
    if isinstance(hold_last, bool) or not isinstance(hold_last, int) or hold_last < 0:
        raise ValueError(f"hold_last must be a whole number of milliseconds ≥ 0, not {hold_last!r}")
    steps = animation_steps(len(trace), max_frames)
    path = _check_target(path, overwrite)
    draw_options.setdefault("stable", True)  # one layout for every frame, so nothing jumps
    images: list[Image.Image] = []
    for frame in trace.frames(steps):
        png = frame_png(trace, frame, size=size, dpi=dpi, **draw_options)
        with Image.open(io.BytesIO(png)) as opened:
            images.append(opened.convert("RGB"))
    # Frames can differ by a few pixels (a longer caption); pad all to one canvas.
    width = max(im.width for im in images)
    height = max(im.height for im in images)
    frames = []
    for image in images:
        canvas = Image.new("RGB", (width, height), WHITE)
        canvas.paste(image, ((width - image.width) // 2, 0))
        frames.append(canvas.convert("P", palette=Image.Palette.ADAPTIVE, colors=128))
    durations = [duration] * len(frames)
    durations[-1] = max(duration, hold_last)
    buf = io.BytesIO()
    frames[0].save(buf, format="GIF", save_all=True, append_images=frames[1:], duration=durations, loop=0,
                   optimize=False, disposal=1)
    return write_file(path, buf.getvalue(), overwrite)


__all__ = ["save_frame", "save_animation", "frame_png", "figure_bytes", "animation_steps", "write_file",
           "FORMATS", "MAX_ANIMATION_FRAMES", "MAX_DPI"]
