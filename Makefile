# Nordic 21: the two commands a newcomer needs are `make play` and `make test`.
PYTHON ?= python3
PORT ?= 8000
SITE := _site

.PHONY: play site serve test deps deps-node deps-python deps-browser lint unit e2e bench clean

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

deps-python:
	$(PYTHON) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt

deps-node:
	@if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then npm ci --no-audit --no-fund; fi

deps-browser:
	@$(PYTHON) scripts/ensure_browser.py

lint:
	$(PYTHON) -m ruff check .
	$(PYTHON) -m ruff format --check .
	$(PYTHON) -m mypy

unit:
	$(PYTHON) -m pytest tests -n auto -q

e2e: site
	$(PYTHON) -m pytest e2e -q

bench: deps site
	$(PYTHON) bench/bench.py

clean:
	rm -rf $(SITE) .pytest_cache .mypy_cache .ruff_cache test-results
