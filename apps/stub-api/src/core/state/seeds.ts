import { DEMO_ACCOUNT, USER_ACCOUNT } from '@devenv/openapi/dev-protocol'
import type { PasswordHasher } from '../security/passwords'
import type { Account, EnvironmentRecord } from './records'
import type { StubStore } from './store'

// The seeded accounts' credentials are the development protocol's (what its clients sign in with).
export { SEEDED_ACCOUNTS } from '@devenv/openapi/dev-protocol'

/**
 * What the store holds of each seeded account (unless SEED=off): the protocol's credentials and
 * the stub's own profile of them; documented in the README.
 */
const SEED_RECORDS = [
  {
    id: '882054da-e15a-4fa3-89d7-c32ce9a9171e',
    ...DEMO_ACCOUNT,
    firstName: 'Demo',
    lastName: 'User',
    company: null,
    userType: 'PERSONAL',
    roles: ['demo'],
    demo: true,
  },
  {
    id: '3f6c2a9e-8b1d-4c7a-9e2f-5a1b7c3d9e04',
    ...USER_ACCOUNT,
    firstName: 'Nino',
    lastName: 'Beridze',
    company: 'Kartuli Soft LLC',
    userType: 'COMPANY',
    roles: [],
    demo: false,
  },
] as const satisfies ReadonlyArray<
  Omit<Account, 'passwordHash' | 'activated' | 'createdAt' | 'roles'> & {
    password: string
    roles: readonly string[]
  }
>

const SEEDED_AT = Date.parse('2025-01-15T08:00:00Z')

/** The demo account's running environment, so the dashboard has something to show. */
const SEEDED_ENVIRONMENT: EnvironmentRecord = {
  id: 'fa19cd7d-4dbd-4409-a14a-eb6c400f8d77',
  accountId: '882054da-e15a-4fa3-89d7-c32ce9a9171e',
  name: 'ml-notebooks',
  template: 'python-3.12',
  size: 'starter',
  region: 'eu-central',
  createdAt: SEEDED_AT,
  failsProvisioning: false,
  deleteRequestedAt: null,
}

export type SeedPasswords = ReadonlyMap<string, string>

// Hashed once per process and cost: every X-Stub-Session store is seeded without paying scrypt again.
const hashed = new Map<string, Promise<string>>()

export async function hashSeedPasswords(
  hasher: PasswordHasher,
  cost: number,
): Promise<SeedPasswords> {
  const entries = await Promise.all(
    SEED_RECORDS.map(async (seed) => {
      const key = `${cost}:${seed.email}`
      let hash = hashed.get(key)
      if (!hash) {
        hash = hasher.hash(seed.password)
        hashed.set(key, hash)
      }
      return [seed.email, await hash] as const
    }),
  )
  return new Map(entries)
}

/** Adds the seeded accounts the store does not have yet (and the demo environment with them). */
export function seedStore(store: StubStore, passwords: SeedPasswords): void {
  for (const seed of SEED_RECORDS) {
    if (store.findAccountByEmail(seed.email) || store.accounts.has(seed.id)) continue
    const passwordHash = passwords.get(seed.email)
    if (!passwordHash) continue
    const { password: _password, ...profile } = seed
    store.accounts.set(seed.id, {
      ...profile,
      roles: [...seed.roles],
      passwordHash,
      activated: true,
      createdAt: SEEDED_AT,
    })
    // Only with a freshly added account: a deleted demo environment stays deleted after a restart.
    if (seed.id === SEEDED_ENVIRONMENT.accountId) {
      store.environments.set(SEEDED_ENVIRONMENT.id, { ...SEEDED_ENVIRONMENT })
    }
  }
}
