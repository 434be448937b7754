/** The transport-free core of the stub (see types.ts for what adapters need to know). */

export { createStubCore } from './create'
export {
  STUB_SESSION_COOKIE,
  STUB_SESSION_HEADER,
  STUB_SESSION_QUERY,
} from './dev/isolation'
export { pooledRandomBytes } from './platform/random'
export { portableScrypt } from './platform/scrypt'
export type { StoreSnapshot } from './state/records'
export { SEEDED_ACCOUNTS } from './state/seeds'
export type {
  CreateStubCore,
  PersistedState,
  Randomness,
  Scrypt,
  StatePersistence,
  StubAnswer,
  StubCore,
  StubCoreOptions,
  StubLog,
  StubPlatform,
  StubRequest,
  StubStores,
  TransportProblem,
} from './types'
