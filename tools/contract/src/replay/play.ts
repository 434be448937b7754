// One recorded session sent again to a server, step by step: each placeholder's value taken again
// from where the recording says it came (an earlier answer of this replay, the mailbox, a fresh
// address, a password of the same shape), each answer kept for the judgement (docs/replay.md).
import { randomBytes, randomInt } from 'node:crypto'
import { getAtPointer, isJsonObject } from '@devenv/openapi'
import { SEEDED_ACCOUNTS, STUB_SESSION_HEADER } from '@devenv/openapi/dev-protocol'
import type { RunOptions } from '../check/run-options'
import { mailboxOf } from '../check/run-setup'
import { type Answer, httpTransport, type Transport, type WireRequest } from '../http'
import { type Mailbox, waitForLink } from '../mailbox'
import { rememberSecret } from '../report/secrets'
import { hasStubSessions } from '../stub-sessions'
import {
  fillJson,
  fillText,
  placeholdersIn,
  type RecordedSession,
  type RecordedStep,
  type ValueSource,
} from './format'

/** Where a replay sends its sessions. */
export type ReplayTarget = {
  transport: Transport
  /** Whether it keeps a store per X-Stub-Session: each replayed session then gets its own. */
  stubSessions: boolean
  mailbox: Mailbox | undefined
  /**
   * The environment variables a recording's `variable` values may be read from (`--allow-env`):
   * a recording names the variables it reads, and one from elsewhere could name any, whose value
   * the replay would then send to the server.
   */
  variables?: ReadonlySet<string>
}

/**
 * A server over HTTP as a replay target: whether it keeps stub sessions (a probe of its own), and
 * its mailbox found as `check` finds one (`auto`: the server's development mailbox).
 */
export async function replayTargetAt(
  origin: string,
  options: { timeoutMs: number; mailbox: RunOptions['mailbox']; variables?: ReadonlySet<string> },
): Promise<ReplayTarget> {
  const transport = httpTransport(origin, options.timeoutMs)
  const stubSessions = await hasStubSessions(
    transport,
    `replay-probe-${randomBytes(4).toString('hex')}`,
  )
  const { mailbox } = await mailboxOf({ transport }, options.mailbox)
  return {
    transport,
    stubSessions,
    mailbox,
    ...(options.variables ? { variables: options.variables } : {}),
  }
}

/** One step as it was sent again, and what came back. */
export type PlayedStep = {
  recorded: RecordedStep
  request: WireRequest
  answer: Answer
  /** The placeholder values known once its answer came: the recorded answer is filled with them. */
  value: (name: string) => string
}

export type PlayedSession = {
  steps: PlayedStep[]
  /** Why the session stopped before its last step, when it did: the rest was not sent. */
  stopped?: string
}

/** A session that cannot go on: the one-line reason. */
class Stop extends Error {}

const CLASSES: Record<string, string> = {
  A: 'ABCDEFGHJKLMNPQRSTUVWXYZ',
  a: 'abcdefghijkmnopqrstuvwxyz',
  '9': '23456789',
  L: 'ÄÖÜßéñ',
}

/** A new secret of `shape`: each class letter a random one of its class, the rest as it was. */
export function mintSecret(shape: string): string {
  return [...shape]
    .map((mark) => {
      const pool = CLASSES[mark]
      return pool === undefined ? mark : (pool[randomInt(pool.length)] as string)
    })
    .join('')
}

/** Every placeholder a recorded session defines, and where its value comes from. */
export function sourcesOf(recording: RecordedSession): Map<string, ValueSource> {
  const sources = new Map<string, ValueSource>()
  for (const step of recording.steps)
    for (const [name, source] of Object.entries(step.values ?? {})) sources.set(name, source)
  return sources
}

/** The placeholders of a step's request: its URL, headers and body. */
function requestPlaceholders(step: RecordedStep): string[] {
  const { request } = step
  return [
    ...placeholdersIn(step.url),
    ...Object.values(request.headers).flatMap(placeholdersIn),
    ...placeholdersIn(
      request.json === undefined ? (request.text ?? '') : JSON.stringify(request.json),
    ),
  ]
}

/**
 * Sends the session's steps in order. `label` tells this replay's accounts and stub session apart
 * from every other one's.
 */
