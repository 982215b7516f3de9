# Nordic 21: the two commands a newcomer needs are `make play` and `make test`.
#
# Python tools live in a project virtual environment (.venv), made from whatever
# Python 3.11+ is on the machine: Debian's and Homebrew's refuse `pip install`
# outside one (PEP 668). PYTHON picks the interpreter the venv is made from.
PYTHON ?= python3
PORT ?= 8000
SITE := _site
VENV := .venv
PY := $(VENV)/bin/python

.PHONY: play site serve test deps deps-node deps-python deps-browser lint unit e2e e2e-rtc soak bench bench-memory bench-rtc clicks clean

## make play: build the site and serve it on http://127.0.0.1:$(PORT)
play: deps-node site serve

serve:
	@echo "Nordic 21 is served at http://127.0.0.1:$(PORT)/  (Ctrl+C to stop)"
	@$(PYTHON) -m http.server $(PORT) --bind 127.0.0.1 --directory $(SITE)

## make site: build _site/ (needs the runtime from `npm ci`)
site:
	@$(PYTHON) scripts/build_site.py --out $(SITE)

## make test: install what the tests need, then lint, unit tests and browser tests
test: deps lint unit e2e

deps: deps-python deps-node deps-browser

deps-python: $(VENV)/.installed

# The venv is (re)made when the pins change; a Python without the venv module
# (Debian without python3-venv) gets it from apt when we are root, else a clear message.
$(VENV)/.installed: requirements-dev.txt
	@$(PYTHON) scripts/ensure_venv.py $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	@touch $@

deps-node:
	@if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then npm ci --no-audit --no-fund; fi

deps-browser: deps-python
	@$(PY) scripts/ensure_browser.py

lint: deps-python
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	$(PY) -m mypy

unit: deps-python
	$(PY) -m pytest tests pygame_core -n auto -q

# Chromium runs the whole e2e suite; the cross-engine suite (e2e/cross/) runs the paths
# that matter in WebKit and Firefox and ends with a line per engine (paths passed, or
# why the engine was skipped); the WebRTC suite (e2e/rtc/) joins browsers to each other
# inside a network namespace of its own (see e2e-rtc).
e2e: deps-python site
	$(PY) -m pytest e2e -q --ignore=e2e/cross --ignore=e2e/rtc
	$(PY) -m pytest e2e/cross -q
	$(E2E_RTC)

## make e2e-rtc: the WebRTC tests (Chromium and Firefox joined by data channels), inside
## a network namespace the run makes (needs root, unshare and ip; else every test skips
## with the reason). pytest's exit status passes through: 5 (no tests) fails.
E2E_RTC = $(PY) -m e2e.rtc.netns -- $(PY) -m pytest e2e/rtc -q
e2e-rtc: deps-python site
	$(E2E_RTC)

## make bench-rtc: how long a phone takes to join a table and a move on it to come back
## (bench/rtc.py, inside the WebRTC tests' network namespace)
bench-rtc: deps site
	$(PY) -m e2e.rtc.netns -- $(PY) bench/rtc.py

## make soak: the long statistical runs (many playouts per game and preset)
soak: deps-python
	NORDIC21_PLAYOUTS=$${NORDIC21_PLAYOUTS:-20000} $(PY) -m pytest tests/test_contract.py tests/test_twentyone_contract.py -n auto -q -rA

bench: deps site
	$(PY) bench/bench.py
	$(PY) bench/engines.py

## make bench-memory: the tab's memory after a match of each game, over five matches in
## one tab, and at the device snapshot's peak (bench/results/memory.json)
bench-memory: deps site
	$(PY) bench/memory.py

## make clicks: what one click costs (counts in CPython, redraws in Chromium), written
## to bench/results/clicks-$(LABEL).json (`make clicks LABEL=after`)
LABEL ?= latest
clicks: deps site
	$(PY) bench/clicks.py --label $(LABEL)

clean:
	rm -rf $(SITE) .pytest_cache .mypy_cache .ruff_cache test-results
