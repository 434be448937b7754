import { type Contract, loadContract } from '@devenv/openapi'
import fc from 'fast-check'
import { inShard, type ShardPosition } from '../../report/shard'
import { Tally } from '../tally'
import { FUZZ_CLOCK_START, type FuzzTransport } from '../transport'
import { initialModel } from './model'
import { SEEDED } from './sequence'
import { STEPS } from './steps'

export type StatefulOptions = {
  /**
   * The server, started with rate limits off (the model does not count their windows) and the
   * stub's fixed clock; the caller closes it.
   */
  transport: FuzzTransport
  contract?: Contract
  runs: number
  seed: number
  maxCommands?: number
  /** The target's clock at the start (ms); the fuzz stub's fixed one by default. */
  clockStart?: number
  /** Runs only this shard's sequences of the run the seed draws (`--shard i/n`). */
  shard?: ShardPosition
}

export type StatefulResult = {
  tally: Tally
  runs: number
  steps: number
  durationMs: number
  /** The shrunk failing sequence and why, when the stub and the model disagreed. */
  failure?: string
}

/**
 * Random sequences of register, activate, sign in, refresh (reusing old tokens too), sign out,
 * forgot and reset password, change password, create, read and delete environments and clock
 * jumps, each in a fresh stub session, with the model and the stub compared after every step.
 */
export async function runStateful(options: StatefulOptions): Promise<StatefulResult> {
  const started = performance.now()
  const contract = options.contract ?? loadContract()
  const stub = options.transport
  const tally = new Tally(contract)
  let sessions = 0
  const counts = { steps: 0 }
  // Shards of one run may share a target: each keeps to stub sessions of its own.
  const prefix = options.shard
    ? `stateful-${options.seed}-shard-${options.shard.index}-of-${options.shard.total}`
    : `stateful-${options.seed}`
  let drawn = 0
  // Once a sequence has failed, fast-check shrinks it: every run after that is this shard's.
  let shrinking = false
  {
    const property = fc.asyncProperty(
      fc.commands(STEPS, { maxCommands: options.maxCommands ?? 30, size: 'max' }),
      async (commands) => {
        if (!shrinking && !inShard(options.shard, drawn++)) return
        const session = `${prefix}-${++sessions}`
        try {
          await fc.asyncModelRun(
            () => ({
              model: initialModel(options.clockStart ?? FUZZ_CLOCK_START, SEEDED),
              real: { stub, contract, tally, session, devices: [], counts },
            }),
            commands,
          )
        } catch (error) {
          shrinking = true
          throw error
        }
      },
    )
    const details = await fc.check(property, { seed: options.seed, numRuns: options.runs })
    const result: StatefulResult = {
      tally,
      // A shard's own share of the sequences.
      runs: Array.from({ length: options.runs }).filter((_, run) => inShard(options.shard, run))
        .length,
      steps: counts.steps,
      durationMs: performance.now() - started,
    }
    if (details.failed) {
      const error =
        details.errorInstance instanceof Error
          ? details.errorInstance.message
          : String(details.errorInstance)
      result.failure = `${error}\nsequence: ${String(details.counterexample?.[0] ?? '')}\n(${details.numShrinks} shrinks; replay with --seed ${options.seed})`
    }
    return result
  }
}
