import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DEMO, startTestStub, type TestStub, USER } from '../test-support'

let stub: TestStub
let token: string
beforeEach(async () => {
  stub = await startTestStub({ provisionSeconds: 3, deleteSeconds: 2 })
  token = (await stub.signIn(USER.email, USER.password)).access_token
})
afterEach(async () => {
  await stub.close()
})

const goService = {
  name: 'checkout-api',
  template: 'go-1.23',
  size: 'professional',
  region: 'eu-central',
}

async function create(body: Record<string, unknown> = goService, as = token) {
  return stub.call({ url: '/api/environments', token: as, body })
}

describe('environment lifecycle', () => {
  // ENV-1: provisioning, then running with an address.
  it('is provisioning when created, running with a url after PROVISION_SECONDS, by the stub clock', async () => {
    const created = await create()
    expect(created.statusCode).toBe(201)
    const environment = created.json()
    expect(created.headers.location).toBe(`/api/environments/${environment.id}`)
    expect(environment).toMatchObject({
      ...goService,
      resources: { vcpu: 4, ramGb: 16, ssdGb: 100 },
      status: 'provisioning',
      url: null,
      createdAt: '2026-03-02T10:00:00.000Z',
    })
    stub.clock.advance(2_999)
    const early = await stub.call({ url: `/api/environments/${environment.id}`, token })
    expect(early.json().status).toBe('provisioning')
    stub.clock.advance(1)
    const running = await stub.call({ url: `/api/environments/${environment.id}`, token })
    expect(running.json().status).toBe('running')
    expect(running.json().url).toBe(
      `https://checkout-api-${environment.id.slice(0, 8)}.eu-central.devenv.example`,
    )
  })

  it('is deleting after a delete (whatever its status), then gone after DELETE_SECONDS', async () => {
    const { id } = (await create()).json()
    const deleting = await stub.call({ method: 'DELETE', url: `/api/environments/${id}`, token })
    expect(deleting.statusCode).toBe(202)
    expect(deleting.json()).toMatchObject({ id, status: 'deleting', url: null })
    const twice = await stub.call({ method: 'DELETE', url: `/api/environments/${id}`, token })
    expect(twice.statusCode).toBe(202)
    const listed = await stub.call({ url: '/api/environments', token })
    expect(listed.json().items.map((each: { id: string }) => each.id)).toEqual([id])
    stub.clock.advance(2_000)
    expect((await stub.call({ url: `/api/environments/${id}`, token })).statusCode).toBe(404)
    expect(
      (await stub.call({ method: 'DELETE', url: `/api/environments/${id}`, token })).statusCode,
    ).toBe(404)
    expect((await stub.call({ url: '/api/environments', token })).json()).toEqual({ items: [] })
  })

  it('follows the development clock offset', async () => {
    const { id } = (await create()).json()
    await stub.call({ url: '/__dev/clock', body: { advanceSeconds: 5 } })
    expect((await stub.call({ url: `/api/environments/${id}`, token })).json().status).toBe(
      'running',
    )
  })

  it('ends in failed for names starting with fail- (development control)', async () => {
    const { id } = (await create({ ...goService, name: 'fail-demo' })).json()
    stub.clock.advance(3_000)
    const failed = await stub.call({ url: `/api/environments/${id}`, token })
    expect(failed.json()).toMatchObject({ status: 'failed', url: null })
  })

  it('sizes environments from the plans', async () => {
    const sizes = {
      starter: { vcpu: 2, ramGb: 8, ssdGb: 50 },
      professional: { vcpu: 4, ramGb: 16, ssdGb: 100 },
      enterprise: { vcpu: 8, ramGb: 32, ssdGb: 200 },
    }
    for (const [size, resources] of Object.entries(sizes)) {
      const answer = await create({ ...goService, name: `env-${size}`, size })
      expect(answer.json().resources).toEqual(resources)
    }
  })
})

describe('listing', () => {
  it('lists only the user own environments, newest first', async () => {
    await create({ ...goService, name: 'first-env' })
    stub.clock.advance(1_000)
    await create({ ...goService, name: 'second-env' })
    const items = (await stub.call({ url: '/api/environments', token })).json().items
    expect(items.map((each: { name: string }) => each.name)).toEqual(['second-env', 'first-env'])
    const demo = (await stub.signIn(DEMO.email, DEMO.password)).access_token
    const demoItems = (await stub.call({ url: '/api/environments', token: demo })).json().items
    expect(demoItems.map((each: { name: string }) => each.name)).toEqual(['ml-notebooks'])
  })
})

