import { readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'

// What both browser suites' configs share about time and CPU (decisions: "Bounds end hangs; they
// do not measure speed").

/**
 * A test's bound. One browser flow takes 2 to 10 s on an idle machine and up to 26 s with the
 * whole test command confined to one CPU's worth of time: the bound only ends a hang.
 */
export const TEST_BOUND_MS = 300_000
/** An expectation's bound: what it waits for shows within a second on an idle machine. */
export const EXPECT_BOUND_MS = 30_000

/** The CPUs this process may use: the cores, or fewer where a cgroup's quota caps its time. */
export function cpuBudget(): number {
  const cores = availableParallelism()
  const quota = cgroupCpuQuota()
  return quota === undefined ? cores : Math.max(1, Math.min(cores, Math.floor(quota)))
}

/** cgroup v1's cfs quota over its period, or v2's cpu.max, of this process's own group. */
function cgroupCpuQuota(): number | undefined {
  try {
    const groups = readFileSync('/proc/self/cgroup', 'utf8').split('\n')
    // v1 (or hybrid, whose "0::" line names a v2 tree without the cpu controller): a cpu line.
    const v1 = groups.find((line) => /^\d+:[^:]*\bcpu\b[^:]*:/.test(line))
    if (v1 !== undefined) {
      const dir = `/sys/fs/cgroup/cpu${v1.slice(v1.lastIndexOf(':') + 1)}`
      const quota = Number(read(`${dir}/cpu.cfs_quota_us`))
      return quota > 0 ? quota / Number(read(`${dir}/cpu.cfs_period_us`)) : undefined
    }
    const v2 = groups.find((line) => line.startsWith('0::'))
    if (v2 === undefined) return undefined
    const [max, period] = read(`/sys/fs/cgroup${v2.slice(3)}/cpu.max`).split(' ')
    return max === 'max' ? undefined : Number(max) / Number(period)
  } catch {
    // No cgroup files (another OS, a container that hides them): the cores are the budget.
    return undefined
  }
}

const read = (path: string) => readFileSync(path, 'utf8').trim()
