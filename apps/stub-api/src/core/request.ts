import type { AccessClaims } from './security/tokens'
import type { Account } from './state/records'
import type { StubStore } from './state/store'
import type { StubRequest } from './types'

/** One request inside the core: what the adapter gave, parsed, with the store that serves it. */
export type CoreRequest = {
  method: string
  /** Path and query as sent. */
  url: string
  query: Record<string, string | string[]>
  headers: StubRequest['headers']
  ip: string
  /** The parsed JSON body; undefined when there was none. */
  body: unknown
  /** The store of this request's stub session, else the default store. */
  store: StubStore
  /** The stub session asked for (null: the default store). */
  session: string | null
  /** The operation's path parameters, percent-decoded. */
  params: Record<string, string>
  /** The signed-in account of a bearer-protected operation. */
  account: Account | null
  claims: AccessClaims | null
  /** The contract operation of the request, when it is one. */
  operationId?: string
  /** Answers made by development controls (Prefer: code= explanations) skip the contract check. */
  contractExempt: boolean
}
