"""The whole grading pipeline, headless, on a copy of this course: release, submit, autograde, feedback, export.

Run it with ``make grade-demo``.  It copies the course to a temporary folder
(or ``--root``), and there runs real nbgrader with its sqlite gradebook:

1. ``nbgrader generate_assignment`` for every assignment;
2. sample submissions: the search written correctly in three styles, each
   classic mistake, a loop, a crash and hostile ones that try to cheat or
   to take the grader down, or to replace it in the notebook's kernel
   (``samples/``), the 4th edition's, and three students' answers by hand
   on their own trees, one of them forged in the kernel; for lectures 03,
   06 and 10 (Fig. 5.5's stages, the child order, UCB1) the same three
   students by hand, right, with a misconception, and forged; for lecture
   07 a table search right, with each flag bug, and one that uses the package
   (``samples/table-search/``); for lecture 12 expectimax right and with each
   classic mistake at chance nodes (``samples/expectimax/``);
3. ``nbgrader autograde``, each notebook's cells in a sandboxed kernel
   (:mod:`abteach.grading.kernelbox`: two hostile samples read the course and
   leave processes behind there), and two notebooks nbgrader cannot read set
   aside with their reasons (:mod:`abteach.grading.intake`);
4. ``nbgrader generate_feedback``; 5. ``nbgrader export``.

The hidden trees come from the course's hidden seed, the instructor's secret
(``ABTEACH_HIDDEN_SEED``, else ``course/.hidden-seed``, made on first use; see
:mod:`abteach.grading.secret`): the demo puts it in its copy's course folder,
where the grader reads it, as ``make hub`` does.  It prints every score and
diagnosis, checks that no hidden test, and not the seed, reached a student's
release or feedback, and with ``--summary FILE`` writes it all as JSON.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import nbformat

import abteach as ab
from abteach.grading.intake import rejections
from abteach.grading.secret import hidden_seed, seed_file

HERE = Path(__file__).resolve().parent
BIN = Path(sys.executable).parent
ASSIGNMENTS = ("by-hand", "write-the-search", "fourth-edition", "fig55-stages", "order-the-children", "table-flags",
               "ucb1-by-hand", "write-expectimax")
#: The seed of each student's own trees by hand: public, since a student's notebook draws their tree from it.
COURSE_SEED = "abteach-course"
#: What a hidden test contains and a student must never see (and the hidden seed itself, added at run time).
HIDDEN = ("BEGIN HIDDEN TESTS", "ab.grading.require(", "require_minimax", "require_pruned",
          "require_fig55", "require_order", "require_ucb1")


#: Who hands in the 4th edition, and what.
FOURTH_EDITION = {"ada": "correct_4th_edition.py", "alan": "bug_alpha_in_min.py",
                  "correct-3rd-edition": "correct_3rd_edition.py",
                  "hostile-kernel-grader": "hostile_kernel_grader.py", "hostile-kernel-patch": "hostile_kernel_patch.py"}
#: Who answers by hand, and how.
BY_HAND = {"ada": "right", "alan": "one value and one leaf wrong",
           "mallory": "wrong, with every check replaced in the kernel; the leaves computed by the package"}
#: Who hands in the table search, and what (samples/table-search/).
TABLE_FLAGS = {"ada": "correct.py", "alan": "bug_raised_alpha_flag.py", "grace": "bug_fail_low_as_exact.py",
               "mallory": "hostile_package.py"}
#: Who hands in expectimax, and what (samples/expectimax/): right, and each classic mistake at chance nodes.
EXPECTIMAX = {"ada": "correct.py", "alan": "bug_chance_as_min.py", "grace": "bug_chance_mean.py",
              "edsger": "bug_chance_as_max.py"}
#: Who answers the new exercises by hand (Fig. 5.5's stages, the child order, UCB1), and how.
NEW_BY_HAND = {"ada": "right",
               "alan": "a misconception: the figure's ranges as windows, MAX's order at every node, the best win rate",
               "mallory": "computed by the package, with every check replaced in the kernel"}
#: Who hands in a notebook nbgrader cannot read (write-the-search, with a right search in it), and how it is broken.
UNREADABLE = {"broken-schema": "its nbgrader metadata claims version 99",
              "broken-grade-ids": "the answer cell twice, under one grade id"}
#: What the processes samples/hostile_kernel_lurker.py leaves behind carry in their command lines.
LURKER = "abteach-lurker"
#: How the gradebook's file begins: no feedback page may hold it.
GRADEBOOK_HEADER = "SQLite format 3"
#: An answer cell's lines that make every check of the grader pass, in the student's kernel.
PASS_EVERY_CHECK = """for name in dir(ab.grading):
    if name.startswith("require"):
        setattr(ab.grading, name, lambda *args, **kwargs: None)"""


def nbgrader(root: Path, *args: str) -> None:
    # nbgrader runs `alembic` by name to create the gradebook: the venv's bin/ must be on PATH.
    env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}", "PYTHONHASHSEED": "0"}
    cmd = [str(BIN / "nbgrader"), *args, f"--CourseDirectory.root={root}"]
    done = subprocess.run(cmd, cwd=root, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(cmd[:3])} failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}")


def strict_copy(source: str, name: str) -> str:
    """A sample rewritten for the strict rule, under another name: ≥ β and ≤ α become > β and < α."""
    # The bound may be a name or an attribute (w.beta), as real submissions write it.
    source = re.sub(r"(>=|<=) ((?:\w+\.)*(?:alpha|beta))\b",
                    lambda m: ("> " if m.group(1) == ">=" else "< ") + m.group(2), source)
    for helper in ("alpha_beta_search", "max_value", "min_value", "negamax"):
        source = re.sub(rf"\b{helper}\b", f"{helper}_strict" if helper != "alpha_beta_search" else name, source)
    return source


def fill(release: Path, target: Path, cells: dict[str, str]) -> None:
    """The released notebook with some cells' sources replaced, as a student would hand it in."""
    nb = nbformat.read(release, as_version=4)
    for cell in nb.cells:
        grade_id = cell.metadata.get("nbgrader", {}).get("grade_id")
        if grade_id in cells:
            cell.source = cells[grade_id]
        elif cell.cell_type == "code" and cell.source.startswith("# Your id") and "id" in cells:
            cell.source = f'STUDENT_ID = "{cells["id"]}"'
    target.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, target)


