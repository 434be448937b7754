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

# First everything that is built (the generated code and its freshness check come with it).
pnpm exec turbo run build build:demo pack:contract --concurrency=2 "$@"

# Then the browser suite of the site, the longest task by far (six minutes, mostly spent waiting
# on pages rather than on the CPU), starts at once beside everything else. Turbo has no task
# priorities: in one run, the unit suites took the first minutes while the builds the browser
# suite waits on queued behind them. `--only`: what they depend on is built above, and a second
# turbo run restoring those outputs could rewrite files the first is reading.
# `--continue`: one failed suite does not cut the others short, so the run shows every failure.
pnpm exec turbo run test:e2e --filter=@devenv/web --only "$@" &
browser_suite=$!
status=0
pnpm exec turbo run lint lint:root typecheck test --concurrency=2 --only --continue "$@" ||
  status=$?
pnpm exec turbo run test:e2e --filter='!@devenv/web' --only "$@" || status=$?
wait "$browser_suite" || status=$?

node tools/scripts/test-summary.mjs
exit "$status"
