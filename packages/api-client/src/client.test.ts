import { describe, expect, it, vi } from 'vitest'
import { apiBaseUrl, createApiClient, dataOf } from './client'
import { ApiError } from './errors'

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  })

function clientAnswering(answer: (request: Request) => Response) {
  const seen: Request[] = []
  const api = createApiClient({
    baseUrl: 'http://api.test',
    fetch: async (input, init) => {
      const request = new Request(input, init)
      seen.push(request)
      return answer(request)
    },
  })
  return { api, seen }
}

describe('apiBaseUrl', () => {
  it('joins the environment origin, /api and the optional version', () => {
    expect(apiBaseUrl('https://api.example.com')).toBe('https://api.example.com/api')
    expect(apiBaseUrl('https://api.example.com/', 'v1')).toBe('https://api.example.com/api/v1')
    expect(apiBaseUrl('', '/v2/')).toBe('/api/v2')
  })
})

describe('createApiClient', () => {
  it('resolves with the typed answer and sends JSON to the right address', async () => {
    const { api, seen } = clientAnswering(() =>
      json(200, { access_token: 'a', refresh_token: 'r', token_valid_seconds: 900 }),
    )
    const tokens = await dataOf(
      api.POST('/auth/auth', { body: { email: 'ada@example.com', password: 'Secret123!' } }),
    )
    expect(tokens.token_valid_seconds).toBe(900)
    expect(seen[0]?.url).toBe('http://api.test/api/auth/auth')
    expect(await seen[0]?.json()).toEqual({ email: 'ada@example.com', password: 'Secret123!' })
    expect(seen[0]?.headers.get('x-client-version')).toBe('1.0.0')
  })

  it('rejects with an ApiError carrying status, message, validation errors and body', async () => {
    const body = {
      message: 'Validation errors',
      code: 'VALIDATION_FAILED',
      errors: { username: 'Must be an e-mail address', password: 'Too short' },
    }
    const { api } = clientAnswering(() => json(400, body))
    const error = await api
      .POST('/auth/registration', {
        body: { username: 'x', password: 'short', userType: 'PERSONAL' },
      })
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({
      kind: 'http',
      status: 400,
      serverMessage: 'Validation errors',
      message: 'Validation errors',
      errors: { username: 'Must be an e-mail address', password: 'Too short' },
      body,
    })
  })

  it('reads Retry-After on a 429', async () => {
    const { api } = clientAnswering(() =>
      json(429, { message: 'Too many requests' }, { 'Retry-After': '120' }),
    )
    await expect(
      api.POST('/auth/reset-password', { body: { username: 'ada@example.com' } }),
    ).rejects.toMatchObject({ status: 429, retryAfterSeconds: 120 })
  })

  it('keeps a generic message when the error body is not JSON', async () => {
    const { api } = clientAnswering(() => new Response('<html>Bad gateway</html>', { status: 502 }))
    await expect(api.GET('/health')).rejects.toMatchObject({
      status: 502,
      serverMessage: undefined,
      message: 'Request failed with status 502',
      body: '<html>Bad gateway</html>',
    })
  })
})

describe('the bearer token, as the contract secures each operation', () => {
  it('a typed GET /auth/verify goes out with it; POST /auth/auth without', async () => {
    const seen: Request[] = []
    const api = createApiClient({
      baseUrl: 'http://api.test',
      version: 'v1',
      tokens: { getAccessToken: () => 'A1', getRefreshToken: () => 'R1', setTokens: () => {} },
      fetch: async (input, init) => {
        seen.push(new Request(input, init))
        return json(200, { valid: true })
      },
    })
    await api.GET('/auth/verify')
    await api.POST('/auth/auth', { body: { email: 'ada@example.com', password: 'Secret123!' } })
    expect(
      seen.map((request) => [new URL(request.url).pathname, request.headers.get('authorization')]),
    ).toEqual([
      ['/api/v1/auth/verify', 'Bearer A1'],
      ['/api/v1/auth/auth', null],
    ])
  })
})

describe('global answer handling (API-5)', () => {
  function clientWithLog(status: number) {
    const log = {
      warn: vi.fn<(message: string) => void>(),
      error: vi.fn<(message: string) => void>(),
    }
    const api = createApiClient({
      baseUrl: 'http://api.test',
      fetch: async () => json(status, { message: 'No' }),
      log,
    })
    return { api, log }
  }

  it('a 403 only warns, once, naming the call without its query; the call still fails', async () => {
    const { api, log } = clientWithLog(403)
    const call = api.GET('/environments/{id}', {
      params: { path: { id: 'env-1' }, query: { token: 'secret-token' } as never },
    })
    await expect(call).rejects.toMatchObject({ status: 403 })
    expect(log.warn.mock.calls).toEqual([['API call forbidden (403): GET /api/environments/env-1']])
    expect(log.error).not.toHaveBeenCalled()
  })

  it.each([500, 502, 503])('a %i only logs, once', async (status) => {
    const { api, log } = clientWithLog(status)
    await expect(api.GET('/environments')).rejects.toBeInstanceOf(ApiError)
    expect(log.error.mock.calls).toEqual([[`API server error (${status}): GET /api/environments`]])
    expect(log.warn).not.toHaveBeenCalled()
  })

  it.each([400, 404, 409, 429])(
    'a %i is left to the caller: no warning, no log',
    async (status) => {
      const { api, log } = clientWithLog(status)
      await expect(api.GET('/environments')).rejects.toMatchObject({ status })
      expect(log.warn).not.toHaveBeenCalled()
      expect(log.error).not.toHaveBeenCalled()
    },
  )
})
