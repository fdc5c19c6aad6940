#!/usr/bin/env bash
# Playwright drives Debian's headless Chromium (never a downloaded browser, ARCHITECTURE §7): install it when missing,
# with the fonts the screens and their screenshots use.
set -euo pipefail
if [ -x /usr/bin/chromium-headless-shell ]; then exit 0; fi
echo "Instalando Chromium (sin pantalla) de Debian para las pruebas de navegador…"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium-headless-shell fonts-liberation2 >/dev/null
/usr/bin/chromium-headless-shell --version
