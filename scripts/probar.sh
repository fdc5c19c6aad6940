#!/usr/bin/env bash
# npm test: every check of the project, on a 2-core machine in well under 20 minutes.
#   1. lint, typecheck and the web build side by side (each is single-threaded);
#   2. the unit and API tests (vitest);
#   3. the browser journeys (scripts/e2e.sh; E2E_PARTES=2 splits them in two shards side by side on a bigger machine).
# Each part's lines are prefixed with its name; the run fails if any part fails. A failure in step 1 stops the run.
set -uo pipefail
cd "$(dirname "$0")/.."

# Runs "$@" with its output prefixed by [nombre]; answers the command's exit code.
con_prefijo() {
  local nombre=$1
  shift
  "$@" 2>&1 | sed -u "s/^/[$nombre] /"
  return "${PIPESTATUS[0]}"
}

# Waits for the given background jobs; answers 1 if any failed.
esperar() {
  local fallo=0
  for pid in "$@"; do wait "$pid" || fallo=1; done
  return $fallo
}

inicio=$SECONDS
con_prefijo lint npm run lint & lint=$!
con_prefijo tipos npm run typecheck & tipos=$!
con_prefijo build bash -c 'bash scripts/ensure-chromium.sh && npm run build' & build=$!
if ! esperar $lint $tipos $build; then
  echo "npm test: falló lint, typecheck o la compilación de la web ($((SECONDS - inicio)) s)"
  exit 1
fi
echo "npm test: lint, typecheck y compilación en $((SECONDS - inicio)) s"

fallo=0
inicio_unit=$SECONDS
npm run test:unit || fallo=1
echo "npm test: pruebas unitarias y de API en $((SECONDS - inicio_unit)) s"

inicio_e2e=$SECONDS
bash scripts/e2e.sh || fallo=1
echo "npm test: recorridos en el navegador en $((SECONDS - inicio_e2e)) s"

echo "npm test: $([ $fallo = 0 ] && echo 'todo pasó' || echo 'hubo fallas') en $((SECONDS - inicio)) s"
exit $fallo
