#!/usr/bin/env bash
# Starts Tablero for the browser journeys on its own port and a fresh embedded database with the demo data,
# so journeys never depend on (or disturb) a developer's ./data. That database is thrown away after the run, so it
# runs without fsync. One data folder per port: npm test runs two of these servers at once (scripts/probar.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
export TABLERO_DATA_DIR="${TABLERO_DATA_DIR:-data/e2e-${E2E_PORT:-3100}}"
rm -rf "$TABLERO_DATA_DIR"
export PORT="${E2E_PORT:-3100}" EMBEDDED_PG_PORT="${E2E_PG_PORT:-54339}" INGRESO_MAX_POR_IP=1000 EMBEDDED_PG_DESECHABLE=1
exec node_modules/.bin/tsx apps/server/src/main.ts
