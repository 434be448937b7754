import { DEV_PATHS } from '@devenv/openapi/dev-protocol'
import * as z from 'zod'
import { jsonAnswer } from '../answer'
import { validationError } from '../contract/errors'
import type { StubStore } from '../state/store'
import type { DevRoute } from './dev-route'

const TEN_YEARS_SECONDS = 10 * 366 * 24 * 60 * 60

const clockChange = z.union([
  z
    .object({ offsetSeconds: z.number().int().min(-TEN_YEARS_SECONDS).max(TEN_YEARS_SECONDS) })
    .strict(),
  z
    .object({ advanceSeconds: z.number().int().min(-TEN_YEARS_SECONDS).max(TEN_YEARS_SECONDS) })
    .strict(),
])

function clockView(store: StubStore) {
  return {
    offsetSeconds: Math.round(store.clockOffsetMs / 1000),
    now: new Date(store.now()).toISOString(),
  }
}

/** The stub's clock per stub session: jump past token, link and lock expiry without waiting. */
export const clockRoutes: DevRoute[] = [
  {
    method: 'GET',
    path: DEV_PATHS.clock,
    handle: (request) => jsonAnswer(200, clockView(request.store)),
  },
  {
    method: 'POST',
    path: DEV_PATHS.clock,
    handle: (request) => {
      const parsed = clockChange.safeParse(request.body)
      if (!parsed.success) {
        throw validationError({
          body: 'Send { "offsetSeconds": <integer> } or { "advanceSeconds": <integer> }',
        })
      }
      const change = parsed.data
      const store = request.store
      store.clockOffsetMs =
        'offsetSeconds' in change
          ? change.offsetSeconds * 1000
          : store.clockOffsetMs + change.advanceSeconds * 1000
      return jsonAnswer(200, clockView(store))
    },
  },
]
