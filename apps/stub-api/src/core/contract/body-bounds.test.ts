import { createRequire } from 'node:module'
import { type Contract, loadContract } from '@devenv/openapi'
import { afterEach, describe, expect, it } from 'vitest'
import { createStubCore } from '../create'
import { CONTACT_SUBMISSION, testClock } from '../test-support'
import { MAX_BODY_VALUES } from './http-errors'

/** The contract, its validator counting the contact bodies it checks (answers are checked too). */
function countingContract(): { contract: Contract; validations: () => number } {
  const contract = loadContract(
    createRequire(import.meta.url).resolve('@devenv/openapi/openapi.yaml'),
  )
  const contactBody = contract.byId.get('submitContact')?.bodySchemaPointer
  let validations = 0
  const validate = contract.validator.validate.bind(contract.validator)
  contract.validator.validate = (pointer, value) => {
    if (pointer === contactBody) validations++
    return validate(pointer, value)
  }
  return { contract, validations: () => validations }
}

/** The contract's per-client window of POST /contact. */
const CONTACT_WINDOW = 10

/** The worst body: 0.98 MB of 90,000 unknown fields. */
function manyFields(count: number): Record<string, number> {
  const body: Record<string, number> = {}
  for (let index = 0; index < count; index++) body[`k${String(index).padStart(5, '0')}`] = 1
  return body
}
const WORST_BODY = JSON.stringify(manyFields(90_000))

type Send = (body: string) => Promise<{ status: number; json: unknown; retryAfter?: string }>

/** POST /api/contact through the core alone, as every adapter drives it. */
async function startCore(contract: Contract): Promise<{ send: Send; close(): Promise<void> }> {
  const core = createStubCore({ contract, mode: 'test', scryptCost: 1024, now: testClock().now })
  return {
    send: async (body) => {
      const answer = await core.handle({
        method: 'POST',
        url: '/api/contact',
        headers: { 'content-type': 'application/json' },
        body: new TextEncoder().encode(body),
        ip: '127.0.0.9',
      })
      const retryAfter = answer.headers['retry-after']
      return {
        status: answer.status,
        json: JSON.parse(answer.body ?? 'null'),
        ...(retryAfter ? { retryAfter } : {}),
      }
    },
    close: () => core.close(),
  }
}

let closeStub: (() => Promise<void>) | undefined
afterEach(async () => {
  await closeStub?.()
  closeStub = undefined
})

describe('a large body', () => {
  it('gets 429 from a client over its window before it is read or validated', async () => {
    const { contract, validations } = countingContract()
    const stub = await startCore(contract)
    closeStub = stub.close
    for (let sent = 0; sent < CONTACT_WINDOW; sent++) {
      expect((await stub.send(JSON.stringify(CONTACT_SUBMISSION))).status).toBe(201)
    }
    const validatedBefore = validations()
    const worst = await stub.send(WORST_BODY)
    expect(worst.status).toBe(429)
    expect(Number(worst.retryAfter)).toBeGreaterThan(0)
    // Malformed JSON answers 429 too: the body was not even parsed.
    expect((await stub.send('{"firstName":')).status).toBe(429)
    expect(validations()).toBe(validatedBefore)
  })

  it('with more fields and items than any body of the contract gets the 400 before validation', async () => {
    const { contract, validations } = countingContract()
    const stub = await startCore(contract)
    closeStub = stub.close
    for (const body of [
      WORST_BODY,
      JSON.stringify({ ...CONTACT_SUBMISSION, extra: manyFields(MAX_BODY_VALUES) }),
      JSON.stringify({
        ...CONTACT_SUBMISSION,
        extra: Array.from({ length: MAX_BODY_VALUES }, () => [1]),
      }),
    ]) {
      const answer = await stub.send(body)
      expect(answer.status).toBe(400)
      expect(answer.json).toEqual({
        message: expect.any(String),
        code: 'VALIDATION_FAILED',
        errors: { body: `Body must hold at most ${MAX_BODY_VALUES} fields and items` },
      })
    }
    expect(validations()).toBe(0)
    // Just under the cap, the contract judges it as usual: an unknown field.
    const under = await stub.send(
      JSON.stringify({ ...CONTACT_SUBMISSION, extra: manyFields(MAX_BODY_VALUES - 20) }),
    )
    expect(under.status).toBe(400)
    expect(under.json).toMatchObject({ errors: { extra: 'Unknown field' } })
    expect(validations()).toBe(1)
  })
})
