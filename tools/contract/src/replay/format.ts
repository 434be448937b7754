// The recording's format: one NDJSON file per session, a line per exchange, written as the proxy
// judges it (docs/replay.md, and docs/decisions/contract-toolkit.md for why NDJSON, not HAR).
// A recorded text never holds a secret: each is a named placeholder, `{{password-1}}`, whose
// source the session's lines say (an earlier answer, a mail, a fresh address, a minted password).

/** The first line's `format`: a reader refuses any other. */
export const RECORDING_FORMAT = 'devenv-recording/1'

/** Where a placeholder's value comes from, when the session is replayed. */
export type ValueSource =
  /** The server gave it: the answer of `step`, at `pointer` of its JSON body. */
  | { kind: 'answer'; step: number; pointer: string; secret: boolean }
  /** An address the session registered: a fresh one on every replay, as `check` makes them. */
  | { kind: 'registered-email' }
  /**
   * A password the client chose: minted anew, of the same `shape` (each letter, digit and other
   * character stands for one of its class), so that the same rules of the policy hold for it.
   */
  | { kind: 'password'; shape: string }
  /** The password of an account every stub session is seeded with (the development protocol). */
  | { kind: 'seeded-password'; email: string }
  /** A parameter of the link in the newest mail to `to` (a text, placeholders allowed). */
  | { kind: 'mailed'; param: string; to: string }
  /** The stub session the exchanges were sent in: a new one on every replay. */
  | { kind: 'stub-session' }
  /** A `${NAME}` value of the configuration: read from the environment variable again. */
  | { kind: 'variable'; variable: string }
  /**
   * A secret a request sent whose source the recording does not know (a link typed by hand, a
   * token the client made up): minted anew of its `shape`, as a password is. A value the
   * configuration gave without a variable has no shape: its session cannot be replayed.
   */
  | { kind: 'secret'; where: string; shape?: string }

/** A message as recorded: its headers, and its body as JSON when it was JSON, else as text. */
export type RecordedMessage = {
  headers: Record<string, string>
  json?: unknown
  text?: string
  /** Why the body is not here (too large, not all of it arrived). */
  notKept?: string
}

export type RecordedStep = {
  step: number
  /** Milliseconds after the session's first exchange. */
  at: number
  /** Undefined for a request no operation of the contract matches (`/__dev/clock`). */
  operationId?: string
  method: string
  /** Path and query from the server's root, placeholders in it. */
  url: string
  request: RecordedMessage
  /** Undefined when no answer came: `error` says why. */
  answer?: RecordedMessage & { status: number }
  error?: string
  /** The placeholders this step uses first, and where each one's value comes from. */
  values?: Record<string, ValueSource>
}

export type RecordingHead = {
  format: typeof RECORDING_FORMAT
  session: string
  /** The contract's `info.version` the proxy judged against. */
  contract: string
  recordedAt: string
  upstream: string
}

/** The last line, written when the recording stops: how many steps, and what was cut. */
export type RecordingEnd = { end: true; steps: number; cut?: string }

/** A session as it is replayed: its head and its steps (a written test holds just these). */
export type RecordedSession = { head: RecordingHead; steps: RecordedStep[] }

export type Recording = RecordedSession & {
  file: string
  end: RecordingEnd | undefined
}

/** `{{name}}`; a literal `{{` in a recorded text is written `{{open}}`. */
export const PLACEHOLDER = /\{\{([a-z0-9-]+)\}\}/g
export const LITERAL_OPEN = 'open'

/** A recorded text with its literal `{{` escaped, before placeholders go in. */
export const escapeText = (text: string): string => text.replaceAll('{{', `{{${LITERAL_OPEN}}}`)

/** The text with each placeholder's value; `value` throws for a name it cannot give. */
export function fillText(text: string, value: (name: string) => string): string {
  return text.replace(PLACEHOLDER, (_, name: string) =>
    name === LITERAL_OPEN ? '{{' : value(name),
  )
}

/** A JSON value with each string's placeholders filled. */
export function fillJson(json: unknown, value: (name: string) => string): unknown {
  if (typeof json === 'string') return fillText(json, value)
  if (Array.isArray(json)) return json.map((item) => fillJson(item, value))
  if (json !== null && typeof json === 'object')
    return Object.fromEntries(
      Object.entries(json).map(([key, item]) => [key, fillJson(item, value)]),
    )
  return json
}

/** The names of the placeholders a text holds. */
export const placeholdersIn = (text: string): string[] =>
  [...text.matchAll(PLACEHOLDER)]
    .map((match) => match[1] as string)
    .filter((name) => name !== LITERAL_OPEN)

/** A session's id as a file name: safe characters only, bounded, told apart by a digest. */
export function recordingFileName(session: string, digest: string): string {
  const safe = session
    .replace(/[^A-Za-z0-9_.-]+/g, '_')
    .replace(/^[.]+/, '_')
    .slice(0, 80)
  return `${safe}.${digest.slice(0, 8)}.ndjson`
}
