# Two commands do all the set-up on a fresh clone (see README.md):
#   make report builds .venv if needed, then runs the main job: the strategy report
#   make test   builds .venv if needed, then runs the test suite
PYTHON ?= python3
VENV   ?= .venv
BIN     = $(VENV)/bin
RUN_ARGS ?=

.PHONY: report run simulate test bench clean

$(BIN)/spadille: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,distributed]'
	@touch $@

# The main job, into results/report/: about 11 minutes on two cores with a cold numba cache (all local
# cores are used; measured on a fresh clone with `NUMBA_CACHE_DIR=$(mktemp -d) /usr/bin/time -v
# .venv/bin/spadille report quadrille --confirm-hands 4500`, today's default: 10 min 33 s on the evening
# of 2026-12-07; the machine's speed varies from hour to hour; see docs/speed.md).
report: $(BIN)/spadille
	@mkdir -p results
	$(BIN)/spadille report quadrille --out results/report $(RUN_ARGS)

run: report

# Every deal of a 2,000,000-deal heuristic run, for your own analyses.
simulate: $(BIN)/spadille
	@mkdir -p results
	$(BIN)/spadille simulate quadrille --deals 2000000 --out results/quadrille-heuristic.parquet $(RUN_ARGS)

# Tests compile the numba kernels into a throwaway cache, so a stale cache can never hide an edit.
# They run in one process a core (pytest-xdist, at most four: each holds its own compiled kernels),
# a test file to a process, so a file's shared fixtures are computed once. The environment carries
# every extra the tests use (the Dask cluster, OpenSpiel), and .ci/chromium installs Debian's
# chromium for the browser test, or stops before the run saying what to install.
test: $(BIN)/spadille $(VENV)/.openspiel
	@bash .ci/chromium
	NUMBA_CACHE_DIR=$$(mktemp -d) $(BIN)/python -m pytest -q -n auto --maxprocesses 4 --dist loadfile

# The OpenSpiel extra (docs/openspiel.md), which the tests of the OpenSpiel games need.
$(VENV)/.openspiel: $(BIN)/spadille
	$(BIN)/python -m pip install --quiet -e '.[openspiel]'
	@touch $@

bench: $(BIN)/spadille
	$(BIN)/spadille bench

# Also numba's files from before its cache moved out of the tree (kernel/common/numba_cache.py).
clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .hypothesis
	find kernel -name '*.nbi' -delete -o -name '*.nbc' -delete
