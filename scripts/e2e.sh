#!/usr/bin/env bash
# The browser journeys (Playwright): two workers on one server (e2e/servidor.sh) and one database, the journeys that
# cannot share it alone after the rest (e2e/playwright.config.ts, ARCHITECTURE §7). On a machine with cores to spare,
# --workers=N runs more at once. Extra arguments go to Playwright (e.g. a spec file). Expects the web already built
# (npm run build).
set -uo pipefail
cd "$(dirname "$0")/.."
exec node_modules/.bin/playwright test -c e2e/playwright.config.ts "$@"
