import { describe, expect, it } from 'vitest'
import { ConfigError, readConfig } from './config'
import { buildServer } from './server'

describe('GET /api/health', () => {
  it('answers ok with the version and the uptime from the injected clock', async () => {
    let clock = 1_000_000
    const app = buildServer({ now: () => clock })
    clock += 42_500
    const response = await app.inject({ method: 'GET', url: '/api/health' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      status: 'ok',
      version: '1.0.0',
      uptimeSeconds: 42,
      time: new Date(clock).toISOString(),
    })
    await app.close()
  })
})

describe('readConfig', () => {
  it('defaults to 127.0.0.1:4010', () => {
    expect(readConfig({})).toMatchObject({ host: '127.0.0.1', port: 4010 })
  })

  it('refuses a port that is not a number, naming the variable and the value', () => {
    expect(() => readConfig({ PORT: 'eighty' })).toThrow(ConfigError)
    expect(() => readConfig({ PORT: 'eighty' })).toThrow(/PORT="eighty"/)
  })
})