def submissions(root: Path) -> dict[str, dict[str, str]]:
    """Write every sample submission into submitted/; returns what each student handed in, by assignment."""
    handed: dict[str, dict[str, str]] = {}
    release = root / "release"
    for sample in sorted((HERE / "samples").glob("*.py")):
        code = sample.read_text()
        student = sample.stem.replace("_", "-")
        fill(release / "write-the-search" / "write-the-search.ipynb",
             root / "submitted" / student / "write-the-search" / "write-the-search.ipynb",
             {"alpha_beta_search": code, "alpha_beta_search_strict": strict_copy(code, "alpha_beta_search_strict")})
        handed.setdefault(student, {})["write-the-search"] = sample.name
    # The 4th edition: right, one mistake, a 3rd-edition search (which behaves the same through the game, so
    # it earns the marks) and the two that replace the grader in the kernel.
    for student, sample in FOURTH_EDITION.items():
        fill(release / "fourth-edition" / "fourth-edition.ipynb",
             root / "submitted" / student / "fourth-edition" / "fourth-edition.ipynb",
             {"alpha_beta_search": (HERE / "samples" / sample).read_text()})
        handed.setdefault(student, {})["fourth-edition"] = sample
    # By hand: ada answers her own trees right; alan gets one value and one leaf wrong; mallory answers
    # wrong and replaces the grader's checks in her kernel, then has the package compute the pruned leaves.
    for student in ("ada", "alan", "mallory"):
        values = ab.grading.minimax_values(ab.grading.student_tree(COURSE_SEED, student, "minimax"))
        leaves = ab.grading.pruned_leaves(ab.grading.student_tree(COURSE_SEED, student, "pruning"))
        if student == "alan":
            values["A"] += 1
            leaves = set(sorted(leaves)[1:])
        minimax = f"minimax_values = {values!r}"
        pruned = f"pruned_leaves = {set(sorted(leaves))!r}"
        if student == "mallory":
            minimax = f"minimax_values = {{'A': -1}}\n{PASS_EVERY_CHECK}"
            pruned = f"pruned_leaves = ab.grading.pruned_leaves(tree)\n{PASS_EVERY_CHECK}"
        fill(release / "by-hand" / "1-minimax-values.ipynb",
             root / "submitted" / student / "by-hand" / "1-minimax-values.ipynb",
             {"id": student, "minimax_values": minimax})
        fill(release / "by-hand" / "2-pruned-leaves.ipynb",
             root / "submitted" / student / "by-hand" / "2-pruned-leaves.ipynb",
             {"id": student, "pruned_leaves": pruned})
        handed.setdefault(student, {})["by-hand"] = BY_HAND[student]
    for student, sample in TABLE_FLAGS.items():
        fill(release / "table-flags" / "table-flags.ipynb",
             root / "submitted" / student / "table-flags" / "table-flags.ipynb",
             {"table_search": (HERE / "samples" / "table-search" / sample).read_text()})
        handed.setdefault(student, {})["table-flags"] = sample
    for student, sample in EXPECTIMAX.items():
        fill(release / "write-expectimax" / "write-expectimax.ipynb",
             root / "submitted" / student / "write-expectimax" / "write-expectimax.ipynb",
             {"expectimax_search": (HERE / "samples" / "expectimax" / sample).read_text()})
        handed.setdefault(student, {})["write-expectimax"] = sample
    for student in NEW_BY_HAND:
        answers = by_hand_answers(student)
        for assignment, cells in answers.items():
            fill(release / assignment / f"{assignment}.ipynb", root / "submitted" / student / assignment /
                 f"{assignment}.ipynb", {"id": student, **cells})
            handed.setdefault(student, {})[assignment] = NEW_BY_HAND[student]
    return handed


