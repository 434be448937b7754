import { existsSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { COMMAND_SPECS } from './command-specs'
import { runCommandLine } from './main'
import { parseCommand, readCommand, shardOption, UsageError, urlOption, usageOf } from './options'
import { parseProxyArguments } from './proxy'

// A subcommand's own options, as check and fuzz declare theirs.
const OWN = {
  'base-url': { type: 'string' },
  stub: { type: 'boolean' },
  requests: { type: 'string' },
  shard: { type: 'string' },
} as const

let folder: string
let saved: { initCwd: string | undefined; password: string | undefined }

beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'contract-config-'))
  saved = { initCwd: process.env.INIT_CWD, password: process.env.CONTRACT_TEST_PASSWORD }
  // The folder the command is typed in: where the file is looked for.
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

const writeConfig = (name: string, content: unknown) =>
  writeFile(
    join(folder, name),
    typeof content === 'string' ? content : JSON.stringify(content, null, 2),
  )

/** `${NAME}` as the file holds it. */
const variable = (name: string) => `\${${name}}`

const parse = (argv: string[], subcommand = 'fuzz') =>
  parseCommand(argv, OWN, ['fuzz.stateful', 'fuzz.properties'], { subcommand })

/** The one-line reason a parse gives up with. */
function usageErrorOf(run: () => unknown): string {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError)
    return (error as Error).message
  }
  throw new Error('expected a usage error')
}