describe('rules', () => {
  it('answers 409 for a name the user already has, while another user may use it', async () => {
    await create()
    const duplicate = await create()
    expect(duplicate.statusCode).toBe(409)
    expect(duplicate.json()).toEqual({
      message: 'An environment named checkout-api already exists',
      code: 'ENVIRONMENT_NAME_TAKEN',
    })
    const demo = (await stub.signIn(DEMO.email, DEMO.password)).access_token
    expect((await create(goService, demo)).statusCode).toBe(201)
  })

  it('answers 403 beyond 5 environments; those being deleted do not count', async () => {
    const ids: string[] = []
    for (let index = 0; index < 5; index++)
      ids.push((await create({ ...goService, name: `env-${index}` })).json().id)
    const sixth = await create({ ...goService, name: 'env-5' })
    expect(sixth.statusCode).toBe(403)
    expect(sixth.json().code).toBe('ENVIRONMENT_QUOTA_EXCEEDED')
    await stub.call({ method: 'DELETE', url: `/api/environments/${ids[0]}`, token })
    expect((await create({ ...goService, name: 'env-5' })).statusCode).toBe(201)
  })

  it('answers the validation 400 for an id too long to route or not decodable (found by fuzzing)', async () => {
    // They answered 500, and a bare { message } 400 that the contract's ValidationError does not
    // allow, when Fastify's router refused them (maxParamLength 100, a bad %-escape).
    for (const id of ['a'.repeat(101), 'a'.repeat(3000), '%zz', '%E0%A4%A', '%']) {
      for (const method of ['GET', 'DELETE'] as const) {
        const answer = await stub.call({ method, url: `/api/environments/${id}`, token })
        expect(answer.statusCode, `${method} ${id.slice(0, 12)}`).toBe(400)
        expect(answer.json()).toEqual({
          message: 'Validation errors',
          code: 'VALIDATION_FAILED',
          errors: { url: expect.any(String) },
        })
      }
    }
  })

  it("answers 404 for another user's environment and 400 for an id that is not a UUID", async () => {
    const demo = (await stub.signIn(DEMO.email, DEMO.password)).access_token
    const demoEnvironment = 'fa19cd7d-4dbd-4409-a14a-eb6c400f8d77'
    expect(
      (await stub.call({ url: `/api/environments/${demoEnvironment}`, token: demo })).statusCode,
    ).toBe(200)
    const foreign = await stub.call({ url: `/api/environments/${demoEnvironment}`, token })
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json()).toEqual({ message: 'Environment not found', code: 'NOT_FOUND' })
    expect(
      (await stub.call({ method: 'DELETE', url: `/api/environments/${demoEnvironment}`, token }))
        .statusCode,
    ).toBe(404)
    const notUuid = await stub.call({ url: '/api/environments/not-a-uuid', token })
    expect(notUuid.statusCode).toBe(400)
    expect(notUuid.json().errors).toEqual({ id: 'Must be a UUID' })
  })

  it('validates names, templates, sizes and regions against the contract', async () => {
    const answer = await create({
      name: 'Bad_Name',
      template: 'ruby-3',
      size: 'huge',
      region: 'mars',
    })
    expect(answer.statusCode).toBe(400)
    expect(Object.keys(answer.json().errors).sort()).toEqual(['name', 'region', 'size', 'template'])
  })

  it('answers 401 on every environment call without a token', async () => {
    const id = 'fa19cd7d-4dbd-4409-a14a-eb6c400f8d77'
    for (const [method, url] of [
      ['GET', '/api/environments'],
      ['POST', '/api/environments'],
      ['GET', `/api/environments/${id}`],
      ['DELETE', `/api/environments/${id}`],
    ] as const) {
      const answer = await stub.call({
        method,
        url,
        ...(method === 'POST' ? { body: goService } : {}),
      })
      expect(answer.statusCode, `${method} ${url}`).toBe(401)
    }
  })

  it('answers under /api/v1 with a Location of the same version', async () => {
    const created = await stub.call({ url: '/api/v1/environments', token, body: goService })
    expect(created.headers.location).toBe(`/api/v1/environments/${created.json().id}`)
  })
})
