"""The ``abteach`` command: draw a tree, print a search's trace, or animate it, from the shell.

::

    abteach example fig-5-2 -o fig52.json
    abteach draw fig52.json -o fig52.pdf
    abteach trace fig52.json --edition 4 --strict
    abteach animate fig52.json -o search.gif

A tree file is the JSON that :meth:`abteach.Tree.to_json` writes (a bare
nested list also works: ``[[3, 12, 8], [2, 4, 6], [14, 5, 2]]``).  Every
argument and the tree are checked before anything is drawn or written, an
existing file is replaced only with ``--force``, and a bad input exits with
a message naming it: status 2 for a bad command line, 1 for a bad file.

Each subcommand is one :class:`Command` in :data:`COMMANDS`: its arguments and
what it runs.  A new subcommand is a new ``Command`` added to that tuple.
"""

from __future__ import annotations

import argparse
import functools
import os
import re
import shutil
import sys
import textwrap
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, TextIO

from abteach.games import Tree, examples, load_tree
from abteach.search.result import SearchResult
from abteach.trace import algorithms as _registers  # noqa: F401  (importing it registers the package's searches)
from abteach.search.rules import TieRule
from abteach.trace.registry import commands

if TYPE_CHECKING:
    # Grading loads only when a grade is asked for.
    from abteach.grading.checker import Report

#: Exit status for bad input found after the command line was read: a tree that will not load, an existing file.
BAD_INPUT = 1
#: Exit status for a bad command line (argparse's own).
BAD_USAGE = 2


class InputError(Exception):
    """A problem with what the user gave, reported as ``abteach CMD: error: ...`` with :data:`BAD_INPUT`."""


#: The search a command runs when no ``--algorithm`` is given.
DEFAULT_ALGORITHM = "alphabeta"


#: File types by suffix, for ``draw``.
DRAW_SUFFIXES = (".png", ".svg", ".pdf")


@dataclass(frozen=True)
class Command:
    """One subcommand: its name, one line of help, its arguments and what it does.

    ``run`` gets the parsed arguments and the stream to print to, and returns
    the exit status.  It raises :class:`InputError` for bad input; ``main``
    turns that into a message and a non-zero status.
    """

    name: str
    help: str
    arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace, TextIO], int]
    epilog: str = ""


# -- arguments shared by several subcommands --------------------------------------------

def _tree_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("tree", type=Path, metavar="TREE.json",
                        help="the tree, as JSON: a nested list of leaf values, or what Tree.to_json writes")


def _search_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--algorithm", choices=list(commands()), default=None,
                        help=f"the search to run (default: {DEFAULT_ALGORITHM})")
    parser.add_argument("--edition", type=int, choices=(3, 4), default=None,
                        help="the textbook edition's pseudocode, for alphabeta and minimax (default: 3)")
    parser.add_argument("--strict", action="store_true",
                        help="never prune on a tie (the CS188 rule), for alphabeta and negamax")


def _output_arguments(parser: argparse.ArgumentParser, example: str) -> None:
    parser.add_argument("-o", "--output", type=Path, required=True, metavar="FILE", help=f"the file to write, e.g. {example}")
    parser.add_argument("--force", action="store_true", help="replace FILE if it exists")
    parser.add_argument("--size", choices=("screen", "projector"), default="screen",
                        help="drawing size; projector has bigger text (default: screen)")


def _check_search_options(args: argparse.Namespace) -> None:
    """``--edition`` and ``--strict`` only where the algorithm has them (argparse cannot tell)."""
    name = args.algorithm or DEFAULT_ALGORITHM
    entry = commands()[name]
    for given, option, flag, lacks in ((args.edition is not None, "edition", "--edition", "editions"),
                                       (args.strict, "prune_on_tie", "--strict", "tie rule")):
        if given and option not in entry.options:
            takes = ", ".join(n for n, e in commands().items() if option in e.options)
            raise UsageError(f"argument {flag}: the {name} search has no {lacks}; only {takes} do")


class UsageError(Exception):
    """A bad combination of arguments, reported as argparse reports its own, with :data:`BAD_USAGE`."""


