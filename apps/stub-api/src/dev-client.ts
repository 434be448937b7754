/**
 * The development client of the stub: its seeded accounts, the stub session header, and its
 * development controls (mailbox, clock, reset, coverage). Used by the contract runner, the fuzzer
 * and the web e2e suite. It uses only `fetch` (or a transport given to it) and imports nothing at
 * run time, so a bundled tool (the contract CLI) can carry it.
 */
import type { ContractCoverage } from '@devenv/openapi'

export type Credentials = { email: string; password: string }

/** The stub's seeded demo account (every stub session starts with it, unless SEED=off). */
export const DEMO_ACCOUNT = { email: 'demo@devenv.example', password: 'DemoPass123!' } as const
/** The stub's seeded ordinary account. */
export const USER_ACCOUNT = { email: 'user@devenv.example', password: 'UserPass123!' } as const
export const SEEDED_ACCOUNTS = { demo: DEMO_ACCOUNT, user: USER_ACCOUNT } as const

/** Each value gets its own isolated store (accounts, mailbox, clock, limits) in the stub. */
export const STUB_SESSION_HEADER = 'x-stub-session'

/** A captured e-mail, as `GET /__dev/mailbox` answers it. */
export type Mail = {
  kind: 'activation' | 'password-reset' | string
  to: string
  subject: string
  link: string
  /** The link's query parameters (`activate`, `user` and `hash`, ...). */
  linkParams: Record<string, string>
  createdAt: string
}

export type ClockView = { offsetSeconds: number; now: string }

/** One request to the stub's origin; the answer with its parsed JSON body (undefined if none). */
export type DevRequest = {
  method: string
  path: string
  headers: Record<string, string>
  body?: string
}
export type DevAnswer = { status: number; json: unknown }
export type DevTransport = (request: DevRequest) => Promise<DevAnswer>

/** Requests over HTTP with `fetch`, each bounded in time. */
export function fetchTransport(origin: string, timeoutMs = 15_000): DevTransport {
  const base = origin.replace(/\/+$/, '')
  return async ({ method, path, headers, body }) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    })
    const text = await response.text()
    let json: unknown
    try {
      json = text === '' ? undefined : JSON.parse(text)
    } catch {
      json = undefined
    }
    return { status: response.status, json }
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
    const answer = await call('GET', `/__dev/mailbox?to=${encodeURIComponent(to)}`)
    if (answer.status !== 200 || !isObject(answer.json) || !Array.isArray(answer.json.items)) {
      return []
    }
    return answer.json.items.flatMap(toMail)
  }

  return {
    session,
    sessionHeaders,
    hasMailbox: async () => {
      const answer = await call('GET', '/__dev/mailbox?to=dev-client-probe%40example.invalid')
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
    clock: async () => clockOf(await call('GET', '/__dev/clock')),
    advanceClock: async (seconds) =>
      clockOf(await call('POST', '/__dev/clock', { advanceSeconds: seconds })),
    setClockOffset: async (seconds) =>
      clockOf(await call('POST', '/__dev/clock', { offsetSeconds: seconds })),
    reset: async (all = false) => {
      expectOk(await call('POST', `/__dev/reset${all ? '?all=true' : ''}`, {}), 'the stub reset')
    },
    coverage: async () =>
      expectOk(await call('GET', '/__dev/coverage'), 'the stub coverage') as ContractCoverage,
  }
}
