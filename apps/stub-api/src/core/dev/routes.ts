import type { StubContext } from '../context'
import type { CoreRequest } from '../contract/operations'
import type { Reply } from '../reply'
import { clockRoutes } from './clock'
import { coverage } from './coverage'
import { inspectRoutes } from './inspect'
import { mailboxRoutes } from './mailbox'
import { singleSignOnRoutes } from './sso'

/** A development control: not in the contract, answered in development and test modes only. */
export type DevRoute = {
  method: 'GET' | 'POST' | 'DELETE'
  path: string
  handle: (request: CoreRequest) => Reply | Promise<Reply>
}

/** The development controls, by `METHOD path` (HEAD is answered by the GET route). */
export function devRouteTable(ctx: StubContext): Map<string, DevRoute> {
  const routes: DevRoute[] = [
    ...mailboxRoutes,
    ...singleSignOnRoutes(ctx),
    ...clockRoutes,
    ...inspectRoutes(ctx),
    { method: 'GET', path: '/__dev/coverage', handle: (request) => coverage(ctx, request) },
  ]
  return new Map(routes.map((route) => [`${route.method} ${route.path}`, route]))
}