def _check_output(path: Path, force: bool, suffixes: Sequence[str]) -> None:
    """Refuse a file type the command cannot write, a missing folder, or an existing file without --force."""
    if path.suffix.lower() not in suffixes:
        raise UsageError(f"argument -o/--output: cannot write {str(path)!r}: unknown file type {path.suffix!r}; "
                         f"use one of {', '.join(suffixes)}")
    if not path.parent.is_dir():
        raise InputError(f"cannot write {str(path)!r}: there is no folder {str(path.parent)!r}")
    if path.is_dir():
        raise InputError(f"cannot write {str(path)!r}: it is a folder")
    if path.exists() and not force:
        raise InputError(f"{str(path)!r} exists; pass --force to replace it")


def _load(path: Path) -> Tree:
    if not path.is_file():
        raise InputError(f"no tree file {str(path)!r}" + (" (it is a folder)" if path.is_dir() else ""))
    try:
        return load_tree(path)
    except (ValueError, TypeError) as err:
        raise InputError(str(err)) from None
    except OSError as err:
        raise InputError(f"cannot read {str(path)!r}: {err.strerror}") from None


def _search(tree: Tree, args: argparse.Namespace) -> SearchResult:
    entry = commands()[args.algorithm or DEFAULT_ALGORITHM]
    options: dict[str, Any] = {}
    if "edition" in entry.options:
        options["edition"] = args.edition if args.edition is not None else 3
    if "prune_on_tie" in entry.options:
        options["prune_on_tie"] = not args.strict
    return entry.traced(tree, **options)


# -- draw ------------------------------------------------------------------------------

def _draw_arguments(parser: argparse.ArgumentParser) -> None:
    _tree_argument(parser)
    _output_arguments(parser, "tree.pdf (.png, .svg or .pdf)")
    parser.add_argument("--step", type=int, default=None, metavar="N",
                        help="draw step N of the search instead of the bare tree (0 is before the search)")
    _search_arguments(parser)


def _draw(args: argparse.Namespace, out: TextIO) -> int:
    if args.step is None and (args.algorithm is not None or args.edition is not None or args.strict):
        raise UsageError("argument --step: --algorithm, --edition and --strict choose the search whose step "
                         "is drawn, so they need --step N")
    if args.step is not None and args.step < 0:
        raise UsageError(f"argument --step: must be 0 or more, not {args.step}")
    _check_search_options(args)
    _check_output(args.output, args.force, DRAW_SUFFIXES)
    tree = _load(args.tree)
    # Drawing loads matplotlib: only once the input is known to be good.
    from abteach.views.draw import draw_tree
    from abteach.views.export import figure_bytes, save_frame
    if args.step is None:
        data = figure_bytes(draw_tree(tree, size=args.size), args.output.suffix.lower()[1:])
        args.output.write_bytes(data)
    else:
        trace = _search(tree, args).trace
        if args.step > len(trace):
            # A bad command line, though only the search can tell: the range is known once it has run.
            raise UsageError(f"argument --step: {args.step} is past the search's last step; "
                             f"give a step from 0 to {len(trace)}")
        save_frame(trace, args.step, args.output, overwrite=args.force, size=args.size)
    print(f"wrote {args.output}", file=out)
    return 0


# -- trace -----------------------------------------------------------------------------

def _trace_arguments(parser: argparse.ArgumentParser) -> None:
    _tree_argument(parser)
    _search_arguments(parser)
    parser.add_argument("--kinds", default=None, metavar="KIND,...",
                        help="print only these kinds of step, e.g. leaf,cutoff (default: every step)")
    parser.add_argument("--width", type=int, default=None, metavar="COLUMNS",
                        help="wrap the table's pseudocode and sentences to fit COLUMNS characters; 0 never wraps "
                             "(default: the terminal's width, or no wrapping when the output is not a terminal)")


#: The columns of a trace table that wrap to fit the terminal; the others are short and keep one line.
WRAPPED = ("pseudocode", "what happened")
#: The narrowest a wrapped column becomes, however narrow the terminal: narrower, words would break.
NARROWEST = 16
#: Spaces between two columns, as :class:`~abteach.views.tables.Table` prints them.
GAP = 2


