// `proxy --record DIR`: each exchange the proxy judged, written to its session's recording as it
// passes, its secrets placeholders, its values linked to the answers they came from, the whole
// recording bounded in bytes (docs/replay.md). It runs on the proxy's judging thread.
import { createHash } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { isSecretName, isSecretParam } from '@devenv/domain'
import {
  type Contract,
  childPointer,
  getAtPointer,
  isJsonObject,
  mediaTypeOf,
  type Operation,
  responseFor,
} from '@devenv/openapi'
import {
  STUB_SESSION_COOKIE,
  STUB_SESSION_HEADER,
  STUB_SESSION_ID,
} from '@devenv/openapi/dev-protocol'
import type { ProxiedExchange } from '../proxy/reading'
import { decodedFormName } from '../report/secrets'
import { appendTextFileSync } from '../report/write'
import {
  RECORDING_FORMAT,
  type RecordedMessage,
  type RecordedStep,
  type RecordingEnd,
  type RecordingHead,
  recordingFileName,
} from './format'
import { SessionValues } from './session-values'

/** The recording's bound unless `--record-max-mib` sets another. */
export const DEFAULT_RECORD_MAX_MIB = 256
/** A client could name a new stub session per request: past this many, no new one is recorded. */
export const MAX_RECORDED_SESSIONS = 10_000
/** The session of exchanges sent in none (a server without stub sessions). */
export const DEFAULT_SESSION = 'proxy'
/** The operation whose request registers a new address: replayed with a fresh one. */
const REGISTERING_OPERATION = 'register'
/** The operations whose 2xx answer mails a link to the request's address. */
const MAILING_OPERATIONS = new Set([
  REGISTERING_OPERATION,
  'requestPasswordReset',
  'resendActivation',
])
/** The development mailbox: its reads are not replayed, the mails they found are linked. */
const DEV_MAILBOX = /^\/__dev\/mailbox(?:\?|$)/

// The request headers a replay must send again; the browser's others are noise.
const REQUESTED_HEADERS = ['content-type', 'accept', 'authorization', 'prefer', STUB_SESSION_HEADER]

export type RecorderOptions = {
  dir: string
  maxBytes: number
  contract: Contract
  upstream: string
}

export type RecordingSummary = {
  dir: string
  sessions: number
  steps: number
  bytes: number
  /** What the bound left out, when it was reached. */
  cut?: string
}

export type Recorder = {
  record: (exchange: ProxiedExchange) => void
  /** Ends every session's file and answers what was written. */
  close: () => RecordingSummary
}

type Session = {
  file: string
  startedAt: number
  steps: number
  values: SessionValues
}

/** The stub session a request was sent in: its header, else its cookie. */
function sessionOf(exchange: ProxiedExchange): string | undefined {
  const header = exchange.requestHeaders[STUB_SESSION_HEADER]
  if (typeof header === 'string' && STUB_SESSION_ID.test(header)) return header
  const cookie = exchange.requestHeaders.cookie
  const found =
    typeof cookie === 'string'
      ? new RegExp(`(?:^|;\\s*)${STUB_SESSION_COOKIE}=([^;]*)`).exec(cookie)?.[1]
      : undefined
  return found !== undefined && STUB_SESSION_ID.test(found) ? found : undefined
}

const headerText = (value: string | string[] | undefined) =>
  Array.isArray(value) ? value.join(', ') : value

/** The body as recorded: JSON parsed when it is JSON, else text; each string through `string`. */
function bodyOf(
  body: Buffer | undefined,
  bytes: number,
  contentType: string | undefined,
): Pick<RecordedMessage, 'json' | 'text' | 'notKept'> & { parsed?: unknown } {
  if (body === undefined)
    return bytes > 0 ? { notKept: `${bytes} bytes, over what the proxy reads of a body` } : {}
  if (body.length === 0) return {}
  const text = body.toString('utf8')
  if (/[/+]json$/.test(mediaTypeOf(contentType))) {
    try {
      return { parsed: JSON.parse(text) }
    } catch {
      // Not JSON after all: kept as text.
    }
  }
  return { text }
}

/** The names of the headers the contract documents for an answer, in lower case. */
function documentedHeaders(contract: Contract, operation: Operation | undefined, status: number) {
  const response = operation && responseFor(operation, status)
  const object = response ? getAtPointer(contract.document, response.pointer) : undefined
  const headers = isJsonObject(object) && isJsonObject(object.headers) ? object.headers : {}
  return ['content-type', ...Object.keys(headers).map((name) => name.toLowerCase())]
}

