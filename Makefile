# Entry points: `make lab` opens the lectures; `make test` runs the fast tier (types, unit and property
# tests, doctests) and `make test-all` every test there is.  Each creates its venv on first use and is safe to re-run.
PYTHON ?= python3
# The lectures get a venv of their own, so JupyterLab opens with no test or grading tools in it;
# everything else (tests, exports, app, lite, benchmarks) shares .venv.
LAB_VENV := .venv-lab
VENV   := .venv
BIN    := $(VENV)/bin
export PYTHONHASHSEED := 0

.PHONY: lab lab-copy test test-all nbval unit notebooks regenerate clean bench grade-demo assets html slides app lite site \
        hub hub-demo hub-load

# A venv, made on first use.
%/bin/python:
	$(PYTHON) -m venv $*
	$*/bin/python -m pip install --quiet --upgrade pip

# A stamp per install flavour, redone when pyproject.toml changes.
# An editable install leaves out pyproject's data files, so each venv that runs JupyterLab or Voila gets the
# abteach-a11y extension (plain JavaScript: names for the widgets' buttons, sliders and pictures) copied in.
A11Y_EXTENSION := labextension/abteach-a11y
install-a11y = mkdir -p $(1)/share/jupyter/labextensions && rm -rf $(1)/share/jupyter/labextensions/abteach-a11y \
	&& cp -r $(A11Y_EXTENSION) $(1)/share/jupyter/labextensions/abteach-a11y
# JupyterLab's defaults for this venv only: no news pop-up over a projected lecture, no update checks.
$(LAB_VENV)/.installed-lab: pyproject.toml scripts/lab/overrides.json $(A11Y_EXTENSION)/static/remoteEntry.js | $(LAB_VENV)/bin/python
	$(LAB_VENV)/bin/python -m pip install --quiet -e '.[lab]'
	$(call install-a11y,$(LAB_VENV))
	mkdir -p $(LAB_VENV)/share/jupyter/lab/settings
	cp scripts/lab/overrides.json $(LAB_VENV)/share/jupyter/lab/settings/overrides.json
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@

$(VENV)/.installed-test-all: pyproject.toml $(A11Y_EXTENSION)/static/remoteEntry.js | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test-all]'
	$(call install-a11y,$(VENV))
	touch $@

$(VENV)/.installed-export: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[export]'
	touch $@

$(VENV)/.installed-app: pyproject.toml $(A11Y_EXTENSION)/static/remoteEntry.js | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[app]'
	$(call install-a11y,$(VENV))
	touch $@

$(VENV)/.installed-lite: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[lite]'
	touch $@

# A class on JupyterHub (course/hub/): the hub, and every student's server, run from a venv of its own, made from a
# Python that every student's account may run (the hub starts each server as that student's system user).
HUB_VENV   := .venv-hub
HUB_PYTHON ?= $(firstword $(wildcard /usr/bin/python3) $(PYTHON))
HUB_PROXY  := build/hub-proxy
$(HUB_VENV)/bin/python:
	$(HUB_PYTHON) -m venv $(HUB_VENV)
	$(HUB_VENV)/bin/python -m pip install --quiet --upgrade pip

$(HUB_VENV)/.installed-hub: pyproject.toml scripts/lab/overrides.json $(A11Y_EXTENSION)/static/remoteEntry.js | $(HUB_VENV)/bin/python
	$(HUB_VENV)/bin/python -m pip install --quiet -e '.[hub]'
	$(call install-a11y,$(HUB_VENV))
	mkdir -p $(HUB_VENV)/share/jupyter/lab/settings
	cp scripts/lab/overrides.json $(HUB_VENV)/share/jupyter/lab/settings/overrides.json
	touch $@

# JupyterHub's proxy, at the version in course/hub/package.json.
$(HUB_PROXY)/.installed: course/hub/package.json
	mkdir -p $(HUB_PROXY)
	cp course/hub/package.json $(HUB_PROXY)/package.json
	npm install --prefix $(HUB_PROXY) --no-package-lock --no-audit --no-fund --loglevel=error
	touch $@

# The course on JupyterHub at http://127.0.0.1:8000/ until Ctrl-C: as root, it creates the instructor's and the
# roster's system users and homes (course/hub/hub.py says what it does and what it needs).
hub: $(HUB_VENV)/.installed-hub $(HUB_PROXY)/.installed
	$(HUB_VENV)/bin/python course/hub/hub.py start

# The class flow end to end in headless Chromium, through the hub's login page; one summary line.
hub-demo: $(HUB_VENV)/.installed-hub $(HUB_PROXY)/.installed
	$(HUB_VENV)/bin/python course/hub/hub_demo.py

# 30 simulated students on one hub, at most 10 minutes; memory, kernel start, step latency, CPU.  Run by hand only.
hub-load: $(HUB_VENV)/.installed-hub $(HUB_PROXY)/.installed
	$(HUB_VENV)/bin/python course/hub/hub_load.py

# matplotlib keeps its font list in one folder per user, keyed by its version and not by venv, so deleting one venv
# can leave another's plots warning `findfont` (which strict nbval fails).  What runs and checks the lectures keeps
# its own list inside its venv; `make lab` keeps the user's own matplotlib settings.
test unit test-all nbval regenerate html slides site lite bench grade-demo: export MPLCONFIGDIR := $(CURDIR)/$(VENV)/mplconfig

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
# Its page template (scripts/app/voila/templates/abteach) loads nothing from outside the machine.
APP_NOTEBOOKS ?= notebooks/02-alpha-beta.ipynb $(wildcard notebooks/*practice*.ipynb)
APP_DIR ?= build/app
APP_PORT ?= 8866
app: $(VENV)/.installed-app
	rm -rf $(APP_DIR) && mkdir -p $(APP_DIR)
	cp $(APP_NOTEBOOKS) $(APP_DIR)/
	JUPYTER_PATH=$(CURDIR)/scripts/app$${JUPYTER_PATH:+:$$JUPYTER_PATH} \
	    $(BIN)/voila --token --no-browser --port=$(APP_PORT) --template=abteach $(APP_DIR)

# The lectures as a Jupyter Book 2 (MyST) site in build/site/html: every stepper steps in the page, with no
# kernel and nothing fetched from outside.  mystmd and the book theme are built from npm into build/site-tools
# (scripts/site/build_theme.sh says why the theme is built here).  Serve the folder at its root, e.g.
# `python -m http.server -d build/site/html`.
SITE_TOOLS := build/site-tools
$(SITE_TOOLS)/.installed: scripts/site/build_theme.sh scripts/site/package.json scripts/site/server/package.json \
        $(shell find scripts/site/book-theme scripts/site/server -type f)
	bash scripts/site/build_theme.sh $(SITE_TOOLS)
	touch $@

site: $(VENV)/.installed-export $(SITE_TOOLS)/.installed
	$(BIN)/python scripts/build_site.py --tools $(SITE_TOOLS) --out build/site $(LECTURES)

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
# JupyterLab for all), the grade demo and the JupyterLite build, on those same pages; and,
# as root, the class on JupyterHub (make hub-demo, and tests/browser/test_hub.py on one hub of test users).
LECTURE_RUN := build/test-run
test-all: $(VENV)/.installed-test-all $(ASSETS)/.installed $(SITE_TOOLS)/.installed $(HUB_VENV)/.installed-hub \
          $(HUB_PROXY)/.installed
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
	rm -rf $(VENV) $(LAB_VENV) $(HUB_VENV) build
