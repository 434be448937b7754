import { randomBytes } from 'node:crypto'
import { type Contract, isJsonObject, loadContract } from '@devenv/openapi'
import type { Credentials } from '@devenv/openapi/dev-protocol'
import fc from 'fast-check'
import { type CallOperation, signIn, signOut, tokensOf } from '../../accounts'
import type { Answer, Transport } from '../../http'
import { inShard, type ShardPosition } from '../../report/shard'
import type { RunBound } from '../bound'
import { type CheckName, judge } from '../checks'
import { sendOperation } from '../setup-call'
import { FUZZ_CLOCK_START } from '../stub-world'
import { Tally } from '../tally'
import {
  initialModel,
  lockClosesOnNextFailure,
  type Model,
  modelRulesOf,
  recordFailure,
} from './model'
import { jumpsOf, type Real, SEEDED } from './sequence'
import { stepsFor } from './steps'

export type StatefulOptions = {
  /**
   * The server, started with rate limits off (the model does not count their windows) and the
   * stub's fixed clock; the caller closes it.
   */
  transport: Transport
  contract?: Contract
  runs: number
  seed: number
  maxCommands?: number
  /** The target's clock at the start (ms); the fuzz stub's fixed one by default. */
  clockStart?: number
  /** The checks to judge by; every one of CHECKS by default. */
  checks?: ReadonlySet<CheckName>
  /** Runs only this shard's sequences of the run the seed draws (`--shard i/n`). */
  shard?: ShardPosition
  /**
   * Through the API on the target's own clock, with these accounts (one or more), instead of
   * stub sessions, the seeded accounts, the mailbox and clock jumps.
   */
  accounts?: readonly Credentials[]
  /** The run registered `accounts` itself: the model changes their passwords too (and puts them back). */
  ownAccounts?: boolean
  /** The run's time bound (`--max-time`): sequences start only within it, and so does shrinking. */
  bound?: RunBound
}

export type StatefulResult = {
  tally: Tally
  runs: number
  steps: number
  durationMs: number
  /** The shrunk failing sequence and why, when the stub and the model disagreed. */
  failure?: string
}

/** The call of a sequence's set-up and clean-up: each answer judged by the contract, counted, never thrown. */
const housekeepingOf =
  (real: Real): CallOperation<Answer> =>
  async (operationId, call) => {
    const kind = { input: 'unclassified', auth: 'public' } as const
    const exchange = await sendOperation(
      real.stub,
      real.contract,
      operationId,
      call,
      undefined,
      kind,
    )
    real.tally.record('setup', exchange, judge(real.contract, exchange))
    return exchange.answer
  }

/** A right sign-in of a given account before a sequence: it resets the count of its login lock. */
async function beginSequence(real: Real, accounts: readonly Credentials[]): Promise<void> {
  const housekeeping = housekeepingOf(real)
  for (const account of accounts) {
    const answer = await signIn(housekeeping, account)
    if (answer.status !== 200)
      throw new Error(`the sign-in of ${account.email} answered ${answer.status} ${answer.text}`)
    await signOut(housekeeping, tokensOf(answer)?.refresh ?? '')
  }
}

/**
 * After a sequence on given accounts: each ends as it began. The account signs in with the
 * password the model holds (what the server holds, if it agreed); failing that, with its own and
 * those the sequence sent, but never so often that the login lock closes: the model counts these
 * failures with the sequence's own, as the server does. A changed password is put back; the
 * sequence's environments are deleted; every session it opened is signed out.
 */
export async function endSequence(
  real: Real,
  accounts: readonly Credentials[],
  model: Model | undefined,
): Promise<void> {
  const housekeeping = housekeepingOf(real)
  for (const device of real.devices) await signOut(housekeeping, device.refreshTokens.at(-1))
  for (const account of accounts) {
    const { email } = account
    const tried = [
      ...new Set([
        model?.accounts.get(email)?.password ?? account.password,
        account.password,
        ...(real.passwordsSent?.get(email) ?? []),
      ]),
    ]
    let answer: Answer | undefined
    let current: string | undefined
    for (const password of tried) {
      if (model) {
        model.now = Date.now()
        if (lockClosesOnNextFailure(model, email)) break
      }
      answer = await signIn(housekeeping, { email, password })
      if (answer.status === 200) {
        current = password
        model?.locks.delete(email)
        break
      }
      if (model && answer.status === 401) recordFailure(model, email)
    }
    if (answer === undefined || current === undefined)
      throw new Error(
        `after the sequence ${email} no longer signs in with its password${answer ? `: ${answer.status} ${answer.text}` : ' (one more wrong password would close its login lock)'}`,
      )
    if (current !== account.password) {
      await housekeeping('changePassword', {
        body: { username: email, oldPassword: current, newPassword: account.password },
      })
      await signOut(housekeeping, tokensOf(answer)?.refresh ?? '')
      answer = await signIn(housekeeping, account)
      if (answer.status !== 200)
        throw new Error(
          `after the sequence ${email} no longer signs in with its password: ${answer.status} ${answer.text}`,
        )
    }
    const { access = '', refresh = '' } = tokensOf(answer) ?? {}
    const list = await housekeeping('listEnvironments', { token: access })
    const items = isJsonObject(list.json) && Array.isArray(list.json.items) ? list.json.items : []
    for (const item of items) {
      if (!isJsonObject(item) || item.status === 'deleting') continue
      if (!String(item.name).endsWith(`-${real.tag}`)) continue
      await housekeeping('deleteEnvironment', { params: { id: String(item.id) }, token: access })
    }
    await signOut(housekeeping, refresh)
  }
}

