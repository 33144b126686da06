# Two entry points: `make lab` opens the lectures, `make test` runs every test.
# Both create .venv on first use and are safe to re-run.
PYTHON ?= python3
# The lectures get a venv of their own, so JupyterLab opens with no test or grading tools in it;
# everything else (tests, exports, app, lite, benchmarks) shares .venv.
LAB_VENV := .venv-lab
VENV   := .venv
BIN    := $(VENV)/bin
export PYTHONHASHSEED := 0

.PHONY: lab lab-copy test unit notebooks regenerate clean bench grade-demo assets html slides app lite

# A venv, made on first use.
%/bin/python:
	$(PYTHON) -m venv $*
	$*/bin/python -m pip install --quiet --upgrade pip

# A stamp per install flavour, redone when pyproject.toml changes.
# JupyterLab's defaults for this venv only: no news pop-up over a projected lecture, no update checks.
$(LAB_VENV)/.installed-lab: pyproject.toml scripts/lab/overrides.json | $(LAB_VENV)/bin/python
	$(LAB_VENV)/bin/python -m pip install --quiet -e '.[lab]'
	mkdir -p $(LAB_VENV)/share/jupyter/lab/settings
	cp scripts/lab/overrides.json $(LAB_VENV)/share/jupyter/lab/settings/overrides.json
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@

$(VENV)/.installed-export: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[export]'
	touch $@

$(VENV)/.installed-app: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[app]'
	touch $@

$(VENV)/.installed-lite: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[lite]'
	touch $@

# The lectures, in order; the practice notebooks are not lectures.
LECTURES := $(sort $(wildcard notebooks/[0-9][0-9]-*.ipynb))

# JupyterLab refuses to run as root unless told; containers and Binder-like hosts often are root.
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)

# Students work in a git-ignored copy, so their own edits never block a `git pull`, and the
# committed lectures stay as they are.  A lecture already copied is never replaced: delete it to get the new one.
LAB_DIR ?= lab
lab-copy:
	mkdir -p $(LAB_DIR)
	@for nb in notebooks/*.ipynb; do \
	    [ -e "$(LAB_DIR)/$${nb##*/}" ] || { cp "$$nb" "$(LAB_DIR)/" && echo "copied $$nb to $(LAB_DIR)/"; }; \
	done

lab: $(LAB_VENV)/.installed-lab lab-copy
	@echo "Opening your working copies in $(LAB_DIR)/; the originals in notebooks/ are left untouched."
	$(LAB_VENV)/bin/jupyter lab $(ROOT_FLAG) $(LAB_DIR)/

# The JavaScript that offline pages load (widget manager, require.js, MathJax, reveal.js), installed with npm
# at the versions in scripts/assets/package.json; the export copies what it needs beside the pages.
ASSETS := build/assets
$(ASSETS)/.installed: scripts/assets/package.json
	mkdir -p $(ASSETS)
	cp scripts/assets/package.json $(ASSETS)/package.json
	npm install --prefix $(ASSETS) --no-package-lock --no-audit --no-fund --loglevel=error
	touch $@

assets: $(ASSETS)/.installed

# Every lecture as a page that works offline and with no kernel: steppers step, math renders.
html: $(VENV)/.installed-export $(ASSETS)/.installed
	$(BIN)/python scripts/export_lectures.py --assets $(ASSETS)/node_modules --html build/html $(LECTURES)

# Every lecture as reveal.js slides, offline in the same way.
slides: $(VENV)/.installed-export $(ASSETS)/.installed
	$(BIN)/python scripts/export_lectures.py --assets $(ASSETS)/node_modules --slides build/slides $(LECTURES)

# The stepper lecture and the practice notebooks as an app with Voila, served from a copy (so a run
# never touches the originals) and with token authentication on: open the link with the token it prints.
APP_NOTEBOOKS ?= notebooks/02-alpha-beta.ipynb $(wildcard notebooks/*practice*.ipynb)
APP_DIR ?= build/app
APP_PORT ?= 8866
app: $(VENV)/.installed-app
	rm -rf $(APP_DIR) && mkdir -p $(APP_DIR)
	cp $(APP_NOTEBOOKS) $(APP_DIR)/
	$(BIN)/voila --token --no-browser --port=$(APP_PORT) $(APP_DIR)

# A JupyterLite site of the lectures in build/lite (see scripts/build_lite.py for what it needs at run time).
lite: $(VENV)/.installed-lite
	$(BIN)/python scripts/build_lite.py --out build/lite $(LECTURES)

# Types first: mypy reads its settings from pyproject.toml.
test: $(VENV)/.installed-test $(ASSETS)/.installed
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
	$(BIN)/python benchmarks/enhancements.py
	$(BIN)/python benchmarks/engine.py

# The graded exercises end to end with real nbgrader, in a temporary copy of course/.
# nbgrader runs `alembic` by name, so the venv's bin/ goes on PATH.
grade-demo: $(VENV)/.installed-test
	PATH="$(CURDIR)/$(BIN):$$PATH" $(BIN)/python course/grade_demo.py

clean:
	rm -rf $(VENV) $(LAB_VENV) build
