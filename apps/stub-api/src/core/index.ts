/** The transport-free core of the stub (see types.ts for what adapters need to know). */
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
} from './types'
