import { afterEach, describe, expect, it } from 'vitest'
import { checkPartsOf } from '../check/selection'
import { FUZZ_PARTS } from '../fuzz/target'
import { CHECK_COMMAND, FUZZ_COMMAND } from './command-specs'
import { CHECK_RULES, FUZZ_RULES } from './option-rules'
import { readSettings } from './options'
import { inConfigFolder, usageErrorOf } from './options-test-support'

// A run's settings in one step: the options, the rules across them and the contract, settled and
// typed, or one UsageError with every problem.

inConfigFolder()

const checkSettings = (argv: string[]) =>
  readSettings(argv, CHECK_COMMAND, checkPartsOf, CHECK_RULES)
const fuzzSettings = (argv: string[]) => readSettings(argv, FUZZ_COMMAND, FUZZ_PARTS, FUZZ_RULES)

describe('readSettings', () => {
  afterEach(() => {
    delete process.env.CONTRACT_EMAIL
    delete process.env.CONTRACT_PASSWORD
  })

  it('hands check its contract, --only as a selection of it and the accounts, settled', () => {
    process.env.CONTRACT_EMAIL = 'ci@example.com'
    process.env.CONTRACT_PASSWORD = 'a-password'
    const settings = checkSettings([
      '--base-url',
      'http://127.0.0.1:9',
      '--only',
      'getHealth,account',
      '--shard',
      '1/2',
    ])
    if (settings === 'help') throw new Error('not help')
    expect(settings.contract.operations.map((each) => each.operationId)).toContain('getHealth')
    expect(settings.only).toEqual({ operations: ['getHealth'], flows: ['account'] })
    expect(settings.accounts).toEqual({
      user: { email: 'ci@example.com', password: 'a-password' },
    })
    expect(settings.options.shard).toEqual({ index: 1, total: 2 })
    expect(settings.shared.timeoutMs).toBe(15_000)
  })

  it('checks no rule whose input failed: a --shard against an --only that names nothing', () => {
    expect(
      usageErrorOf(() =>
        checkSettings(['--base-url', 'http://127.0.0.1:9', '--only', 'nope', '--shard', '3/3']),
      ),
    ).toMatch(/^--only names no operation or flow: nope \(flows: [^\n]*\)$/)
  })

  it('loads the contract before the first rule that reads it, and checks none of them without it', () => {
    expect(
      usageErrorOf(() =>
        checkSettings([
          '--only',
          'nope',
          '--base-url',
          'http://127.0.0.1:9',
          '--contract',
          'missing.yaml',
          '--wait',
          '3601',
        ]),
      ).split('\n'),
    ).toEqual([
      expect.stringMatching(/^the contract .*missing\.yaml does not load: no such file$/),
      '--wait must be a number from 0 to 3600, got "3601"',
    ])
  })

  it('tells each rule’s problem where its option stands, among the readers’ problems', () => {
    expect(
      usageErrorOf(() => fuzzSettings(['--stub', '--base-url', 'nonsense'])).split('\n'),
    ).toEqual([
      'give --base-url or --stub, not both',
      '--base-url nonsense is not a URL (expected http://host:port)',
    ])
    expect(
      usageErrorOf(() => fuzzSettings(['--requests', 'x', '--shard', '1/2', '--stub'])).split('\n'),
    ).toEqual([
      '--requests must be a number from 1 to 10000000, got "x"',
      '--shard needs --seed S, the same for every shard of the run',
    ])
  })

  it('answers help, the subcommand’s own options unread', () => {
    expect(checkSettings(['--help', '--wait', 'soon'])).toBe('help')
  })
})
