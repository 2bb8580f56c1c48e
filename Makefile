# Two commands matter: `make run` and `make test`. Everything else here serves them.
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
HOST ?= 127.0.0.1
PORT ?= 8000
# Python keeps its compiled modules (__pycache__, which git ignores) and pytest its rewritten test
# and plugin modules even where the environment asks for none (PYTHONDONTWRITEBYTECODE): without
# them each of `make test`'s pytest processes compiles and rewrites some 400 modules again, 14 s of
# a core, and each server or worker process a test starts compiles the project anew.
unexport PYTHONDONTWRITEBYTECODE

.PHONY: run serve test install build lint format messages test-server test-clock test-frontend test-bundle test-e2e screenshots fuzz fuzz-money bench bench-draw bench-rush bench-request-cpu bench-statements-cpu bench-first-screen lighthouse clean

$(VENV)/.installed: requirements.txt
	@echo "==> Installing Python packages into $(VENV)"
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements.txt
	@touch $@

NODE_DIR = $(shell dirname "$$(dirname "$$(readlink -f "$$(command -v node)")")")
# The installed packages with install scripts of their own, by name, re2 aside (see below).
SCRIPTED_PACKAGES = node -e 'const lock = require("./package-lock.json").packages; \
	const names = Object.entries(lock).filter(([path, entry]) => entry.hasInstallScript && path) \
		.map(([path, entry]) => entry.name || path.split("node_modules/").pop()); \
	console.log([...new Set(names)].filter((name) => name !== "re2").join(" "))'

frontend/node_modules/.installed: frontend/package.json frontend/package-lock.json
	@echo "==> Installing browser packages into frontend/node_modules"
	# npm install, not npm ci: the registry here lacks some platform-only optional
	# packages, which npm ci counts as a lock mismatch; the lock file is still followed.
	# Every package's install script runs but re2's, whose compile was most of the install:
	# re2 is an optional dependency of superstatic (firebase-tools' Hosting emulator), which
	# uses JavaScript's own regular expressions without it, and the Auth emulator, the only
	# one started here, never loads it. So npm installs with no scripts, then runs the others'.
	# node-gyp, should one of them compile, reads Node's headers beside the node binary.
	cd frontend && npm install --no-audit --no-fund --ignore-scripts
	cd frontend && scripted="$$($(SCRIPTED_PACKAGES))" && if [ -n "$$scripted" ]; then \
		npm_config_nodedir="$(NODE_DIR)" npm rebuild $$scripted; fi
	@touch $@

install: $(VENV)/.installed frontend/node_modules/.installed

# The bundle is rebuilt when a file of the browser app changed since the last build.
BUNDLE_MANIFEST := static/dist/manifest.json
$(BUNDLE_MANIFEST): frontend/node_modules/.installed \
		$(wildcard $(shell git ls-files frontend ':!frontend/package-lock.json' 2>/dev/null))
	@echo "==> Building the browser bundle into static/dist (English) and static/dist/es (Spanish)"
	cd frontend && npm run build --silent
	@# webpack leaves an unchanged manifest as it was; its time says when the bundle was built.
	@touch $@

build: install $(BUNDLE_MANIFEST)

# The local services (Firebase Auth emulator, localstripe, the mail sink, and a Redis for the
# opening-morning waiting room when one answers or Debian's redis-server is installed) start
# first and stop with the server.
run: build
	scripts/with-services --redis $(MAKE) --no-print-directory serve

