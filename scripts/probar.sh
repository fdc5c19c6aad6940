#!/usr/bin/env bash
# npm test: every check of the project, on a 2-core machine in under 15 minutes (README, ARCHITECTURE §7).
#   1. lint, typecheck and the web build side by side;
#   2. the unit and API tests (vitest, several files at a time);
#   3. the browser journeys (scripts/e2e.sh): two Playwright workers on one server, and beside them the journeys that
#      must be alone on theirs, one at a time on a second server.
# Each part's lines are prefixed with its name; the run fails if any part fails. A failure in step 1 stops the run.
# The clock: each part's seconds, the ten slowest test files and the ten slowest journeys (scripts/reloj.mjs), and a
# summary at the end, followed by the name and first error line of every test that failed (a CI log is read from its
# end).
set -uo pipefail
cd "$(dirname "$0")/.."
INFORMES=test-results/reloj
rm -rf "$INFORMES"
mkdir -p "$INFORMES"

# Runs "$@" with its output prefixed by [nombre] and its seconds written to $INFORMES/nombre.s; answers its exit code.
con_prefijo() {
  local nombre=$1 inicio=$SECONDS
  shift
  "$@" 2>&1 | sed -u "s/^/[$nombre] /"
  local codigo=${PIPESTATUS[0]}
  echo $((SECONDS - inicio)) >"$INFORMES/$nombre.s"
  echo "[$nombre] terminó en $((SECONDS - inicio)) s (código $codigo)"
  return "$codigo"
}

# Waits for the given background jobs; answers 1 if any failed.
esperar() {
  local fallo=0
  for pid in "$@"; do wait "$pid" || fallo=1; done
  return $fallo
}

segundos() { cat "$INFORMES/$1.s" 2>/dev/null || echo '?'; }

resumen() {
  echo "npm test: resumen del reloj"
  echo "  lint, tipos y compilación  $t_estatico s (lint $(segundos lint) s, tipos $(segundos tipos) s, compilación $(segundos build) s)"
  [ -n "${t_unit:-}" ] && echo "  unitarias y de API         $t_unit s"
  [ -n "${t_e2e:-}" ] && echo "  recorridos                 $t_e2e s"
  echo "  total                      $((SECONDS - inicio)) s"
}

inicio=$SECONDS
con_prefijo lint npm run lint & lint=$!
con_prefijo tipos npm run typecheck & tipos=$!
# The system packages the tests use (Chromium; xmllint and xmlsec1 for the DIAN documents), one apt-get at a time.
con_prefijo build bash -c 'bash scripts/ensure-chromium.sh && bash scripts/ensure-xmllint.sh && npm run build' & build=$!
esperar $lint $tipos $build
fallo_estatico=$?
t_estatico=$((SECONDS - inicio))
if [ $fallo_estatico != 0 ]; then
  echo "npm test: falló lint, typecheck o la compilación de la web ($t_estatico s)"
  resumen
  exit 1
fi
echo "npm test: lint, typecheck y compilación en $t_estatico s"

fallo=0
inicio_unit=$SECONDS
npx vitest run --reporter=default --reporter=json --outputFile.json="$INFORMES/vitest.json" || fallo=1
t_unit=$((SECONDS - inicio_unit))
echo "npm test: pruebas unitarias y de API en $t_unit s"
node scripts/reloj.mjs vitest "$INFORMES/vitest.json"

# The journeys' two projects (e2e/playwright.config.ts) at once, each on a server and database of its own
# (e2e/servidor.sh, on the next ports for 'serie'): a 'serie' journey must be alone on its server, not on the machine,
# and with one browser at a time it leaves most of a core idle, which 'paralelo' fills (docs/architecture.md §7).
# The screenshots are emptied once here, not by each run's global setup, so both runs' evidence stays.
inicio_e2e=$SECONDS
rm -rf e2e/screenshots
export E2E_CAPTURAS_VACIADAS=1
puerto_serie=$((${E2E_PORT:-3100} + 1))
puerto_pg_serie=$((${E2E_PG_PORT:-54339} + 1))
PLAYWRIGHT_JSON_OUTPUT_FILE="$PWD/$INFORMES/playwright-serie.json" E2E_PORT=$puerto_serie E2E_PG_PORT=$puerto_pg_serie \
  con_prefijo serie bash scripts/e2e.sh --project serie --no-deps --reporter=list,json & serie=$!
PLAYWRIGHT_JSON_OUTPUT_FILE="$PWD/$INFORMES/playwright.json" bash scripts/e2e.sh --project paralelo --reporter=list,json || fallo=1
wait $serie || fallo=1
t_e2e=$((SECONDS - inicio_e2e))
echo "npm test: recorridos en el navegador en $t_e2e s (serie $(segundos serie) s)"
node scripts/reloj.mjs playwright "$INFORMES/playwright.json" "$INFORMES/playwright-serie.json"

resumen
node scripts/reloj.mjs fallas "$INFORMES/vitest.json" "$INFORMES/playwright.json" "$INFORMES/playwright-serie.json"
echo "npm test: $([ $fallo = 0 ] && echo 'todo pasó' || echo 'hubo fallas') en $((SECONDS - inicio)) s"
exit $fallo
