#!/usr/bin/env bash
# The browser journeys (Playwright). With E2E_PARTES=N (N > 1) they are split in N shards run side by side, each
# against its own server (e2e/servidor.sh) on its own HTTP and PostgreSQL ports and data folder: for a machine with
# cores to spare. On two cores two shards overload it (servers, databases and browsers at once) and journeys time
# out, so the default is one plain run. Extra arguments go to Playwright (e.g. a spec file). Expects the web already
# built (npm run build).
set -uo pipefail
cd "$(dirname "$0")/.."
PARTES=${E2E_PARTES:-1}
if [ "$PARTES" -le 1 ]; then exec node_modules/.bin/playwright test -c e2e/playwright.config.ts "$@"; fi

pids=()
for parte in $(seq 1 "$PARTES"); do
  (
    export E2E_PORT=$((3100 + parte)) E2E_PG_PORT=$((54339 + parte)) TABLERO_DATA_DIR="data/e2e-$parte"
    node_modules/.bin/playwright test -c e2e/playwright.config.ts --shard="$parte/$PARTES" "$@" 2>&1 | sed -u "s/^/[e2e $parte\/$PARTES] /"
    exit "${PIPESTATUS[0]}"
  ) &
  pids+=($!)
done
fallo=0
for pid in "${pids[@]}"; do wait "$pid" || fallo=1; done
exit $fallo
