#!/bin/sh
# pnpm's script shell during the test command (npm_config_script_shell, set by test.sh): runs a
# package script as pnpm would (`sh -c SCRIPT`), then adds its CPU time to $DEVENV_TASK_CPU_LOG,
# one line per turbo task, which the closing summary (tools/scripts/test-summary.mjs) ranks.
#
# Where this shell may make a cgroup (root, cgroup v1's cpuacct or v2), the script runs in one of
# its own and every process it started counts, the ones nobody waits for too (a browser's renderers,
# a test's worker killed at its end, a daemon). Elsewhere the figure is the shell's `times`: the
# processes it waited for, which misses those. The line says which. A script that a script runs
# through pnpm is part of its parent's figure, and is not logged again.
if [ -n "${DEVENV_TASK_CPU_INNER:-}" ] || [ -z "${DEVENV_TASK_CPU_LOG:-}" ]; then
  exec sh "$@"
fi
export DEVENV_TASK_CPU_INNER=1

# This process's own cgroup, and the file that holds its CPU time: v1's cpuacct, else v2.
home="" usage=""
for mount in /sys/fs/cgroup/cpuacct /sys/fs/cgroup/cpu,cpuacct; do
  if [ -f "$mount/cpuacct.usage" ]; then
    own="$(awk -F: '$2 ~ /(^|,)cpuacct(,|$)/ { print $3 }' /proc/self/cgroup)"
    home="$mount$own" usage="cpuacct.usage"
    break
  fi
done
if [ -z "$home" ] && [ -f /sys/fs/cgroup/cgroup.controllers ]; then
  home="/sys/fs/cgroup$(awk -F: '$1 == "0" { print $3 }' /proc/self/cgroup)" usage="cpu.stat"
fi
group="$home/devenv-task-$$"
if [ -n "$home" ] && mkdir "$group" 2>/dev/null && echo $$ >"$group/cgroup.procs" 2>/dev/null; then
  sh "$@"
  status=$?
  if [ "$usage" = "cpuacct.usage" ]; then
    seconds="$(awk '{ printf "%.2f", $1 / 1e9 }' "$group/$usage")"
  else
    seconds="$(awk '$1 == "usage_usec" { printf "%.2f", $2 / 1e6 }' "$group/$usage")"
  fi
  how="cgroup"
  echo $$ >"$home/cgroup.procs" 2>/dev/null
  # A daemon the script left keeps its group; the group goes when it does not.
  rmdir "$group" 2>/dev/null
else
  [ -n "$home" ] && rmdir "$group" 2>/dev/null
  sh "$@"
  status=$?
  # `times`: the shell's own user and system time, then its waited-for children's (e.g. 0m1.25s).
  # Written from this shell itself: in a $(…) subshell it would report the subshell's.
  times >"$DEVENV_TASK_CPU_LOG.$$"
  seconds="$(tail -n 1 "$DEVENV_TASK_CPU_LOG.$$" | awk '{
    split($1, u, /[ms]/); split($2, s, /[ms]/); printf "%.2f", u[1] * 60 + u[2] + s[1] * 60 + s[2] }')"
  rm -f "$DEVENV_TASK_CPU_LOG.$$"
  how="waited"
fi
printf '%s\t%s\t%s\n' "${npm_package_name:-?}#${npm_lifecycle_event:-?}" "$seconds" "$how" >>"$DEVENV_TASK_CPU_LOG"
exit "$status"