serve:
	@echo "==> Migrating the database"
	$(PY) manage.py migrate --noinput
	@echo "==> Seeding demo data"
	$(PY) manage.py seed_demo
	$(PY) manage.py seed_demo_care
	$(PY) manage.py seed_demo_prices
	$(PY) manage.py seed_demo_extras
	$(PY) manage.py seed_demo_lottery
	@echo "==> Pointing localstripe's webhooks at this server"
	$(PY) manage.py stripe_local_webhook --url http://localhost:$(PORT)/api/stripe/webhook
	@echo "==> Serving Camp at http://localhost:$(PORT), with a Celery worker and beat sending"
	@echo "    e-mail (read them in .run/mail/) and payments reconciled every minute beside it"
	export DJANGO_SETTINGS_MODULE=camp.settings.local; \
		$(PY) manage.py reconcile_payments --every 60 & reconcile=$$!; \
		$(VENV)/bin/celery -A camp worker --loglevel=INFO --concurrency=2 \
			> .run/celery-worker.log 2>&1 & worker=$$!; \
		$(VENV)/bin/celery -A camp beat --loglevel=INFO \
			--schedule .run/celery-beat-schedule > .run/celery-beat.log 2>&1 & beat=$$!; \
		trap 'kill $$reconcile $$worker $$beat 2>/dev/null' EXIT; \
		$(PY) manage.py runserver $(HOST):$(PORT)

# The server's strings gathered into the Spanish catalogue (every one then needs its Spanish), and
# the catalogue compiled (core/tests/test_translations.py holds both). Needs Debian's gettext.
messages: install
	env -u DATABASE_URL $(PY) manage.py makemessages -l es --ignore=.venv --ignore=frontend \
		--ignore=node_modules --no-obsolete
	env -u DATABASE_URL $(PY) manage.py compilemessages -l es --ignore=.venv

lint: install
	@echo "==> ruff (lint and format)"
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	@echo "==> eslint and prettier"
	cd frontend && npx eslint . && npx prettier --check .
	@echo "==> every message of the browser app has its Spanish"
	cd frontend && node --test scripts/messages.test.js
	@echo "==> migrations match the models"
	env -u DATABASE_URL $(PY) manage.py makemigrations --check --dry-run

format: install
	$(VENV)/bin/ruff check --fix .
	$(VENV)/bin/ruff format .
	cd frontend && npx prettier --write . && npx eslint --fix .

# The tests' own local services take ports of their own, so `make test` beside `make run` never
# touches the development server's accounts, payments or mail. Each check that starts services
# has its own set (its emulator's hub and log ports follow its emulator's), so the checks run side
# by side. Set these to point them elsewhere.
TEST_EMULATOR_PORT ?= 9199
TEST_LOCALSTRIPE_PORT ?= 8421
TEST_MAIL_PORT ?= 1026
TEST_PG_EMULATOR_PORT ?= 9299
TEST_PG_LOCALSTRIPE_PORT ?= 8521
TEST_PG_MAIL_PORT ?= 1126
TEST_E2E_EMULATOR_PORT ?= 9399
TEST_E2E_LOCALSTRIPE_PORT ?= 8621
TEST_E2E_MAIL_PORT ?= 1226
TEST_CLOCK_EMULATOR_PORT ?= 9190
TEST_CLOCK_LOCALSTRIPE_PORT ?= 8410
TEST_CLOCK_MAIL_PORT ?= 1030
# services EMULATOR_PORT LOCALSTRIPE_PORT MAIL_PORT MAIL_DIR: scripts/with-services on those.
services = FIREBASE_AUTH_EMULATOR_PORT=$(1) LOCALSTRIPE_PORT=$(2) MAIL_SINK_PORT=$(3) \
	MAIL_SINK_DIR=$(4) scripts/with-services
TEST_SERVICES := $(call services,$(TEST_EMULATOR_PORT),$(TEST_LOCALSTRIPE_PORT),$(TEST_MAIL_PORT),.run/test-mail)

# Every check is a job of its own, and `make test` runs them side by side, as many at once as the
# machine has cores (TEST_JOBS), the longest first so that none is left running alone at the end.
# Each job's report is printed whole when it ends (make's --output-sync), and every job runs even
# when another has failed.
TEST_JOBS ?= $(shell nproc 2>/dev/null || echo 2)
CHECK_FLAGS = --no-print-directory -j$(TEST_JOBS) --output-sync=target --keep-going

