import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, vi } from 'vitest'
import { FUZZ_COMMAND } from './command-specs'
import { runCommandLine } from './main'
import { readCommand } from './options'
import { UsageError } from './usage'

// What the tests of the command line's options and of its configuration file share: a folder of
// each test's own as the one the command is typed in, and the command line run in process. Each
// test file writes its configuration files itself: only a test may write a file but through the
// toolkit's output layer.

/** The running test's folder, once `inConfigFolder` has set it. */
export let folder = ''

/**
 * Gives each test of the calling file a folder of its own as the one the command is typed in
 * (INIT_CWD): where the configuration file is looked for. CONTRACT_TEST_PASSWORD is unset in it.
 */
export function inConfigFolder(): void {
  let saved: { initCwd: string | undefined; password: string | undefined }
  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'contract-config-'))
    saved = { initCwd: process.env.INIT_CWD, password: process.env.CONTRACT_TEST_PASSWORD }
    process.env.INIT_CWD = folder
    delete process.env.CONTRACT_TEST_PASSWORD
  })
  afterEach(async () => {
    if (saved.initCwd === undefined) delete process.env.INIT_CWD
    else process.env.INIT_CWD = saved.initCwd
    if (saved.password === undefined) delete process.env.CONTRACT_TEST_PASSWORD
    else process.env.CONTRACT_TEST_PASSWORD = saved.password
    await rm(folder, { recursive: true, force: true })
  })
}

/** `${NAME}` as the file holds it. */
export const variable = (name: string) => `\${${name}}`

/** fuzz's options read, their problems thrown at once; `text` is a text option's value. */
export function parse(argv: string[]) {
  const command = readCommand(argv, FUZZ_COMMAND, ['fuzz.stateful', 'fuzz.properties'])
  command.done()
  return { ...command, text: (name: 'base-url') => command.values[name] }
}

/** The one-line reason a parse gives up with. */
export function usageErrorOf(run: () => unknown): string {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError)
    return (error as Error).message
  }
  throw new Error('expected a usage error')
}

/** The command line in process: its exit code and each line it printed on stderr. */
export async function usageLines(argv: string[]): Promise<{ code: number; lines: string[] }> {
  const lines: string[] = []
  const error = vi.spyOn(console, 'error').mockImplementation((...parts) => {
    lines.push(parts.join(' '))
  })
  const log = vi.spyOn(console, 'log').mockImplementation(() => undefined)
  try {
    return { code: await runCommandLine(argv), lines }
  } finally {
    error.mockRestore()
    log.mockRestore()
  }
}
