# Two commands on a fresh machine with only Python 3.11+: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test install lint ci-services clean

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[dev]"
	touch $@

install: $(VENV)/.installed

## Set up, migrate SQLite, create the demo users and match, and serve on http://$(HOST):$(PORT)/
run: install
	$(PY) manage.py migrate --noinput -v 0
	$(PY) manage.py demo
	@echo "Serving on http://$(HOST):$(PORT)/  (API docs: http://$(HOST):$(PORT)/api/docs/)"
	$(PY) manage.py runserver $(HOST):$(PORT)

## Set up and run the whole test suite, lint included
test: install
	$(PY) -m ruff check .
	$(PY) manage.py makemigrations --check --dry-run
	$(PY) -m pytest

lint: install
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .

clean:
	rm -rf $(VENV) var .pytest_cache .ruff_cache .hypothesis