# The server suite runs on the embedded SQLite database, and on PostgreSQL too when DATABASE_URL
# names one (CI points it at the local server). The SQLite pass then leaves the PostgreSQL-only
# tests to the PostgreSQL pass (testing/services.py); in CI every other test that finds a service
# missing fails.
SERVER_PASSES := test-server-sqlite $(if $(DATABASE_URL),test-server-postgresql)

# The server suite on SQLite again, with the clock moved (testing/clock.py) to moments a suite
# written today might not expect: during a summer; 02:30 on the school's spring-forward night, a
# time its clock skips, which reads as 03:30 (a day of 23 hours, "an hour ago" a time that never
# was); 23:15 at the school on a month's last day, when UTC is already on the next day and month
# (a pass longer than 45 minutes crosses the school's midnight too); a leap day; a year's last day.
# A day alone is 9:00 at the school; a time is written without its colon (T0230), which make cannot
# take in a target's name. The local services run on the same moved clock (libfaketime, from
# Debian's faketime); each day's take the base ports plus its place in the list, 0 to 4: clear of
# the other checks' ports and of their emulators' hub and log ports (+1000, +2000). The tests
# marked clockless check the project's own settings and scripts in processes of their own and
# read no date of the product's: the main passes run them.
# In `make test` each day runs a share of the suite (CAMP_TEST_CLOCK_SHARD, testing/clock.py), a
# test's share fixed by a hash of its node id: every test meets one moved day in every run, for a
# fifth of the time of five whole passes. The trade: a test that fails on one of these days only
# is caught only when that day is the one its hash gives it, always the same one. `make test-clock`
# runs every day on the whole suite (TEST_CLOCK_SHARES=0): run it for a change to dates or seasons.
# camp/tests/test_hard_days.py travels to the hard moments itself, so every pass holds them.
TEST_CLOCK_DAYS ?= 2027-03-14T0230 2027-06-08 2027-06-30T2315 2028-02-29 2030-12-31
TEST_CLOCK_SHARES ?= 1
CLOCK_PASSES := $(addprefix test-clock-,$(TEST_CLOCK_DAYS))
.PHONY: test-server-sqlite test-server-sqlite-clockless test-server-postgresql faketime $(CLOCK_PASSES)

# What the checks share is made first: make starts a check whose prerequisites are still being
# made only when its turn in the list comes round again, which would leave Playwright for last.
# Longest first: jest (three minutes or more) before the moved-clock shares (two at most each),
# so the short checks, not jest, are what is left at the end.
# With PostgreSQL, `make test` runs the server suite twice, not three times: whole on PostgreSQL
# at the real clock, and on SQLite in the moved-clock shares (each test on its day), where the
# clockless tests, which those shares leave out, run at the real clock
# (test-server-sqlite-clockless). Each test meets both databases, today and a moved day, for two
# thirds of the work of a whole SQLite pass besides. Without PostgreSQL the whole SQLite pass runs.
SQLITE_PASS_IN_TEST := $(if $(DATABASE_URL),test-server-sqlite-clockless,test-server-sqlite)

test:
	@$(MAKE) $(CHECK_FLAGS) install build frontend/openapi.json
	@$(MAKE) $(CHECK_FLAGS) $(filter test-server-postgresql,$(SERVER_PASSES)) test-e2e \
		$(SQLITE_PASS_IN_TEST) test-frontend $(CLOCK_PASSES) lint test-bundle
	@echo "==> Every check passed"

test-server:
	@$(MAKE) $(CHECK_FLAGS) $(SERVER_PASSES)

test-clock:
	@$(MAKE) $(CHECK_FLAGS) TEST_CLOCK_SHARES=0 $(CLOCK_PASSES)

test-server-sqlite: install
	@echo "==> pytest: server suite on SQLite"
	env -u DATABASE_URL CAMP_POSTGRESQL_PASS=$(if $(DATABASE_URL),1,0) $(TEST_SERVICES) \
		$(PY) -m pytest

test-server-sqlite-clockless: install
	@echo "==> pytest: the clockless tests on SQLite (every other test runs on a moved clock's share)"
	env -u DATABASE_URL CAMP_POSTGRESQL_PASS=$(if $(DATABASE_URL),1,0) $(TEST_SERVICES) \
		$(PY) -m pytest -m clockless

