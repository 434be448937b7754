import { describe, expect, it } from 'vitest'
import { ApiError } from './errors'
import { retryTransientOnce } from './query'

const http = (status: number) => new ApiError({ kind: 'http', status, message: `HTTP ${status}` })

describe('retryTransientOnce', () => {
  it('retries a 5xx, a timeout or a lost connection once', () => {
    for (const error of [http(500), http(503), ApiError.timeout(10_000), ApiError.network(null)]) {
      expect(retryTransientOnce(0, error)).toBe(true)
      expect(retryTransientOnce(1, error)).toBe(false)
    }
  })

  it('never retries a 4xx or an error that is not the client’s', () => {
    for (const status of [400, 401, 403, 404, 409, 429]) {
      expect(retryTransientOnce(0, http(status))).toBe(false)
    }
    expect(retryTransientOnce(0, new Error('bug'))).toBe(false)
  })
})
