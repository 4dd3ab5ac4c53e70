# rummy_teach — the two commands of the quick start are `make book` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: setup demo check test clean book vendor lab system-book system-test system-screenshots

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# The project and its dependencies are installed by uv, not pip: what pyproject.toml asks
# for, from PyPI (here the same versions pip chose), in a fraction of pip's time (uv links
# them from its cache where pip unpacks every wheel, and byte-compiles them on both
# cores), and `make test` on a fresh clone counts that time (docs/testing.md). Compiled
# here, the modules are not compiled again by each of the run's processes importing them
# at once. pip stays in .venv (lite/build.py uses it).
$(BIN)/uv: $(BIN)/python
	$(BIN)/python -m pip install --quiet uv

$(STAMP): $(BIN)/uv pyproject.toml
	$(BIN)/uv pip install --quiet --compile-bytecode --python $(BIN)/python -e ".[all,test]"
	touch $(STAMP)

setup: $(STAMP)

demo: setup
	$(BIN)/rummy-teach demo

# `make check`: the fast tier, for every change (under two minutes): unit and property
# tests, widgets without a browser, the command line, the classroom store. No book build,
# no lessons, no browser, no Voila or classroom server (no test marked slow, browser or
# server). Two pytest processes share the run a test module at a time, one per core
# (tests/run_lanes.py --quick, tests/shared_run.py).
check: setup
	$(BIN)/python tests/run_lanes.py --quick

# `make test`: everything, what CI runs (.ci/run). Four lanes side by side
# (tests/run_lanes.py): the book build and the tests that read it in one (two pytest
# processes sharing the build and the lane's test modules), the other browser and server
# tests in another, the long random games in a third, every other test in the fourth,
# each test once; the first book process prints as it runs, the others' output is printed
# after it. The book is built once, in the test session (tests/book_build.py), and that
# build executes every lesson for the lesson checks; when `make book` left a build made
# from exactly the inputs of now (its record, book/build_inputs.py), the session tests
# that build instead and says so. The live lessons' site tested is the one that book
# carries (`make book`'s, or one built in the session from the session's executed
# lessons: tests/test_book_play.py, book_with_lite), as the book publishes it.
test: system-test setup proxy
	$(BIN)/python tests/run_lanes.py

# The system packages the targets need (Chromium, PostgreSQL, Node.js and npm): installed
# when missing on Debian as root; otherwise make stops at once with the command to run.
system-book:
	@.ci/system-packages book
system-test:
	@.ci/system-packages test
system-screenshots:
	@.ci/system-packages screenshots

# configurable-http-proxy (npm, pinned in .ci/node/package-lock.json), for the tests that run
# the classroom under a real JupyterHub (tests/test_classroom_jupyterhub.py); kept in the
# project, not installed system-wide.
PROXY := .ci/node/node_modules/.bin/configurable-http-proxy
.PHONY: proxy
proxy: $(PROXY)
$(PROXY): .ci/node/package.json .ci/node/package-lock.json
	npm ci --prefix .ci/node --no-audit --no-fund
	touch $@

# --- the book ------------------------------------------------------------------
# `make book`: vendor the widget scripts (pinned, integrity-checked, no CDN at view
# time), execute every lesson, and build the HTML with warnings as errors, in three
# editions side by side (book/editions.py): English at the root, Italian in it/, Dutch
# in nl/, each lesson executed in its edition's language.
vendor: system-book setup
	$(BIN)/python book/vendor.py

book: vendor
	$(BIN)/python book/editions.py
	$(MAKE) lite
	@echo
	@echo "The book is ready. Open this file in a browser (no internet needed):"
	@echo "    $(CURDIR)/book/_build/html/index.html     (in Italian: it/index.html, in Dutch: nl/index.html)"
	@echo "The live lessons (JupyterLite) need the pages served over http:"
	@echo "    $(BIN)/python -m http.server -d book/_build/html 8000   then open http://localhost:8000"

# `make screenshots`: the card table on a phone and on a desktop, taken in Chromium from
# the built book (run `make book` first), into book/_static/screenshots/ (the README and the
# book's start page show them)
.PHONY: screenshots
screenshots: system-screenshots setup
	$(BIN)/python book/screenshots.py

# `make lab`: JupyterLab on a reader's copy of every lesson (lab/*.ipynb, and in Italian
# and Dutch lab/it/, lab/nl/, written by lite/lessons.py: the lesson without its hidden
# checks; a copy you changed is kept until its lesson changes). It opens in the reader's
# language (RUMMY_TEACH_LANG, else the locale: LANG=it_IT.UTF-8 make lab): JupyterLab's
# words from its language pack, the lessons of that folder, whose kernel speaks it.
# Authors edit tutorials/*.md, which open as notebooks through jupytext.
LAB_OVERRIDES := $(VENV)/share/jupyter/lab/settings/overrides.json
LAB_LANG = $(shell $(BIN)/python -c "from rummy_teach.i18n import language_from_environment as l; print(l())")

lab: setup
	$(BIN)/python lite/lessons.py --write lab --overrides $(LAB_OVERRIDES) --lang $(LAB_LANG)
	$(BIN)/jupyter lab --ServerApp.root_dir=lab $(if $(filter-out en,$(LAB_LANG)),--ServerApp.default_url=/lab/tree/$(LAB_LANG),) $(if $(filter 0,$(shell id -u)),--allow-root,)

clean:
	rm -rf $(VENV) book/_build book/_vendor book/.vendor-cache lite/_build .ci/node/node_modules

# --- the live lessons (JupyterLite) -----------------------------------------------
# `make lite`: JupyterLab in the browser with a Pyodide kernel, every lesson in it,
# rummy_teach and the widgets preinstalled; built into lite/_build/site and copied to
# book/_build/html/lite. Downloads are pinned and hash-checked (lite/lite-lock.json).
.PHONY: lite clean-lite
lite: setup
	$(BIN)/python lite/build.py

clean-lite:
	rm -rf lite/_build book/_build/html/lite
