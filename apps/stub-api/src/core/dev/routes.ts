import type { StubContext } from '../context'
import { clockRoutes } from './clock'
import { coverage } from './coverage'
import type { DevRoute } from './dev-route'
import { inspectRoutes } from './inspect'
import { sessionRoutes } from './isolation'
import { mailboxRoutes } from './mailbox'
import { singleSignOnRoutes } from './sso'
import { singleSignOnDataRoutes } from './sso-data'

/** The development controls, by `METHOD path` (HEAD is answered by the GET route). */
export function devRouteTable(ctx: StubContext): Map<string, DevRoute> {
  const routes: DevRoute[] = [
    ...mailboxRoutes,
    ...singleSignOnRoutes(ctx),
    // The admin panel as data, for the browser stub (see sso-data.ts).
    ...singleSignOnDataRoutes(ctx),
    ...clockRoutes,
    ...sessionRoutes,
    ...inspectRoutes(ctx),
    { method: 'GET', path: '/__dev/coverage', handle: (request) => coverage(ctx, request) },
  ]
  return new Map(routes.map((route) => [`${route.method} ${route.path}`, route]))
}
