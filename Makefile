# Set-up and everyday commands.  `make run` and `make test` work on a fresh machine.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test check lint typecheck pytest system clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

# Debian packages the project needs (Graphviz for pictures); installed once, as root.
system:
	@command -v dot >/dev/null 2>&1 || { apt-get update -qq && apt-get install -y -qq graphviz >/dev/null; }

run: $(STAMP) system
	$(BIN)/python -m grundy.demo

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks

typecheck: $(STAMP)
	$(BIN)/mypy --strict src/grundy

pytest: $(STAMP) system
	$(BIN)/python -m pytest

check: lint typecheck

test: check pytest

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
