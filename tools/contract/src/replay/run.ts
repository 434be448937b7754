// `replay`: recorded sessions sent again to a server, each answer judged twice, by the contract
// and against the recorded one, noise told from drift (docs/replay.md).
import { type Contract, createCoverageRecorder } from '@devenv/openapi'
import { recordOf } from '../http'
import {
  type CheckResult,
  checkEvent,
  exchangeOf,
  inShard,
  type ShardPosition,
  type ToldEvent,
} from '../report'
import { printable } from '../report/printable'
import { type Accepted, verdictOf } from './baseline'
import type { RecordedStep, Recording } from './format'
import {
  createNoise,
  differenceText,
  type JudgedStep,
  judgeSession,
  learnFromRecordings,
  learnNoise,
  whatOf,
} from './judge'
import { playSession, type ReplayTarget } from './play'
import { firstFailure, shrinkSession } from './shrink'
import { writeSessionTest } from './write-tests'

/** The part a session that could not be replayed to its end skips. */
export const REPLAY_PART = 'replay.session'
export const REPLAY_PARTS = [`${REPLAY_PART}.*`] as const

export type ReplayOptions = {
  contract: Contract
  recordings: readonly Recording[]
  target: ReplayTarget
  /** `--reference URL`: a second server of the recorded build; what differs there is noise. */
  reference?: ReplayTarget
  baseline: readonly Accepted[]
  /** Tells this run's accounts and stub sessions apart from any other's. */
  runId: string
  shard?: ShardPosition
  /** `YYYY-MM-DD`, the day the baseline's expiry is read against. */
  today: string
  /** `--write-tests DIR`: each session as a Vitest file there, a failing one shrunk first. */
  writeTests?: string
  tell: (event: ToldEvent) => void | Promise<void>
}

export type ReplaySummary = {
  sessions: number
  steps: number
  drift: number
  contractFailures: number
  noise: string[]
}

/** What a step is called in the report: its number, operation and request line. */
const stepName = (step: RecordedStep) =>
  `step ${step.step}: ${step.operationId ?? '(no operation)'} ${step.method} ${printable(step.url.split('?')[0] ?? '')}`

