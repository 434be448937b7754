// A failing session cut to the fewest steps that still show its first failure, as `fuzz` shrinks
// a failing request: each earlier step is left out in turn, and stays out when the replay without
// it still fails the same way on the server under test and still passes on a server of the
// recorded build (`--reference`). Without the second half a cut could drop the very step the
// failure is about (the profile update whose loss the later read shows), and the test written
// from it would fail on every server (docs/replay.md).
import type { Contract } from '@devenv/openapi'
import type { RecordedSession, RecordedStep } from './format'
import { type JudgedStep, judgeSession, type Noise } from './judge'
import { playSession, type ReplayTarget } from './play'

/** The failure a shrunk session must keep showing: a step, and a field or a contract failure. */
export type Failure = { step: number; field: string | 'contract' }

/** The first failure of a judged session, if any. */
export function firstFailure(judged: readonly JudgedStep[]): Failure | undefined {
  for (const { played, contract, differences } of judged) {
    const [difference] = differences
    if (difference) return { step: played.recorded.step, field: difference.field }
    if (contract.length > 0) return { step: played.recorded.step, field: 'contract' }
  }
  return undefined
}

const shows = (judged: readonly JudgedStep[], failure: Failure) =>
  judged.some(
    ({ played, contract, differences }) =>
      played.recorded.step === failure.step &&
      (failure.field === 'contract'
        ? contract.length > 0
        : differences.some((difference) => difference.field === failure.field)),
  )

/**
 * The session without the steps at `dropped`: the placeholders those steps defined move to the
 * next step kept, so that every source stays known (a source in a dropped answer then cannot be
 * taken again, and the replay says so: that cut is refused).
 */
function without(session: RecordedSession, dropped: ReadonlySet<number>): RecordedSession {
  const steps: RecordedStep[] = []
  let carried: RecordedStep['values'] = {}
  for (const step of session.steps) {
    if (dropped.has(step.step)) {
      carried = { ...carried, ...step.values }
      continue
    }
    const values = { ...carried, ...step.values }
    carried = {}
    steps.push(Object.keys(values).length === 0 ? step : { ...step, values })
  }
  return { head: session.head, steps }
}

export type Shrunk = { session: RecordedSession; attempts: number }

/** Where a cut is tried: the server under test, and a server of the recorded build. */
export type ShrinkTargets = { target: ReplayTarget; reference: ReplayTarget }

/**
 * The fewest steps of `session` that still show `failure` against `target` and not against
 * `reference`: the steps after the failing one go first, then each earlier one is tried
 * without, the latest first. At most `budget` cuts are tried.
 */
export async function shrinkSession(
  contract: Contract,
  noise: Noise,
  session: RecordedSession,
  failure: Failure,
  { target, reference }: ShrinkTargets,
  label: string,
  budget = 60,
): Promise<Shrunk> {
  const dropped = new Set(
    session.steps.filter((step) => step.step > failure.step).map((step) => step.step),
  )
  let attempts = 0
  const earlier = session.steps.filter((step) => step.step < failure.step).reverse()
  for (const step of earlier) {
    if (attempts >= budget) break
    attempts++
    const trial = new Set(dropped).add(step.step)
    const candidate = without(session, trial)
    const judged = async (server: ReplayTarget, name: string) =>
      judgeSession(contract, noise, candidate, await playSession(candidate, server, name))
    if (
      shows(await judged(target, `${label}-shrink-${attempts}`), failure) &&
      !shows(await judged(reference, `${label}-shrink-${attempts}-reference`), failure)
    )
      dropped.add(step.step)
  }
  return { session: without(session, dropped), attempts }
}
