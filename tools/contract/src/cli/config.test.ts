import { existsSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { COMMAND_SPECS } from './command-specs'
import { runCommandLine } from './main'
import { usageOf } from './options'
import {
  folder,
  inConfigFolder,
  parse,
  usageErrorOf,
  usageLines,
  variable,
} from './options-test-support'
import { parseProxyArguments } from './proxy'

inConfigFolder()

/** A configuration file in the test's folder: an object as JSON, a text as it is. */
const writeConfig = (name: string, content: unknown) =>
  writeFile(
    join(folder, name),
    typeof content === 'string' ? content : JSON.stringify(content, null, 2),
  )

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
    expect(command.value('requests')).toBe(300)
  })

  it('reads YAML the same way', async () => {
    await writeConfig(
      'devenv-contract.config.yaml',
      'timeout: 7000\nfuzz:\n  base-url: http://localhost:4010\n  stub: false\n',
    )
    const command = parse([])
    expect(command.shared.timeoutMs).toBe(7000)
    expect(command.text('base-url')).toBe('http://localhost:4010')
    expect(command.value('stub')).toBe(false)
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
    expect(command.value('requests')).toBe(300)
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

describe('a configuration file of an untrusted checkout', () => {
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
