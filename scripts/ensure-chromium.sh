#!/usr/bin/env bash
# Playwright drives Debian's Chromium (never a downloaded browser, ARCHITECTURE §7): install it when missing.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
echo "Instalando Chromium de Debian para las pruebas de navegador…"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium fonts-liberation2 >/dev/null
/usr/bin/chromium --version
