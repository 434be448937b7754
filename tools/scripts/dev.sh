#!/usr/bin/env bash
# README command 1: installs what is missing, then runs the site in development with a stub API:
#   npm run dev                      the site (Vite) and the stub API server (Fastify), two processes
#   npm run dev -- --stub=browser    the site alone, the stub inside the browser (MSW): no API port
set -euo pipefail

STUB=server
for argument in "$@"; do
  case "$argument" in
    --stub=server | --stub=browser) STUB="${argument#--stub=}" ;;
    *)
      echo "dev: unknown option '$argument' (use --stub=server or --stub=browser)" >&2
      exit 2
      ;;
  esac
done

source "$(dirname "${BASH_SOURCE[0]}")/bootstrap.sh"

install_dependencies

WEB_PORT="${WEB_DEV_PORT:-5173}"
if [ "$STUB" = browser ]; then
  cat <<MSG

  Site (development, stub in the browser):  http://127.0.0.1:$WEB_PORT/
  No API server: the browser's service worker answers /api (its log is in the browser console).
  Seeded accounts and the mailbox: the Demo panel at the bottom of every page.

  Stop with Ctrl+C.

MSG
  exec pnpm --filter @devenv/web run dev:browser-stub
fi

STUB_PORT="${PORT:-4010}"
cat <<MSG

  Site (development):  http://127.0.0.1:$WEB_PORT/
  Stub API:            http://127.0.0.1:$STUB_PORT/api/health

  Stop with Ctrl+C.

MSG
# The dev task is never cached, so it gets the whole environment (loose mode) rather than a list
# in turbo.json that repeats the stub's settings (apps/stub-api/src/config.ts names each one).
exec pnpm exec turbo run dev --env-mode=loose --filter=@devenv/web --filter=@devenv/stub-api
