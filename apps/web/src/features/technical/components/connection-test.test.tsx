import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderPage } from '../../../testing/render'
import { stub } from '../../../testing/stub-api'
import { ConnectionTest } from './connection-test'

describe('ConnectionTest (GET /health)', () => {
  it('checks, then reports connected with the status and the data (SITE-10)', async () => {
    // The stub holds its answer a moment: the page shows that it is checking.
    stub.prefer('GET /health', 'delay=800')
    await renderPage(<ConnectionTest />)
    expect((await screen.findByRole('status')).textContent).toBe(
      'Checking the connection to the API...',
    )
    expect((screen.getByRole('button', { name: 'Test again' }) as HTMLButtonElement).disabled).toBe(
      true,
    )
    // The verdict is announced: it is in the status region.
    expect((await screen.findByText('Connected')).closest('[role="status"]')).not.toBeNull()
    const terms = screen.getAllByRole('term').map((each) => each.textContent)
    const values = screen.getAllByRole('definition').map((each) => each.textContent)
    expect(terms).toEqual(['Status', 'API version', 'Uptime', 'Server time'])
    expect(values).toEqual([
      'ok',
      expect.stringMatching(/^\d+\.\d+\.\d+$/),
      expect.stringMatching(/^\d+ seconds$/),
      expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/),
    ])
    expect(stub.callsTo('GET /health')).toHaveLength(1)
    // A public call: no bearer token.
    expect(stub.calls[0]?.headers.has('authorization')).toBe(false)
  })

  it("reports the error ('Health check failed') and tests again on request (SITE-10, API-8)", async () => {
    // Unhealthy twice: a 5xx is tried once more before the error shows.
    stub.prefer('GET /health', 'code=503', 2)
    await renderPage(<ConnectionTest />)
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe('Health check failedThe API answered with status 503.')
    const failedCalls = stub.callsTo('GET /health').length
    expect(failedCalls).toBe(2)
    fireEvent.click(screen.getByRole('button', { name: 'Test again' }))
    expect((await screen.findByText('Connected')).closest('[role="status"]')).not.toBeNull()
    expect(screen.queryByRole('alert')).toBeNull()
    expect(stub.callsTo('GET /health')).toHaveLength(failedCalls + 1)
  })

  it('says so when the API does not answer at all', async () => {
    // The connection is dropped without an answer, also on the retry.
    stub.prefer('GET /health', 'reset', 2)
    await renderPage(<ConnectionTest />)
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('The API did not answer.')
  })
})
