# rummy_teach — the two commands of the quick start are `make book` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: setup demo check test clean book vendor lab

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/pip install --quiet -e ".[all,test]"
	touch $(STAMP)

setup: $(STAMP)

demo: setup
	$(BIN)/rummy-teach demo

# `make check`: the fast tier, for every change (a few minutes): unit and property tests,
# widgets without a browser, the command line, the classroom store. No book build, no
# lessons, no browser, no Voila or PostgreSQL server.
check: setup
	$(BIN)/python -m pytest -q -m "not slow and not browser"

# `make test`: everything, what CI runs (.ci/run). The book is built once, in the test
# session (tests/book_build.py), and that build executes every lesson for the lesson
# checks; the JupyterLite site is built first for the live-lesson tests.
test: setup lite
	$(BIN)/python -m pytest

# --- the book ------------------------------------------------------------------
# `make book`: vendor the widget scripts (pinned, integrity-checked, no CDN at view
# time), execute every lesson, and build the HTML with warnings as errors.
vendor: setup
	$(BIN)/python book/vendor.py

book: vendor
	$(BIN)/jupyter-book build --all --warningiserror --nitpick --keep-going book
	$(MAKE) lite
	@echo
	@echo "The book is ready. Open this file in a browser (no internet needed):"
	@echo "    $(CURDIR)/book/_build/html/index.html"
	@echo "The live lessons (JupyterLite) need the pages served over http:"
	@echo "    $(BIN)/python -m http.server -d book/_build/html 8000   then open http://localhost:8000"

# `make lab`: JupyterLab on the lessons; MyST lessons open as notebooks (jupytext).
LAB_OVERRIDES := $(VENV)/share/jupyter/lab/settings/overrides.json
$(LAB_OVERRIDES): $(STAMP)
	mkdir -p $(dir $@)
	printf '%s\n' '{"@jupyterlab/docmanager-extension:plugin": {"defaultViewers": {"markdown": "Jupytext Notebook", "myst": "Jupytext Notebook"}}}' > $@

lab: setup $(LAB_OVERRIDES)
	$(BIN)/jupyter lab --ServerApp.root_dir=tutorials $(if $(filter 0,$(shell id -u)),--allow-root,)

clean:
	rm -rf $(VENV) book/_build book/_vendor book/.vendor-cache lite/_build

# --- the live lessons (JupyterLite) -----------------------------------------------
# `make lite`: JupyterLab in the browser with a Pyodide kernel, every lesson in it,
# rummy_teach and the widgets preinstalled; built into lite/_build/site and copied to
# book/_build/html/lite. Downloads are pinned and hash-checked (lite/lite-lock.json).
.PHONY: lite clean-lite
lite: setup
	$(BIN)/python lite/build.py

clean-lite:
	rm -rf lite/_build book/_build/html/lite
