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
# The browser suites are the longest part (about 6 min) and wait only for the builds: the builds
# first, then the browser suites beside everything else, which runs one task at a time so that
# two cores are never asked for more than before (two tasks at a time, one of them the browser
# suite). Started after lint, type checks and unit tests, the browser suite began 3 min late.
# `--continue`: one failed suite does not cut the others short, so the run shows every failure.
status=0
pnpm exec turbo run build build:demo --concurrency=2 --continue "$@" || status=1
if [ "$status" -eq 0 ]; then
  pnpm exec turbo run test:e2e --continue "$@" &
  browser_suites=$!
fi
pnpm exec turbo run lint lint:root typecheck test --concurrency=1 --continue "$@" || status=1
if [ -n "${browser_suites:-}" ]; then wait "$browser_suites" || status=1; fi
node tools/scripts/test-summary.mjs
exit "$status"
