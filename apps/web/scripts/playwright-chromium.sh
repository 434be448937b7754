#!/bin/sh
# The browser the Playwright suites launch (e2e/chromium.ts): execs the Chromium named by
# --devenv-chromium=PATH with every --disable-features switch joined into one. Chromium keeps only
# the last of a repeated switch, so the suites' own list would re-enable all that Playwright's
# list disables (its network calls on start, PaintHolding, ...).
browser=""
disabled=""
for arg; do
  shift
  case "$arg" in
    --devenv-chromium=*) browser="${arg#--devenv-chromium=}" ;;
    --disable-features=*) disabled="${disabled:+$disabled,}${arg#--disable-features=}" ;;
    *) set -- "$@" "$arg" ;;
  esac
done
if [ -z "$browser" ]; then
  echo "playwright-chromium.sh: no --devenv-chromium=PATH names the browser to run" >&2
  exit 2
fi
if [ -n "$disabled" ]; then
  set -- "$@" "--disable-features=$disabled"
fi
exec "$browser" "$@"
