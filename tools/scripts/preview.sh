#!/usr/bin/env bash
# `pnpm preview`: builds what is needed, then serves the production site with nginx on
# 127.0.0.1:${WEB_PORT:-4173} with the stub API on ${PORT:-4010} behind /api, until interrupted.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/bootstrap.sh"

install_dependencies
ensure_nginx
ensure_nginx_brotli

STUB_PORT="${PORT:-4010}"
WEB_PORT="${WEB_PORT:-4173}"
# No admin panel runs here: the Dashboard's single sign-on lands on the stub's own receiver, as in
# development (a build variable, so this build is cached apart from the one the tests serve).
VITE_ADMIN_PANEL_URL="${VITE_ADMIN_PANEL_URL:-http://127.0.0.1:$STUB_PORT/__dev/sso}" \
  pnpm exec turbo run build --filter=@devenv/web --filter=@devenv/stub-api --output-logs=errors-only

# nginx connects from 127.0.0.1: the stub believes its X-Forwarded-For (one rate-limit bucket per
# visitor). Its mails link to this site, not to the development server.
PORT="$STUB_PORT" TRUST_PROXY="${TRUST_PROXY:-127.0.0.1}" SITE_URL="${SITE_URL:-http://127.0.0.1:$WEB_PORT}" \
  node apps/stub-api/dist/cli.js &
STUB_PID=$!
trap 'kill "$STUB_PID" 2>/dev/null || true' EXIT INT TERM

cat <<MSG

  Site (production build, nginx):  http://127.0.0.1:$WEB_PORT/
  Stub API:                        http://127.0.0.1:$STUB_PORT/api/health
  Mailbox:                         http://127.0.0.1:$STUB_PORT/__dev/mailbox.html

  Stop with Ctrl+C.

MSG
WEB_PORT="$WEB_PORT" API_UPSTREAM="http://127.0.0.1:$STUB_PORT" node apps/web/scripts/serve.mjs
