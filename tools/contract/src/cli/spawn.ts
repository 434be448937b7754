import { type ChildProcess, spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const PACKAGE_DIR = fileURLToPath(new URL('../..', import.meta.url))
const CLI = fileURLToPath(new URL('./bin.ts', import.meta.url))

/**
 * `devenv-contract proxy ARGS` in a process of its own, from source, through the CLI's own
 * dispatcher: for the tests that send it real signals and for the bench, which must not share
 * its event loop. Its standard output is piped.
 */
export function spawnProxy(args: readonly string[]): ChildProcess {
  return spawn(
    process.execPath,
    ['--conditions=@devenv/source', '--import', 'tsx', CLI, 'proxy', ...args],
    { cwd: PACKAGE_DIR, stdio: ['ignore', 'pipe', 'inherit'] },
  )
}
