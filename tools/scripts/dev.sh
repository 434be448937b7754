#!/usr/bin/env bash
# README command 1: installs what is missing, then runs the site and the stub API in development.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/bootstrap.sh"

install_dependencies

STUB_PORT="${PORT:-4010}"
WEB_PORT="${WEB_DEV_PORT:-5173}"
cat <<MSG

  Site (development):  http://127.0.0.1:$WEB_PORT/
  Stub API:            http://127.0.0.1:$STUB_PORT/api/health

  Stop with Ctrl+C.

MSG
exec pnpm exec turbo run dev --filter=@devenv/web --filter=@devenv/stub-api
