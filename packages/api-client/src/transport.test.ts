import { describe, expect, it, vi } from 'vitest'
import { ApiError } from './errors'
import { createTransport, sendsBearer, type TokenPair, type TokenSource } from './transport'

const API = 'http://api.test/api'
const NOW = new Date('2026-11-21T10:00:00.000Z')

type Handler = (request: Request) => Response | Promise<Response>

function fakeFetch(handler: Handler) {
  const requests: Request[] = []
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init)
    requests.push(request.clone())
    return handler(request)
  })
  return { fetch: fetch as unknown as typeof globalThis.fetch, requests }
}

function memoryTokens(initial: Partial<TokenPair>): TokenSource & { stored: TokenPair[] } {
  let access = initial.accessToken ?? null
  let refresh = initial.refreshToken ?? null
  const stored: TokenPair[] = []
  return {
    stored,
    getAccessToken: () => access,
    getRefreshToken: () => refresh,
    setTokens(tokens) {
      stored.push(tokens)
      access = tokens.accessToken
      refresh = tokens.refreshToken
    },
  }
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  })

function transport(
  fetch: typeof globalThis.fetch,
  extra: Partial<Parameters<typeof createTransport>[0]> = {},
) {
  return createTransport({
    apiBase: API,
    timeoutMs: 10_000,
    clientType: 'vue-website',
    clientVersion: '1.0.0',
    fetch,
    now: () => NOW,
    ...extra,
  })
}

describe('headers', () => {
  it('sends the JSON content type, client type and version, and the request timestamp', async () => {
    const fake = fakeFetch(() => json(200, {}))
    await transport(fake.fetch)(`${API}/contact`, { method: 'POST', body: '{}' })
    const headers = fake.requests[0]?.headers
    expect(headers?.get('content-type')).toBe('application/json')
    expect(headers?.get('x-client-type')).toBe('vue-website')
    expect(headers?.get('x-client-version')).toBe('1.0.0')
    expect(headers?.get('x-request-timestamp')).toBe('2026-11-21T10:00:00.000Z')
    // The page's address (which may hold a secret) is no Referer.
    expect(fake.requests[0]?.referrerPolicy).toBe('strict-origin')
  })

  it("sends the bearer token on exactly the contract's secured operations", async () => {
    const fake = fakeFetch(() => json(200, {}))
    const send = transport(fake.fetch, { tokens: memoryTokens({ accessToken: 'A1' }) })
    await send(`${API}/environments`)
    await send(`${API}/auth/verify`)
    await send(`${API}/environments/env-7`, { method: 'DELETE' })
    await send(`${API}/auth/auth`, { method: 'POST', body: '{}' })
    await send(`${API}/auth/token/refresh`, { method: 'POST', body: '{}' })
    await send(`${API}/contact`, { method: 'POST', body: '{}' })
    await send(`${API}/health`)
    expect(fake.requests.map((r) => r.headers.get('authorization'))).toEqual([
      'Bearer A1',
      'Bearer A1',
      'Bearer A1',
      null,
      null,
      null,
      null,
    ])
  })

  it('sends no authorization header when the session has no token', async () => {
    const fake = fakeFetch(() => json(200, {}))
    await transport(fake.fetch, { tokens: memoryTokens({}) })(`${API}/environments`)
    expect(fake.requests[0]?.headers.has('authorization')).toBe(false)
  })

  it('decides on the method and the path under the API base, not on the host or the query', () => {
    expect(sendsBearer('GET', 'http://auth.example/api/environments?next=/auth/x', API)).toBe(true)
    expect(sendsBearer('GET', '/api/v1/auth/verify', '/api/v1')).toBe(true)
    expect(sendsBearer('get', '/api/user/profile', '/api/')).toBe(true)
    expect(sendsBearer('POST', '/api/v1/auth/activate', '/api/v1')).toBe(false)
    // A template matches one segment only; another method of a secured path is not secured.
    expect(sendsBearer('GET', '/api/environments/a/b', '/api')).toBe(false)
    expect(sendsBearer('PATCH', '/api/environments', '/api')).toBe(false)
    // Outside the API base: never.
    expect(sendsBearer('GET', '/other/environments', '/api')).toBe(false)
  })
})

