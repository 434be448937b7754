import { STORAGE_KEYS } from '@devenv/domain/session'
import {
  type Credentials,
  createDevClient,
  DEMO_ACCOUNT,
  type DevClient,
  USER_ACCOUNT,
} from '@devenv/stub-api/dev-client'
import { beforeAll } from 'vitest'
import { addPreference, ask, calls, type RecordedCall, settled, stubTransport } from './site-fetch'

/**
 * The component tests' API: the real stub, with the same semantics as the browser tests (seeded
 * accounts, validation, tokens, mailbox, clock, `Prefer:` faults), behind the site's `fetch`.
 * A test file that imports this starts the stub before its first test (a file that does not
 * pays nothing); it is put back to its seeds after every test (test-setup.ts).
 * The site's calls are recorded (what was sent is part of what a test proves), and a test may
 * ask for a documented fault on the next calls of one operation, as the e2e suite does.
 */

export type { Credentials, RecordedCall }
export { DEMO_ACCOUNT, USER_ACCOUNT }
export type Tokens = { access_token: string; refresh_token: string; token_valid_seconds: number }

// Starting the stub (importing it, hashing the seeded passwords) is this file's set-up, not the
// first test's: on a busy two-core machine it can take seconds.
beforeAll(async () => {
  await stubTransport()
}, 30_000)

/** The stub's development controls: mailbox, clock, reset. */
export const dev: DevClient = createDevClient({
  transport: async ({ method, path, headers, body }) => {
    const response = await ask(path, { method, headers, body: body ?? null })
    const text = await response.text()
    return { status: response.status, json: text === '' ? undefined : JSON.parse(text) }
  },
})

export const stub = {
  /** Every call the site made in this test, in order. */
  calls: calls as readonly RecordedCall[],
  /** The calls of one operation: `'POST /auth/auth'`. */
  callsTo: (key: string) => calls.filter((call) => `${call.method} ${call.path}` === key),
  /**
   * The next `times` calls of `METHOD /path` carry `Prefer: value`: `code=503` answers that
   * documented status (with the contract's example), `reset` fails without an answer.
   */
  prefer(key: string, value: string, times = 1): void {
    addPreference(key, value, times)
  },
  /** Signs in through the API (not the site) and answers the token pair. */
  async tokens(account: Credentials = USER_ACCOUNT): Promise<Tokens> {
    const response = await ask('/api/auth/auth', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(account),
    })
    if (response.status !== 200) throw new Error(`sign-in answered ${response.status}`)
    return (await response.json()) as Tokens
  },
  /**
   * Waits until every call the site made has its answer, and what those answers started (more
   * calls, zero-delay timers under fake timers) has run too.
   */
  settled: (flushTimers: () => Promise<unknown> = async () => {}) => settled(flushTimers),
  /** Calls the API directly (not as the site: not recorded), as `token`'s holder. */
  async api(method: string, path: string, options: { body?: unknown; token?: string } = {}) {
    const headers = new Headers()
    if (options.body !== undefined) headers.set('content-type', 'application/json')
    if (options.token) headers.set('authorization', `Bearer ${options.token}`)
    return ask(`/api${path}`, {
      method,
      headers,
      body: options.body === undefined ? null : JSON.stringify(options.body),
    })
  },
  /** Registers an account through the API (not yet activated: its activation mail waits). */
  async register(email: string, password: string): Promise<void> {
    const response = await ask('/api/auth/registration', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: email, password, userType: 'PERSONAL' }),
    })
    if (response.status !== 201) throw new Error(`registration answered ${response.status}`)
  },
  /** A real session in browser storage, as after the sign-in form: the site's calls carry it. */
  async signIn(account: Credentials = USER_ACCOUNT): Promise<Tokens> {
    const tokens = await stub.tokens(account)
    localStorage.setItem(STORAGE_KEYS.accessToken, tokens.access_token)
    localStorage.setItem(STORAGE_KEYS.refreshToken, tokens.refresh_token)
    localStorage.setItem(STORAGE_KEYS.tokenValidSeconds, String(tokens.token_valid_seconds))
    localStorage.setItem(STORAGE_KEYS.tokensReceivedAt, String(Date.now()))
    return tokens
  },
  dev,
}
