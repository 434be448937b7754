import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { FUZZ_COMMAND } from './command-specs'
import { runCommandLine } from './main'
import { urlOption } from './option-values'
import { readCommand, usageOf } from './options'
import {
  folder,
  inConfigFolder,
  parse,
  usageErrorOf,
  usageLines,
  variable,
} from './options-test-support'
import { UsageError } from './usage'

// The command line's options read by their specs: every problem at once, in the order given.

inConfigFolder()

/** A configuration file in the test's folder: an object as JSON, a text as it is. */
const writeConfig = (name: string, content: unknown) =>
  writeFile(
    join(folder, name),
    typeof content === 'string' ? content : JSON.stringify(content, null, 2),
  )

describe('a number option', () => {
  it('--timeout takes whole milliseconds: 1.5 is bad input, not an unreachable target', async () => {
    const outcome = await usageLines([
      'check',
      '--base-url',
      'http://127.0.0.1:9',
      '--timeout',
      '1.5',
    ])
    expect(outcome.code).toBe(2)
    expect(outcome.lines.join('\n')).toMatch(/--timeout must be a whole number, got "1\.5"/)
  })
})

describe('every problem at once', () => {
  it('names every bad key of the file and the missing --base-url, a line each, in the file’s order', async () => {
    await writeConfig('devenv-contract.config.json', {
      timout: 5000,
      check: { wait: [1], 'max-wait': -3 },
      quiet: 1,
    })
    expect(await usageLines(['check'])).toEqual({
      code: 2,
      lines: [
        'devenv-contract: check: devenv-contract.config.json: timout is not an option shared by every subcommand (check\'s own options go under "check") (see devenv-contract check --help)',
        'devenv-contract: check: devenv-contract.config.json: check.wait must be a string or a number',
        'devenv-contract: check: devenv-contract.config.json: check.max-wait must be a number from 0 to 3600, got "-3"',
        'devenv-contract: check: devenv-contract.config.json: quiet must be true or false',
        'devenv-contract: check: --base-url is required',
      ],
    })
  })

  it('names every bad flag in the order given, a missing --base-url last', async () => {
    const SHARD =
      '--shard must be i/n, the i-th of n shards with 1 <= i <= n <= 1000 (like 2/3), got "9/2"'
    const REQUESTS = '--requests must be a number from 1 to 10000000, got "abc"'
    expect(await usageLines(['fuzz', '--requests', 'abc', '--shard', '9/2'])).toEqual({
      code: 2,
      lines: [
        `devenv-contract: fuzz: ${REQUESTS} (see devenv-contract fuzz --help)`,
        `devenv-contract: fuzz: ${SHARD}`,
        'devenv-contract: fuzz: --base-url is required',
      ],
    })
    expect((await usageLines(['fuzz', '--shard', '9/2', '--requests', 'abc'])).lines).toEqual([
      `devenv-contract: fuzz: ${SHARD} (see devenv-contract fuzz --help)`,
      `devenv-contract: fuzz: ${REQUESTS}`,
      'devenv-contract: fuzz: --base-url is required',
    ])
    // check takes no --requests: an unknown flag, its value no argument of its own.
    expect((await usageLines(['check', '--requests', 'abc', '--shard', '9/2'])).lines).toEqual([
      "devenv-contract: check: Unknown option '--requests' (see devenv-contract check --help)",
      `devenv-contract: check: ${SHARD}`,
      'devenv-contract: check: --base-url is required',
    ])
  })

  it('puts the file’s problems where --config stands among the flags', async () => {
    await writeConfig('ci.json', { fuzz: { seed: 'x', nonsense: 1 } })
    const { lines } = await usageLines([
      'fuzz',
      '--requests',
      '0',
      '--config',
      'ci.json',
      '--max-time',
      'soon',
      '--stub',
    ])
    expect(lines).toEqual([
      'devenv-contract: fuzz: --requests must be a number from 1 to 10000000, got "0" (see devenv-contract fuzz --help)',
      'devenv-contract: fuzz: --config ci.json: fuzz.seed must be a number from 0 to 4294967295, got "x"',
      'devenv-contract: fuzz: --config ci.json: fuzz.nonsense is not an option of fuzz',
      'devenv-contract: fuzz: --max-time must be a number from 1 to 604800, got "soon"',
    ])
  })

  it('says each problem once', async () => {
    const { lines } = await usageLines([
      'check',
      '--base-url',
      'http://127.0.0.1:9',
      '--colour',
      '--colour',
      '--only',
      'x, x',
    ])
    expect(lines).toEqual([
      "devenv-contract: check: Unknown option '--colour' (see devenv-contract check --help)",
      expect.stringMatching(/^devenv-contract: check: --only names no operation or flow: x, x /),
    ])
  })

  it('says nothing missing of an option whose value was refused or mistyped', async () => {
    expect((await usageLines(['check', '--base-ur', 'http://127.0.0.1:9'])).lines).toEqual([
      "devenv-contract: check: Unknown option '--base-ur'; did you mean --base-url? (see devenv-contract check --help)",
    ])
    expect((await usageLines(['proxy', '--upstream'])).lines).toEqual([
      "devenv-contract: proxy: Option '--upstream <value>' argument missing (see devenv-contract proxy --help)",
    ])
    await writeConfig('devenv-contract.config.json', {
      check: { 'base-url': `${variable('CONTRACT_UNSET_ONE')}:${variable('CONTRACT_UNSET_TWO')}` },
    })
    expect((await usageLines(['check', '--wait', '3601'])).lines).toEqual([
      'devenv-contract: check: --wait must be a number from 0 to 3600, got "3601" (see devenv-contract check --help)',
      'devenv-contract: check: devenv-contract.config.json: check.base-url needs the environment variable CONTRACT_UNSET_ONE, which is not set',
      'devenv-contract: check: devenv-contract.config.json: check.base-url needs the environment variable CONTRACT_UNSET_TWO, which is not set',
    ])
    // A file that does not parse: whatever it set is unknown.
    await writeConfig('devenv-contract.config.json', '{ "check": ')
    expect((await usageLines(['check'])).lines).toEqual([
      expect.stringMatching(
        /^devenv-contract: check: devenv-contract\.config\.json is not valid JSON: .* \(see devenv-contract check --help\)$/,
      ),
    ])
  })

  it('names each check that does not exist, and each shard folder missing', async () => {
    const { lines } = await usageLines(['fuzz', '--stub', '--checks', 'nope,ignored_auth,nada'])
    expect(lines.map((line) => /no check is called "(\w+)"/.exec(line)?.[1])).toEqual([
      'nope',
      'nada',
    ])
    expect((await usageLines(['merge', 'one', '--min-coverage', '101', 'two'])).lines).toEqual([
      'devenv-contract: merge: one: no such file or folder (see devenv-contract merge --help)',
      'devenv-contract: merge: --min-coverage must be a number from 0 to 100, got "101"',
      'devenv-contract: merge: two: no such file or folder',
    ])
  })

  it('is still not the file’s business for --help', async () => {
    await writeConfig('devenv-contract.config.json', { nonsense: true, check: { wait: [] } })
    expect(await usageLines(['check', '--help'])).toEqual({ code: 0, lines: [] })
    // A bad flag with --help is still a problem, and the file is still not read for it.
    expect((await usageLines(['check', '--help', '--colour'])).lines).toEqual([
      "devenv-contract: check: Unknown option '--colour' (see devenv-contract check --help)",
    ])
  })

  it('prints the same prefix for every subcommand, run through the dispatcher or not', async () => {
    for (const subcommand of ['check', 'fuzz', 'proxy', 'merge']) {
      const { code, lines } = await usageLines([subcommand, '--colour'])
      expect(code).toBe(2)
      expect(lines[0]).toBe(
        `devenv-contract: ${subcommand}: Unknown option '--colour' (see devenv-contract ${subcommand} --help)`,
      )
      for (const line of lines)
        expect(line).toMatch(new RegExp(`^devenv-contract: ${subcommand}: `))
    }
  })

  it('is one UsageError from readCommand and done(), a problem after done() thrown at once', () => {
    const command = readCommand(['--requests', 'x', '--shard', '0/1'], FUZZ_COMMAND)
    // A value its spec refuses is no value: the subcommand falls back on its default.
    expect(command.value('requests')).toBeUndefined()
    expect(command.value('shard')).toBeUndefined()
    let thrown: unknown
    try {
      command.done()
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(UsageError)
    expect((thrown as UsageError).problems).toEqual([
      '--requests must be a number from 1 to 10000000, got "x"',
      expect.stringMatching(/^--shard must be i\/n/),
    ])
    expect(() => command.check('base-url', () => urlOption('base-url', undefined), '')).toThrow(
      '--base-url is required',
    )
  })
})

describe('--shard', () => {
  it('is refused when there are more shards than pieces of work', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    try {
      const code = await runCommandLine([
        'check',
        '--base-url',
        'http://127.0.0.1:9',
        '--only',
        'getHealth,listModels',
        '--shard',
        '3/3',
      ])
      expect(code).toBe(2)
      expect(String(error.mock.calls[0]?.[0])).toMatch(
        /--shard 3\/3: this run has 2 pieces of work to share .*at most 2 shards/,
      )
    } finally {
      error.mockRestore()
    }
  })

  const shardOf = (value: string) => parse(['--shard', value]).value('shard')

  it('reads i/n', () => {
    expect(shardOf('2/3')).toEqual({ index: 2, total: 3 })
    expect(shardOf('1/1')).toEqual({ index: 1, total: 1 })
    expect(parse([]).value('shard')).toBeUndefined()
  })

  it.each(['0/3', '4/3', 'x', '1/0', '1.5/3', '3/-1', '1/3/4', ''])(
    'refuses "%s" with one line',
    (value) => {
      expect(usageErrorOf(() => shardOf(value))).toMatch(
        /^--shard must be i\/n, the i-th of n shards with 1 <= i <= n/,
      )
    },
  )
})

