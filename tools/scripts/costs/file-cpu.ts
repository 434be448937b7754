// A setup file of every Vitest project (vitest.preset.ts): measures the CPU time one test file
// costs, from before its imports to its last hook, and hands it to the costs reporter in the
// file's task meta. Child processes the file waited for count too (Linux: /proc/self/stat), since
// many files run the CLI or a server as a process of its own.
import { readFileSync } from 'node:fs'
import { afterAll } from 'vitest'

declare module 'vitest' {
  interface TaskMeta {
    /** CPU milliseconds the file used, itself and the child processes it waited for. */
    cpuMs?: number
  }
}

/** Linux's clock ticks per second for /proc times (USER_HZ, 100 on every kernel we run on). */
const TICKS_PER_SECOND = 100

function waitedChildrenMs(): number {
  try {
    // Fields after the command's closing parenthesis: cutime and cstime are the 14th and 15th.
    const stat = readFileSync('/proc/self/stat', 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return ((Number(fields[13]) + Number(fields[14])) * 1000) / TICKS_PER_SECOND
  } catch {
    return 0
  }
}

function cpuMs(): number {
  const own = process.cpuUsage()
  return (own.user + own.system) / 1000 + waitedChildrenMs()
}

const start = cpuMs()

// Vitest reads a hook's fixtures from its first argument's pattern: an empty one asks for none.
// biome-ignore lint/correctness/noEmptyPattern: see above
afterAll(({}, suite) => {
  suite.file.meta.cpuMs = Math.round(cpuMs() - start)
})
