import { fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, json, renderPage } from '../../../testing/fake-api'
import { ConnectionTest } from './connection-test'

const HEALTHY = {
  status: 'ok',
  version: '1.0.0',
  uptimeSeconds: 86412,
  time: '2025-07-11T09:40:00Z',
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('ConnectionTest (GET /health)', () => {
  it('checks, then reports connected with the status and the data', async () => {
    let answer: (response: Response) => void = () => {}
    const api = fakeApi({
      'GET /health': () =>
        new Promise<Response>((resolve) => {
          answer = resolve
        }),
    })
    await renderPage(<ConnectionTest />)
    expect((await screen.findByRole('status')).textContent).toBe(
      'Checking the connection to the API...',
    )
    expect((screen.getByRole('button', { name: 'Test again' }) as HTMLButtonElement).disabled).toBe(
      true,
    )
    answer(json(200, HEALTHY))
    expect(await screen.findByText('Connected')).toBeTruthy()
    const terms = screen.getAllByRole('term').map((each) => each.textContent)
    const values = screen.getAllByRole('definition').map((each) => each.textContent)
    expect(terms).toEqual(['Status', 'API version', 'Uptime', 'Server time'])
    expect(values).toEqual(['ok', '1.0.0', '86412 seconds', '2025-07-11T09:40:00Z'])
    expect(api.callsTo('GET /health')).toHaveLength(1)
    // A public call: no bearer token.
    expect(api.calls[0]?.headers.has('authorization')).toBe(false)
  })

  it("reports the error ('Health check failed') and tests again on request", async () => {
    // Unhealthy until the test says so: a 5xx is tried once more before the error shows.
    let healthy = false
    const api = fakeApi({
      'GET /health': () => (healthy ? json(200, HEALTHY) : json(503, { message: 'Starting' })),
    })
    await renderPage(<ConnectionTest />)
    const alert = await screen.findByRole('alert', {}, { timeout: 3000 })
    expect(alert.textContent).toBe('Health check failedThe API answered with status 503.')
    const failedCalls = api.callsTo('GET /health').length
    healthy = true
    fireEvent.click(screen.getByRole('button', { name: 'Test again' }))
    expect(await screen.findByText('Connected')).toBeTruthy()
    expect(api.callsTo('GET /health')).toHaveLength(failedCalls + 1)
  })

  it('says so when the API does not answer at all', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch')
      }),
    )
    await renderPage(<ConnectionTest />)
    const alert = await screen.findByRole('alert', {}, { timeout: 3000 })
    expect(alert.textContent).toContain('The API did not answer.')
  })
})
