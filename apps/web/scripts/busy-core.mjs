// One core kept busy, as a phone doing something else: a child process that spins.
import { spawn } from 'node:child_process'

// The spinner checks now and then that the bench is still there, and ends when it is not: a
// bench killed without its cleanup does not leave a core busy behind it.
const SPIN = `
const bench = ${process.pid}
for (let turn = 1; ; turn += 1) {
  if (turn % 50000000 === 0) {
    try { process.kill(bench, 0) } catch { process.exit(0) }
  }
}`

/** Starts spinning at once; `stop()` ends it. */
export function keepOneCoreBusy() {
  const spinner = spawn(process.execPath, ['-e', SPIN], { stdio: 'ignore' })
  const stop = () => {
    if (spinner.exitCode === null && spinner.signalCode === null) spinner.kill('SIGKILL')
  }
  process.once('exit', stop)
  return {
    stop() {
      process.off('exit', stop)
      stop()
    },
  }
}