test-server-postgresql: install
	@test -n "$${DATABASE_URL:-}" || { echo "!! The PostgreSQL pass needs DATABASE_URL"; exit 1; }
	@echo "==> pytest: server suite on PostgreSQL"
	env $(call services,$(TEST_PG_EMULATOR_PORT),$(TEST_PG_LOCALSTRIPE_PORT),$(TEST_PG_MAIL_PORT),.run/test-pg-mail) \
		$(PY) -m pytest -p no:cacheprovider

faketime:
	@command -v faketime >/dev/null || { echo "==> Installing faketime"; $$([ "$$(id -u)" = 0 ] || echo sudo) sh -c 'apt-get update -qq && apt-get install -y -qq faketime'; }

$(CLOCK_PASSES): test-clock-%: install faketime
	@echo "==> pytest: server suite on SQLite, the clock moved to $*"
	@n=0; for day in $(TEST_CLOCK_DAYS); do [ "$$day" = "$*" ] && break; n=$$((n + 1)); done; \
	env -u DATABASE_URL CAMP_TEST_CLOCK=$* CAMP_POSTGRESQL_PASS=$(if $(DATABASE_URL),1,0) \
		CAMP_TEST_CLOCK_SHARD=$(if $(filter 1,$(TEST_CLOCK_SHARES)),$$((n + 1))/$(words $(TEST_CLOCK_DAYS))) \
		$(call services,$$(($(TEST_CLOCK_EMULATOR_PORT) + n)),$$(($(TEST_CLOCK_LOCALSTRIPE_PORT) + n)),$$(($(TEST_CLOCK_MAIL_PORT) + n)),.run/test-clock-mail-$*) \
		$(PY) -m pytest -q -p no:cacheprovider -m "not clockless"

# The API's schema, as the site serves it at /api/schema, for the browser tests' check of an answer
# against it (frontend/src/testing/contract.js).
frontend/openapi.json: $(VENV)/.installed $(shell git ls-files '*.py')
	@echo "==> OpenAPI schema into $@"
	env -u DATABASE_URL $(PY) manage.py spectacular --format openapi-json --file $@

test-frontend: install frontend/openapi.json
	@echo "==> jest: browser app"
	cd frontend && npx jest --ci

# The built bundle: what each route downloads (gzip), and the public first load's budget.
# Also the heading typeface: self-hosted, Latin only, swapped in.
test-bundle: build
	@echo "==> Bundle size: first load per route, and its budget"
	cd frontend && node scripts/bundle-report.js && node --test scripts/bundle-budget.test.js scripts/heading-typeface.test.js
	@echo "==> The same budget for the Spanish build"
	cd frontend && CAMP_BUNDLE_LANGUAGE=es node --test scripts/bundle-budget.test.js

test-e2e: build
	@echo "==> Playwright: end-to-end in Chromium"
	env CAMP_TEST_DATABASE_SUFFIX=e2e \
		$(call services,$(TEST_E2E_EMULATOR_PORT),$(TEST_E2E_LOCALSTRIPE_PORT),$(TEST_E2E_MAIL_PORT),.run/test-e2e-mail) \
		$(PY) -m pytest -p no:cacheprovider e2e

# The contract fuzzing of the server suite, longer: 200 examples per operation and role.
fuzz: install
	@echo "==> schemathesis: 200 examples per API operation and role"
	env FUZZ_EXAMPLES=200 $(TEST_SERVICES) $(PY) -m pytest camp/tests/test_contract_fuzzing.py

# The money's stateful property test, longer: 500 random runs of the families' and the school's
# actions, 20 steps each, every cent checked after each step (`make test` runs 15 fixed runs).
fuzz-money: install
	@echo "==> hypothesis: 500 random runs of the money's actions"
	env CAMP_MONEY_EXAMPLES=500 $(TEST_SERVICES) $(PY) -m pytest -p no:cacheprovider \
		payments/tests/test_money_proven.py

