#!/usr/bin/env bash
# Builds the peer environment benchmarks/.venv-peer holding aima3, the book's
# Python code, and easyAI, for side-by-side timing only.  It lives in its own venv because
# aima3's metadata pins an old networkx we neither want nor need: installing it
# with --no-deps and adding only what its games module imports keeps the
# project's own environment untouched.  Safe to re-run.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
venv="$here/.venv-peer"
python="${PYTHON:-python3}"

if [ ! -x "$venv/bin/python" ]; then
    "$python" -m venv "$venv"
fi
if ! "$venv/bin/python" -c "import aima3.games" 2>/dev/null; then
    "$venv/bin/python" -m pip install --quiet --no-deps aima3==1.0.11
    "$venv/bin/python" -m pip install --quiet tqdm numpy
fi
# easyAI, for the engine's match against its Negamax (benchmarks/engine.py); it needs numpy, installed above.
if ! "$venv/bin/python" -c "import easyAI" 2>/dev/null; then
    "$venv/bin/python" -m pip install --quiet easyAI==2.0.12
fi
"$venv/bin/python" -c "import aima3.games, easyAI" && echo "peer environment ready: $venv"