describe('the configuration file', () => {
  it('sets the shared options from the top level and the subcommand’s own from its section', async () => {
    await writeConfig('devenv-contract.config.json', {
      timeout: 5000,
      quiet: true,
      'allow-skip': ['fuzz.stateful'],
      fuzz: { 'base-url': 'http://localhost:4010', requests: 300 },
      check: { 'base-url': 'http://elsewhere:1', 'max-wait': 5 },
    })
    const command = parse([])
    expect(command.configFile).toBe('devenv-contract.config.json')
    expect(command.shared.timeoutMs).toBe(5000)
    expect(command.shared.quiet).toBe(true)
    expect(command.shared.allowSkip).toEqual(['fuzz.stateful'])
    expect(command.text('base-url')).toBe('http://localhost:4010')
    expect(command.number('requests', 2000)).toBe(300)
  })

  it('reads YAML the same way', async () => {
    await writeConfig(
      'devenv-contract.config.yaml',
      'timeout: 7000\nfuzz:\n  base-url: http://localhost:4010\n  stub: false\n',
    )
    const command = parse([])
    expect(command.shared.timeoutMs).toBe(7000)
    expect(command.text('base-url')).toBe('http://localhost:4010')
    expect(command.flag('stub')).toBe(false)
  })

  it('yields to a flag given, and the section overrides the top level', async () => {
    await writeConfig('devenv-contract.config.json', {
      timeout: 5000,
      'allow-skip': 'fuzz.stateful',
      fuzz: { timeout: 6000, requests: '300' },
    })
    expect(parse([]).shared.timeoutMs).toBe(6000)
    const command = parse(['--timeout', '9000', '--allow-skip', 'fuzz.properties'])
    expect(command.shared.timeoutMs).toBe(9000)
    // A list given as a flag replaces the file's, as any other flag does.
    expect(command.shared.allowSkip).toEqual(['fuzz.properties'])
    expect(command.number('requests', 2000)).toBe(300)
  })

  it('is the one given by --config, wherever it is, before the one in the folder', async () => {
    await writeConfig('devenv-contract.config.json', { timeout: 5000 })
    await writeConfig('ci.yml', 'timeout: 8000\n')
    expect(parse(['--config', 'ci.yml']).shared.timeoutMs).toBe(8000)
    expect(parse(['--config', join(folder, 'ci.yml')]).configFile).toBe(join(folder, 'ci.yml'))
  })

  it('replaces a variable with its value from the environment, and refuses one unset or empty', async () => {
    await writeConfig('devenv-contract.config.json', {
      fuzz: { 'base-url': `http://localhost:4010/${variable('CONTRACT_TEST_PASSWORD')}/x` },
    })
    process.env.CONTRACT_TEST_PASSWORD = 's3cret'
    expect(parse([]).text('base-url')).toBe('http://localhost:4010/s3cret/x')
    delete process.env.CONTRACT_TEST_PASSWORD
    expect(usageErrorOf(() => parse([]))).toBe(
      'devenv-contract.config.json: fuzz.base-url needs the environment variable CONTRACT_TEST_PASSWORD, which is not set',
    )
    process.env.CONTRACT_TEST_PASSWORD = ''
    expect(usageErrorOf(() => parse([]))).toMatch(/CONTRACT_TEST_PASSWORD, which is not set/)
  })

  it('names the key and the file of an unknown key or a wrong type', async () => {
    await writeConfig('devenv-contract.config.json', { timout: 5000 })
    expect(usageErrorOf(() => parse([]))).toMatch(
      /^devenv-contract\.config\.json: timout is not an option shared by every subcommand/,
    )
    // An option of the subcommand belongs in its section, and the message says so.
    await writeConfig('devenv-contract.config.json', { 'base-url': 'http://x' })
    expect(usageErrorOf(() => parse([]))).toMatch(/base-url .*own options go under "fuzz"/)
    await writeConfig('devenv-contract.config.json', { fuzz: { 'max-wait': 5 } })
    expect(usageErrorOf(() => parse([]))).toBe(
      'devenv-contract.config.json: fuzz.max-wait is not an option of fuzz',
    )
    await writeConfig('devenv-contract.config.json', { fuzz: { stub: 'yes' } })
    expect(usageErrorOf(() => parse([]))).toBe(
      'devenv-contract.config.json: fuzz.stub must be true or false',
    )
    await writeConfig('devenv-contract.config.json', { quiet: 1 })
    expect(usageErrorOf(() => parse([]))).toMatch(/quiet must be true or false/)
    await writeConfig('devenv-contract.config.json', { fuzz: { requests: [1] } })
    expect(usageErrorOf(() => parse([]))).toMatch(/fuzz\.requests must be a string or a number/)
    await writeConfig('devenv-contract.config.json', { fuzz: { help: true } })
    expect(usageErrorOf(() => parse([]))).toMatch(/fuzz\.help is not an option/)
    // A value of the right type but out of range names the key, as a flag's message names the flag.
    await writeConfig('devenv-contract.config.json', { timeout: -1 })
    expect(usageErrorOf(() => parse([]))).toBe(
      'devenv-contract.config.json: timeout must be a number from 1 to 3600000, got "-1"',
    )
  })

  it('refuses a file that does not parse, a missing --config and two files in one folder', async () => {
    await writeConfig('devenv-contract.config.json', '{ "timeout": ')
    expect(usageErrorOf(() => parse([]))).toMatch(
      /^devenv-contract\.config\.json is not valid JSON: /,
    )
    await writeConfig('devenv-contract.config.json', '[1, 2]')
    expect(usageErrorOf(() => parse([]))).toMatch(/must hold an object of options/)
    expect(usageErrorOf(() => parse(['--config', 'nowhere.json']))).toBe(
      '--config nowhere.json: no such file',
    )
    await writeConfig('devenv-contract.config.json', {})
    await writeConfig('devenv-contract.config.yaml', '{}')
    expect(usageErrorOf(() => parse([]))).toMatch(/config\.json and .*config\.yaml are both here/)
  })

  it('leaves other subcommands’ sections to them, and is not read for --help', async () => {
    await writeConfig('devenv-contract.config.json', { proxy: { upstream: 1, nonsense: true } })
    expect(parse([]).configFile).toBe('devenv-contract.config.json')
    await writeConfig('devenv-contract.config.json', { nonsense: true })
    expect(parse(['--help']).help).toBe(true)
  })

  it('is a one-line usage error with exit 2 on the command line', async () => {
    await writeConfig('devenv-contract.config.json', {
      check: { 'base-url': variable('CONTRACT_UNSET_FOR_SURE') },
    })
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    try {
      expect(await runCommandLine(['check'])).toBe(2)
      expect(error).toHaveBeenCalledTimes(1)
      expect(String(error.mock.calls[0]?.[0])).toMatch(
        /^devenv-contract: check: devenv-contract\.config\.json: check\.base-url needs the environment variable CONTRACT_UNSET_FOR_SURE, which is not set/,
      )
    } finally {
      error.mockRestore()
    }
  })

  it('names the help to read once, for a key the subcommand does not have', async () => {
    await writeConfig('devenv-contract.config.json', { check: { 'nonsense-key': 1 } })
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    try {
      expect(await runCommandLine(['check'])).toBe(2)
      expect(String(error.mock.calls[0]?.[0])).toBe(
        'devenv-contract: check: devenv-contract.config.json: check.nonsense-key is not an option of check (see devenv-contract check --help)',
      )
    } finally {
      error.mockRestore()
    }
  })

  it('reaches every subcommand: proxy reads its section too', async () => {
    await writeConfig('devenv-contract.config.json', {
      timeout: 1234,
      proxy: { upstream: 'http://127.0.0.1:9', port: 0 },
    })
    const settings = parseProxyArguments([])
    if (settings === 'help') throw new Error('not help')
    expect(settings.upstream.href).toBe('http://127.0.0.1:9/')
    expect(settings.port).toBe(0)
    expect(settings.shared.timeoutMs).toBe(1234)
  })

  it.each(COMMAND_SPECS.map((command) => [command.name, command] as const))(
    'is explained in the help of %s',
    (_, command) => {
      expect(usageOf(command)).toMatch(
        /--config FILE[\s\S]*keys are the options' names without the dashes/,
      )
    },
  )
})

