import { loadContract } from '@devenv/openapi'
import { describe, expect, it } from 'vitest'
import type { Answer } from '../http'
import { type CheckName, type Exchange, judge } from './checks'

const contract = loadContract()

const PROFILE = {
  id: '3f6c2a9e-8b1d-4c7a-9e2f-5a1b7c3d9e04',
  email: 'nino.beridze@example.com',
  username: 'nino.beridze@example.com',
  firstName: 'Nino',
  lastName: 'Beridze',
  userType: 'PERSONAL',
  roles: [],
  demo: false,
  createdAt: '2025-06-30T17:04:22Z',
}
const ENVIRONMENT = {
  id: '62fa61e0-c4a7-4b7a-a0cb-62521df9a244',
  name: 'checkout-api',
  template: 'go-1.23',
  size: 'professional',
  resources: { vcpu: 4, ramGb: 16, ssdGb: 100 },
  region: 'eu-central',
  status: 'running',
  url: 'https://checkout-api-62fa61e0.eu-central.devenv.example',
  createdAt: '2025-07-11T10:58:02Z',
}
const VALIDATION = (errors: Record<string, string>) => ({
  message: 'Validation errors',
  code: 'VALIDATION_FAILED',
  errors,
})

function answer(status: number, body?: unknown, headers: Record<string, string> = {}): Answer {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body)
  return {
    status,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' }),
      ...headers,
    },
    text,
    json: typeof body === 'object' ? body : undefined,
    logged: [],
  }
}

function exchange(operationId: string, reply: Answer, extra: Partial<Exchange> = {}): Exchange {
  return {
    operationId,
    request: { method: 'GET', url: '/api/test', headers: {}, body: '(none)' },
    answer: reply,
    input: 'positive',
    auth: 'valid',
    ruleFields: [],
    ...extra,
  }
}

/** The problem a check reports, `undefined` when it passes, 'not run' when it does not apply. */
function problemOf(check: CheckName, subject: Exchange): string | undefined {
  const verdicts = judge(contract, subject).filter((verdict) => verdict.check === check)
  if (verdicts.length === 0) return 'not run'
  return verdicts.find((verdict) => verdict.problem !== undefined)?.problem
}

describe('the checks pass a conforming answer', () => {
  it('runs the response checks on every answer and passes a documented one', () => {
    const verdicts = judge(contract, exchange('getProfile', answer(200, PROFILE)))
    expect(verdicts.map((verdict) => verdict.check)).toEqual([
      'not_a_server_error',
      'status_code_conformance',
      'content_type_conformance',
      'response_schema_conformance',
      'positive_data_acceptance',
    ])
    expect(verdicts.filter((verdict) => verdict.problem !== undefined)).toEqual([])
  })
})

