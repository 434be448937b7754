#!/usr/bin/env bash
# README command 2: installs what is missing, then runs every check of the pipeline
# (lint, types, generated-code freshness, build, unit, contract and browser tests).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/bootstrap.sh"

install_dependencies
ensure_chromium
ensure_nginx
ensure_nginx_brotli

say "Running the whole test suite"
# Reports are rewritten by every run (or restored from turbo's cache): none may be left over.
find apps packages openapi tools -path '*/node_modules' -prune -o -type d -name reports -print0 |
  xargs -0 rm -rf
# `--continue`: one failed suite does not cut the others short, so the run shows every failure.
pnpm exec turbo run lint lint:root typecheck build test test:e2e --concurrency=2 --continue "$@"
node tools/scripts/test-summary.mjs
