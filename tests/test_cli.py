"""The ``abteach`` command, run as a user runs it: the installed script, in a subprocess."""

from __future__ import annotations

import json
import re
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

import abteach as ab

SCRIPT = Path(sys.executable).parent / "abteach"
FIG_5_2 = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


def run(*args: object, cwd: Path) -> subprocess.CompletedProcess[str]:
    assert SCRIPT.is_file(), f"no {SCRIPT}: install the package (pip install -e .) so its script exists"
    return subprocess.run([str(SCRIPT), *map(str, args)], cwd=cwd, capture_output=True, text=True, timeout=300,
                          env={**os.environ, "PYTHONHASHSEED": "0"})


@pytest.fixture
def work(tmp_path: Path) -> Path:
    (tmp_path / "fig52.json").write_text(json.dumps(FIG_5_2))
    (tmp_path / "named.json").write_text(ab.examples.FIG_5_2.to_json())
    return tmp_path


def test_help_lists_every_subcommand(work):
    done = run("--help", cwd=work)
    assert done.returncode == 0
    for name in ("draw", "trace", "animate"):
        assert name in done.stdout
    for name in ("draw", "trace", "animate"):
        sub = run(name, "--help", cwd=work)
        assert sub.returncode == 0 and f"usage: abteach {name}" in sub.stdout
        assert "TREE.json" in sub.stdout


def test_trace_prints_the_table_and_the_answer(work):
    done = run("trace", "fig52.json", cwd=work)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "alpha-beta, 3rd edition, prunes on ties"
    assert lines[1].split()[:4] == ["step", "line", "pseudocode", "node"]
    cutoffs = [l for l in lines if "c2 and c3 are pruned" in l]
    assert len(cutoffs) == 1 and " C " in cutoffs[0]
    assert lines[-1] == "value 3, best move a1; 7 of 9 leaves evaluated"
    # One row per step of the search, between the header rule and the answer.
    assert len(lines) - 4 == len(ab.alphabeta(ab.examples.FIG_5_2).trace)


def test_trace_options_choose_the_search(work):
    fourth = run("trace", "fig52.json", "--edition", "4", cwd=work)
    assert fourth.stdout.splitlines()[0] == "alpha-beta, 4th edition, prunes on ties"
    assert "if v ≤ α then return v, move" in fourth.stdout
    minimax = run("trace", "named.json", "--algorithm", "minimax", "--kinds", "leaf", cwd=work)
    assert minimax.returncode == 0, minimax.stderr
    assert minimax.stdout.splitlines()[-1] == "value 3, best move a1; 9 of 9 leaves evaluated"
    assert len(minimax.stdout.splitlines()) == 4 + 9  # title, header, rule, nine leaves, answer
    # The strict rule changes nothing on Fig. 5.2 but the label; on a tie it prunes less.
    tied = work / "tied.json"
    tied.write_text(json.dumps([[3, 5], [3, 1]]))
    on_ties = run("trace", tied, cwd=work).stdout.splitlines()[-1]
    strict = run("trace", tied, "--strict", cwd=work).stdout.splitlines()[-1]
    assert on_ties.endswith("3 of 4 leaves evaluated") and strict.endswith("4 of 4 leaves evaluated")


def test_draw_writes_each_format(work):
    for name, magic in [("tree.pdf", b"%PDF-"), ("tree.png", b"\x89PNG"), ("tree.svg", b"<?xml")]:
        done = run("draw", "fig52.json", "-o", name, cwd=work)
        assert done.returncode == 0, done.stderr
        assert (work / name).read_bytes().startswith(magic)
        assert done.stdout.strip() == f"wrote {name}"
    # A step of the search is a different picture from the bare tree.
    done = run("draw", "fig52.json", "-o", "cutoff.png", "--step", "29", cwd=work)
    assert done.returncode == 0, done.stderr
    assert (work / "cutoff.png").read_bytes() != (work / "tree.png").read_bytes()


def test_animate_writes_one_frame_per_step(work):
    done = run("animate", "fig52.json", "-o", "search.gif", "--duration", "200", cwd=work)
    assert done.returncode == 0, done.stderr
    with Image.open(work / "search.gif") as gif:
        assert gif.n_frames == len(ab.alphabeta(ab.examples.FIG_5_2).trace) + 1