export async function replayRecordings(options: ReplayOptions): Promise<ReplaySummary> {
  const { contract, target, reference, tell } = options
  const noise = createNoise(contract)

  // Sessions recorded more than once: the first is replayed, the others teach the noise.
  const bySession = new Map<string, Recording[]>()
  for (const recording of options.recordings) {
    const group = bySession.get(recording.head.session) ?? []
    group.push(recording)
    bySession.set(recording.head.session, group)
  }
  for (const [first, ...others] of bySession.values())
    for (const other of others) learnFromRecordings(noise, first as Recording, other)
  const sessions = [...bySession.values()]
    .map((group) => group[0] as Recording)
    .filter((_, index) => inShard(options.shard, index))

  // Diffy's secondary: the same sessions against a second server of the recorded build.
  if (reference)
    for (const [index, recording] of sessions.entries()) {
      const played = await playSession(
        recording,
        reference,
        `replay-${options.runId}-reference-${index + 1}`,
      )
      learnNoise(noise, judgeSession(contract, noise, recording, played))
    }
  const { learned } = noise
  if (learned.size > 0)
    await tell({
      type: 'note',
      text: `noise learned (${reference ? 'from --reference' : 'from recordings of one session'}): ${[...learned].sort().join('; ')}`,
    })

  const written = { files: 0, shrunk: 0 }
  /** The session's test, shrunk to the steps that show its first failure when it has one. */
  const writeTest = async (
    dir: string,
    recording: Recording,
    judged: JudgedStep[],
    label: string,
  ) => {
    const failure = firstFailure(judged)
    written.files++
    // The noise learned on the session's operations goes with it: the test judges as replay did.
    const operations = new Set(recording.steps.map(whatOf))
    const sessionNoise = [...noise.learned].filter((key) =>
      [...operations].some((what) => key.startsWith(`${what} `)),
    )
    if (!failure) return writeSessionTest(dir, recording, { noise: sessionNoise })
    const failing = `step ${failure.step}'s ${failure.field === 'contract' ? 'contract failure' : `difference at ${failure.field || '(the body)'}`}`
    // A cut is a test only where a server of the recorded build still passes it.
    if (!reference) {
      await tell({
        type: 'note',
        text: `session ${recording.head.session}: written whole (${recording.steps.length} steps); --reference, a server of the recorded build, lets a failing session be shrunk`,
      })
      return writeSessionTest(dir, recording, { failing, noise: sessionNoise })
    }
    const { session } = await shrinkSession(
      contract,
      noise,
      recording,
      failure,
      { target, reference },
      label,
    )
    written.shrunk++
    await tell({
      type: 'note',
      text: `session ${recording.head.session}: shrunk from ${recording.steps.length} steps to ${session.steps.length} that still show ${failing}`,
    })
    return writeSessionTest(dir, session, {
      shrunkFrom: recording.steps.length,
      failing,
      noise: sessionNoise,
    })
  }

  const coverage = createCoverageRecorder(contract)
  const summary: ReplaySummary = {
    sessions: 0,
    steps: 0,
    drift: 0,
    contractFailures: 0,
    noise: [...learned],
  }
  for (const [index, recording] of sessions.entries()) {
    const { session } = recording.head
    const suite = { name: `session ${session}`, kind: 'flow' as const }
    const label = `replay-${options.runId}-${index + 1}`
    const played = await playSession(recording, target, label)
    const judged = judgeSession(contract, noise, recording, played)
    summary.sessions++
    for (const { played: step, contract: problems, differences } of judged) {
      summary.steps++
      const { recorded, request, answer } = step
      const lines = problems.map((problem) => `contract: ${problem}`)
      if (problems.length > 0) summary.contractFailures++
      if (recorded.operationId && answer.status > 0)
        coverage.record({ operationId: recorded.operationId, status: answer.status })
      const notes: string[] = []
      for (const difference of differences) {
        const verdict = verdictOf(
          options.baseline,
          { session, step: recorded.step, field: difference.field },
          options.today,
        )
        const text = differenceText(difference)
        if (verdict.kind === 'accepted')
          notes.push(
            `session ${session} step ${recorded.step}: accepted until ${verdict.entry.expires} (${verdict.entry.reason}): ${text}`,
          )
        else {
          summary.drift++
          lines.push(
            verdict.kind === 'expired'
              ? `drift, accepted until ${verdict.entry.expires} only (${verdict.entry.reason}): ${text}`
              : `drift: ${text}`,
          )
        }
      }
      const check: CheckResult = {
        name: `${stepName(recorded)} answers as recorded`,
        status: lines.length > 0 ? 'failed' : 'passed',
        ...(lines.length > 0 ? { message: lines.join('\n') } : {}),
        durationMs: answer.durationMs ?? 0,
        schemaViolation: problems.length > 0,
        exchange: exchangeOf(
          recorded.operationId ?? '',
          recordOf(target.transport.origin, request),
          answer.status > 0 ? answer.status : null,
        ),
      }
      await tell(checkEvent(suite, check))
      // A passed check's detail is in no report: what the baseline accepted is said as a note.
      for (const text of notes) await tell({ type: 'note', text })
    }
    if (options.writeTests !== undefined)
      await writeTest(options.writeTests, recording, judged, label)
    if (played.stopped !== undefined)
      await tell({
        type: 'part skipped',
        part: `${REPLAY_PART}.${session}`,
        reason: `replayed ${played.steps.length} of ${recording.steps.length} steps: ${played.stopped}`,
      })
    if (recording.end?.cut)
      await tell({
        type: 'note',
        text: `session ${session}: the recording was cut: ${recording.end.cut}`,
      })
  }
  if (options.writeTests !== undefined)
    await tell({
      type: 'note',
      text: `wrote ${written.files} tests into ${options.writeTests} (${written.shrunk} of failing sessions, shrunk); run them with DEVENV_BASE_URL=URL npx vitest run`,
    })
  await tell({ type: 'coverage', coverage: coverage.report() })
  return summary
}
