# meeplab: `make run` and `make test` bootstrap .venv themselves (Python 3.11+ needed).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test golden bench docs clean docs-commands findings

# (Re)install the package and its dependencies when pyproject.toml changes.
$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -e .
	touch $(STAMP)

# The default tournament: configs/tournaments/cuba-round-robin.toml, RUN_GAMES games per
# matchup, into runs/cuba-round-robin (started afresh each time), then its report
# (runs/cuba-round-robin/report/index.html); prints where both are.
TOURNAMENT := configs/tournaments/cuba-round-robin.toml
RUN_DIR := runs/cuba-round-robin
RUN_GAMES ?= 2000

run: $(STAMP)
	rm -rf $(RUN_DIR)
	$(BIN)/meeplab tournament $(TOURNAMENT) --games $(RUN_GAMES) --out $(RUN_DIR)
	$(BIN)/meeplab report $(RUN_DIR)

# On every core (pytest-xdist); a game's compiled tests share a worker (tests/conftest.py).
test: $(STAMP)
	$(BIN)/python -m pytest -q -n auto --dist loadgroup

# Every ```sh/```bash block of README.md and docs/ run as printed, at smoke scale
# (MEEPLAB_SMOKE=1; tests/docs_commands.py); not part of `make test`.
docs-commands: $(STAMP)
	$(BIN)/python -m pytest -q -m docs_commands -n auto tests/test_docs_commands.py

# Every findings study (configs/findings/*.toml) at FINDINGS_SCALE of its full game counts,
# runs into runs/findings/, pages into docs/findings/ (its index states the full-scale cost).
FINDINGS_SCALE ?= 1
findings: $(STAMP)
	$(BIN)/meeplab findings --scale $(FINDINGS_SCALE)

# Regenerate the golden playthroughs (tests/golden/): only when a change alters games on
# purpose; its commit says why.
golden: $(STAMP)
	$(BIN)/python -m tests.golden.playthroughs

# The benchmark page docs/performance.md: every game's engine on one core (ns per decision,
# random games/s, search iterations/s, compile times) on this machine. BENCH_SCALE scales the
# game counts (BENCH_SCALE=0.05 for a quick look); the page says which scale made it.
BENCH_SCALE ?= 1
bench: $(STAMP)
	$(BIN)/python -m sim.bench.page --scale $(BENCH_SCALE)

# The docs site: the generated reference pages, then a strict build into site/ (open
# site/index.html). Installs the docs extras (mkdocs, mkdocs-material) into .venv.
DOCS_STAMP := $(VENV)/.docs-installed
$(DOCS_STAMP): $(STAMP)
	$(BIN)/python -m pip install -e '.[docs]'
	touch $(DOCS_STAMP)

docs: $(DOCS_STAMP)
	$(BIN)/python -m sim.cli.docs_reference
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --site-dir site

# Build artefacts and Python caches; keeps .venv and the numba cache (see README).
clean:
	rm -rf build site *.egg-info .pytest_cache
	find . -path ./$(VENV) -prune -o -name __pycache__ -type d -prune -exec rm -rf {} +
