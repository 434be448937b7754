import { type Contract, loadContract } from '@devenv/openapi'
import fc from 'fast-check'
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
  {
    const property = fc.asyncProperty(
      fc.commands(STEPS, { maxCommands: options.maxCommands ?? 30, size: 'max' }),
      async (commands) => {
        const session = `stateful-${options.seed}-${++sessions}`
        await fc.asyncModelRun(
          () => ({
            model: initialModel(options.clockStart ?? FUZZ_CLOCK_START, SEEDED),
            real: { stub, contract, tally, session, devices: [], counts },
          }),
          commands,
        )
      },
    )
    const details = await fc.check(property, { seed: options.seed, numRuns: options.runs })
    const result: StatefulResult = {
      tally,
      runs: options.runs,
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