def unreadable(root: Path) -> dict[str, dict[str, str]]:
    """Write the notebooks of :data:`UNREADABLE` into submitted/, each with a right search; what each handed in."""
    release = root / "release" / "write-the-search" / "write-the-search.ipynb"
    search = (HERE / "samples" / "correct_3rd_edition.py").read_text()
    for student in UNREADABLE:
        nb = nbformat.read(release, as_version=4)
        answer = next(c for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade_id") == "alpha_beta_search")
        answer.source = search
        if student == "broken-schema":
            for cell in nb.cells:
                if "nbgrader" in cell.metadata:
                    cell.metadata["nbgrader"]["schema_version"] = 99
        else:
            twice = nbformat.from_dict(json.loads(json.dumps(answer)))
            twice.id = f"{answer.id}-again"
            nb.cells.insert(nb.cells.index(answer) + 1, twice)
        target = root / "submitted" / student / "write-the-search" / "write-the-search.ipynb"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(nb, indent=1))  # as JSON: nbformat.write would refuse what nbgrader cannot read
    return {student: {"write-the-search": how} for student, how in UNREADABLE.items()}


def lurking() -> list[str]:
    """The processes on this machine a kernel left behind (samples/hostile_kernel_lurker.py's)."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            cmdline = (entry / "cmdline").read_bytes() if entry.name.isdigit() else b""
        except OSError:
            continue
        if LURKER.encode() in cmdline:
            found.append(entry.name + ": " + cmdline.replace(b"\0", b" ").decode(errors="replace"))
    return found


def kernel_saw(root: Path) -> int | None:
    """How many of the course's files samples/hostile_kernel_reader.py's kernel read, as its cell printed."""
    path = root / "autograded" / "hostile-kernel-reader" / "write-the-search" / "write-the-search.ipynb"
    nb = nbformat.read(path, as_version=4)
    printed = "".join(o.get("text", "") for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", []))
    found = re.search(r"^KERNEL SAW (\d+) FILES$", printed, re.M)
    return int(found.group(1)) if found else None


def by_hand_answers(student: str) -> dict[str, dict[str, str]]:
    """The answer cells ``student`` hands in for Fig. 5.5's stages, the child order and UCB1, by assignment."""
    tree = ab.grading.ordering_tree(COURSE_SEED, student, "ordering")
    situations = ab.grading.ucb1_situations(COURSE_SEED, student, "ucb1")
    stages = ab.grading.fig55_answers()
    order = ab.grading.optimal_order(tree)
    picks = {s.name: ab.grading.ucb1_choice(s) for s in situations}
    if student == "alan":
        # The figure's ranges written as windows, and C's fail-low 2 as exact; MAX's order (largest first) at
        # every node; the best win rate, exploitation alone.
        figure = {s.label: s.by_name(ab.examples.FIG_5_2) for s in ab.fig55.FIG_5_5 if s.in_book}
        for label, row in stages.items():
            for node, entry in row.items():
                drawn = figure[label].get(node)
                if isinstance(entry, tuple) and not isinstance(entry[0], str) and drawn is not None:
                    row[node] = (drawn.low, drawn.high)
                elif entry == ("upper", 2) and node == "C":
                    row[node] = ("exact", 2)
        values = ab.grading.minimax_values(tree)
        order = {name: sorted(kids, key=lambda k: -_value(tree, values, k)) for name, kids in order.items()}
        picks = {s.name: max((c for c in s.children if c.visits), key=lambda c: c.wins / c.visits).name
                 for s in situations}
    answers = {"fig55-stages": {"algorithm_holds": f"algorithm_holds = {stages!r}"},
               "order-the-children": {"child_order": f"child_order = {order!r}"},
               "ucb1-by-hand": {"ucb1_picks": f"ucb1_picks = {picks!r}"}}
    if student == "mallory":
        computed = {"fig55-stages": ("algorithm_holds", "ab.grading.fig55_answers()"),
                    "order-the-children": ("child_order", "ab.grading.optimal_order(tree)"),
                    "ucb1-by-hand": ("ucb1_picks", "{s.name: ab.grading.ucb1_choice(s) for s in situations}")}
        answers = {assignment: {name: f"{name} = {code}\n{PASS_EVERY_CHECK}"}
                   for assignment, (name, code) in computed.items()}
    return answers


