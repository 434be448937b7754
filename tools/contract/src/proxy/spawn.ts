import { type ChildProcess, spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const PACKAGE_DIR = fileURLToPath(new URL('../..', import.meta.url))
const COMMAND = new URL('./command.ts', import.meta.url).href

/**
 * `devenv-contract proxy ARGS` in a process of its own, from source: for the tests that send it
 * real signals and for the bench, which must not share its event loop. Its output is piped.
 */
export function spawnProxy(args: readonly string[]): ChildProcess {
  return spawn(
    process.execPath,
    [
      '--conditions=@devenv/source',
      '--import',
      'tsx',
      '--input-type=module',
      '--eval',
      `import { proxyCommand } from ${JSON.stringify(COMMAND)}; process.exit(await proxyCommand(process.argv.slice(1)))`,
      '--',
      ...args,
    ],
    { cwd: PACKAGE_DIR, stdio: ['ignore', 'pipe', 'inherit'] },
  )
}
