#!/usr/bin/env bash
# Counts the repeated code of the product (docs/architecture.md §2): the pairs `duplicates` reports over apps/ and
# packages/, tests, journeys, benchmarks and data left out, so that the figure speaks of the code a reader maintains.
# Prints the tool's summary line and the count of pairs not marked boilerplate; `--filas` also prints those rows.
# Usage: bash scripts/contar-duplicados.sh [--filas]
set -euo pipefail
cd "$(dirname "$0")/.."
copia=$(mktemp -d)
trap 'rm -rf "$copia"' EXIT
git ls-files apps packages \
  | grep -Ev '(\.test\.|\.spec\.|/tests?/|/__tests__/|/bench|/e2e/|\.json$|\.md$)' \
  | while read -r archivo; do
      mkdir -p "$copia/$(dirname "$archivo")"
      cp "$archivo" "$copia/$archivo"
    done
informe=$(cd "$copia" && duplicates --most 200 --seconds 300)
# The summary line is read apart: `echo "$informe" | head -1` under pipefail fails when head closes the pipe first.
resumen=${informe%%$'\n'*}
echo "$resumen"
# From the summary line: all pairs less those marked boilerplate (the rows stop at 200, the summary does not).
pares=$(grep -oE '^[0-9]+' <<<"$resumen")
boilerplate=$(grep -oE '[0-9]+ of those marked boilerplate' <<<"$resumen" | grep -oE '^[0-9]+' || echo 0)
echo "pares sin marca de boilerplate: $((pares - boilerplate))"
if [ "${1:-}" = "--filas" ]; then echo "$informe" | grep -E '^D[0-9]+ ' | grep -v 'boilerplate'; fi
