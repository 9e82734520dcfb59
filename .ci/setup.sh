#!/usr/bin/env bash
# Installs everything Forecourt needs on a fresh machine of this kind (Debian, root, rustup's
# toolchain, Node 20 + npm 11, package registries only). Idempotent: a second run is quick.
#
#   bash .ci/setup.sh            # toolchains, Debian packages, npm packages
#   FORECOURT_SETUP_BROWSER=0 bash .ci/setup.sh   # skip Chromium (not needed to run the platform)
#
# - Debian: chromium (end-to-end tests drive it through playwright-core; Playwright's own browser
#   download is never used), rustc-web/cargo-web/rust-web-src/lld-22 (plugins; plugins/build.sh
#   installs them too when missing); libxml2-utils (xmllint: the lead tests validate ADF/XML
#   against the ADF 1.0 DTD); nginx, openssl and wrk (the TLS reverse proxy of the proxied
#   end-to-end run and the HTTP benchmark's reference server, .ci/bench-http.sh).
# - cargo-nextest when missing (the test runner).
# - npm ci for the ui-shell and ui-plugins workspace.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

log() { printf '==> setup: %s\n' "$*" >&2; }

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null 2>&1; then sudo "$@"; else
    echo "setup: need root for: $*" >&2; return 1; fi
}

deb_installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q '^install ok installed$'; }

apt_install() {
  local missing=() p
  for p in "$@"; do deb_installed "$p" || missing+=("$p"); done
  [ "${#missing[@]}" -eq 0 ] && return 0
  log "apt-get install ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  as_root apt-get install -y --no-install-recommends "${missing[@]}" >/dev/null 2>&1 \
    || { as_root apt-get update -qq && as_root apt-get install -y --no-install-recommends "${missing[@]}" >/dev/null; }
}

pkgs=(rustc-web cargo-web rust-web-src libxml2-utils nginx openssl wrk)
if [ "${FORECOURT_SETUP_BROWSER:-1}" != 0 ]; then pkgs+=(chromium fonts-dejavu-core); fi
apt_install "${pkgs[@]}"

command -v cargo >/dev/null || { echo "setup: cargo (rustup) is required" >&2; exit 1; }
if ! cargo nextest --version >/dev/null 2>&1; then
  log "cargo install cargo-nextest"
  cargo install --locked cargo-nextest
fi

export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 PUPPETEER_SKIP_DOWNLOAD=1
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  log "npm ci"
  npm ci --no-audit --no-fund --loglevel=error
fi
log "done"
