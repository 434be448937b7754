// A service worker never sees page navigations, so in the browser stub the site cannot open the development
// admin panel (`GET /__dev/sso`, an HTML page); it fetches this and shows it itself.
import { DEV_PATHS } from '@devenv/openapi/dev-protocol'
import { jsonAnswer } from '../answer'
import type { StubContext } from '../context'
import type { DevRoute } from './dev-route'
import { queryText, readArrival } from './sso'

/**
 * `GET /__dev/sso.json?token=&refresh=&token_valid_seconds=`: what the admin panel page shows, as
 * data. Who arrived and when the token expires; never the tokens themselves.
 */
export function singleSignOnDataRoutes(ctx: StubContext): DevRoute[] {
  return [
    {
      method: 'GET',
      path: DEV_PATHS.ssoData,
      handle: async (request) => {
        const arrival = await readArrival(ctx, request.store, queryText(request.query, 'token'))
        const given = {
          refreshGiven: queryText(request.query, 'refresh') !== undefined,
          tokenValidSeconds: queryText(request.query, 'token_valid_seconds') ?? null,
        }
        const headers = { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' }
        if (arrival.state !== 'valid') return jsonAnswer(200, { ...arrival, ...given }, headers)
        const { claims } = arrival
        return jsonAnswer(
          200,
          {
            state: 'valid',
            name: claims.name,
            email: claims.email,
            roles: claims.roles,
            demo: claims.demo,
            userId: claims.sub,
            expiresAt: arrival.expiresAt,
            secondsLeft: arrival.secondsLeft,
            ...given,
          },
          headers,
        )
      },
    },
  ]
}
