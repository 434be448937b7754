#!/usr/bin/env bash
# README command 1: installs what is missing, then runs the site in development with a stub API:
#   npm run dev                      the site (Vite) and the stub API server (Fastify), two processes
#   npm run dev -- --stub=browser    the site alone, the stub inside the browser (MSW): no API port
# dev.mjs starts the parts, prints the addresses once they answer and stops them together.
set -euo pipefail

for argument in "$@"; do
  case "$argument" in
    --stub=server | --stub=browser) ;;
    *)
      echo "dev: unknown option '$argument' (use --stub=server or --stub=browser)" >&2
      exit 2
      ;;
  esac
done

source "$(dirname "${BASH_SOURCE[0]}")/bootstrap.sh"

install_dependencies

exec node tools/scripts/dev.mjs "$@"