describe("fuzz --stub, which only a caller holding the workspace's stub can give", () => {
  /** The command line in process, as the packed binary runs it: its exit code and its stdout. */
  async function printed(argv: string[]): Promise<{ code: number; stdout: string }> {
    const lines: string[] = []
    const log = vi.spyOn(console, 'log').mockImplementation((...parts) => {
      lines.push(parts.join(' '))
    })
    try {
      return { code: await runCommandLine(argv), stdout: lines.join('\n') }
    } finally {
      log.mockRestore()
    }
  }
  const inProcess = { start: () => Promise.reject(new Error('a help starts no stub')) }

  it('is not offered by the help of a CLI without one, as the packed one is', async () => {
    const { code, stdout } = await printed(['fuzz', '--help'])
    expect(code).toBe(0)
    expect(stdout).toContain('Usage: devenv-contract fuzz --base-url URL [options]')
    expect(stdout).not.toContain('--stub')
  })

  it('is listed, with its usage line, in the help of a caller that holds the stub', () => {
    const help = usageOf(FUZZ_COMMAND, { inProcess })
    expect(help).toContain('       devenv-contract fuzz --stub [options]')
    expect(help).toMatch(/^ {2}--stub +instead of --base-url: the workspace's stub in process/m)
  })

  it('is still taken where it is not listed', () => {
    expect(parse(['--stub']).value('stub')).toBe(true)
  })
})
