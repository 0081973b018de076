# meeplab: `make run` and `make test` bootstrap .venv themselves (Python 3.11+ needed).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test bench clean

# (Re)install the package and its dependencies when pyproject.toml changes.
$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -e .
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/meeplab play cuba --players 4 --strategies random,random,random,random --seed 7 --check

test: $(STAMP)
	$(BIN)/python -m pytest -q

bench: $(STAMP)
	$(BIN)/meeplab bench cuba --strategies random --games 200000

# Build artefacts and Python caches; keeps .venv and the numba cache (see README).
clean:
	rm -rf build *.egg-info .pytest_cache
	find . -path ./$(VENV) -prune -o -name __pycache__ -type d -prune -exec rm -rf {} +