export function createRecorder({ dir, maxBytes, contract, upstream }: RecorderOptions): Recorder {
  mkdirSync(dir, { recursive: true })
  const sessions = new Map<string, Session>()
  // The headers each operation's status documents, read from the document once, not per exchange.
  const answerHeaders = new Map<string, string[]>()
  const version = String(contract.document.info?.version ?? '')
  let bytes = 0
  let steps = 0
  let cut: string | undefined

  const write = (session: Session, line: unknown): boolean => {
    const text = `${JSON.stringify(line)}\n`
    const size = Buffer.byteLength(text)
    if (bytes + size > maxBytes) {
      cut ??= `the recording reached its bound of ${(maxBytes / 1024 / 1024).toFixed(0)} MiB (--record-max-mib): later exchanges were judged, not recorded`
      return false
    }
    appendTextFileSync(session.file, text)
    bytes += size
    return true
  }

  const open = (name: string): Session | undefined => {
    const known = sessions.get(name)
    if (known) return known
    if (sessions.size >= MAX_RECORDED_SESSIONS) {
      cut ??= `more than ${MAX_RECORDED_SESSIONS.toLocaleString('en-US')} sessions: later sessions were judged, not recorded`
      return undefined
    }
    const digest = createHash('sha256').update(name).digest('hex')
    const session: Session = {
      file: join(dir, recordingFileName(name, digest)),
      startedAt: Date.now(),
      steps: 0,
      values: new SessionValues(),
    }
    const head: RecordingHead = {
      format: RECORDING_FORMAT,
      session: name,
      contract: version,
      recordedAt: new Date(session.startedAt).toISOString(),
      upstream,
    }
    if (!write(session, head)) return undefined
    sessions.set(name, session)
    return session
  }

  const record = (exchange: ProxiedExchange) => {
    if (cut) return
    const name = sessionOf(exchange)
    const session = open(name ?? DEFAULT_SESSION)
    if (!session) return
    const { values } = session
    const [path = '', query] = exchange.url.split(/\?(.*)/s)
    // Reading the stub's mailbox is how a client got its link: linked, not replayed.
    if (exchange.method === 'GET' && DEV_MAILBOX.test(exchange.url)) {
      readDevMailbox(values, query, exchange.answerBody)
      return
    }
    const operation = contract.match(exchange.method, exchange.url)?.operation
    const step = session.steps + 1
    const requestBody = bodyOf(
      exchange.requestBody,
      exchange.requestBodyBytes ?? exchange.requestBody?.length ?? 0,
      headerText(exchange.requestHeaders['content-type']),
    )
    // Only an address the server took is new: one it refused (409, taken) is an account that
    // was there before, and is replayed as it was sent.
    const taken = exchange.status !== undefined && exchange.status >= 200 && exchange.status < 300
    const registering = taken && operation?.operationId === REGISTERING_OPERATION
    const mailing = taken && MAILING_OPERATIONS.has(operation?.operationId ?? '')
    const request: RecordedMessage = {
      headers: requestHeaders(values, exchange, name !== undefined),
      ...withoutParsed(requestBody),
      ...('parsed' in requestBody
        ? { json: sentJson(values, requestBody.parsed, registering, mailing) }
        : requestBody.text === undefined
          ? {}
          : { text: values.text(requestBody.text) }),
    }
    const url = `${path
      .split('/')
      .map((segment) => (segment === '' ? '' : values.sent(segment)))
      .join('/')}${query === undefined ? '' : `?${sentQuery(values, query)}`}`
    let answer: RecordedStep['answer']
    if (exchange.status !== undefined) {
      const key = `${operation?.operationId} ${exchange.status}`
      let kept = answerHeaders.get(key)
      if (kept === undefined) {
        kept = documentedHeaders(contract, operation, exchange.status)
        answerHeaders.set(key, kept)
      }
      const headers: Record<string, string> = {}
      for (const header of kept) {
        const value = headerText(exchange.answerHeaders[header])
        if (value !== undefined) headers[header] = values.text(value)
      }
      const body = bodyOf(
        exchange.answerBody,
        exchange.answerBody?.length ?? 0,
        headerText(exchange.answerHeaders['content-type']),
      )
      answer = {
        status: exchange.status,
        headers,
        ...withoutParsed(body),
        ...('parsed' in body
          ? { json: answeredJson(values, body.parsed, step, '') }
          : body.text === undefined
            ? {}
            : { text: values.text(body.text) }),
      }
    }
    const line: RecordedStep = {
      step,
      at: Date.now() - session.startedAt,
      ...(operation ? { operationId: operation.operationId } : {}),
      method: exchange.method,
      url,
      request,
      ...(answer ? { answer } : {}),
      ...(exchange.error ? { error: values.text(exchange.error) } : {}),
    }
    const defined = values.takeNew()
    if (defined) line.values = defined
    if (write(session, line)) {
      session.steps = step
      steps++
    }
  }

  return {
    record,
    close: () => {
      for (const session of sessions.values()) {
        const end: RecordingEnd = { end: true, steps: session.steps, ...(cut ? { cut } : {}) }
        // The end line is written past the bound: it says where the recording stopped.
        appendTextFileSync(session.file, `${JSON.stringify(end)}\n`)
      }
      return { dir, sessions: sessions.size, steps, bytes, ...(cut ? { cut } : {}) }
    },
  }
}

