import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { CONTACT_SUBMISSION, startTestStub, type TestStub } from '../test-support'

const MINUTE = 60_000

let stub: TestStub
beforeEach(async () => {
  stub = await startTestStub()
})
afterEach(async () => {
  await stub.close()
})

describe('POST /contact', () => {
  it('records the submission, listable in development, and promises the inquiry type response time', async () => {
    const answer = await stub.call({ url: '/api/contact', body: CONTACT_SUBMISSION })
    expect(answer.statusCode).toBe(201)
    expect(answer.json().message).toBe(
      'Thank you! Your message has been sent. We will get back to you within 2 hours.',
    )
    const listed = await stub.call({ url: '/__dev/contacts' })
    expect(listed.json().items).toEqual([
      { id: answer.json().id, receivedAt: '2026-03-02T10:00:00.000Z', body: CONTACT_SUBMISSION },
    ])
    const trial = await stub.call({
      url: '/api/contact',
      body: { ...CONTACT_SUBMISSION, inquiryType: 'trial' },
    })
    expect(trial.json().message).toContain('within 24 hours')
    const enterprise = await stub.call({
      url: '/api/contact',
      body: { ...CONTACT_SUBMISSION, inquiryType: 'enterprise' },
    })
    expect(enterprise.json().message).toContain('within 4 hours')
  })

  it('requires the form fields and rejects a wrong source', async () => {
    const { message: _message, ...withoutMessage } = CONTACT_SUBMISSION
    const missing = await stub.call({
      url: '/api/contact',
      body: { ...withoutMessage, source: 'elsewhere' },
    })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().errors).toEqual({
      message: 'This field is required',
      source: 'Must be "website_contact_form"',
    })
  })

  it('allows 10 submissions per client within 15 minutes', async () => {
    for (let index = 0; index < 10; index++)
      expect((await stub.call({ url: '/api/contact', body: CONTACT_SUBMISSION })).statusCode).toBe(
        201,
      )
    const limited = await stub.call({ url: '/api/contact', body: CONTACT_SUBMISSION })
    expect(limited.statusCode).toBe(429)
    expect(limited.headers['retry-after']).toBeDefined()
  })

  it("opens the client's window again when the stub's clock passes its 15 minutes", async () => {
    const submit = () => stub.call({ url: '/api/contact', body: CONTACT_SUBMISSION })
    for (let index = 0; index < 10; index++) expect((await submit()).statusCode).toBe(201)
    stub.clock.advance(15 * MINUTE - 1000)
    const limited = await submit()
    expect(limited.statusCode).toBe(429)
    expect(limited.headers['retry-after']).toBe('1')
    stub.clock.advance(1000)
    expect((await submit()).statusCode).toBe(201)
  })

  it('opens it again when POST /__dev/clock moves the stub session past the window', async () => {
    const session = 'contact-clock'
    const submit = async () =>
      (await stub.call({ url: '/api/contact', body: CONTACT_SUBMISSION, session })).statusCode
    const advance = (seconds: number) =>
      stub.call({ url: '/__dev/clock', body: { advanceSeconds: seconds }, session })
    for (let index = 0; index < 10; index++) expect(await submit()).toBe(201)
    expect(await submit()).toBe(429)
    expect((await advance(899)).statusCode).toBe(200)
    expect(await submit()).toBe(429)
    await advance(1)
    expect(await submit()).toBe(201)
  })
})

describe('POST /demo/request', () => {
  const demo = {
    name: 'Giorgi Kapanadze',
    email: 'giorgi@kartulisoft.example',
    company: 'Kartuli Soft LLC',
  }

  // CONTACT-4: POST /demo/request, a 30-minute demo.
  it('records a request, with an optional date from today on', async () => {
    const answer = await stub.call({
      url: '/api/demo/request',
      body: { ...demo, preferredDate: '2026-03-02' },
    })
    expect(answer.statusCode).toBe(201)
    expect(answer.json().message).toContain('30-minute demo')
    const listed = await stub.call({ url: '/__dev/demo-requests' })
    expect(listed.json().items).toHaveLength(1)
  })

  it('refuses a preferred date in the past (UTC, by the stub clock)', async () => {
    const answer = await stub.call({
      url: '/api/demo/request',
      body: { ...demo, preferredDate: '2026-03-01' },
    })
    expect(answer.statusCode).toBe(400)
    expect(Object.keys(answer.json().errors)).toEqual(['preferredDate'])
    const badFormat = await stub.call({
      url: '/api/demo/request',
      body: { ...demo, preferredDate: '02/03/2026' },
    })
    expect(badFormat.json().errors.preferredDate).toBe('Must be a date, YYYY-MM-DD')
  })
})