def _value(tree: ab.Tree, values: dict[str, float], name: str) -> float:
    """A node's minimax value by name: a leaf's own, an inner node's from ``values``."""
    if name in values:
        return values[name]
    leaf = next(n for n in tree.walk() if n.name == name)
    return float(leaf.value or 0)


def results(root: Path) -> dict[str, dict[str, dict[str, object]]]:
    """Per student and test cell: the points nbgrader gave, and the diagnosis the feedback names."""
    out: dict[str, dict[str, dict[str, object]]] = {}
    for nb_path in sorted((root / "autograded").glob("*/*/*.ipynb")):
        student = nb_path.parent.parent.name
        nb = nbformat.read(nb_path, as_version=4)
        for cell in nb.cells:
            meta = cell.metadata.get("nbgrader", {})
            if not meta.get("grade"):
                continue
            errors = [o for o in cell.get("outputs", []) if o.get("output_type") == "error"]
            text = "\n".join("\n".join(o.get("traceback", [])) for o in errors)
            found = re.search(r"^Diagnosis: (\S+)", text, re.M)
            failure = re.search(r"^Diagnosis: \S+ \((\w+)\)", text, re.M)
            lines = text.splitlines()
            out.setdefault(student, {})[meta["grade_id"]] = {
                "failed": bool(errors),
                "diagnosis": found.group(1) if found else None,
                "failure": failure.group(1) if failure else None,
                # Why it failed, in the feedback's own words: its first line after "Not yet right:".
                "reason": lines[1] if len(lines) > 1 else None,
                "feedback": text,
            }
    from nbgrader.api import Gradebook
    with Gradebook(f"sqlite:///{root / 'gradebook.db'}") as gb:
        for student, cells in out.items():
            for assignment in ASSIGNMENTS:
                try:
                    sub = gb.find_submission(assignment, student)
                except Exception:
                    continue
                for notebook in sub.notebooks:
                    for grade in notebook.grades:
                        if grade.name in cells:
                            cells[grade.name]["score"] = grade.score
                            cells[grade.name]["max_score"] = grade.max_score
    return out


def exported(root: Path) -> dict[str, dict[str, float]]:
    """What ``nbgrader export`` wrote to grades.csv: each student's score per assignment."""
    out: dict[str, dict[str, float]] = {}
    with open(root / "grades.csv", newline="") as f:
        for row in csv.DictReader(f):
            out.setdefault(row["student_id"], {})[row["assignment"]] = float(row["raw_score"] or 0)
    return out


def leaks(root: Path) -> list[str]:
    """Files a student sees (the release and the feedback) that hold any part of a hidden test, or the hidden seed."""
    found = []
    secret = hidden_seed(root, create=False)
    for folder in ("release", "feedback"):
        for path in sorted((root / folder).rglob("*")):
            if path.is_file() and path.suffix in (".ipynb", ".html"):
                text = path.read_text(errors="replace")
                found += [f"{path.relative_to(root)}: {marker!r}" for marker in HIDDEN if marker in text]
                found += [f"{path.relative_to(root)}: the hidden seed"] if secret in text else []
    return found


