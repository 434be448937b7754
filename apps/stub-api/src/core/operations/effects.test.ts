import { type Effect, loadPortableContract, readContractRules } from '@devenv/openapi/portable'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  startTestStub,
  type TestAnswer,
  type TestStub,
  type TokenPairBody,
  USER,
} from '../test-support'
import { lastMail } from './auth-test-support'

// Every effect the contract states (`x-effects`) is proven on the stub, driven by the data: an
// operation given an effect without a way here to make it answer is a failure, not a skip.

const contract = loadPortableContract()
const rules = readContractRules(contract.document)
const NEW_PASSWORD = 'Narikala-Fortress-42'

let stub: TestStub
beforeEach(async () => {
  stub = await startTestStub()
})
afterEach(async () => {
  await stub.close()
})

function urlOf(operationId: string): string {
  const operation = contract.byId.get(operationId)
  const [url] = operation?.servedPaths ?? []
  if (url === undefined) throw new Error(`the contract has no operation ${operationId}`)
  return url
}

/** The session the request names, for an operation that takes one (sign-out's refresh token). */
type Given = { session?: TokenPairBody }

/** How to make each operation that has effects answer as it does when they happen. */
const DRIVERS: Record<string, (given: Given) => Promise<TestAnswer>> = {
  signIn: () => stub.call({ url: urlOf('signIn'), body: USER }),
  legacySignIn: () => stub.call({ url: urlOf('legacySignIn'), body: USER }),
  signOut: ({ session }) =>
    stub.call({ url: urlOf('signOut'), body: { refreshToken: session?.refresh_token } }),
  setPassword: async () => {
    const asked = await stub.call({
      url: urlOf('requestPasswordReset'),
      body: { username: USER.email },
    })
    expect(asked.statusCode).toBe(200)
    const { user, hash } = (await lastMail(stub, USER.email)).linkParams
    return stub.call({
      url: urlOf('setPassword'),
      body: { username: user, hash, password: NEW_PASSWORD },
    })
  },
}

/** Whether a session still works: its access token on the profile, its refresh token on refresh. */
async function works(session: TokenPairBody): Promise<{ access: number; refresh: number }> {
  const access = await stub.call({ url: urlOf('getProfile'), token: session.access_token })
  const refresh = await stub.call({
    url: urlOf('refreshToken'),
    body: { refreshToken: session.refresh_token },
  })
  return { access: access.statusCode, refresh: refresh.statusCode }
}

const effects = Object.entries(rules.effects).flatMap(([operationId, list]) =>
  list.map((effect) => [operationId, effect] as [string, Effect]),
)

describe("the stub does what the contract's x-effects say an answer does", () => {
  it('states effects for the operations whose prose describes them', () => {
    expect(effects.map(([operationId]) => operationId).sort()).toEqual(
      ['legacySignIn', 'setPassword', 'signIn', 'signOut'].sort(),
    )
  })

  it.each(effects.filter(([, effect]) => effect.revokes !== undefined))(
    '%s revokes what its effect names on its answer',
    async (operationId, effect) => {
      const drive = DRIVERS[operationId]
      if (!drive) throw new Error(`no way to make ${operationId} answer ${effect.status} here`)
      // Each pair is tried once only: trying it refreshes, and a used refresh token is theft.
      const named = await stub.signIn(USER.email, USER.password)
      const other = await stub.signIn(USER.email, USER.password)
      expect((await drive({ session: named })).statusCode).toBe(effect.status)
      expect(await works(named)).toEqual({ access: 401, refresh: 401 })
      const revoked = effect.revokes === 'account-sessions'
      expect(await works(other)).toEqual(
        revoked ? { access: 401, refresh: 401 } : { access: 200, refresh: 200 },
      )
    },
  )

  it.each(effects.filter(([, effect]) => effect.resets === 'login-lock'))(
    '%s clears the login lock count on its answer',
    async (operationId, effect) => {
      const drive = DRIVERS[operationId]
      if (!drive) throw new Error(`no way to make ${operationId} answer ${effect.status} here`)
      const lock = contract.byId.get(operationId)?.rateLimits.find((rule) => rule.kind === 'lock')
      if (!lock) throw new Error(`${operationId} states no login lock to reset`)
      const wrong = { email: USER.email, password: 'not-the-password' }
      const fail = async () =>
        (await stub.call({ url: urlOf(operationId), body: wrong })).statusCode
      // No other sign-in here: it would reset the count itself.
      expect(await fail()).toBe(401)
      expect((await drive({})).statusCode).toBe(effect.status)
      // Had the first failure been kept, these would make `limit` and lock the address.
      for (let failure = 1; failure < lock.limit; failure++) expect(await fail()).toBe(401)
      expect((await drive({})).statusCode).toBe(effect.status)
    },
  )
})
