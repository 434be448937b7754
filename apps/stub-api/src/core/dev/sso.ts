import { DEV_PATHS } from '@devenv/openapi/dev-protocol'
import { pageAnswer } from '../answer'
import type { StubContext } from '../context'
import type { AccessClaims } from '../security/tokens'
import { isSessionActive } from '../state/sessions'
import type { StubStore } from '../state/store'
import type { DevRoute } from './dev-route'
import { definitionList, escapeHtml, page } from './html'

export type SingleSignOnArrival =
  | { state: 'missing' }
  | { state: 'invalid'; reason: string }
  | { state: 'valid'; claims: AccessClaims; expiresAt: string; secondsLeft: number }

/** What the admin panel would see: the token verified (signature, expiry, session) by the stub's clock. */
export async function readArrival(
  ctx: StubContext,
  store: StubStore,
  token: string | undefined,
): Promise<SingleSignOnArrival> {
  if (!token) return { state: 'missing' }
  const now = store.now()
  const check = await ctx.tokens.verifyAccessToken(token, now)
  if (!check.ok) {
    return {
      state: 'invalid',
      reason:
        check.reason === 'expired'
          ? 'the access token has expired'
          : 'the signature or the claims are not valid',
    }
  }
  if (!isSessionActive(store, check.claims.sid, check.claims.sub)) {
    return {
      state: 'invalid',
      reason: 'the session has been signed out or revoked (or belongs to another stub session)',
    }
  }
  return {
    state: 'valid',
    claims: check.claims,
    expiresAt: new Date(check.claims.exp * 1000).toISOString(),
    secondsLeft: Math.max(0, Math.floor(check.claims.exp - now / 1000)),
  }
}

export function queryText(query: Record<string, unknown>, name: string): string | undefined {
  const value = query[name]
  return typeof value === 'string' && value !== '' ? value : undefined
}

function arrivalPage(
  arrival: SingleSignOnArrival,
  refreshGiven: boolean,
  validSeconds: string | undefined,
): string {
  const given = definitionList([
    ['Refresh token', refreshGiven ? 'given' : 'not given'],
    ['token_valid_seconds', escapeHtml(validSeconds ?? 'not given')],
  ])
  if (arrival.state === 'missing') {
    return page(
      'Admin panel (development)',
      `<section class="state bad"><h2>No token</h2><p>Open this page through the site's Dashboard button: it sends <code>token</code>, <code>refresh</code> and <code>token_valid_seconds</code>.</p></section>${given}`,
    )
  }
  if (arrival.state === 'invalid') {
    return page(
      'Admin panel (development)',
      `<section class="state bad" role="alert"><h2>Invalid token</h2><p>The single sign-on was refused: ${escapeHtml(arrival.reason)}.</p></section>${given}`,
    )
  }
  const { claims } = arrival
  const who = definitionList([
    ['Name', escapeHtml(claims.name || '(none)')],
    ['E-mail', escapeHtml(claims.email)],
    ['Roles', escapeHtml(claims.roles.length ? claims.roles.join(', ') : '(none)')],
    ['Demo', claims.demo ? 'yes' : 'no'],
    ['User id', `<code>${escapeHtml(claims.sub)}</code>`],
    [
      'Token expires',
      `<time datetime="${escapeHtml(arrival.expiresAt)}">${escapeHtml(arrival.expiresAt)}</time> (in ${arrival.secondsLeft} s)`,
    ],
  ])
  return page(
    'Admin panel (development)',
    `<section class="state ok"><h2>Signed in by single sign-on</h2>${who}</section>${given}`,
  )
}

/** The development admin panel: shows who arrived by single sign-on, never the tokens themselves. */
export function singleSignOnRoutes(ctx: StubContext): DevRoute[] {
  return [
    {
      method: 'GET',
      path: DEV_PATHS.sso,
      handle: async (request) => {
        const arrival = await readArrival(ctx, request.store, queryText(request.query, 'token'))
        return pageAnswer(
          arrivalPage(
            arrival,
            queryText(request.query, 'refresh') !== undefined,
            queryText(request.query, 'token_valid_seconds'),
          ),
          { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' },
        )
      },
    },
  ]
}
