import { DEV_PATHS } from '@devenv/openapi/dev-protocol'
import type { StubContext } from '../context'
import { clockRoutes } from './clock'
import { coverage } from './coverage'
import type { DevRoute } from './dev-route'
import { inspectRoutes } from './inspect'
import { sessionRoutes } from './isolation'
import { mailboxRoutes } from './mailbox'
import { singleSignOnRoutes } from './sso'
import { singleSignOnDataRoutes } from './sso-data'

/**
 * The development controls, by `METHOD path` (HEAD is answered by the GET route): the stub's side
 * of the development protocol (openapi/dev-protocol.yaml, `@devenv/openapi/dev-protocol`).
 */
export function devRouteTable(ctx: StubContext): Map<string, DevRoute> {
  const routes: DevRoute[] = [
    ...mailboxRoutes,
    ...singleSignOnRoutes(ctx),
    // The admin panel as data, for the browser stub (see sso-data.ts).
    ...singleSignOnDataRoutes(ctx),
    ...clockRoutes,
    ...sessionRoutes,
    ...inspectRoutes(ctx),
    { method: 'GET', path: DEV_PATHS.coverage, handle: (request) => coverage(ctx, request) },
  ]
  return new Map(routes.map((route) => [`${route.method} ${route.path}`, route]))
}
