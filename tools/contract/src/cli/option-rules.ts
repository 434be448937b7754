import type { Contract } from '@devenv/openapi'
import type { Credentials } from '@devenv/openapi/dev-protocol'
import { FLOW_IDS } from '../check/flows/ids'
import { type Selection, shardUnits } from '../check/selection'
import { CHECKS, type CheckName } from '../fuzz/check-names'
import { rememberSecret } from '../report/secrets'
import type { CHECK_COMMAND, FUZZ_COMMAND } from './command-specs'
import type { Given, OptionRules } from './options'
import { UsageError } from './usage'

// The rules across the options of `check` and `fuzz`, which no one option's reader can say: the
// option reading (`readSettings`) checks them in this order, with every other problem of the
// command line, and hands each one's answer on as a setting of its name. Not in command-specs.ts:
// `diff` and `--help` load the specs, and must not load the check mode's selection.

type CheckGiven<Settled = object> = Given<typeof CHECK_COMMAND.options, Settled>
type FuzzGiven = Given<typeof FUZZ_COMMAND.options>

/**
 * The accounts given by flags, or by the environment (`CONTRACT_EMAIL`, `CONTRACT_PASSWORD`,
 * `CONTRACT_SECOND_EMAIL`, `CONTRACT_SECOND_PASSWORD`: secrets stay out of the command line).
 * An address without its password, or a second account without a first, is a usage error.
 */
const GIVEN_ACCOUNTS = {
  about: ['email', 'password', 'second-email', 'second-password'],
  check: ({ values }: CheckGiven): { user: Credentials; second?: Credentials } | undefined => {
    const pair = (flag: '' | 'second-', variable: string) => {
      const email = values[`${flag}email`] ?? process.env[`CONTRACT_${variable}EMAIL`]
      const password = values[`${flag}password`] ?? process.env[`CONTRACT_${variable}PASSWORD`]
      if (email === undefined && password === undefined) return undefined
      if (email === undefined || password === undefined)
        throw new UsageError(`give both --${flag}email and --${flag}password, or neither`)
      // A server may echo it back (a 401 that quotes the request): no output shows it.
      rememberSecret(password)
      return { email, password }
    }
    const user = pair('', '')
    const second = pair('second-', 'SECOND_')
    if (second && !user)
      throw new UsageError('a second account needs a first (--email, --password)')
    if (user && second && user.email.toLowerCase() === second.email.toLowerCase())
      throw new UsageError('the second account must be another one than the first')
    return user ? { user, ...(second ? { second } : {}) } : undefined
  },
}

/**
 * A command (`exec:CMD`) as the configuration file's `mailbox` is refused unless `--allow-exec` was
 * given on the command line. A file found in the folder may be a checkout's, anyone's, and
 * running the CLI there must not run its commands unasked; a command typed on the command line is
 * the user's own.
 */
const EXEC_MAILBOX = {
  about: 'mailbox',
  check: ({ values, givenAs }: CheckGiven) => {
    const setting = values.mailbox
    const inFile = givenAs.mailbox !== '--mailbox'
    if (typeof setting === 'object' && 'command' in setting && inFile && !values['allow-exec'])
      throw new UsageError(
        `${givenAs.mailbox} is a command (exec:), which runs from a configuration file only with --allow-exec on the command line`,
      )
  },
}

export const CHECK_RULES = {
  accounts: GIVEN_ACCOUNTS,
  mailbox: EXEC_MAILBOX,
  /** `--only a,b`: operations and flows by id; an id that names neither is a usage error. */
  only: {
    about: 'only',
    reads: ['contract'],
    check: ({ values, settled }: CheckGiven<{ contract: Contract }>): Selection | undefined => {
      const ids = values.only
      if (ids === undefined) return undefined
      const operationIds = settled.contract.operations.map((each) => each.operationId)
      const flows = ids.filter((id) => (FLOW_IDS as readonly string[]).includes(id))
      const operations = ids.filter((id) => operationIds.includes(id))
      const unknown = ids.filter((id) => !flows.includes(id) && !operations.includes(id))
      if (ids.length === 0 || unknown.length > 0)
        throw new UsageError(
          `--only names no operation or flow: ${unknown.join(', ') || '(empty)'} (flows: ${FLOW_IDS.join(', ')})`,
        )
      return { operations, flows }
    },
  },
  /** A shard with no share would pass having tested nothing: as many shards as pieces, at most. */
  shard: {
    about: 'shard',
    reads: ['contract', 'only'],
    check: ({ values, settled }: CheckGiven<{ contract: Contract; only?: Selection }>) => {
      const { shard } = values
      if (!shard) return
      const pieces = shardUnits(settled.contract, settled.only).length
      if (shard.total > pieces)
        throw new UsageError(
          `--shard ${shard.index}/${shard.total}: this run has ${pieces} pieces of work to share (flows and tags of operations), so at most ${pieces} shards`,
        )
    },
  },
} satisfies OptionRules

export const FUZZ_RULES = {
  /** Both given is a problem whatever the URL is. */
  stub: {
    about: 'stub',
    check: ({ values, givenAs }: FuzzGiven) => {
      if (values.stub && givenAs['base-url'] !== undefined)
        throw new UsageError('give --base-url or --stub, not both')
    },
  },
  /** A refused --stub may have been meant: then a missing --base-url is no problem of its own. */
  target: {
    about: ['base-url', 'stub'],
    check: ({ values }: FuzzGiven) => {
      if (!values.stub && values['base-url'] === undefined)
        throw new UsageError('--base-url is required')
    },
  },
  /** Every shard must draw the same run: a seed of its own each would make n other runs. */
  seed: {
    about: ['shard', 'seed'],
    check: ({ values }: FuzzGiven) => {
      if (values.shard && values.seed === undefined)
        throw new UsageError('--shard needs --seed S, the same for every shard of the run')
    },
  },
  mailbox: EXEC_MAILBOX,
  /** `--checks` and `--exclude-checks`: the checks the run judges by, never none. */
  checks: {
    about: ['checks', 'exclude-checks'],
    check: ({ values }: FuzzGiven): Set<CheckName> => {
      const selected = new Set<CheckName>(values.checks ?? CHECKS)
      for (const name of values['exclude-checks'] ?? []) selected.delete(name)
      if (selected.size === 0)
        throw new UsageError('--checks and --exclude-checks leave no check to run')
      return selected
    },
  },
  accounts: GIVEN_ACCOUNTS,
} satisfies OptionRules
