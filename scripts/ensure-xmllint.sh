#!/usr/bin/env bash
# The DIAN document tests check Tablero's XML with tools the project did not write (docs/decisions-factura-electronica.md,
# "Validación independiente"): xmllint (Debian's libxml2-utils) validates against UBL 2.1 and DIAN's schemas, xmlsec1
# verifies the XAdES signatures. Install them when missing, like scripts/ensure-chromium.sh does for the browser.
set -euo pipefail
if command -v xmllint >/dev/null && command -v xmlsec1 >/dev/null; then exit 0; fi
echo "Instalando xmllint y xmlsec1 de Debian para las pruebas de los documentos DIAN…"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq libxml2-utils xmlsec1 >/dev/null
xmllint --version 2>&1 | head -1
xmlsec1 --version