export async function playSession(
  recording: RecordedSession,
  target: ReplayTarget,
  label: string,
): Promise<PlayedSession> {
  const sources = sourcesOf(recording)
  const values = new Map<string, string>()
  const answers = new Map<number, Answer>()
  const steps: PlayedStep[] = []
  const session = target.stubSessions
    ? label.replace(/[^A-Za-z0-9_.:-]/g, '-').slice(0, 128)
    : undefined
  let emails = 0

  const known = (name: string): string => {
    const value = values.get(name)
    if (value === undefined) throw new Stop(`the value of {{${name}}} is not known yet`)
    return value
  }

  const take = async (name: string, step: number): Promise<void> => {
    if (values.has(name)) return
    const source = sources.get(name)
    if (source === undefined)
      throw new Stop(`step ${step} sends {{${name}}}, which the recording never defines`)
    values.set(name, await sourceValue(source, name, step))
  }

  const sourceValue = async (source: ValueSource, name: string, step: number): Promise<string> => {
    switch (source.kind) {
      case 'answer': {
        const answer = answers.get(source.step)
        const found =
          answer && isJsonObject(answer.json) ? atPointer(answer.json, source.pointer) : undefined
        if (typeof found !== 'string')
          throw new Stop(
            `step ${step} needs {{${name}}} from step ${source.step}'s answer at ${source.pointer}, which ${answer ? `answered ${answer.status} without it` : 'did not answer'}`,
          )
        if (source.secret) rememberSecret(found)
        return found
      }
      case 'registered-email':
        emails++
        return `${label}-${emails}@example.com`.toLowerCase()
      case 'password': {
        const password = mintSecret(source.shape)
        rememberSecret(password)
        return password
      }
      case 'seeded-password': {
        const seeded = SEEDED_ACCOUNTS.find((account) => account.email === source.email)
        if (!seeded || !target.stubSessions)
          throw new Stop(
            `step ${step} signs in as the stub's seeded ${source.email}, which only a stub has`,
          )
        return seeded.password
      }
      case 'mailed': {
        if (!target.mailbox)
          throw new Stop(`step ${step} follows a mailed link: no mailbox (--mailbox)`)
        for (const inner of placeholdersIn(source.to)) await take(inner, step)
        const to = fillText(source.to, known)
        const link = await waitForLink(target.mailbox, to, source.param, { session })
        const found = link?.[source.param]
        if (found === undefined)
          throw new Stop(
            `step ${step} follows the link of a mail to ${to}, and no mail with ${source.param} came`,
          )
        rememberSecret(found)
        return found
      }
      case 'stub-session':
        return session ?? ''
      case 'variable': {
        if (!target.variables?.has(source.variable))
          throw new Stop(
            `step ${step} sends the value of \${${source.variable}}, which --allow-env ${source.variable} lets it read`,
          )
        const value = process.env[source.variable]
        if (value === undefined)
          throw new Stop(
            `step ${step} sends the value of \${${source.variable}}: set that variable`,
          )
        rememberSecret(value, source.variable)
        return value
      }
      case 'secret': {
        if (source.shape === undefined)
          throw new Stop(
            `step ${step} sends a secret the recording has no source for (${source.where})`,
          )
        // Whatever it was, a server that answered it once answers a new one of its shape alike.
        const made = mintSecret(source.shape)
        rememberSecret(made)
        return made
      }
    }
  }

  for (const recorded of recording.steps) {
    try {
      if (recorded.url.startsWith('/__dev/') && !target.stubSessions)
        throw new Stop(
          `step ${recorded.step} uses the stub's development controls (${recorded.method} ${recorded.url.split('?')[0]}), which the target does not have`,
        )
      if (recorded.request.notKept)
        throw new Stop(
          `step ${recorded.step}'s request body was not recorded (${recorded.request.notKept})`,
        )
      for (const name of requestPlaceholders(recorded)) await take(name, recorded.step)
      const headers: Record<string, string> = {}
      for (const [name, value] of Object.entries(recorded.request.headers)) {
        if (name === STUB_SESSION_HEADER && session === undefined) continue
        headers[name] = fillText(value, known)
      }
      const body =
        recorded.request.json !== undefined
          ? JSON.stringify(fillJson(recorded.request.json, known))
          : recorded.request.text === undefined
            ? undefined
            : fillText(recorded.request.text, known)
      const request: WireRequest = {
        method: recorded.method,
        url: fillText(recorded.url, known),
        headers,
        ...(body === undefined ? {} : { body: Buffer.from(body) }),
      }
      const answer = await target.transport.send(request)
      answers.set(recorded.step, answer)
      // What this step's answer defines is bound now, so that its recorded answer fills with it.
      for (const [name, source] of Object.entries(recorded.values ?? {}))
        if (source.kind === 'answer' && source.step === recorded.step)
          await take(name, recorded.step).catch(() => undefined)
      steps.push({ recorded, request, answer, value: (name) => values.get(name) ?? `{{${name}}}` })
    } catch (error) {
      if (error instanceof Stop) return { steps, stopped: error.message }
      throw error
    }
  }
  return { steps }
}

/** The value at a JSON pointer of an answer, undefined where there is none. */
function atPointer(json: unknown, pointer: string): unknown {
  try {
    return getAtPointer(json as never, `#${pointer}`)
  } catch {
    return undefined
  }
}
