# Entry points: `make lab` opens the lectures; `make test` runs the fast tier (types, unit and property
# tests, doctests) and `make test-all` every test there is.  Each creates its venv on first use and is safe to re-run.
PYTHON ?= python3
# The lectures get a venv of their own, so JupyterLab opens with no test or grading tools in it;
# everything else (tests, exports, app, lite, benchmarks) shares .venv.
LAB_VENV := .venv-lab
VENV   := .venv
BIN    := $(VENV)/bin
export PYTHONHASHSEED := 0

.PHONY: lab lab-copy test test-all nbval unit notebooks regenerate clean bench grade-demo assets html slides app lite

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

$(VENV)/.installed-test-all: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test-all]'
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

# The fast tier: types first (mypy reads its settings from pyproject.toml), then the unit and property
# tests and the doctests, with hypothesis's small `dev` profile.  No npm, no browser, no lecture run.
FAST_TESTS := -m "not browser and not slow" --doctest-modules --ignore=tests/browser --ignore=tests/nbval_replay.py abteach tests
test: $(VENV)/.installed-test
	$(BIN)/python -m mypy abteach
	$(BIN)/python -m pytest --hypothesis-profile=dev $(FAST_TESTS)

# Every test: the fast tier with hypothesis's larger `ci` profile; each lecture run once, which makes both
# the offline pages and the executed copies that strict nbval checks; then the browser tests (one
# JupyterLab for all), the grade demo and the JupyterLite build, on those same pages.
LECTURE_RUN := build/test-run
test-all: $(VENV)/.installed-test-all $(ASSETS)/.installed
	$(BIN)/python -m mypy abteach
	$(BIN)/python -m pytest --hypothesis-profile=ci $(FAST_TESTS)
	rm -rf $(LECTURE_RUN)
	$(BIN)/python scripts/export_lectures.py --assets $(ASSETS)/node_modules --html $(LECTURE_RUN)/html \
	    --slides $(LECTURE_RUN)/slides --executed $(LECTURE_RUN)/executed $(LECTURES)
	$(BIN)/python -m pytest -p tests.nbval_replay --nbval-replay $(LECTURE_RUN)/executed \
	    --nbval-sanitize-with tests/nbval_sanitize.cfg notebooks
	ABTEACH_REUSE_EXPORT=$(CURDIR)/$(LECTURE_RUN) $(BIN)/python -m pytest --hypothesis-profile=ci -m "browser or slow" tests

# nbval running each lecture in a kernel of its own, as a student's machine would (test-all shares one run instead).
nbval: $(VENV)/.installed-test-all
	$(BIN)/python -m pytest --nbval --nbval-current-env --nbval-sanitize-with tests/nbval_sanitize.cfg notebooks

unit: $(VENV)/.installed-test
	$(BIN)/python -m pytest $(FAST_TESTS)

notebooks: regenerate
regenerate: $(VENV)/.installed-test-all
	$(BIN)/python scripts/regenerate_notebooks.py notebooks/*.ipynb

# Run by hand only; the book's code lives in its own venv, benchmarks/.venv-peer.
bench: $(VENV)/.installed-test-all
	bash benchmarks/setup_peer.sh
	$(BIN)/python benchmarks/run.py
	$(BIN)/python benchmarks/redraw.py
	$(BIN)/python benchmarks/frames.py
	$(BIN)/python benchmarks/enhancements.py
	$(BIN)/python benchmarks/engine.py

# The graded exercises end to end with real nbgrader, in a temporary copy of course/.
# nbgrader runs `alembic` by name, so the venv's bin/ goes on PATH.
grade-demo: $(VENV)/.installed-test-all
	PATH="$(CURDIR)/$(BIN):$$PATH" $(BIN)/python course/grade_demo.py

clean:
	rm -rf $(VENV) $(LAB_VENV) build
