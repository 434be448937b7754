/**
 * The transport-free core of the stub (see types.ts for what adapters need to know): the one
 * module its adapters import (Fastify: server.ts and node/, MSW: msw/).
 */

export type { CoreAnswer } from './answer'
export { ApiError, errorBody, validationError } from './contract/errors'
export { API_MESSAGES } from './contract/messages'
export { type StubRules, stubRulesOf } from './contract/rules'
export { createStubCore } from './create'
export { escapeHtml, page } from './dev/html'
export {
  STUB_SESSION_COOKIE,
  STUB_SESSION_HEADER,
  STUB_SESSION_QUERY,
} from './dev/isolation'
export { pooledRandomBytes } from './platform/random'
export { portableScrypt } from './platform/scrypt'
export type { CoreRequest } from './request'
export {
  errorLogFields,
  REDACT_PATHS,
  REDACTED,
  redactUrl,
  requestLogFields,
} from './security/redaction'
export type { PersistedState, StatePersistence } from './state/persistence'
export { type StoreSnapshot, storeSnapshotSchema } from './state/records'
export { SEEDED_ACCOUNTS } from './state/seeds'
export type { StubStores } from './state/store-registry'
export type { CreateStubCore, StubCore, StubCoreOptions, StubHooks } from './stub-core'
export type {
  MailSender,
  OutgoingMail,
  Randomness,
  Scrypt,
  SerialisedAnswer,
  StubLog,
  StubPlatform,
  StubRequest,
  TransportProblem,
} from './types'