/**
 * Random sequences of register, activate, sign in, refresh (reusing old tokens too), sign out,
 * forgot and reset password, change password, create, read and delete environments and clock
 * jumps, each in a fresh stub session, with the model and the stub compared after every step.
 * Through the API (`accounts`), the steps the given accounts allow, on the target's own clock,
 * each sequence with environment names of its own and its accounts left as they were.
 */
export async function runStateful(options: StatefulOptions): Promise<StatefulResult> {
  const started = performance.now()
  const contract = options.contract ?? loadContract()
  const stub = options.transport
  const tally = new Tally(contract, options.checks)
  const rules = modelRulesOf(contract)
  const { bound } = options
  bound?.watch(tally)
  if (bound) {
    bound.phase = 'stateful'
    bound.done = 0
  }
  let sessions = 0
  let completed = 0
  const counts = { steps: 0 }
  const given = options.accounts
  const runTag = `s${randomBytes(4).toString('hex')}`
  const steps = given
    ? stepsFor(
        'real',
        [],
        given.map((account) => account.email),
        options.ownAccounts,
      )
    : stepsFor('jumps', jumpsOf(contract))
  // Shards of one run may share a target: each keeps to stub sessions of its own.
  const prefix = options.shard
    ? `stateful-${options.seed}-shard-${options.shard.index}-of-${options.shard.total}`
    : `stateful-${options.seed}`
  let drawn = 0
  // Once a sequence has failed, fast-check shrinks it: every run after that is this shard's.
  let shrinking = false
  // A sequence was drawn once the bound had passed, and not run.
  let pastBound = false
  {
    const property = fc.asyncProperty(
      fc.commands(steps, { maxCommands: options.maxCommands ?? 30, size: 'max' }),
      async (commands) => {
        if (!shrinking && !inShard(options.shard, drawn++)) return
        // fast-check's time limit is whole milliseconds and at least one: it may let a sequence
        // start just past the bound. None does.
        if (bound && !shrinking && bound.leftFor('stateful') <= 0) {
          pastBound = true
          return
        }
        sessions += 1
        if (bound && !shrinking) bound.done = completed / options.runs
        const real: Real = given
          ? {
              stub,
              contract,
              tally,
              session: undefined,
              tag: `${runTag}${sessions}`,
              passwordsSent: new Map(),
              devices: [],
              counts,
            }
          : {
              stub,
              contract,
              tally,
              session: `${prefix}-${sessions}`,
              devices: [],
              counts,
            }
        try {
          if (!given) {
            await fc.asyncModelRun(
              () => ({
                model: initialModel(options.clockStart ?? FUZZ_CLOCK_START, SEEDED, rules),
                real,
              }),
              commands,
            )
            if (!shrinking) completed += 1
            return
          }
          await beginSequence(real, given)
          let agreed = false
          // The clean-up signs in with the passwords the model holds, and counts with its lock.
          let model: Model | undefined
          try {
            await fc.asyncModelRun(() => {
              model = initialModel(Date.now(), given, rules, 'real')
              return { model, real }
            }, commands)
            agreed = true
            if (!shrinking) completed += 1
          } finally {
            // After a disagreement that one is reported; a clean-up that fails after it would hide it.
            await endSequence(real, given, model).catch((error: unknown) => {
              if (agreed) throw error
            })
          }
        } catch (error) {
          shrinking = true
          throw error
        }
      },
    )
    const details = await fc.check(property, {
      seed: options.seed,
      numRuns: options.runs,
      // fast-check starts no sequence (and no shrinking step) once the bound has passed.
      ...(bound
        ? { interruptAfterTimeLimit: Math.max(1, Math.floor(bound.leftFor('stateful'))) }
        : {}),
    })
    // A shard's own share of the sequences.
    const planned = Array.from({ length: options.runs }).filter((_, run) =>
      inShard(options.shard, run),
    ).length
    // Interrupted before any sequence ended, fast-check calls the run failed with no example.
    const disagreed = details.failed && details.counterexample !== null
    const interrupted = details.interrupted || pastBound
    const result: StatefulResult = {
      tally,
      runs: interrupted && !disagreed ? completed : planned,
      steps: counts.steps,
      durationMs: performance.now() - started,
    }
    if (interrupted && !disagreed && completed < planned)
      bound?.cut(`${completed} of ${planned} stateful sequences run`)
    if (details.interrupted && disagreed)
      bound?.cut('the shrinking of the stateful disagreement (it is reported as found)')
    if (disagreed) {
      const error =
        details.errorInstance instanceof Error
          ? details.errorInstance.message
          : String(details.errorInstance)
      result.failure = `${error}\nsequence: ${String(details.counterexample?.[0] ?? '')}\n(${details.numShrinks} shrinks${details.interrupted ? '; shrinking cut by --max-time' : ''}; replay with --seed ${options.seed})`
    }
    return result
  }
}
