"""The README's examples are the package's: each sentence it shows is the one the code prints."""

import doctest
import re
import shlex
from pathlib import Path

import pytest

from abteach import cli

README = Path(__file__).resolve().parents[1] / "README.md"


def test_readme_examples_run_as_shown():
    failures, tried = doctest.testfile(str(README), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert tried >= 10 and failures == 0


def _shell_examples() -> list[str]:
    """The ``abteach ...`` command lines of the README's shell blocks, comments left off, in order."""
    blocks = re.findall(r"```bash\n(.*?)```", README.read_text(encoding="utf-8"), re.DOTALL)
    return [line.split("#")[0].strip() for block in blocks for line in block.splitlines()
            if line.startswith("abteach ")]


def test_readme_commands_run_as_written(tmp_path, monkeypatch):
    commands = _shell_examples()
    assert len(commands) >= 3
    # In a fresh folder, in the README's order: each file a command reads, an earlier one wrote.
    monkeypatch.chdir(tmp_path)
    for line in commands:
        argv = shlex.split(line)[1:]
        try:
            status = cli.main(argv)
        except SystemExit as stop:  # argparse's own refusal
            pytest.fail(f"README: {line!r} exits {stop.code}")
        assert status == 0, f"README: {line!r} exits {status}"
