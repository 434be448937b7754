/**
 * The stub's development protocol (dev-protocol.yaml), said once for both sides: the stub
 * implements it, the contract toolkit, the reliability tools and the test suites are its clients.
 * - the stub session: `X-Stub-Session` (or the `stubSession` cookie, or `?stubSession=` on pages);
 * - the development controls under `/__dev` (mailbox, clock, session, reset, coverage, ...);
 * - faults asked for with `Prefer: code=NNN, delay=MS, reset`;
 * - the seeded accounts every stub session starts with;
 * - the one client of the controls (`createDevClient`), over `fetch` or a transport given to it.
 * At run time it imports only generated constants, so browsers and bundled tools carry it as is.
 */
import type { ContractCoverage } from './coverage'
import type { components } from './generated/dev-protocol-types'
import { DEV_PATHS } from './generated/facts'

export type Credentials = { email: string; password: string }

/** The seeded demo account (every stub session starts with it, unless SEED=off). */
export const DEMO_ACCOUNT = { email: 'demo@devenv.example', password: 'DemoPass123!' } as const
/** The seeded ordinary account. */
export const USER_ACCOUNT = { email: 'user@devenv.example', password: 'UserPass123!' } as const
/** Every seeded account, the demo account first. */
export const SEEDED_ACCOUNTS = [DEMO_ACCOUNT, USER_ACCOUNT] as const

/**
 * Each value gets its own isolated store (accounts, mailbox, clock, limits). Header names are
 * case-insensitive; this is the spelling Node hands a server.
 */
export const STUB_SESSION_HEADER = 'x-stub-session'
/** The stub session of a browser (the site's pages cannot set a header on navigations). */
export const STUB_SESSION_COOKIE = 'stubSession'
/** The stub session of a development page opened by hand (`/__dev/mailbox.html?stubSession=`). */
export const STUB_SESSION_QUERY = 'stubSession'
/** The ids a stub session may have; any other is ignored (the default store answers). */
export const STUB_SESSION_ID = /^[A-Za-z0-9_.:-]{1,128}$/

// The paths are generated from dev-protocol.yaml (scripts/facts.ts), so none can be missed or
// misspelt here.
export { DEV_PATHS }
export type DevPath = (typeof DEV_PATHS)[keyof typeof DEV_PATHS]

/** The header of faults, sent with an API call. */
export const PREFER_HEADER = 'prefer'
/** Longest `Prefer: delay=` honoured, so a typo cannot hang a test run. */
export const MAX_PREFER_DELAY_MS = 30_000

/** A fault asked for: the documented answer of a status, a delay first, or a dropped connection. */
export type Preference = { code?: number; delayMs?: number; reset?: boolean }

/** Reads Prism-style `Prefer` headers: `code=503`, `delay=800`, `reset`, comma-separated. */
export function parsePrefer(header: string | string[] | undefined): Preference {
  const preference: Preference = {}
  const text = Array.isArray(header) ? header.join(',') : (header ?? '')
  for (const part of text.split(/[,;]/)) {
    const [rawName, rawValue] = part.split('=').map((each) => each.trim().toLowerCase())
    if (rawName === 'code' && rawValue && /^\d{3}$/.test(rawValue))
      preference.code = Number(rawValue)
    if (rawName === 'delay' && rawValue && /^\d+$/.test(rawValue)) {
      preference.delayMs = Math.min(Number(rawValue), MAX_PREFER_DELAY_MS)
    }
    if (rawName === 'reset') preference.reset = true
  }
  return preference
}

/** The `Prefer` value that asks for a preference (what parsePrefer reads back). */
export function preferHeader(preference: Preference): string {
  return [
    ...(preference.delayMs === undefined ? [] : [`delay=${preference.delayMs}`]),
    ...(preference.code === undefined ? [] : [`code=${preference.code}`]),
    ...(preference.reset ? ['reset'] : []),
  ].join(', ')
}

type Schemas = components['schemas']

/** A captured e-mail, as `GET /__dev/mailbox` answers it. */
export type Mail = Pick<Schemas['Mail'], 'to' | 'subject' | 'link' | 'createdAt'> & {
  kind: 'activation' | 'password-reset' | 'registration-attempt' | string
  /** The link's query parameters (`activate`, `user` and `hash`, ...). */
  linkParams: Record<string, string>
}

export type ClockView = Schemas['Clock']

/** One request to the stub's origin; the answer with its parsed JSON body (undefined if none). */
export type DevRequest = {
  method: string
  path: string
  headers: Record<string, string>
  body?: string
}
export type DevAnswer = { status: number; json: unknown }
export type DevTransport = (request: DevRequest) => Promise<DevAnswer>

/**
 * Reads an answer's body. By default all of it; a client of servers it does not trust passes one
 * that stops at a cap (the contract toolkit's `readBody`).
 */
export type BodyReader = (response: Response) => Promise<string>

/** Why a `fetch` failed, in one line: undici's cause (refused, reset, timed out), not "fetch failed". */
export function fetchFailureOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  return error.cause instanceof Error ? error.cause.message : error.message
}

/**
 * Requests over HTTP with `fetch`, each bounded in time; redirects are answers. No answer (refused,
 * reset, timed out, a body over the reader's cap) throws, naming the request.
 */
export function fetchTransport(
  origin: string,
  timeoutMs = 15_000,
  readBody: BodyReader = (response) => response.text(),
): DevTransport {
  const base = origin.replace(/\/+$/, '')
  return async ({ method, path, headers, body }) => {
    let text: string
    let status: number
    try {
      const response = await fetch(`${base}${path}`, {
        method,
        headers,
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      })
      status = response.status
      text = await readBody(response)
    } catch (error) {
      throw new Error(`${method} ${path}: ${fetchFailureOf(error)}`, { cause: error })
    }
    let json: unknown
    try {
      json = text === '' ? undefined : JSON.parse(text)
    } catch {
      json = undefined
    }
    return { status, json }
  }
}

