# Two commands on a fresh machine with only Python 3.11+: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run serve test install catalogues lint clean

$(VENV)/.installed: pyproject.toml
	@echo "==> Creating the virtual environment in $(VENV)"
	$(PYTHON) -m venv $(VENV)
	@echo "==> Installing Dispatch Rider and its dependencies (about a minute on a fresh machine)"
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --progress-bar off -e ".[dev]"
	@echo "==> Installed"
	@touch $@

install: $(VENV)/.installed

# The gettext catalogues (ARCHITECTURE §2.4): the .po files are kept in git, each compiled to the .mo beside
# it (with Babel, so no GNU gettext is needed) whenever it changes.
PO := $(shell find config games accounts notifications locale -name '*.po' 2>/dev/null)
%.mo: %.po $(VENV)/.installed
	@$(VENV)/bin/pybabel compile --statistics -i $< -o $@ 2>&1 | grep -v '^compiling'

catalogues: $(PO:.po=.mo)

## Set up, migrate SQLite, create the demo users and match, and serve on http://$(HOST):$(PORT)/
## (`make run PORT=8080 HOST=0.0.0.0`). A Celery worker with beat runs beside the server on kombu's
## filesystem broker (no server needed); its log is var/celery.log. Mail is written, one readable .txt
## (and the full .eml) per message, to var/mail/; the links in it point at SITE_URL, this address.
run: export CELERY_BROKER_URL ?= filesystem://
run: export SITE_URL ?= http://$(HOST):$(PORT)
run: export EMAIL_BACKEND ?= notifications.dev_mail.ReadableFileBackend
run: install catalogues
	@echo "==> Migrating the database"
	$(PY) manage.py migrate --noinput -v 0
	$(PY) manage.py vapid_keys
	@echo "==> Creating the demo users and match"
	$(PY) manage.py demo
	@echo "Serving on $(SITE_URL)/  (API docs: $(SITE_URL)/api/docs/; admin: $(SITE_URL)/admin/; mail: var/mail/)"
	@rm -f var/celerybeat-schedule*  # beat's own bookkeeping; a killed run can leave it unreadable
	@$(PY) -m celery -A config worker --beat --pool=solo -l info -s var/celerybeat-schedule >var/celery.log 2>&1 & \
	worker=$$!; trap 'kill $$worker' EXIT INT TERM; \
	$(PY) manage.py runserver $(HOST):$(PORT)

## The production processes in the foreground, against the services named in the environment (or .env;
## deploy/dispatch-rider.env.example): gunicorn (WEB_CONCURRENCY workers), a Celery worker
## (CELERY_CONCURRENCY processes) and the one beat. Ctrl-C stops all three; if one dies the others stop.
serve: SHELL := /bin/bash
serve: install catalogues
	@$(PY) -m celery -A config beat --loglevel=INFO & beat=$$!; \
	$(PY) -m celery -A config worker --loglevel=INFO --concurrency=$${CELERY_CONCURRENCY:-2} & worker=$$!; \
	$(PY) -m gunicorn -c config/gunicorn.conf.py & web=$$!; \
	trap 'kill $$web $$worker $$beat 2>/dev/null; wait' EXIT INT TERM; \
	wait -n

## Set up and run the whole test suite, lint included
test: install catalogues
	$(PY) -m ruff check .
	$(VENV)/bin/lint-imports
	$(PY) manage.py makemigrations --check --dry-run
	$(PY) -m pytest -n auto

lint: install
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .

clean:
	rm -rf $(VENV) var .pytest_cache .ruff_cache .hypothesis