describe('401 handling', () => {
  it('refreshes once, stores the new tokens and retries the call with the same body', async () => {
    const tokens = memoryTokens({ accessToken: 'old', refreshToken: 'R1' })
    const fake = fakeFetch(async (request) => {
      const path = new URL(request.url).pathname
      if (path === '/api/auth/token/refresh') {
        expect(await request.json()).toEqual({ refreshToken: 'R1' })
        return json(200, { access_token: 'new', refresh_token: 'R2', token_valid_seconds: 900 })
      }
      return request.headers.get('authorization') === 'Bearer new'
        ? json(201, { echoed: await request.json() })
        : json(401, { message: 'Token expired' })
    })
    const response = await transport(fake.fetch, { tokens })(`${API}/environments`, {
      method: 'POST',
      body: JSON.stringify({ name: 'my-env' }),
    })
    expect(response.status).toBe(201)
    expect(await response.json()).toEqual({ echoed: { name: 'my-env' } })
    expect(tokens.stored).toEqual([
      { accessToken: 'new', refreshToken: 'R2', tokenValidSeconds: 900 },
    ])
  })

  it('shares one refresh between concurrent 401s', async () => {
    const tokens = memoryTokens({ accessToken: 'old', refreshToken: 'R1' })
    let refreshes = 0
    const fake = fakeFetch(async (request) => {
      if (request.url.endsWith('/auth/token/refresh')) {
        refreshes += 1
        await new Promise((resolve) => setTimeout(resolve, 5))
        return json(200, { access_token: 'new', refresh_token: 'R2', token_valid_seconds: 900 })
      }
      return request.headers.get('authorization') === 'Bearer new'
        ? json(200, { ok: true })
        : json(401, { message: 'expired' })
    })
    const send = transport(fake.fetch, { tokens })
    const answers = await Promise.all([1, 2, 3, 4].map(() => send(`${API}/user/profile`)))
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200])
    expect(refreshes).toBe(1)
  })

  it('without a refresh token: runs onSessionExpired and surfaces the 401', async () => {
    const onSessionExpired = vi.fn()
    const fake = fakeFetch(() => json(401, { message: 'expired' }))
    const response = await transport(fake.fetch, {
      tokens: memoryTokens({ accessToken: 'old' }),
      onSessionExpired,
    })(`${API}/user/profile`)
    expect(response.status).toBe(401)
    expect(onSessionExpired).toHaveBeenCalledTimes(1)
    expect(fake.requests).toHaveLength(1)
  })

  it('with a failed refresh: runs onSessionExpired once and does not retry', async () => {
    const onSessionExpired = vi.fn()
    const fake = fakeFetch(() => json(401, { message: 'nope' }))
    const response = await transport(fake.fetch, {
      tokens: memoryTokens({ accessToken: 'old', refreshToken: 'reused' }),
      onSessionExpired,
    })(`${API}/environments`)
    expect(response.status).toBe(401)
    expect(onSessionExpired).toHaveBeenCalledTimes(1)
    expect(fake.requests.map((r) => new URL(r.url).pathname)).toEqual([
      '/api/environments',
      '/api/auth/token/refresh',
    ])
  })

  it('uses a given refreshTokens once for concurrent 401s and retries with the renewed token', async () => {
    const tokens = memoryTokens({ accessToken: 'old', refreshToken: 'R1' })
    const refreshTokens = vi.fn(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5))
      tokens.setTokens({ accessToken: 'renewed', refreshToken: 'R2', tokenValidSeconds: 900 })
      return true
    })
    const fake = fakeFetch((request) =>
      request.headers.get('authorization') === 'Bearer renewed'
        ? json(200, { ok: true })
        : json(401, { message: 'expired' }),
    )
    const send = transport(fake.fetch, { tokens, refreshTokens })
    const answers = await Promise.all([1, 2, 3].map(() => send(`${API}/environments`)))
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200])
    expect(refreshTokens).toHaveBeenCalledTimes(1)
    // The built-in refresh call is never made when the owner of the session refreshes.
    expect(fake.requests.some((request) => request.url.endsWith('/auth/token/refresh'))).toBe(false)
  })

  it('a refreshTokens that fails or throws ends the session and surfaces the 401', async () => {
    for (const refreshTokens of [async () => false, async () => Promise.reject(new Error('x'))]) {
      const onSessionExpired = vi.fn()
      const fake = fakeFetch(() => json(401, { message: 'expired' }))
      const response = await transport(fake.fetch, {
        tokens: memoryTokens({ accessToken: 'old', refreshToken: 'R1' }),
        refreshTokens,
        onSessionExpired,
      })(`${API}/user/profile`)
      expect(response.status).toBe(401)
      expect(onSessionExpired).toHaveBeenCalledTimes(1)
      expect(fake.requests).toHaveLength(1)
    }
  })

  it('does not refresh on a 401 from a call that carried no token (a failed sign-in)', async () => {
    const onSessionExpired = vi.fn()
    const fake = fakeFetch(() => json(401, { message: 'Invalid email or password' }))
    const response = await transport(fake.fetch, {
      tokens: memoryTokens({ accessToken: 'A', refreshToken: 'R' }),
      onSessionExpired,
    })(`${API}/auth/auth`, { method: 'POST', body: '{}' })
    expect(response.status).toBe(401)
    expect(fake.requests).toHaveLength(1)
    expect(onSessionExpired).not.toHaveBeenCalled()
  })
})

describe('timeout and network failures', () => {
  it('aborts a call that outlives the timeout and rejects with a timeout ApiError', async () => {
    vi.useFakeTimers()
    try {
      const fetch = ((_input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          const signal = init?.signal ?? (_input instanceof Request ? _input.signal : undefined)
          signal?.addEventListener('abort', () => reject(signal.reason))
        })) as typeof globalThis.fetch
      const pending = transport(fetch, { timeoutMs: 250 })(`${API}/health`)
      const outcome = pending.catch((error: unknown) => error)
      await vi.advanceTimersByTimeAsync(250)
      const error = await outcome
      expect(error).toBeInstanceOf(ApiError)
      expect(error).toMatchObject({ kind: 'timeout', status: 0 })
      expect((error as ApiError).message).toBe('Request timed out after 250 ms')
    } finally {
      vi.useRealTimers()
    }
  })

  it('turns a refused connection into a network ApiError', async () => {
    const fetch = (() => Promise.reject(new TypeError('fetch failed'))) as typeof globalThis.fetch
    await expect(transport(fetch)(`${API}/health`)).rejects.toMatchObject({
      name: 'ApiError',
      kind: 'network',
      message: 'Network error: fetch failed',
    })
  })
})