describe('a configuration file of an untrusted checkout (issue 39, item 8)', () => {
  afterEach(() => {
    delete process.env.DEVENV_TEST_OTHER
  })

  it('reads only CONTRACT_* variables, and those the command line names with --config-env', async () => {
    process.env.DEVENV_TEST_OTHER = 'other-value'
    process.env.CONTRACT_TEST_PASSWORD = 'own-value'
    await writeConfig('devenv-contract.config.json', {
      fuzz: { 'base-url': `http://localhost:4010/${variable('DEVENV_TEST_OTHER')}` },
    })
    expect(usageErrorOf(() => parse([]))).toBe(
      'devenv-contract.config.json: fuzz.base-url reads the environment variable DEVENV_TEST_OTHER, which a configuration file may not: it reads CONTRACT_* variables and those named by --config-env (give --config-env DEVENV_TEST_OTHER)',
    )
    expect(parse(['--config-env', 'DEVENV_TEST_OTHER']).text('base-url')).toBe(
      'http://localhost:4010/other-value',
    )
    expect(parse(['--config-env', 'HOME, DEVENV_TEST_OTHER']).text('base-url')).toBe(
      'http://localhost:4010/other-value',
    )
    await writeConfig('devenv-contract.config.json', {
      fuzz: { 'base-url': `http://localhost:4010/${variable('CONTRACT_TEST_PASSWORD')}` },
    })
    expect(parse([]).text('base-url')).toBe('http://localhost:4010/own-value')
  })

  it('cannot allow itself what only the command line allows', async () => {
    await writeConfig('devenv-contract.config.json', {
      'config-env': 'HOME',
      check: { 'allow-exec': true },
    })
    const { lines } = await usageLines(['check', '--base-url', 'http://127.0.0.1:9'])
    expect(lines).toEqual([
      'devenv-contract: check: devenv-contract.config.json: config-env is not an option of the file: it is given on the command line only (see devenv-contract check --help)',
      'devenv-contract: check: devenv-contract.config.json: check.allow-exec is not an option of the file: it is given on the command line only',
    ])
  })

  it.each(['check', 'fuzz'])(
    '%s: runs no exec: mailbox of the file without --allow-exec, in one line',
    async (subcommand) => {
      const marker = join(folder, 'ran')
      await writeConfig('devenv-contract.config.json', {
        [subcommand]: { 'base-url': 'http://127.0.0.1:9', mailbox: `exec:touch ${marker}` },
      })
      const { code, lines } = await usageLines([subcommand])
      expect(code).toBe(2)
      expect(lines).toEqual([
        `devenv-contract: ${subcommand}: devenv-contract.config.json: ${subcommand}.mailbox is a command (exec:), which runs from a configuration file only with --allow-exec on the command line (see devenv-contract ${subcommand} --help)`,
      ])
      expect(existsSync(marker)).toBe(false)
    },
  )
})

/** The command line in process: its exit code and each line it printed on stderr. */
async function usageLines(argv: string[]): Promise<{ code: number; lines: string[] }> {
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
    const command = readCommand(['--requests', 'x', '--shard', '0/1'], OWN, [], {
      subcommand: 'fuzz',
    })
    command.check('shard', () => shardOption(command), undefined)
    expect(command.number('requests', 5, { min: 1, max: 10 })).toBe(5)
    let thrown: unknown
    try {
      command.done()
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(UsageError)
    expect((thrown as UsageError).problems).toEqual([
      '--requests must be a number from 1 to 10, got "x"',
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

  const shardOf = (value: string) => shardOption(parse(['--shard', value]))

  it('reads i/n', () => {
    expect(shardOf('2/3')).toEqual({ index: 2, total: 3 })
    expect(shardOf('1/1')).toEqual({ index: 1, total: 1 })
    expect(shardOption(parse([]))).toBeUndefined()
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
