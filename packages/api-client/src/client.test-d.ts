import { describe, expectTypeOf, it } from 'vitest'
import { createApiClient, dataOf } from './client'

const api = createApiClient({ baseUrl: '' })

describe('the generated types guard every call', () => {
  it('refuses a sign-in body without a password', () => {
    // @ts-expect-error password is required by the contract
    void api.POST('/auth/auth', { body: { email: 'ada@example.com' } })
  })

  it('refuses an unknown path and a wrong enum value', () => {
    // @ts-expect-error no such operation in the contract
    void api.GET('/environmentz')
    void api.POST('/auth/registration', {
      // @ts-expect-error userType is PERSONAL or COMPANY
      body: { username: 'ada@example.com', password: 'Secret123!', userType: 'ADMIN' },
    })
  })

  it('types the answer from the contract', () => {
    expectTypeOf(dataOf(api.GET('/environments'))).resolves.toHaveProperty('items')
    expectTypeOf(dataOf(api.POST('/auth/token/refresh', { body: { refreshToken: 'r' } })))
      .resolves.toHaveProperty('access_token')
      .toEqualTypeOf<string>()
  })
})