describe('each check fails on what it is for', () => {
  it('not_a_server_error: any 5xx, with what the stub logged', () => {
    const crashed = answer(500, {
      message: 'An unexpected error occurred. Please try again in a few minutes.',
      code: 'INTERNAL_ERROR',
    })
    crashed.logged.push('{"msg":"unexpected error","err":"TypeError: boom"}')
    expect(problemOf('not_a_server_error', exchange('getProfile', crashed))).toContain(
      'TypeError: boom',
    )
  })

  it('status_code_conformance: a status the operation does not document', () => {
    expect(
      problemOf(
        'status_code_conformance',
        exchange('getProfile', answer(418, { message: 'teapot' })),
      ),
    ).toContain('status 418 is not documented')
  })

  it('content_type_conformance: another media type, a body that is no JSON, a body where none is documented', () => {
    const html = { ...answer(200, '<p>hi</p>'), headers: { 'content-type': 'text/html' } }
    expect(problemOf('content_type_conformance', exchange('getProfile', html))).toContain(
      'text/html',
    )
    const broken = { ...answer(200, '{"id":'), json: undefined }
    expect(problemOf('content_type_conformance', exchange('getProfile', broken))).toBe(
      'the body is not JSON',
    )
    expect(
      problemOf('content_type_conformance', exchange('signOut', answer(204, { message: 'x' }))),
    ).toContain('none is documented')
  })

  it('response_schema_conformance: a body the documented schema refuses', () => {
    const { email: _email, ...withoutEmail } = PROFILE
    expect(
      problemOf('response_schema_conformance', exchange('getProfile', answer(200, withoutEmail))),
    ).toContain("must have required property 'email'")
    expect(
      problemOf(
        'response_schema_conformance',
        exchange('getEnvironment', answer(400, { message: 'Malformed request URL' })),
      ),
    ).toContain("required property 'errors'")
  })

  it('response_headers_conformance: Retry-After missing or not whole seconds, Location missing', () => {
    const limited = { message: 'Too many requests. Please try again later.', code: 'RATE_LIMITED' }
    expect(
      problemOf('response_headers_conformance', exchange('submitContact', answer(429, limited))),
    ).toContain('Retry-After header is missing')
    expect(
      problemOf(
        'response_headers_conformance',
        exchange('submitContact', answer(429, limited, { 'retry-after': 'soon' })),
      ),
    ).toContain('not of its documented form')
    expect(
      problemOf(
        'response_headers_conformance',
        exchange('submitContact', answer(429, limited, { 'retry-after': '30' })),
      ),
    ).toBeUndefined()
    expect(
      problemOf(
        'response_headers_conformance',
        exchange('createEnvironment', answer(201, ENVIRONMENT)),
      ),
    ).toContain('Location')
    expect(
      problemOf('response_headers_conformance', exchange('getProfile', answer(200, PROFILE))),
    ).toBe('not run')
  })

  it('negative_data_rejection: schema-invalid input accepted, or an unknown field left unnamed', () => {
    const breakage = {
      label: 'with unknown field nickname',
      constraint: 'additionalProperties' as const,
      site: [],
      path: ['nickname'],
      edit: { kind: 'set' as const, value: 'x' },
      unknownField: 'nickname',
    }
    const negative = { input: 'negative' as const, auth: 'public' as const, breakage }
    expect(
      problemOf('negative_data_rejection', exchange('signOut', answer(204), negative)),
    ).toContain('was accepted')
    expect(
      problemOf(
        'negative_data_rejection',
        exchange('signOut', answer(400, VALIDATION({ body: 'Is invalid' })), negative),
      ),
    ).toContain('does not name the unknown field nickname')
    expect(
      problemOf(
        'negative_data_rejection',
        exchange('signOut', answer(400, VALIDATION({ nickname: 'Unknown field' })), negative),
      ),
    ).toBeUndefined()
    expect(problemOf('negative_data_rejection', exchange('signOut', answer(204)))).toBe('not run')
  })

  it('positive_data_acceptance: schema-valid input refused as invalid, unless a documented rule names the fields', () => {
    const refused = answer(400, VALIDATION({ model: 'Unknown model' }))
    expect(problemOf('positive_data_acceptance', exchange('chatCompletion', refused))).toContain(
      'refused as invalid',
    )
    expect(
      problemOf(
        'positive_data_acceptance',
        exchange('chatCompletion', refused, { ruleFields: ['model'] }),
      ),
    ).toBeUndefined()
    const more = answer(400, VALIDATION({ model: 'Unknown model', messages: 'Too many' }))
    expect(
      problemOf(
        'positive_data_acceptance',
        exchange('chatCompletion', more, { ruleFields: ['model'] }),
      ),
    ).toContain('refused')
    expect(
      problemOf(
        'positive_data_acceptance',
        exchange('submitContact', answer(415, { message: 'x', code: 'UNSUPPORTED_MEDIA_TYPE' })),
      ),
    ).toContain('415')
    // A business answer is no validation failure: a wrong password, a taken name.
    expect(
      problemOf(
        'positive_data_acceptance',
        exchange(
          'signIn',
          answer(401, { message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' }),
        ),
      ),
    ).toBeUndefined()
  })

  it('ignored_auth: protected data without a valid token, or another account’s environment', () => {
    const forged = { auth: 'invalid' as const }
    expect(
      problemOf('ignored_auth', exchange('getProfile', answer(200, PROFILE), forged)),
    ).toContain('without valid authentication')
    expect(
      problemOf(
        'ignored_auth',
        exchange('getProfile', answer(404, { message: 'Not found' }), forged),
      ),
    ).toContain('not 401')
    expect(
      problemOf(
        'ignored_auth',
        exchange(
          'getProfile',
          answer(401, { message: 'Authentication required', code: 'UNAUTHORIZED' }),
          forged,
        ),
      ),
    ).toBeUndefined()
    expect(
      problemOf(
        'ignored_auth',
        exchange('getEnvironment', answer(200, ENVIRONMENT), { resource: 'foreign' }),
      ),
    ).toContain("another account's")
    const listed = answer(200, { items: [ENVIRONMENT] })
    const forbidden = { forbiddenIds: { freed: [], foreign: [ENVIRONMENT.id] } }
    expect(problemOf('ignored_auth', exchange('listEnvironments', listed, forbidden))).toContain(
      ENVIRONMENT.id,
    )
  })

  it('use_after_free: a revoked token, a deleted environment or a used refresh token that still works', () => {
    expect(
      problemOf(
        'use_after_free',
        exchange('getProfile', answer(200, PROFILE), { auth: 'revoked' }),
      ),
    ).toContain('revoked')
    expect(
      problemOf(
        'use_after_free',
        exchange('getEnvironment', answer(200, ENVIRONMENT), { resource: 'freed' }),
      ),
    ).toContain('deleted')
    expect(
      problemOf(
        'use_after_free',
        exchange(
          'getEnvironment',
          answer(404, { message: 'Environment not found', code: 'NOT_FOUND' }),
          { resource: 'freed' },
        ),
      ),
    ).toBeUndefined()
    const pair = { access_token: 'a.b.c', refresh_token: 'r', token_valid_seconds: 900 }
    expect(
      problemOf(
        'use_after_free',
        exchange('refreshToken', answer(200, pair), { auth: 'public', freedRefreshToken: true }),
      ),
    ).toContain('refresh token')
    const listed = answer(200, { items: [ENVIRONMENT] })
    expect(
      problemOf(
        'use_after_free',
        exchange('listEnvironments', listed, {
          forbiddenIds: { freed: [ENVIRONMENT.id], foreign: [] },
        }),
      ),
    ).toContain('deleted environments listed')
  })
})

// A real server's fuzz run raised these as failures; the contract supports none of them.
describe('answers the contract leaves open are not failures', () => {
  const failuresOf = (subject: Exchange) =>
    judge(contract, subject).filter((verdict) => verdict.problem !== undefined)

  it.each([
    ['a BOM-prefixed contact form refused as malformed', 'submitContact', 400, 'public'],
    ['a space sent to signOut refused as a malformed body', 'signOut', 400, 'valid'],
    ['a JSON array sent to deleteEnvironment and ignored', 'deleteEnvironment', 202, 'valid'],
  ] as const)('%s', (_case, operationId, status, auth) => {
    const body =
      status === 202
        ? { ...ENVIRONMENT, status: 'deleting' }
        : { message: 'Malformed JSON body', code: 'INVALID_JSON' }
    const subject = exchange(operationId, answer(status, body), { input: 'unclassified', auth })
    expect(
      failuresOf(subject).filter((verdict) => verdict.check.endsWith('data_acceptance')),
    ).toEqual([])
    expect(
      failuresOf(subject).filter((verdict) => verdict.check === 'negative_data_rejection'),
    ).toEqual([])
  })
})