def test_an_existing_file_is_kept_without_force(work):
    target = work / "tree.pdf"
    target.write_bytes(b"the user's own file")
    for args in (["draw", "fig52.json", "-o", "tree.pdf"], ["animate", "fig52.json", "-o", "tree.gif"]):
        if args[0] == "animate":
            target = work / "tree.gif"
            target.write_bytes(b"the user's own file")
        done = run(*args, cwd=work)
        assert done.returncode == 1
        assert f"'{target.name}' exists; pass --force to replace it" in done.stderr
        assert target.read_bytes() == b"the user's own file"
        forced = run(*args, "--force", cwd=work)
        assert forced.returncode == 0, forced.stderr
        assert target.read_bytes() != b"the user's own file"


@pytest.mark.parametrize("args, status, message", [
    (["draw", "fig52.json", "-o", "tree.jpg"], 2, "unknown file type '.jpg'; use one of .png, .svg, .pdf"),
    (["draw", "fig52.json"], 2, "the following arguments are required: -o/--output"),
    (["draw", "fig52.json", "-o", "nowhere/tree.pdf"], 1, "there is no folder 'nowhere'"),
    (["draw", "fig52.json", "-o", "s.png", "--step", "999"], 2, "argument --step: 999 is past the search's last step; give a step from 0 to 55"),
    (["draw", "fig52.json", "-o", "s.png", "--edition", "4"], 2, "need --step N"),
    (["animate", "fig52.json", "-o", "search.png"], 2, "unknown file type '.png'; use one of .gif"),
    (["animate", "fig52.json", "-o", "s.gif", "--duration", "0"], 2, "argument --duration: must be above 0"),
    (["trace", "missing.json"], 1, "no tree file 'missing.json'"),
    (["trace", "bad.json"], 1, "bad.json: not valid JSON"),
    (["trace", "leafy.json"], 1, "leafy.json: tree JSON \"tree\": leaf at path 0.1 has value 'two'"),
    (["trace", "fig52.json", "--edition", "5"], 2, "argument --edition: invalid choice: 5"),
    (["trace", "fig52.json", "--algorithm", "negamax", "--edition", "4"], 2, "the negamax search has no editions"),
    (["trace", "fig52.json", "--algorithm", "minimax", "--strict"], 2, "the minimax search has no tie rule"),
    (["trace", "fig52.json", "--algorithm", "sss"], 2, "argument --algorithm: invalid choice: 'sss'"),
    (["trace", "fig52.json", "--kinds", "leaf,cutof"], 2, "'cutof' is not an event kind of any search (did you mean 'cutoff'?)"),
    (["dance"], 2, "invalid choice: 'dance'"),
    ([], 2, "the following arguments are required: COMMAND"),
])
def test_bad_input_is_named_and_fails(work, args, status, message):
    (work / "bad.json").write_text("[[1, 2], [3")
    (work / "leafy.json").write_text('[[1, "two"], [3]]')
    done = run(*args, cwd=work)
    assert done.returncode == status, (done.stdout, done.stderr)
    assert message in done.stderr
    assert done.stdout == ""
    # Nothing was written on the way to the error.
    assert sorted(p.name for p in work.iterdir()) == ["bad.json", "fig52.json", "leafy.json", "named.json"]


def test_asking_for_a_kind_no_step_of_this_tree_has_lists_none_and_is_no_error(work):
    # The help's own example, --kinds leaf,cutoff, on a tree where nothing is cut off: the leaves, and no error.
    (work / "nocut.json").write_text("[[3, 4], [5, 6]]")
    done = run("trace", "nocut.json", "--kinds", "leaf,cutoff", cwd=work)
    assert done.returncode == 0, done.stderr
    rows = [line for line in done.stdout.splitlines() if re.match(r"\d+ ", line)]
    assert len(rows) == 4 and all(" is a leaf" in r for r in rows)


def test_a_subcommand_is_one_entry(work, capsys):
    # Other subcommands (grading, worksheets) plug in as one Command each.
    from abteach import cli

    def hello_arguments(parser):
        parser.add_argument("who")

    def hello(args, out):
        print(f"hello {args.who}", file=out)
        return 0

    commands = (*cli.COMMANDS, cli.Command("hello", "say hello", hello_arguments, hello))
    args = cli.parser(commands).parse_args(["hello", "class"])
    assert args._command.run(args, sys.stdout) == 0
    assert capsys.readouterr().out == "hello class\n"