export type DevClientOptions = {
  /** The stub's origin, `http://127.0.0.1:4010` (not the API base); or give `transport`. */
  origin?: string
  transport?: DevTransport
  /** The stub session to act in; the default store when left out. */
  session?: string
  timeoutMs?: number
}

export type DevClient = {
  readonly session: string | undefined
  /** The header that puts an API call in this client's stub session (empty without session). */
  sessionHeaders: () => Record<string, string>
  /**
   * The stub session that answered `GET /__dev/session` (null: the default store); undefined when
   * the target does not answer as the stub does. Equal to `session` only where sessions are kept.
   */
  servedSession: () => Promise<string | null | undefined>
  /** True when the target offers the development mailbox (a stub in development or test mode). */
  hasMailbox: () => Promise<boolean>
  /** The e-mails sent to an address in this session, newest first; [] when there is no mailbox. */
  mailbox: (to: string) => Promise<Mail[]>
  /** The link parameters of the newest (or `newest`-th) mail of a kind to an address. */
  mailedLink: (
    to: string,
    kind: Mail['kind'],
    newest?: number,
  ) => Promise<Record<string, string> | undefined>
  /** Waits for a mail of a kind to an address (the stub sends them at once; this allows latency). */
  waitForMail: (to: string, kind: Mail['kind'], attempts?: number) => Promise<Mail>
  clock: () => Promise<ClockView>
  /** Moves this session's clock forward (token and link expiry, the login lock, provisioning). */
  advanceClock: (seconds: number) => Promise<ClockView>
  /** Sets this session's clock offset. */
  setClockOffset: (seconds: number) => Promise<ClockView>
  /** Back to the seeds (`all`: every session too). */
  reset: (all?: boolean) => Promise<void>
  /** What this session was served: operations, documented statuses and examples. */
  coverage: () => Promise<ContractCoverage>
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function toMail(item: unknown): Mail[] {
  if (!isObject(item)) return []
  const params = isObject(item.linkParams) ? item.linkParams : {}
  return [
    {
      kind: String(item.kind ?? ''),
      to: String(item.to ?? ''),
      subject: String(item.subject ?? ''),
      link: String(item.link ?? ''),
      linkParams: Object.fromEntries(
        Object.entries(params).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string',
        ),
      ),
      createdAt: String(item.createdAt ?? ''),
    },
  ]
}

export function createDevClient(options: DevClientOptions): DevClient {
  const transport =
    options.transport ??
    (options.origin !== undefined ? fetchTransport(options.origin, options.timeoutMs) : undefined)
  if (!transport) throw new Error('createDevClient needs an origin or a transport')
  const { session } = options
  const sessionHeaders = (): Record<string, string> =>
    session === undefined ? {} : { [STUB_SESSION_HEADER]: session }

  const call = (method: string, path: string, body?: unknown) =>
    transport({
      method,
      path,
      headers: {
        ...sessionHeaders(),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
  const expectOk = (answer: DevAnswer, what: string): Record<string, unknown> => {
    if (answer.status !== 200 || !isObject(answer.json)) {
      throw new Error(`${what} answered ${answer.status}`)
    }
    return answer.json
  }
  const clockOf = (answer: DevAnswer): ClockView => {
    const view = expectOk(answer, 'the stub clock')
    return { offsetSeconds: Number(view.offsetSeconds), now: String(view.now) }
  }

  const mailbox = async (to: string): Promise<Mail[]> => {
    const answer = await call('GET', `${DEV_PATHS.mailbox}?to=${encodeURIComponent(to)}`)
    if (answer.status !== 200 || !isObject(answer.json) || !Array.isArray(answer.json.items)) {
      return []
    }
    return answer.json.items.flatMap(toMail)
  }

  return {
    session,
    sessionHeaders,
    servedSession: async () => {
      const answer = await call('GET', DEV_PATHS.session)
      if (answer.status !== 200 || !isObject(answer.json)) return undefined
      const served = answer.json.session
      return served === null || typeof served === 'string' ? served : undefined
    },
    hasMailbox: async () => {
      const answer = await call('GET', `${DEV_PATHS.mailbox}?to=dev-client-probe%40example.invalid`)
      return answer.status === 200 && isObject(answer.json) && Array.isArray(answer.json.items)
    },
    mailbox,
    mailedLink: async (to, kind, newest = 0) =>
      (await mailbox(to)).filter((mail) => mail.kind === kind)[newest]?.linkParams,
    waitForMail: async (to, kind, attempts = 50) => {
      for (let attempt = 0; attempt < attempts; attempt += 1) {
        const found = (await mailbox(to)).find((mail) => mail.kind === kind)
        if (found) return found
        await new Promise((done) => setTimeout(done, 100))
      }
      throw new Error(`no ${kind} mail to ${to}`)
    },
    clock: async () => clockOf(await call('GET', DEV_PATHS.clock)),
    advanceClock: async (seconds) =>
      clockOf(await call('POST', DEV_PATHS.clock, { advanceSeconds: seconds })),
    setClockOffset: async (seconds) =>
      clockOf(await call('POST', DEV_PATHS.clock, { offsetSeconds: seconds })),
    reset: async (all = false) => {
      expectOk(
        await call('POST', `${DEV_PATHS.reset}${all ? '?all=true' : ''}`, {}),
        'the stub reset',
      )
    },
    coverage: async () =>
      expectOk(await call('GET', DEV_PATHS.coverage), 'the stub coverage') as ContractCoverage,
  }
}
