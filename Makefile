# rummy_teach — the two commands of the quick start are `make book` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: setup demo test clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/pip install --quiet -e ".[all,test]"
	touch $(STAMP)

setup: $(STAMP)

demo: setup
	$(BIN)/rummy-teach demo

test: setup
	$(BIN)/python -m pytest

clean:
	rm -rf $(VENV) book/_build
