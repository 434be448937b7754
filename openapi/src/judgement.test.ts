import { describe, expect, it } from 'vitest'
import { loadContract } from './contract-file'
import { type AnswerToJudge, captureAnswer, judgeAnswer, problemsOf, readHeader } from './judgement'

const contract = loadContract()
const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' }
/** The contract's own example of a profile, so the test follows the contract. */
const PROFILE = contract.byId.get('getProfile')?.responses['200']?.examples[0]?.value as Record<
  string,
  unknown
>

const json = (
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): AnswerToJudge => ({
  status,
  headers: { ...JSON_HEADERS, ...headers },
  text: JSON.stringify(body),
})

const steps = (answer: AnswerToJudge, operationId = 'getProfile') =>
  judgeAnswer(contract, operationId, answer).results.map((result) => [result.step, result.ok])

describe('the answer judgement', () => {
  it('passes a conforming answer through status, media type and schema', () => {
    expect(PROFILE).toHaveProperty('email')
    const judgement = judgeAnswer(contract, 'getProfile', json(200, PROFILE))
    expect(judgement.ok).toBe(true)
    expect(judgement.response).toBe('200')
    expect(judgement.results.map((result) => result.step)).toEqual([
      'status',
      'mediaType',
      'schema',
    ])
  })

  it('stops at an undocumented status, naming the documented ones', () => {
    const judgement = judgeAnswer(contract, 'getProfile', json(418, { message: 'teapot' }))
    expect(judgement.ok).toBe(false)
    expect(steps(json(418, {}))).toEqual([['status', false]])
    expect(problemsOf(judgement)[0]?.message).toMatch(
      /^status 418 is not documented \(documented: 200, /,
    )
  })

  it('refuses an undocumented media type, a body that is not JSON and an unexpected body', () => {
    const html: AnswerToJudge = {
      status: 200,
      headers: { 'content-type': 'text/html' },
      text: '<p>',
    }
    expect(problemsOf(judgeAnswer(contract, 'getProfile', html))[0]?.message).toBe(
      'content type "text/html" is not documented (application/json)',
    )
    const broken: AnswerToJudge = { status: 200, headers: JSON_HEADERS, text: '{"id":' }
    expect(problemsOf(judgeAnswer(contract, 'getProfile', broken)).map((r) => r.message)).toEqual([
      'the body is not JSON',
    ])
    const extra = judgeAnswer(contract, 'signOut', json(204, { message: 'x' }))
    expect(problemsOf(extra)[0]?.message).toContain('a body was sent where none is documented')
    expect(judgeAnswer(contract, 'signOut', { status: 204, headers: {}, text: '' }).ok).toBe(true)
  })

  it('reports schema errors with the place and the unknown field', () => {
    const { email: _email, ...withoutEmail } = PROFILE
    const missing = problemsOf(judgeAnswer(contract, 'getProfile', json(200, withoutEmail)))
    expect(missing[0]?.step).toBe('schema')
    expect(missing[0]?.message).toContain("must have required property 'email'")
    const [extra] = problemsOf(
      judgeAnswer(contract, 'getProfile', json(200, { ...PROFILE, build: 1 })),
    )
    expect(extra?.message).toContain('(build)')
    if (extra?.step !== 'schema') throw new Error('expected a schema result')
    expect(extra.details.errors[0]?.keyword).toBe('additionalProperties')
  })

  it('checks required headers: present and of their documented form', () => {
    const limited = { message: 'Too many requests. Please try again later.', code: 'RATE_LIMITED' }
    const missing = judgeAnswer(contract, 'submitContact', json(429, limited))
    expect(problemsOf(missing).map((result) => result.message)).toEqual([
      'the Retry-After header is missing',
    ])
    const malformed = judgeAnswer(
      contract,
      'submitContact',
      json(429, limited, { 'retry-after': 'soon' }),
    )
    expect(problemsOf(malformed)[0]?.message).toBe(
      'the Retry-After header "soon" is not of its documented form',
    )
    expect(
      judgeAnswer(contract, 'submitContact', json(429, limited, { 'retry-after': '30' })).ok,
    ).toBe(true)
    expect(steps(json(200, PROFILE))).not.toContainEqual(['headers', true])
  })

  it('reads headers from Headers, records and functions alike', () => {
    expect(readHeader(new Headers({ 'Retry-After': '3' }), 'retry-after')).toBe('3')
    expect(readHeader({ 'retry-after': ['3', '4'] }, 'Retry-After')).toBe('3')
    expect(readHeader({ 'content-length': 12 }, 'Content-Length')).toBe('12')
    expect(readHeader((name) => (name === 'location' ? '/x' : undefined), 'Location')).toBe('/x')
  })

  it('throws on an operation the contract does not have (a programming error)', () => {
    expect(() => judgeAnswer(contract, 'nope', json(200, {}))).toThrow('no operation nope')
  })

  it('captures an answer once: JSON parsed when the content type says so and it parses', () => {
    expect(captureAnswer(200, JSON_HEADERS, '{"a":1}').json).toEqual({ a: 1 })
    expect(captureAnswer(200, JSON_HEADERS, '{"a":').json).toBeUndefined()
    expect(captureAnswer(200, { 'content-type': 'text/html' }, '{"a":1}').json).toBeUndefined()
    expect(captureAnswer(204, new Headers(), '')).toEqual({
      status: 204,
      headers: new Headers(),
      text: '',
      json: undefined,
    })
  })
})
