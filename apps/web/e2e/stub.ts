import {
  type Credentials,
  createDevClient,
  type Mail,
  DEMO_ACCOUNT as SEEDED_DEMO,
  USER_ACCOUNT as SEEDED_USER,
  STUB_SESSION_HEADER,
} from '@devenv/openapi/dev-protocol'
import { type APIRequestContext, test as base, type Page, request } from '@playwright/test'
import { STUB_ORIGIN } from './stub-origin'

/**
 * Browser tests against the real stub behind nginx. Each test gets its own stub session: a
 * `stubSession` cookie on the site's origin (nginx forwards it with every /api call), so parallel
 * tests never share accounts, mailboxes, login locks, rate limits or clocks.
 */

export type Account = Credentials
export type { Mail }

/** The stub's seeded accounts (every stub session starts with them). */
export const DEMO_ACCOUNT: Account = SEEDED_DEMO
export const USER_ACCOUNT: Account = SEEDED_USER

export type Tokens = { access_token: string; refresh_token: string; token_valid_seconds: number }

export type Stub = {
  /** This test's stub session id. */
  id: string
  /** Calls the stub directly (not through the site), in this test's stub session. */
  api: APIRequestContext
  /** Signs in through the API and answers the tokens. */
  tokens(account?: Account): Promise<Tokens>
  /** Puts real tokens in browser storage before the page's first script runs. */
  signIn(page: Page, account?: Account): Promise<Tokens>
  /** The mails sent to an address in this stub session, newest first. */
  mailbox(to: string): Promise<Mail[]>
  /** Waits for the newest mail of a kind to an address. */
  waitForMail(to: string, kind: string): Promise<Mail>
  /** Moves this stub session's clock (token and link expiry, the login lock). */
  advanceClock(seconds: number): Promise<void>
  /** Makes the site's next matching API calls answer a documented fault (`Prefer: code=`). */
  prefer(page: Page, path: string, prefer: string, times?: number): Promise<void>
}

export { STUB_ORIGIN }

export const test = base.extend<{ stub: Stub }>({
  stub: async ({ context, baseURL }, use, testInfo) => {
    const id = `pw-${testInfo.testId}-${testInfo.retry}-${testInfo.repeatEachIndex}`
    await context.addCookies([
      { name: 'stubSession', value: id, url: baseURL ?? 'http://127.0.0.1:4173' },
    ])
    const api = await request.newContext({
      baseURL: STUB_ORIGIN,
      extraHTTPHeaders: { [STUB_SESSION_HEADER]: id },
    })

    const tokens = async (account: Account = USER_ACCOUNT): Promise<Tokens> => {
      const response = await api.post('/api/auth/auth', { data: account })
      if (!response.ok()) throw new Error(`sign-in failed: ${response.status()}`)
      return (await response.json()) as Tokens
    }

    const dev = createDevClient({ origin: STUB_ORIGIN, session: id })

    const stub: Stub = {
      id,
      api,
      tokens,
      mailbox: dev.mailbox,
      async signIn(page, account) {
        const issued = await tokens(account)
        await page.addInitScript((value) => {
          // Only the first document of the test: a later sign-out must stay signed out on reload.
          if (sessionStorage.getItem('e2e-signed-in')) return
          sessionStorage.setItem('e2e-signed-in', '1')
          localStorage.setItem('access_token', value.access_token)
          localStorage.setItem('refresh_token', value.refresh_token)
          localStorage.setItem('token_valid_seconds', String(value.token_valid_seconds))
        }, issued)
        return issued
      },
      waitForMail: (to, kind) => dev.waitForMail(to, kind),
      async advanceClock(seconds) {
        await dev.advanceClock(seconds)
      },
      async prefer(page, path, prefer, times = 1) {
        await page.route(
          (url) => url.pathname === `/api${path}`,
          (route) => route.continue({ headers: { ...route.request().headers(), prefer } }),
          { times },
        )
      },
    }
    await use(stub)
    await api.dispose()
  },
})

export { expect } from '@playwright/test'
