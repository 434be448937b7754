// A replayed session judged step by step: each answer by the contract (`@devenv/openapi`'s one
// answer judgement) and against the recorded answer, less what is noise (docs/replay.md). `replay`,
// the written tests' library and the shrinking all judge here.
import { type Contract, judgeAnswer, matchesFormat, problemsOf } from '@devenv/openapi'
import { printable } from '../report/printable'
import {
  type Difference,
  differencesOf,
  fieldPattern,
  formatNoise,
  NOISY_FORMATS,
  noiseKey,
} from './compare'

import {
  fillJson,
  fillText,
  type RecordedSession,
  type RecordedStep,
  type Recording,
} from './format'
import type { PlayedSession, PlayedStep } from './play'

/** What counts as noise in a run: the contract's noisy formats, and the fields learned to differ. */
export type Noise = {
  formats: ReturnType<typeof formatNoise>
  /** `noiseKey`s: an operation's status and field that two answers of one build disagree on. */
  learned: Set<string>
}

export const createNoise = (contract: Contract): Noise => ({
  formats: formatNoise(contract),
  learned: new Set(),
})

/** What a step is: its operation, or its request line when no operation matches it. */
export const whatOf = (step: RecordedStep): string =>
  step.operationId ?? `${step.method} ${step.url.split('?')[0]}`

/** One step of a replay, judged. */
export type JudgedStep = {
  played: PlayedStep
  /** The contract's judgement of the answer: a line per problem. */
  contract: string[]
  /** Where the answer differs from the recorded one, noise left out. */
  differences: Difference[]
}

/** The fields of each step's answer a later step took a value from: they differ by nature. */
function linkedFields(recording: RecordedSession): Map<number, Set<string>> {
  const linked = new Map<number, Set<string>>()
  for (const step of recording.steps)
    for (const source of Object.values(step.values ?? {}))
      if (source.kind === 'answer') {
        const fields = linked.get(source.step) ?? new Set()
        fields.add(source.pointer)
        linked.set(source.step, fields)
      }
  return linked
}

/** The recorded answer of a played step, its placeholders filled with the values of this replay. */
function expectedOf(played: PlayedStep): NonNullable<RecordedStep['answer']> | undefined {
  const { answer } = played.recorded
  if (!answer) return undefined
  const headers = Object.fromEntries(
    Object.entries(answer.headers).map(([name, value]) => [name, fillText(value, played.value)]),
  )
  return {
    ...answer,
    headers,
    ...(answer.json === undefined ? {} : { json: fillJson(answer.json, played.value) }),
    ...(answer.text === undefined ? {} : { text: fillText(answer.text, played.value) }),
  }
}

/** Each played step of a session, judged by the contract and against its recording. */
export function judgeSession(
  contract: Contract,
  noise: Noise,
  recording: RecordedSession,
  played: PlayedSession,
): JudgedStep[] {
  const linked = linkedFields(recording)
  return played.steps.map((step) => {
    const { recorded, answer } = step
    const expected = expectedOf(step)
    const lines: string[] = []
    // No answer is as recorded when none came then either (a connection the test had dropped).
    if (answer.error) {
      if (recorded.answer) lines.push(`no answer: ${answer.error}`)
    } else if (recorded.operationId)
      for (const problem of problemsOf(judgeAnswer(contract, recorded.operationId, answer)))
        lines.push(problem.message)
    // A step recorded without an answer (its client went away, or a test dropped the connection)
    // has nothing to compare: only the contract judges what came now.
    if (!expected) return { played: step, contract: lines, differences: [] }
    const fields = linked.get(recorded.step)
    const patterns = noise.formats(recorded.operationId, expected.status)
    // An answer outside the contract (a development control's) has no schema to say where its
    // uuid and date-time values are: there, a value of either shape is one.
    const byShape = recorded.operationId === undefined
    const isNoise = (field: string, recordedValue?: unknown) =>
      fields?.has(field) === true ||
      patterns.has(fieldPattern(field)) ||
      (byShape &&
        typeof recordedValue === 'string' &&
        [...NOISY_FORMATS].some((format) => matchesFormat(format, recordedValue))) ||
      noise.learned.has(noiseKey(whatOf(recorded), expected.status, field))
    return { played: step, contract: lines, differences: differencesOf(expected, answer, isNoise) }
  })
}

/** Learns as noise every difference of a replay against a server of the recorded build. */
export function learnNoise(noise: Noise, judged: readonly JudgedStep[]): void {
  for (const { played, differences } of judged)
    for (const difference of differences)
      noise.learned.add(
        noiseKey(whatOf(played.recorded), played.recorded.answer?.status ?? 0, difference.field),
      )
}

/** Learns as noise what two recordings of one session disagree on, step by step. */
export function learnFromRecordings(noise: Noise, first: Recording, other: Recording): void {
  first.steps.forEach((step, index) => {
    const again = other.steps[index]
    if (!step.answer || !again?.answer || whatOf(again) !== whatOf(step)) return
    const answered = { ...again.answer, json: again.answer.json, text: again.answer.text ?? '' }
    for (const difference of differencesOf(step.answer, answered, () => false))
      noise.learned.add(noiseKey(whatOf(step), step.answer.status, difference.field))
  })
}

/** A value of a difference as one printable line, cut to be read. */
const shown = (value: unknown) =>
  printable(typeof value === 'string' ? value : (JSON.stringify(value) ?? 'undefined')).slice(
    0,
    200,
  )

/** A difference in one line: the field and both values. */
export const differenceText = (difference: Difference) =>
  `${difference.field || '(the body)'}: recorded ${shown(difference.recorded)}, now ${shown(difference.replayed)}`
