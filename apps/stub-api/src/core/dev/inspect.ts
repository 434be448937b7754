import { DEV_PATHS } from '@devenv/openapi/dev-protocol'
import { jsonAnswer, pageAnswer } from '../answer'
import type { StubContext } from '../context'
import type { Received } from '../state/records'
import { seedStore } from '../state/seeds'
import type { StubStore } from '../state/store'
import { resetCoverage } from './coverage'
import type { DevRoute } from './dev-route'
import { escapeHtml, page } from './html'

const newestFirst = (entries: Received[]) => [...entries].reverse()

/** Empties a store (and what it was served) and puts the seeded accounts back (`POST /__dev/reset`). */
export function resetStore(ctx: StubContext, store: StubStore): void {
  store.clear()
  resetCoverage(store)
  if (ctx.config.seed && ctx.seedPasswords) seedStore(store, ctx.seedPasswords)
}

const CONTROLS: ReadonlyArray<readonly [string, string]> = [
  ['GET /__dev/mailbox?to=', 'captured e-mails as JSON, with the parsed link'],
  ['GET /__dev/mailbox.html', 'the same, as a page to click through'],
  [
    'GET /__dev/sso?token=&refresh=&token_valid_seconds=',
    'the development admin panel (single sign-on receiver)',
  ],
  ['GET|POST /__dev/clock', 'the stub clock offset: { offsetSeconds } or { advanceSeconds }'],
  [
    'GET /__dev/coverage',
    'operations, documented statuses and examples served to this session (?scope=all: every session)',
  ],
  ['POST /__dev/reset', 'restore the seeded state of this stub session (?all=true: every session)'],
  ['GET /__dev/contacts, /__dev/demo-requests', 'contact forms and demo requests received'],
  [
    'GET /__dev/security-log, /__dev/errors',
    'security events and client errors received (newest 100)',
  ],
  ['Prefer: code=NNN | delay=MS | reset', 'forced documented answer, latency, dropped connection'],
  ['X-Stub-Session: <id>', 'an isolated store per id (also the stubSession cookie)'],
  ['GET /__dev/session', 'the stub session that answered: { session } (null: the default store)'],
]

const listed = (entries: Received[]) => jsonAnswer(200, { items: newestFirst(entries) })

/** Development inspection: what the stub received, and a reset to the seeds. */
export function inspectRoutes(ctx: StubContext): DevRoute[] {
  return [
    { method: 'GET', path: DEV_PATHS.contacts, handle: ({ store }) => listed(store.contacts) },
    {
      method: 'GET',
      path: DEV_PATHS.demoRequests,
      handle: ({ store }) => listed(store.demoRequests),
    },
    {
      method: 'GET',
      path: DEV_PATHS.securityLog,
      handle: ({ store }) => listed(store.securityLog),
    },
    { method: 'GET', path: DEV_PATHS.errors, handle: ({ store }) => listed(store.errorLog) },
    {
      method: 'POST',
      path: DEV_PATHS.reset,
      handle: (request) => {
        const all = request.query.all === 'true'
        resetStore(ctx, request.store)
        const sessionsDropped = all ? ctx.registry.dropSessions() : 0
        if (all && request.store !== ctx.registry.defaultStore)
          resetStore(ctx, ctx.registry.defaultStore)
        return jsonAnswer(200, {
          message: 'The stub state was reset to its seeds.',
          sessionsDropped,
        })
      },
    },
    {
      method: 'GET',
      path: DEV_PATHS.index,
      handle: () => {
        const rows = CONTROLS.map(
          ([what, why]) =>
            `<tr><td><code>${escapeHtml(what)}</code></td><td>${escapeHtml(why)}</td></tr>`,
        ).join('')
        return pageAnswer(
          page(
            'DevEnv stub: development controls',
            `<p>Mode <strong>${escapeHtml(ctx.config.mode)}</strong>. API under <code>/api</code> and <code>/api/v1</code>; reference at <a href="/docs">/docs</a>; mailbox at <a href="/__dev/mailbox.html">/__dev/mailbox.html</a>.</p><table>${rows}</table>`,
          ),
        )
      },
    },
  ]
}
