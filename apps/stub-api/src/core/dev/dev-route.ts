import type { CoreAnswer } from '../answer'
import type { CoreRequest } from '../request'

/** A development control: not in the contract, answered in development and test modes only. */
export type DevRoute = {
  method: 'GET' | 'POST' | 'DELETE'
  path: string
  handle: (request: CoreRequest) => CoreAnswer | Promise<CoreAnswer>
}
