#!/usr/bin/env bash
# README command 2: installs what is missing, then runs every check of the pipeline
# (lint, types, generated-code freshness, build, unit, contract and browser tests).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/bootstrap.sh"

install_dependencies
ensure_chromium
ensure_nginx
ensure_nginx_brotli

# A turborepo-remote-cache server on loopback for this run, storing in $1; it ends with this shell
# (its stdin is a pipe from here: tools/scripts/exit-with-parent.mjs). Sets TURBO_API, TURBO_TOKEN
# and TURBO_TEAM as a team's CI would.
start_remote_cache() {
  local store="$1" log="$1.log" url=""
  mkdir -p "$store"
  TURBO_TOKEN="$(node -p 'crypto.randomUUID()')"
  coproc REMOTE_CACHE {
    HOST=127.0.0.1 PORT=0 STORAGE_PATH="$store" STORAGE_PATH_USE_TMP_FOLDER=false \
      TURBO_TOKEN="$TURBO_TOKEN" LOG_LEVEL=info \
      exec node --import "$ROOT/tools/scripts/exit-with-parent.mjs" \
      "$ROOT/node_modules/turborepo-remote-cache/dist/cli.js" >"$log" 2>&1
  }
  # A bound against a hang only: the server listens within a second.
  for _ in $(seq 1 600); do
    url="$(grep -o 'Server listening at http://127\.0\.0\.1:[0-9]*' "$log" | head -n 1 | cut -d' ' -f4)" || true
    [ -n "$url" ] && break
    if ! kill -0 "$REMOTE_CACHE_PID" 2>/dev/null; then
      echo "The remote cache server did not start:" >&2
      cat "$log" >&2
      exit 1
    fi
    sleep 0.1
  done
  if [ -z "$url" ]; then
    echo "The remote cache server did not listen within 60 s (its log: $log)." >&2
    exit 1
  fi
  export TURBO_API="$url" TURBO_TOKEN TURBO_TEAM=devenv
  say "Remote cache: $url (turborepo-remote-cache, stored in .turbo/remote-cache)"
}

say "Running the whole test suite"
# Reports are rewritten by every run (or restored from turbo's cache): none may be left over.
find apps packages openapi tools -path '*/node_modules' -prune -o -type d -name reports -print0 |
  xargs -0 rm -rf
rm -rf reports
mkdir -p reports
# Each task's CPU time, for the closing summary: pnpm runs every package script through this shell.
export npm_config_script_shell="$ROOT/tools/scripts/costs/task-cpu.sh"
export DEVENV_TASK_CPU_LOG="$ROOT/reports/task-cpu.tsv"
TASKS=(lint lint:root contract:gate typecheck build test test:e2e test:e2e:dev)
# The contract gate's base: the merge base with main (a pull request's fork point; on main itself,
# HEAD, so the working tree's contract is compared with the last commit's). Exported so that
# turbo's cache key holds it.
if [ -z "${CONTRACT_BASE:-}" ]; then
  CONTRACT_BASE="$(git merge-base HEAD main 2>/dev/null || git merge-base HEAD origin/main 2>/dev/null || true)"
fi
export CONTRACT_BASE
CACHE_ARGS=()
CLONE=""
# The shared turbo cache: unless TURBO_API names a team's cache server already (README, "CI at
# scale"), the run stores every task's result in a turborepo-remote-cache server of its own on
# loopback, kept in .turbo/remote-cache. A second clean copy of the tree then proves it: every task
# comes from the cache, and a change to the domain re-runs only what depends on it.
if [ -z "${TURBO_API:-}" ] && [ "$#" -eq 0 ]; then
  start_remote_cache "$ROOT/.turbo/remote-cache"
  # The run's summary (.turbo/runs) holds each task's hash and input files: when a task misses the
  # cache in the copy, verify names what differed. Only this run's is kept.
  rm -rf "$ROOT/.turbo/runs"
  CACHE_ARGS=(--cache=remote:rw --summarize)
  CLONE="$(mktemp -d)"
  trap 'rm -rf "$CLONE"' EXIT
  node tools/scripts/remote-cache.mjs prepare "$CLONE"
fi
# `--continue`: one failed suite does not cut the others short, so the run shows every failure,
# and the summary below is printed whatever turbo's verdict.
turbo_status=0
pnpm exec turbo run "${TASKS[@]}" --concurrency=2 --continue "${CACHE_ARGS[@]}" "$@" || turbo_status=$?
# The CPU groups of tasks that left a process behind (costs/task-cpu.sh), now that it has gone.
find /sys/fs/cgroup -maxdepth 6 -type d -name 'devenv-task-*' -exec rmdir {} + 2>/dev/null || true
# The round trip's verdict is also a JUnit report (reports/remote-cache.xml) in the summary; it
# needs a pipeline whose every task passed (a failed task is never cached).
cache_status=0
if [ -n "$CLONE" ] && [ "$turbo_status" -eq 0 ]; then
  node tools/scripts/remote-cache.mjs verify "$CLONE" -- "${TASKS[@]}" || cache_status=$?
fi
summary_status=0
node tools/scripts/test-summary.mjs || summary_status=$?
exit $((turbo_status || summary_status || cache_status))
