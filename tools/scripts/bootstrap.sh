#!/usr/bin/env bash
# Sourced by dev.sh and test.sh: brings a machine that has only Node and npm to a working workspace.
# Idempotent and quiet when everything is already there.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"
export TURBO_TELEMETRY_DISABLED=1
export NEXT_TELEMETRY_DISABLED=1

PNPM_VERSION="$(node -p "require('./package.json').packageManager.split('@')[1]")"

say() { printf '\033[1m==> %s\033[0m\n' "$*"; }

require_node() {
  local version
  version="$(node -p 'process.versions.node')"
  if ! node -e '
    const [maj, min] = process.versions.node.split(".").map(Number)
    process.exit(maj > 20 || (maj === 20 && min >= 19) ? 0 : 1)'; then
    echo "Node $version is too old: this project needs Node >= 20.19." >&2
    exit 1
  fi
}

ensure_pnpm() {
  if command -v pnpm >/dev/null 2>&1 && [ "$(pnpm --version 2>/dev/null)" = "$PNPM_VERSION" ]; then
    return
  fi
  if [ -x "$ROOT/.pnpm-bootstrap/node_modules/.bin/pnpm" ]; then
    export PATH="$ROOT/.pnpm-bootstrap/node_modules/.bin:$PATH"
    return
  fi
  say "Installing pnpm $PNPM_VERSION"
  # A global install needs write access to npm's prefix; fall back to a project-local copy.
  if ! npm install --global --silent "pnpm@$PNPM_VERSION" >/dev/null 2>&1 ||
    [ "$(pnpm --version 2>/dev/null)" != "$PNPM_VERSION" ]; then
    npm install --silent --no-save --prefix "$ROOT/.pnpm-bootstrap" "pnpm@$PNPM_VERSION" >/dev/null
    export PATH="$ROOT/.pnpm-bootstrap/node_modules/.bin:$PATH"
  fi
}

install_dependencies() {
  say "Installing dependencies"
  pnpm install --frozen-lockfile --prefer-offline --reporter=silent
}

# Debian's Chromium drives the browser tests (Playwright cannot download its own browser here).
ensure_chromium() {
  if [ -x "${CHROME_PATH:-/usr/bin/chromium}" ]; then
    export CHROME_PATH="${CHROME_PATH:-/usr/bin/chromium}"
    return
  fi
  ensure_apt_package chromium "Chromium (browser tests)"
  export CHROME_PATH=/usr/bin/chromium
}

# nginx serves the production build in the browser tests and in `pnpm preview`.
ensure_nginx() {
  if command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ]; then
    return
  fi
  ensure_apt_package nginx "nginx (production server for the browser tests)"
}

# Brotli for nginx (Debian's libnginx-mod-http-brotli-static): serves the build's precompressed
# .br copies. Optional: without it (no root, no apt) nginx serves the .gz copies instead.
ensure_nginx_brotli() {
  if [ -f /usr/lib/nginx/modules/ngx_http_brotli_static_module.so ]; then
    return
  fi
  if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    echo "Note: nginx will serve gzip only (for brotli: apt-get install -y libnginx-mod-http-brotli-static)." >&2
    return
  fi
  if ! ensure_apt_package libnginx-mod-http-brotli-static "nginx's brotli module"; then
    echo "Note: the brotli module did not install; nginx will serve gzip only." >&2
  fi
}

APT_UPDATED=0
ensure_apt_package() {
  local package="$1" purpose="$2"
  if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    cat >&2 <<MSG
$purpose is missing and cannot be installed automatically (needs root on Debian/Ubuntu).
Install it yourself, then run this command again:
    sudo apt-get update && sudo apt-get install -y $package
MSG
    exit 1
  fi
  say "Installing $package from Debian's packages"
  if [ "$APT_UPDATED" -eq 0 ]; then
    DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null
    APT_UPDATED=1
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$package" >/dev/null
}

require_node
ensure_pnpm