# Not part of `make test`: a full-page picture of every route of e2e/routes.py, light and dark, at
# a phone's width (390 px) and a laptop's (1280 px), written into screenshots/ for people to see.
screenshots: build
	@echo "==> Screenshots of every page into screenshots/"
	env $(TEST_SERVICES) $(PY) -m pytest e2e/screenshots.py -q

# Not part of `make test`: seeds PostgreSQL (BENCH_DATABASE_URL, default the local server's
# camp_bench), loads the API through gunicorn with wrk against each endpoint's floor, times the
# admins' season report on a school of its own (bench/reports.py, camp_bench_reports), adds the
# bundle report and Lighthouse's scores, and rewrites docs/performance.md (after a build alone,
# `.venv/bin/python bench/run.py --bundle-only` writes the bundle's section again, and
# `.venv/bin/python bench/reports.py` the season report's).
bench: build
	@command -v wrk >/dev/null || { echo "==> Installing wrk"; $$([ "$$(id -u)" = 0 ] || echo sudo) sh -c 'apt-get update -qq && apt-get install -y -qq wrk'; }
	@command -v chromium >/dev/null || { echo "==> Installing Chromium"; $$([ "$$(id -u)" = 0 ] || echo sudo) sh -c 'apt-get update -qq && apt-get install -y -qq chromium fonts-liberation'; }
	$(PY) bench/run.py

# Not part of `make test`: the registration-morning rush. 1,000 and 5,000 families through the
# opening's line for 40 classes of 12 seats, through gunicorn, PostgreSQL (RUSH_DATABASE_URL,
# default camp_rush), Redis, a Celery worker and localstripe; checks the end state and the
# opening morning's targets and rewrites the rush's section of docs/performance.md (`make bench`
# keeps it); then the same morning for 8 day camps sold by the week (40 weeks of 12 seats, two
# weeks in a row a child), into a section of its own. `make bench-rush SERVERS=2`: both mornings
# against two app servers (each a gunicorn the shape of the single one, with a Celery worker
# beside it) behind nginx, which it needs installed (`apt-get install nginx`), into sections of
# their own (bench/balancer.py).
SERVERS ?= 1
bench-rush: install
	$(PY) bench/rush.py --servers $(SERVERS)
	$(PY) bench/rush.py --morning weeks --servers $(SERVERS)

# Not part of `make test`: a lottery season's draw for 5,000 families, alone and stored on a
# PostgreSQL database of its own (camp_bench_draw): bench/draw.py, its figures in
# docs/performance.md ("A lottery's draw").
bench-draw: install
	$(PY) bench/draw.py --store

# Not part of `make test`: our own CPU per request of the morning's writes (select, hold, pay,
# join a waitlist) through Django's whole stack in one process, with a profile of each, on a
# PostgreSQL database of its own (camp_request_cpu) and localstripe: bench/request_cpu.py.
bench-request-cpu: install
	$(PY) bench/request_cpu.py

# Not part of `make test`: what each statement kept as SQL or compiled once saves against the
# ORM building its read at each call, on a PostgreSQL database of its own
# (camp_statements_cpu): bench/statements_cpu.py.
bench-statements-cpu: install
	$(PY) bench/statements_cpu.py

# Not part of `make test`: what drawing each public page's first screen on the server costs, the
# page view with and without it on the seeded demo school: bench/first_screen.py, into its section
# of docs/performance.md.
bench-first-screen: build
	$(PY) bench/first_screen.py

# Not part of `make test`: Lighthouse on the public pages and /login of the seeded demo school,
# served by gunicorn with production settings; bench/lighthouse.py writes its section of
# docs/performance.md.
lighthouse: build
	@command -v chromium >/dev/null || { echo "==> Installing Chromium"; $$([ "$$(id -u)" = 0 ] || echo sudo) sh -c 'apt-get update -qq && apt-get install -y -qq chromium fonts-liberation'; }
	$(PY) bench/lighthouse.py

clean:
	rm -rf static/dist build staticfiles .pytest_cache .run db.sqlite3
