# Two entry points: `make lab` opens the lectures, `make test` runs every test.
# Both create .venv on first use and are safe to re-run.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
export PYTHONHASHSEED := 0

.PHONY: lab test unit notebooks regenerate clean bench grade-demo

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# A stamp per install flavour, redone when pyproject.toml changes.
$(VENV)/.installed-lab: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[lab]'
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@

# JupyterLab refuses to run as root unless told; containers and Binder-like hosts often are root.
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)

lab: $(VENV)/.installed-lab
	$(BIN)/jupyter lab $(ROOT_FLAG) notebooks/

# Types first: mypy reads its settings from pyproject.toml.
test: $(VENV)/.installed-test
	$(BIN)/python -m mypy abteach
	$(BIN)/python -m pytest --doctest-modules abteach tests
	$(BIN)/python -m pytest --nbval --nbval-current-env --nbval-sanitize-with tests/nbval_sanitize.cfg notebooks

unit: $(VENV)/.installed-test
	$(BIN)/python -m pytest --doctest-modules abteach tests

notebooks: regenerate
regenerate: $(VENV)/.installed-test
	$(BIN)/python scripts/regenerate_notebooks.py notebooks/*.ipynb

# Run by hand only; the book's code lives in its own venv, benchmarks/.venv-peer.
bench: $(VENV)/.installed-test
	bash benchmarks/setup_peer.sh
	$(BIN)/python benchmarks/run.py
	$(BIN)/python benchmarks/redraw.py
	$(BIN)/python benchmarks/frames.py

# The graded exercises end to end with real nbgrader, in a temporary copy of course/.
# nbgrader runs `alembic` by name, so the venv's bin/ goes on PATH.
grade-demo: $(VENV)/.installed-test
	PATH="$(CURDIR)/$(BIN):$$PATH" $(BIN)/python course/grade_demo.py

clean:
	rm -rf $(VENV)