def install_seed(root: Path) -> str:
    """The course's hidden seed (made on first use) put in the copy's course folder, mode 600; returns it."""
    seed = hidden_seed(HERE)
    fd = os.open(seed_file(root), os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(seed + "\n")
    return seed


def fetching(root: Path) -> list[str]:
    """Feedback pages that would fetch anything from another site as they open (a CDN's MathJax, say)."""
    from abteach.grading.autograde import outside_requests
    found = []
    for path in sorted((root / "feedback").rglob("*.html")):
        found += [f"{path.relative_to(root)}: {url}" for url in outside_requests(path.read_text(errors="replace"))]
    return found


def pictures(root: Path) -> dict[str, list[str | None]]:
    """Each feedback page's pictures, by their text alternative (``None`` for a picture without one)."""
    from html.parser import HTMLParser

    class Images(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.alts: list[str | None] = []

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            if tag == "img":
                self.alts.append(dict(attrs).get("alt"))

    found = {}
    for path in sorted((root / "feedback").rglob("*.html")):
        page = Images()
        page.feed(path.read_text(errors="replace"))
        found[str(path.relative_to(root))] = page.alts
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, help="course folder to create (default: a temporary one, removed after)")
    parser.add_argument("--summary", type=Path, help="write scores, diagnoses and leaks here as JSON")
    args = parser.parse_args()
    temporary = args.root is None
    root = Path(tempfile.mkdtemp(prefix="abteach-course-")) if temporary else args.root.resolve()
    if not temporary and root.exists() and any(root.iterdir()):
        raise SystemExit(f"{root} is not empty; give a new folder")
    try:
        root.mkdir(parents=True, exist_ok=True)
        shutil.copytree(HERE / "source", root / "source")
        shutil.copy(HERE / "nbgrader_config.py", root)
        install_seed(root)
        start = time.perf_counter()
        timings: dict[str, float] = {}
        for assignment in ASSIGNMENTS:
            began = time.perf_counter()
            nbgrader(root, "generate_assignment", assignment, "--force")
            timings[assignment] = time.perf_counter() - began
        handed = submissions(root)
        handed.update(unreadable(root))
        left_behind: list[str] = []
        for assignment in ASSIGNMENTS:
            began = time.perf_counter()
            nbgrader(root, "autograde", assignment, "--force")
            left_behind += lurking()  # as nbgrader returns: every kernel's processes must have ended with it
            nbgrader(root, "generate_feedback", assignment, "--force")
            timings[assignment] += time.perf_counter() - began
        nbgrader(root, "export")
        seconds = time.perf_counter() - start
        scores = results(root)
        leaked = leaks(root)
        # By now a process left behind would have rewritten the gradebook (the lurker's wait 8 s): none may remain.
        left_behind += lurking()
        saw = kernel_saw(root)
        rejected = rejections(root)
        gradebook_shown = [str(p.relative_to(root)) for p in (root / "feedback").rglob("*.html")
                           if GRADEBOOK_HEADER in p.read_text(errors="replace")]
        outside = fetching(root)
        feedback = sorted(str(p.relative_to(root)) for p in (root / "feedback").rglob("*.html"))
        print(f"{'student':26s} {'test cell':32s} {'points':>7s}  diagnosis")
        for student in sorted(scores):
            for cell, r in sorted(scores[student].items()):
                diagnosis = r["diagnosis"] or ("-" if not r["failed"] else str(r["reason"])[:70])
                diagnosis += f" ({r['failure']})" if r.get("failure") else ""
                points = f"{r.get('score', '?'):g}/{r.get('max_score', '?'):g}" if "score" in r else "?"
                print(f"{student:26s} {cell:32s} {points:>7s}  {diagnosis}")
        print(f"{len(feedback)} feedback pages; hidden tests leaked: {len(leaked)}; fetching from other sites: "
              f"{len(outside)}; {seconds:.0f} s (" + ", ".join(f"{a} {t:.0f} s" for a, t in timings.items()) + ")")
        for line in leaked:
            print("  LEAK", line)
        for line in outside:
            print("  FETCHES", line)
        print(f"autograde kernels: hostile-kernel-reader's saw {saw} files of the course; processes left behind: "
              f"{len(left_behind)}; feedback pages holding the gradebook: {len(gradebook_shown)}")
        for line in left_behind:
            print("  LEFT BEHIND", line)
        print(f"notebooks set aside as unreadable ({len(rejected)}), each graded as the blank release:")
        for notebook, reason in rejected.items():
            print(f"  {notebook}: {reason.split(' could not be graded: ', 1)[-1]}")
        if args.summary:
            args.summary.write_text(json.dumps({"scores": scores, "handed": handed, "leaks": leaked,
                                                "export": exported(root), "outside": outside,
                                                "feedback": feedback, "pictures": pictures(root),
                                                "kernel": {"saw": saw, "left_behind": left_behind,
                                                           "gradebook_shown": gradebook_shown},
                                                "rejected": rejected,
                                                "seconds": seconds, "timings": timings},
                                               indent=1))
        if leaked:
            raise SystemExit("hidden tests reached what students see")
        if outside:
            raise SystemExit("feedback pages fetch from other sites")
        if saw != 0 or left_behind or gradebook_shown:
            raise SystemExit("a student's kernel saw the course or outlived autograde")
    finally:
        if temporary:
            shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
