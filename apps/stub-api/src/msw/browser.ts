import { type Contract, loadPortableContract } from '@devenv/openapi/portable'
import type { SetupWorker } from 'msw/browser'
import {
  createStubCore,
  STUB_SESSION_COOKIE,
  STUB_SESSION_QUERY,
  type StubCore,
  type StubCoreOptions,
  type StubLog,
} from '../core'
import { exchangeLine, type StubExchange } from './exchange'
import { createStubHandlers, resetAllStores } from './handlers'
import { type KeyValueStorage, localStoragePersistence } from './local-storage'

export const DEFAULT_WORKER_URL = '/mockServiceWorker.js'
export const DEFAULT_STORAGE_KEY = 'devenv-stub-state'
const SESSION_ID = /^[A-Za-z0-9_.:-]{1,128}$/

export type BrowserStubOptions = Omit<StubCoreOptions, 'contract' | 'persistence' | 'log'> & {
  /** Where MSW's worker script is served (`npx msw init <public dir>` copies it there). */
  workerUrl?: string
  /** The localStorage entry of the default store; null keeps it in memory only. */
  storageKey?: string | null
  /** Storage to use instead of `window.localStorage` (tests). */
  storage?: KeyValueStorage
  /**
   * A fixed stub session for every request. Without it, a `?stubSession=` in the page's address
   * is taken and remembered in the `stubSession` cookie (so later page loads keep it), and
   * otherwise the core reads that cookie itself: no header is ever needed.
   */
  session?: string
  /** The contract; by default the portable one (precompiled checks, no 'unsafe-eval'). */
  contract?: Contract
  /** One line per request; `console.info` by default, null for none. */
  logLine?: ((line: string) => void) | null
  /** Called with each request the stub answered (besides the log line). */
  onExchange?: (exchange: StubExchange) => void
}

export type BrowserStub = {
  core: StubCore
  worker: SetupWorker
  /** The session the page chose (option or address), null when the cookie or default decides. */
  session: string | null
  /** Stops intercepting and flushes the stored state. */
  stop(): Promise<void>
  /** Every store back to its seeds, sessions dropped (`POST /__dev/reset?all=true`). */
  reset(): Promise<void>
}

/** The stub's own messages (start-up notes, warnings) on the console, fields only when given. */
const CONSOLE_LOG: StubLog = {
  info: (message, fields) => console.info(`[stub] ${message}`, ...(fields ? [fields] : [])),
  warn: (message, fields) => console.warn(`[stub] ${message}`, ...(fields ? [fields] : [])),
  error: (message, fields) => console.error(`[stub] ${message}`, ...(fields ? [fields] : [])),
}

/** The page's globals read here, typed so the package compiles without the DOM library. */
type PageGlobals = {
  location?: { href: string }
  document?: { cookie: string }
  localStorage?: KeyValueStorage
}
const page = globalThis as PageGlobals

/** `?stubSession=` of the page, remembered in the cookie the core reads; null when absent. */
function sessionFromPage(): string | null {
  if (!page.location || !page.document) return null
  const asked = new URL(page.location.href).searchParams.get(STUB_SESSION_QUERY)
  if (!asked || !SESSION_ID.test(asked)) return null
  page.document.cookie = `${STUB_SESSION_COOKIE}=${encodeURIComponent(asked)}; path=/; SameSite=Lax`
  return asked
}

/** Runs the stub inside the page, through MSW's service worker: no process, no port. */
export async function createBrowserStub(options: BrowserStubOptions = {}): Promise<BrowserStub> {
  const {
    workerUrl = DEFAULT_WORKER_URL,
    storageKey = DEFAULT_STORAGE_KEY,
    storage,
    session: fixedSession,
    contract = loadPortableContract(),
    logLine = (line: string) => console.info(line),
    onExchange,
    ...coreOptions
  } = options
  const kept = storage ?? page.localStorage
  const core = createStubCore({
    ...coreOptions,
    contract,
    persistence: storageKey && kept ? localStoragePersistence(kept, storageKey) : null,
    log: CONSOLE_LOG,
  })
  await core.ready()
  const session = fixedSession ?? sessionFromPage()
  const handlers = createStubHandlers(core, {
    ...(session ? { session: () => session } : {}),
    onExchange: (exchange) => {
      logLine?.(exchangeLine(exchange))
      onExchange?.(exchange)
    },
  })
  // Loaded only here, so the module also imports where there is no service worker (Node tests).
  const { setupWorker } = await import('msw/browser')
  const worker = setupWorker(...handlers)
  await worker.start({
    serviceWorker: { url: workerUrl },
    onUnhandledRequest: 'bypass',
    // The stub prints its own line per request; MSW's grouped console entries would double it.
    quiet: true,
  })
  return {
    core,
    worker,
    session,
    async stop() {
      worker.stop()
      await core.close()
    },
    reset: () => resetAllStores(core),
  }
}