const withoutParsed = ({
  parsed: _,
  ...rest
}: ({ parsed?: unknown } & RecordedMessage) | ReturnType<typeof bodyOf>) => rest

function requestHeaders(
  values: SessionValues,
  exchange: ProxiedExchange,
  inStubSession: boolean,
): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const name of REQUESTED_HEADERS) {
    const value = headerText(exchange.requestHeaders[name])
    if (value === undefined) continue
    if (name === STUB_SESSION_HEADER) continue
    const bearer = /^(Bearer\s+)(\S+)$/i.exec(value)
    headers[name] =
      name === 'authorization'
        ? bearer
          ? `${bearer[1]}${values.sent(bearer[2] as string)}`
          : values.sentSecret('authorization', value, undefined)
        : values.text(value)
  }
  // A session sent by cookie is replayed by header: the same store, and no browser's cookies.
  if (inStubSession)
    headers[STUB_SESSION_HEADER] =
      `{{${values.define(sessionOf(exchange) as string, 'stub-session', { kind: 'stub-session' })}}}`
  return headers
}

function sentQuery(values: SessionValues, query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=')
      if (equals < 0) return values.text(pair)
      const raw = pair.slice(equals + 1)
      let decoded = raw
      try {
        decoded = decodeURIComponent(raw.replace(/\+/g, ' '))
      } catch {
        // Not percent-encoded as it should be: matched as written.
      }
      // A secret parameter (`?token=`) is never written as it was, known or not.
      const name = decodedFormName(pair.slice(0, equals))
      const sent = isSecretParam(name)
        ? values.sentSecret(name, decoded, undefined)
        : values.sent(decoded)
      return `${values.text(pair.slice(0, equals))}=${sent === decoded ? values.text(raw) : sent}`
    })
    .join('&')
}

/** A request's JSON: each string matched to an earlier answer, each secret a placeholder. */
function sentJson(
  values: SessionValues,
  json: unknown,
  registering: boolean,
  mailing: boolean,
): unknown {
  const email = isJsonObject(json)
    ? [json.username, json.email].find((value): value is string => typeof value === 'string')
    : undefined
  if (email !== undefined && mailing && !registering) values.mailed(email)
  const walk = (value: unknown, key: string | undefined, top: boolean): unknown => {
    if (typeof value === 'string') {
      if (top && registering && (key === 'username' || key === 'email'))
        return values.registered(value)
      return key !== undefined && isSecretName(key)
        ? values.sentSecret(key, value, email)
        : values.sent(value)
    }
    if (Array.isArray(value)) return value.map((item) => walk(item, key, false))
    if (isJsonObject(value))
      return Object.fromEntries(
        Object.entries(value).map(([name, item]) => [
          values.text(name),
          walk(item, name, top && value === json),
        ]),
      )
    return value
  }
  return walk(json, undefined, true)
}

/** An answer's JSON: secrets become placeholders defined here, other values wait for a later use. */
function answeredJson(
  values: SessionValues,
  json: unknown,
  step: number,
  pointer: string,
): unknown {
  if (typeof json === 'string') return values.text(json)
  if (Array.isArray(json))
    return json.map((item, index) => answeredJson(values, item, step, `${pointer}/${index}`))
  if (!isJsonObject(json)) return json
  return Object.fromEntries(
    Object.entries(json).map(([key, item]) => {
      const at = childPointer(pointer, key)
      if (typeof item === 'string') {
        if (isSecretName(key))
          return [values.text(key), values.answeredSecret(key, item, { step, pointer: at })]
        values.answer(item, { step, pointer: at })
      }
      return [values.text(key), answeredJson(values, item, step, at)]
    }),
  )
}

/** The mails a client read through `GET /__dev/mailbox?to=`: their links' parameters. */
function readDevMailbox(
  values: SessionValues,
  query: string | undefined,
  body: Buffer | undefined,
) {
  const to = new URLSearchParams(query ?? '').get('to')
  if (to === null || body === undefined) return
  try {
    const answer = JSON.parse(body.toString('utf8')) as unknown
    const items = isJsonObject(answer) && Array.isArray(answer.items) ? answer.items : []
    for (const mail of items)
      if (isJsonObject(mail) && isJsonObject(mail.linkParams))
        values.readMail(to, mail.linkParams as Record<string, string>)
  } catch {
    // Not the mailbox's JSON: nothing to link.
  }
}