def terminal_width() -> int:
    """The terminal's width in characters (``COLUMNS`` first); 0 when the output is no terminal."""
    return shutil.get_terminal_size(fallback=(0, 0)).columns


def _widths(columns: Sequence[str], rows: Sequence[Sequence[str]], width: int) -> list[int]:
    """Each column's width: its widest cell, the wrapped ones narrowed until a line fits ``width``."""
    natural = [max([len(c), *(len(r[i]) for r in rows)]) for i, c in enumerate(columns)]
    if width <= 0 or sum(natural) + GAP * (len(columns) - 1) <= width:
        return natural
    wrap = [i for i, c in enumerate(columns) if c in WRAPPED]
    fixed = sum(w for i, w in enumerate(natural) if i not in wrap) + GAP * (len(columns) - 1)
    room = max(width - fixed, NARROWEST * len(wrap))
    widths = list(natural)
    # Share the room: each wrapped column in turn takes its fair part of what is left, or less if it needs less.
    for k, i in enumerate(sorted(wrap, key=lambda i: natural[i])):
        widths[i] = max(NARROWEST, min(natural[i], room // (len(wrap) - k)))
        room -= widths[i]
    return widths


def fit_table(columns: Sequence[str], rows: Sequence[Sequence[str]], width: int) -> str:
    """``rows`` under ``columns`` as aligned text, their :data:`WRAPPED` columns wrapped to fit ``width``.

    With room enough, or a ``width`` of 0, each row is one line, as the table prints itself.

    Examples
    --------
    >>> print(fit_table(("step", "what happened"), [("1", "B returns 3 to A, which now has v = 3")], 22))
    step  what happened
    ----  ----------------
    1     B returns 3 to
          A, which now has
          v = 3
    """
    widths = _widths(columns, rows, width)

    def lines(cells: Sequence[str]) -> list[str]:
        parts = [textwrap.wrap(c, w, break_on_hyphens=False) or [""] if c and len(c) > w else [c]
                 for c, w in zip(cells, widths)]
        return ["  ".join((p[k] if k < len(p) else "").ljust(w) for p, w in zip(parts, widths)).rstrip()
                for k in range(max(map(len, parts)))]

    out = lines(columns) + lines(["-" * w for w in widths])
    for row in rows:
        out += lines(row)
    return "\n".join(out)


def _trace(args: argparse.Namespace, out: TextIO) -> int:
    _check_search_options(args)
    if args.width is not None and args.width < 0:
        raise UsageError(f"argument --width: must be 0 (never wrap) or more, not {args.width}")
    kinds = None
    if args.kinds is not None:
        kinds = [k.strip() for k in args.kinds.split(",") if k.strip()]
        if not kinds:
            raise UsageError(f"argument --kinds: give at least one kind, e.g. leaf,cutoff; got {args.kinds!r}")
    tree = _load(args.tree)
    result = _search(tree, args)
    trace = result.trace
    # A kind some search reports (cutoff, on a tree where none happens) lists no steps, as the trace's own query
    # does; only a kind no search reports (a typo) is a bad command line.
    for kind in kinds or ():
        try:
            trace.check_kind(kind, argument="--kinds")
        except ValueError as e:
            raise UsageError(f"argument {e}") from None
    from abteach.views.tables import trace_table
    table = trace_table(trace, kinds=kinds)
    print(trace.algorithm.label, file=out)
    print(fit_table(table.columns, table.rows, terminal_width() if args.width is None else args.width), file=out)
    move = trace.move_name((result.move,)) if result.move is not None else "none"
    print(f"value {result.value}, best move {move}; {result.leaves} of {len(tree.leaves())} "
          "leaves evaluated", file=out)
    return 0


# -- animate ---------------------------------------------------------------------------

def _animate_arguments(parser: argparse.ArgumentParser) -> None:
    _tree_argument(parser)
    _output_arguments(parser, "search.gif")
    _search_arguments(parser)
    parser.add_argument("--duration", type=int, default=800, metavar="MS",
                        help="milliseconds each step shows (default: 800)")


def _animate(args: argparse.Namespace, out: TextIO) -> int:
    _check_search_options(args)
    if args.duration <= 0:
        raise UsageError(f"argument --duration: must be above 0 milliseconds, not {args.duration}")
    _check_output(args.output, args.force, (".gif",))
    tree = _load(args.tree)
    trace = _search(tree, args).trace
    from abteach.views.export import save_animation
    save_animation(trace, args.output, overwrite=args.force, size=args.size, duration=args.duration)
    print(f"wrote {args.output} ({len(trace) + 1} steps)", file=out)
    return 0


# -- example ---------------------------------------------------------------------------

#: The example trees ``abteach example`` writes, by their command-line name (``FIG_5_2`` is ``fig-5-2``).
EXAMPLES = {name.lower().replace("_", "-"): tree for name, tree in examples.ALL.items()}


def _example_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("name", choices=list(EXAMPLES), metavar="NAME",
                        help=f"the example tree: {', '.join(EXAMPLES)} (fig-5-2 is the textbook's Fig. 5.2)")
    parser.add_argument("-o", "--output", type=Path, required=True, metavar="FILE",
                        help="the JSON file to write, e.g. fig52.json")
    parser.add_argument("--force", action="store_true", help="replace FILE if it exists")


def _example(args: argparse.Namespace, out: TextIO) -> int:
    _check_output(args.output, args.force, (".json",))
    args.output.write_text(EXAMPLES[args.name].to_json(indent=2) + "\n", encoding="utf-8")
    print(f"wrote {args.output}", file=out)
    return 0


# -- grade -----------------------------------------------------------------------------

#: What ``--kind`` grades: the function a submission defines, and the assignment it belongs to.
GRADED = {"alpha-beta": "alpha_beta_search", "table": "table_search"}


def _grade_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("submission", type=Path, metavar="SUBMISSION",
                        help="a Python file that defines alpha_beta_search(game, state) or "
                             "table_search(game, state, alpha, beta, table), or a folder of such files")
    parser.add_argument("--kind", choices=("auto", *GRADED), default="auto",
                        help="what to grade: alpha-beta (alpha_beta_search), table (table_search, the table-flags "
                             "assignment), or auto, from the function each file defines (default: auto)")
    parser.add_argument("--strict", action="store_true", help="grade alpha-beta under the strict tie rule (CS188's)")
    parser.add_argument("--seed", default="0", help="seeds the trees; the same seed gives the same report (default: 0)")
    parser.add_argument("--time-limit", type=float, default=5.0, metavar="S",
                        help="seconds allowed per tree (default: 5)")
    parser.add_argument("--isolation", choices=("bwrap", "limits"), default="bwrap",
                        help="run the submission in bubblewrap (default), or, where bubblewrap cannot run, with "
                             "the resource limits alone: it can then read the machine's files")


def graded_kind(source: str) -> str:
    """What ``--kind auto`` grades a file as: ``'table'`` when it defines ``table_search`` and not ``alpha_beta_search``.

    Read from the text, not by running or parsing it, so a file with a syntax error is still graded (and its
    error reported to the student) as what it tries to be.

    Examples
    --------
    >>> graded_kind("import math\\ndef table_search(game, state, alpha, beta, table):\\n    return 0\\n")
    'table'
    >>> graded_kind("def alpha_beta_search(game, state):\\n    return None\\n")
    'alpha-beta'
    """
    defines = {name: re.search(rf"^\s*def\s+{name}\s*\(", source, re.MULTILINE) is not None
               for name in GRADED.values()}
    return "table" if defines["table_search"] and not defines["alpha_beta_search"] else "alpha-beta"


def _submissions(path: Path) -> list[Path]:
    """The file, or a folder's ``.py`` files in name order; refused if there is none."""
    if path.is_file():
        return [path]
    if not path.is_dir():
        raise InputError(f"no submission file or folder {str(path)!r}")
    found = sorted(p for p in path.iterdir() if p.suffix == ".py" and p.is_file())
    if not found:
        raise InputError(f"the folder {str(path)!r} has no .py file to grade")
    return found


def _grade_one(path: Path, args: argparse.Namespace) -> Report:
    """One submission's :class:`~abteach.grading.checker.Report`, graded as ``--kind`` says."""
    from abteach.grading import check_alphabeta, check_table_search
    kind = args.kind if args.kind != "auto" else graded_kind(path.read_text(encoding="utf-8", errors="replace"))
    if kind == "table":
        return check_table_search(path, seed=args.seed, time_limit=args.time_limit, isolation=args.isolation)
    return check_alphabeta(path, rule=TieRule.of(not args.strict).name, seed=args.seed,
                           time_limit=args.time_limit, isolation=args.isolation)


def _graded(path: Path, args: argparse.Namespace) -> Report:
    """:func:`_grade_one`, with whatever a file makes the grader raise reported as that student's failure.

    The sandbox keeps a submission's failures inside its report; this is for
    the grader's own mistakes a file might still find, so one file never
    stops the grading of the rest.  A sandbox that cannot start is the
    machine's problem, not the student's, and still stops everything.
    """
    from abteach.grading.checker import Report as Graded
    from abteach.grading.sandbox import SandboxUnavailable
    try:
        return _grade_one(path, args)
    except SandboxUnavailable:
        raise
    except Exception as error:  # noqa: BLE001 - any failure here is this file's, reported and passed over
        text = (f"The grader could not grade this file ({type(error).__name__}); it earns no marks until an "
                "instructor looks at it.\nDiagnosis: unknown (grader-error)")
        return Graded(0, 1, "unknown", None, text, "grader-error")  # never 0 of 0, which would pass


def _diagnosis(report: Report) -> str:
    """Every mistake that fits equally, as the feedback's own Diagnosis line names them; a failure's reason."""
    named = " or ".join(report.diagnoses) or report.diagnosis or "none"
    return f"{named} ({report.failure})" if named == "unknown" and report.failure else named


def _verdict(report: Report) -> str:
    return f"score {report.score} of {report.out_of}; diagnosis {_diagnosis(report)}"


def grade_summary(reports: Sequence[Report], seconds: float) -> str:
    """The line that ends the grading of a folder: how many, how long, full marks, and each diagnosis counted.

    Examples
    --------
    >>> from abteach.grading import Report
    >>> right = Report(5, 5, None, None, "All 5 trees right.")
    >>> wrong = Report(0, 5, "unknown", None, "...", "package")
    >>> grade_summary([right, wrong, wrong], 75.4)
    'graded 3 submissions in 1 min 15 s: 1 full marks, 2 not: 2 unknown (package)'
    """
    minutes, rest = divmod(round(seconds), 60)
    took = f"{minutes} min {rest} s" if minutes else f"{rest} s"
    full = sum(r.score == r.out_of and r.diagnosis is None for r in reports)
    names = Counter(_diagnosis(r) for r in reports if not (r.score == r.out_of and r.diagnosis is None))
    count = f"{len(reports)} submission{'s' if len(reports) != 1 else ''}"
    rest_text = f", {sum(names.values())} not: {', '.join(f'{k} {n}' for n, k in sorted(names.items()))}" \
        if names else ""
    return f"graded {count} in {took}: {full} full marks{rest_text}"


def _grade(args: argparse.Namespace, out: TextIO) -> int:
    if not args.time_limit > 0:
        raise UsageError(f"argument --time-limit: must be above 0 seconds, not {args.time_limit}")
    if args.strict and args.kind == "table":
        raise UsageError("argument --strict: a table search has no tie rule to choose; --strict is for alpha-beta")
    if not args.submission.exists():
        raise InputError(f"no submission file {str(args.submission)!r}")
    files = _submissions(args.submission)
    from abteach.grading.sandbox import SandboxUnavailable
    if args.isolation != "bwrap":
        print("abteach grade: warning: grading without bubblewrap, with the resource limits alone: the submission "
              "can read this machine's files", file=sys.stderr)
    try:
        if args.submission.is_file():
            report = _graded(files[0], args)
            print(_verdict(report), file=out)
            print(report.feedback, file=out)
            return 0
        from tqdm import tqdm
        start = time.perf_counter()
        reports: list[Report] = []
        # The bar goes to stderr, the grades to stdout: `abteach grade folder > grades.txt` keeps only the grades.
        with tqdm(files, desc="grading", unit="submission", file=sys.stderr) as bar:
            for path in bar:
                bar.set_postfix_str(path.name)
                report = _graded(path, args)
                reports.append(report)
                print(f"{path.name}: {_verdict(report)}", file=out)
                print(textwrap.indent(report.feedback, "    "), file=out)
    except SandboxUnavailable as err:
        raise InputError(str(err)) from None
    print(grade_summary(reports, time.perf_counter() - start), file=out)
    return 0


# -- worksheet -------------------------------------------------------------------------

def _worksheet_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("roster", type=Path, metavar="ROSTER.csv",
                        help="students: an id column (id, ID, Student ID, SIS User ID, ...: an LMS export works "
                             "as it is, with commas, semicolons or tabs), and optionally names")
    parser.add_argument("-o", "--output", type=Path, required=True, metavar="FOLDER",
                        help="where to write one PDF (and its HTML twin) per student and answer-key.pdf")
    parser.add_argument("--course-seed", required=True, help="with each id, decides each student's tree")
    parser.add_argument("--course", default="", help="the title printed on each page")
    parser.add_argument("--tree-size", choices=("small", "medium", "large"), default="small",
                        help="the size of each student's tree (default: small)")
    parser.add_argument("--strict", action="store_true", help="the strict tie rule (CS188's)")
    parser.add_argument("--force", action="store_true",
                        help="replace files already in FOLDER (each keeps its permissions)")


def _worksheet(args: argparse.Namespace, out: TextIO) -> int:
    if not args.roster.is_file():
        raise InputError(f"no roster file {str(args.roster)!r}")
    from tqdm import tqdm
    from abteach import worksheet  # the front door makes the sheets; the view only draws them
    start = time.perf_counter()
    bars: list[Any] = []  # the bar, once worksheet() has checked everything: a refused run shows none

    def progress(done: int, total: int) -> None:
        if not bars:
            bars.append(tqdm(desc="drawing worksheets", unit="file", file=sys.stderr, total=total))
        bars[0].update(done - bars[0].n)

    try:
        written = worksheet(args.roster, args.output, course_seed=args.course_seed, course=args.course,
                            size=args.tree_size, rule=TieRule.of(not args.strict).name, overwrite=args.force,
                            progress=progress)
    except FileExistsError as err:
        raise InputError(str(err).replace("overwrite=True", "--force")) from None
    except ValueError as err:
        raise InputError(str(err)) from None
    finally:
        for bar in bars:
            bar.close()
    students = len(written) - 1
    print(f"wrote {students} worksheet{'' if students == 1 else 's'} and {written[-1]} in "
          f"{time.perf_counter() - start:.0f} s, each with an .html twin for screen readers", file=out)
    return 0


COMMANDS: tuple[Command, ...] = (
    Command("example", "write one of the lessons' example trees as a JSON tree file, to draw, trace or animate",
            _example_arguments, _example, "example: abteach example fig-5-2 -o fig52.json"),
    Command("draw", "draw a tree, or one step of a search of it, to PNG, SVG or PDF", _draw_arguments, _draw,
            "example: abteach draw fig52.json -o fig52.pdf --step 29"),
    Command("trace", "print a search's trace: one row per step, with α, β, v and what happened",
            _trace_arguments, _trace, "example: abteach trace fig52.json --edition 4 --kinds leaf,cutoff"),
    Command("animate", "write a search, step by step, as an animated GIF", _animate_arguments, _animate,
            "example: abteach animate fig52.json -o search.gif --size projector"),
    Command("grade", "grade a student's alpha_beta_search or table_search, or a folder of them, and name the "
            "classic mistake each makes", _grade_arguments, _grade,
            "examples: abteach grade submission.py --strict; abteach grade submissions/ --kind table"),
    Command("worksheet", "write one printable worksheet per student of a roster, and an answer key",
            _worksheet_arguments, _worksheet, "example: abteach worksheet roster.csv -o sheets --course-seed cs101"),
)


class _Parser(argparse.ArgumentParser):
    """argparse, with its usage errors kept to the subcommand that has them."""

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(BAD_USAGE, f"{self.prog}: error: {message}\n")


def parser(commands: Sequence[Command] = COMMANDS) -> argparse.ArgumentParser:
    """The argument parser for ``commands``, one subparser each."""
    top = _Parser(prog="abteach", description="Draw a game tree, print a search's trace, or animate it.",
                  epilog="Run 'abteach COMMAND --help' for a command's options. "
                         "Exit status: 0 done, 1 bad input file or existing output, 2 bad command line.")
    sub = top.add_subparsers(dest="command", metavar="COMMAND", required=True, parser_class=_Parser)
    for command in commands:
        p = sub.add_parser(command.name, help=command.help, description=command.help[0].upper() + command.help[1:] + ".",
                           epilog=command.epilog)
        command.arguments(p)
        p.set_defaults(_command=command, _parser=p)
    return top


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run the command line ``argv`` (``sys.argv[1:]`` by default); the exit status.

    Examples
    --------
    >>> import io, json, tempfile, pathlib
    >>> with tempfile.TemporaryDirectory() as d:
    ...     tree = pathlib.Path(d) / "fig52.json"
    ...     _ = tree.write_text(json.dumps([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
    ...     text = io.StringIO()
    ...     main(["trace", str(tree), "--kinds", "cutoff"], out=text)
    ...     print(text.getvalue().splitlines()[-1])
    0
    value 3, best move a1; 7 of 9 leaves evaluated
    """
    out = out if out is not None else sys.stdout
    args = parser().parse_args(argv)
    command: Command = args._command
    usage: argparse.ArgumentParser = args._parser
    try:
        status = command.run(args, out)
        out.flush()  # here, where a closed pipe is caught, not at exit
        return status
    except BrokenPipeError:
        # The reader stopped reading (`abteach grade ... | head`): what it wanted was written, and the
        # interpreter must not fail again flushing stdout at exit, so stdout becomes /dev/null.
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
        return 0
    except UsageError as err:
        usage.error(str(err))
    except (InputError, FileExistsError) as err:
        print(f"abteach {command.name}: error: {err}", file=sys.stderr)
        return BAD_INPUT



# -- nbgrader's feedback: the student's search stepped beside the correct one ---------------------------------
# Two preprocessors of generate_feedback (course/nbgrader_config.py), here because they run the correct search
# (a widget may not): TakeSearchSteps before InertStudentContent, ShowSearchSteps after it.

#: Steppers one feedback page shows at most (one per failed search test).
FEEDBACK_STEPPERS = 4
#: Where TakeSearchSteps leaves what ShowSearchSteps shows, in nbconvert's resources.
_STEPS_KEY = "abteach_search_steps"
#: What the page says when a test cell's steps cannot be shown.
NO_STEPS = "The steps of your search could not be shown here."


def _search_test_cell(cell: Any) -> bool:
    """Whether ``cell`` is a test cell whose outputs the grader wrote: a recognised check of a search.

    Only there can the steps be the grader's own; a student's cell may display anything.
    """
    from abteach.grading.autograde import UnknownTest, hidden_tests, is_test
    if cell.cell_type != "code" or not is_test(cell):
        return False
    try:
        return any(t.kind in ("search", "expectimax") for t in hidden_tests(cell.source))
    except (UnknownTest, RecursionError, MemoryError, ValueError):
        return False


@functools.lru_cache(maxsize=1)
def _feedback_preprocessors() -> dict[str, type]:
    """The two preprocessors, made on first use: nbconvert, their base, is an extra the command does not need."""
    from nbconvert.preprocessors import Preprocessor
    from traitlets import Bool

    class TakeSearchSteps(Preprocessor):
        """generate_feedback, before ``InertStudentContent``: each search test's steps taken out of its outputs,
        checked (:func:`abteach.grading.steps.read_steps`), and kept for :class:`ShowSearchSteps`.

        Steps in any other cell (a student's cell can display anything) are dropped unread, as is every output of
        the steps' type past :data:`FEEDBACK_STEPPERS`.
        """

        enabled = Bool(True).tag(config=True)  # nbconvert's preprocessors are off unless enabled

        def preprocess(self, nb: Any, resources: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
            from abteach.grading.steps import MIME, BadSteps, read_steps
            kept: dict[int, list[Any]] = {}
            count = 0
            for k, cell in enumerate(nb.cells):
                if cell.cell_type != "code":
                    continue
                outputs = cell.get("outputs", [])
                found = [o for o in outputs if isinstance(o.get("data"), dict) and MIME in o["data"]]
                if not found:
                    continue
                cell.outputs = [o for o in outputs if not (isinstance(o.get("data"), dict) and MIME in o["data"])]
                if not _search_test_cell(cell):
                    self.log.warning("cell %d displays search steps but is no search test: dropped unread", k)
                    continue
                for output in found:
                    if count >= FEEDBACK_STEPPERS:
                        break
                    count += 1
                    try:
                        kept.setdefault(k, []).append(read_steps(output["data"][MIME]))
                    except (BadSteps, RecursionError, MemoryError, TypeError, ValueError) as bad:
                        self.log.warning("cell %d: search steps refused: %s", k, bad)
                        kept.setdefault(k, []).append(None)
            resources[_STEPS_KEY] = kept
            return nb, resources

    class ShowSearchSteps(Preprocessor):
        """generate_feedback, after ``InertStudentContent``: each kept search's stepper added to its test cell's
        outputs, as HTML that steps with no kernel (:func:`abteach.widgets.feedback.steps_html`)."""

        enabled = Bool(True).tag(config=True)

        def preprocess(self, nb: Any, resources: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
            from nbformat.v4 import new_output

            from abteach.grading.steps import EXPECTIMAX, public_tree
            from abteach.lessons.answers import correct
            from abteach.trace.algorithms import expectiminimax
            from abteach.widgets.feedback import steps_html
            first = True
            for k, found in resources.pop(_STEPS_KEY, {}).items():
                for steps in found:
                    page = None
                    if steps is not None:
                        try:
                            tree = public_tree(steps.tree)
                            right = (expectiminimax(tree) if steps.rule == EXPECTIMAX
                                     else correct(tree, steps.rule)).trace
                            page = steps_html(steps, right, module=first)
                        except Exception:  # one student's page must not stop the feedback of the others
                            self.log.exception("cell %d: the stepper of the search steps could not be drawn", k)
                    if page is None:
                        nb.cells[k].outputs.append(new_output("stream", name="stdout", text=NO_STEPS + "\n"))
                        continue
                    first = False
                    nb.cells[k].outputs.append(new_output("display_data", data={
                        "text/html": page, "text/plain": f"Your search beside the correct search on {steps.tree}."}))
            return nb, resources

    made: dict[str, type] = {"TakeSearchSteps": TakeSearchSteps, "ShowSearchSteps": ShowSearchSteps}
    for name, cls in made.items():
        cls.__qualname__, cls.__module__ = name, __name__
    return made


def __getattr__(name: str) -> Any:
    # ``from abteach.cli import TakeSearchSteps`` (course/nbgrader_config.py) makes the preprocessors then.
    if name in ("TakeSearchSteps", "ShowSearchSteps"):
        return _feedback_preprocessors()[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["EXAMPLES", "WRAPPED", "fit_table", "terminal_width", "GRADED", "graded_kind", "grade_summary", "DEFAULT_ALGORITHM", "BAD_INPUT", "BAD_USAGE", "COMMANDS", "Command", "InputError", "UsageError", "main", "parser", "TakeSearchSteps", "ShowSearchSteps", "FEEDBACK_STEPPERS"]
