# Set-up and everyday commands.  `make run` and `make test` work on a fresh machine.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# Running needs the package alone; the checks also need the tools of [dev,docs].
STAMP := $(VENV)/.installed
DEV_STAMP := $(VENV)/.installed-dev

.PHONY: run test quick check lint typecheck layers docs pytest dist-check system test-system \
	workbook pictures screenshots clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e .
	touch $(STAMP)

$(DEV_STAMP): $(STAMP)
	$(BIN)/pip install --quiet -e '.[dev,docs]'
	touch $(DEV_STAMP)

# The Debian package running needs: Graphviz draws the game graphs.  Installed once, as
# root, only when missing.
system:
	@if ! command -v dot >/dev/null 2>&1; then \
		apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq graphviz >/dev/null; \
	fi

# The Debian packages only the checks need: Chromium runs the browser tests, zsh and fish
# check the completion scripts, python3-venv gives dist-check a Python that any user may run.
test-system: system
	@if ! test -x /usr/bin/chromium || ! command -v zsh >/dev/null 2>&1 || \
			! command -v fish >/dev/null 2>&1 || \
			! /usr/bin/python3 -c "import ensurepip" >/dev/null 2>&1; then \
		apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium zsh fish \
			python3-venv >/dev/null; \
	fi

# The main job: a short tour on the terminal, then the web page (Ctrl-C stops it).
run: $(STAMP) system
	$(BIN)/python -m grundy.demo
	$(BIN)/grundy serve

lint: $(DEV_STAMP)
	$(BIN)/ruff check src tests benchmarks docs tools

typecheck: $(DEV_STAMP)
	$(BIN)/mypy --strict src/grundy

pytest: $(DEV_STAMP) test-system
	$(BIN)/python -m pytest

# The documentation site, into site/; any warning is an error.  The tour notebook is run.
docs: $(DEV_STAMP) system
	$(BIN)/mkdocs build --strict --quiet

# The layers of the package: imports run down, never up, and in no circle; import stays light.
layers: $(DEV_STAMP)
	$(BIN)/python -m pytest -q -p no:cacheprovider tests/test_layers.py

check: lint typecheck layers docs

# The edit-test loop: lint, types, layers and the tests not marked slow (under 2 minutes);
# `make test` stays the whole suite.
quick: lint typecheck layers
	$(BIN)/python -m pytest -m "not slow" -p no:cacheprovider

# Build the wheel and sdist, install the wheel into a fresh virtual environment outside the
# checkout and try it there as a user with no home (see tools/dist_check.sh).
dist-check: $(DEV_STAMP) test-system
	PYTHON=$(BIN)/python sh tools/dist_check.sh

# pytest last, so that its summary closes the output.
test: check dist-check pytest

# Regenerate docs/workbook.md after changing the library (the tests check it is current).
workbook: $(DEV_STAMP) system
	$(BIN)/python docs/make_workbook.py

# Redraw the family pages' pictures and the API reference's pages (the tests check they
# are current); retake the screenshots of the web page (a local server and Chromium).
pictures: $(STAMP)
	$(BIN)/python docs/make_pictures.py
	$(BIN)/python docs/make_reference.py

screenshots: $(DEV_STAMP) test-system
	$(BIN)/python docs/make_screenshots.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache site dist
