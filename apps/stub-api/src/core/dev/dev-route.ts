import type { Reply } from '../reply'
import type { CoreRequest } from '../request'

/** A development control: not in the contract, answered in development and test modes only. */
export type DevRoute = {
  method: 'GET' | 'POST' | 'DELETE'
  path: string
  handle: (request: CoreRequest) => Reply | Promise<Reply>
}
