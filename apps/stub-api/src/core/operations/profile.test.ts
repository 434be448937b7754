import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DEMO, startTestStub, type TestStub, USER } from '../test-support'

let stub: TestStub
beforeEach(async () => {
  stub = await startTestStub()
})
afterEach(async () => {
  await stub.close()
})

describe('GET /user/profile', () => {
  it("answers the signed-in user's own profile", async () => {
    const { access_token } = await stub.signIn(DEMO.email, DEMO.password)
    const answer = await stub.call({ url: '/api/user/profile', token: access_token })
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toEqual({
      id: '882054da-e15a-4fa3-89d7-c32ce9a9171e',
      email: DEMO.email,
      username: DEMO.email,
      firstName: 'Demo',
      lastName: 'User',
      userType: 'PERSONAL',
      roles: ['demo'],
      demo: true,
      createdAt: '2025-01-15T08:00:00.000Z',
    })
  })

  it('answers 401 without a bearer token', async () => {
    const answer = await stub.call({ url: '/api/user/profile' })
    expect(answer.statusCode).toBe(401)
  })
})

describe('PUT /user/profile', () => {
  it('replaces the names and removes the company when it is left out, and the token name follows', async () => {
    const { access_token } = await stub.signIn(USER.email, USER.password)
    const answer = await stub.call({
      method: 'PUT',
      url: '/api/user/profile',
      token: access_token,
      body: { firstName: ' Nino ', lastName: 'Beridze-Kapanadze' },
    })
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toMatchObject({
      firstName: 'Nino',
      lastName: 'Beridze-Kapanadze',
      userType: 'COMPANY',
    })
    expect(answer.json()).not.toHaveProperty('company')
    const withCompany = await stub.call({
      method: 'PUT',
      url: '/api/user/profile',
      token: access_token,
      body: { firstName: 'Nino', lastName: 'Beridze', company: 'Kartuli Soft LLC' },
    })
    expect(withCompany.json().company).toBe('Kartuli Soft LLC')
    const fresh = await stub.signIn(USER.email, USER.password)
    const verified = await stub.call({ url: '/api/auth/verify', token: fresh.access_token })
    expect(verified.json().user.name).toBe('Nino Beridze')
  })

  it('refuses blank names, unknown fields and changes of the e-mail', async () => {
    const { access_token } = await stub.signIn(USER.email, USER.password)
    const blank = await stub.call({
      method: 'PUT',
      url: '/api/user/profile',
      token: access_token,
      body: { firstName: '  ', lastName: 'B' },
    })
    expect(blank.statusCode).toBe(400)
    expect(blank.json().errors).toEqual({ firstName: 'Please enter your first name' })
    const email = await stub.call({
      method: 'PUT',
      url: '/api/user/profile',
      token: access_token,
      body: { firstName: 'A', lastName: 'B', email: 'x@y.z' },
    })
    expect(email.json().errors).toEqual({ email: 'Unknown field' })
    const missing = await stub.call({
      method: 'PUT',
      url: '/api/user/profile',
      token: access_token,
      body: { firstName: 'A' },
    })
    expect(missing.json().errors).toEqual({ lastName: 'This field is required' })
  })

  it('answers 401 without a token, even with a valid body', async () => {
    const answer = await stub.call({
      method: 'PUT',
      url: '/api/user/profile',
      body: { firstName: 'A', lastName: 'B' },
    })
    expect(answer.statusCode).toBe(401)
  })
})
