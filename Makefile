# Set-up and everyday commands.  `make run` and `make test` work on a fresh machine.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test check lint typecheck pytest system workbook clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

# Debian packages the project needs: Graphviz draws game graphs, Chromium runs the
# browser tests.  Installed once, as root, only when missing.
system:
	@if ! command -v dot >/dev/null 2>&1 || ! test -x /usr/bin/chromium; then \
		apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq graphviz chromium >/dev/null; \
	fi

# The main job: a short tour on the terminal, then the web page (Ctrl-C stops it).
run: $(STAMP) system
	$(BIN)/python -m grundy.demo
	$(BIN)/grundy serve

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks docs

typecheck: $(STAMP)
	$(BIN)/mypy --strict src/grundy

pytest: $(STAMP) system
	$(BIN)/python -m pytest

check: lint typecheck

test: check pytest

# Regenerate docs/workbook.md after changing the library (the tests check it is current).
workbook: $(STAMP) system
	$(BIN)/python docs/make_workbook.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
