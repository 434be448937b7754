import { waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { stub } from '../testing/stub-api'
import { listenForUncaughtErrors } from './uncaught-errors'

let stop: (() => void) | null = null

afterEach(() => {
  stop?.()
  stop = null
  vi.restoreAllMocks()
})

function rejection(reason: unknown): Event {
  // happy-dom has no PromiseRejectionEvent: the handler reads only `reason`.
  return Object.assign(new Event('unhandledrejection'), { reason })
}

describe('uncaught errors and unhandled rejections', () => {
  it('are each logged once through /errors/log, with their source and stack (EVENT-3)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    stop = listenForUncaughtErrors()
    const uncaught = new TypeError("Cannot read properties of undefined (reading 'items')")
    window.dispatchEvent(new ErrorEvent('error', { error: uncaught, message: uncaught.message }))
    // The same error seen twice (a route's error that also reached the window) is one report.
    window.dispatchEvent(new ErrorEvent('error', { error: uncaught, message: uncaught.message }))
    window.dispatchEvent(rejection(new Error('refresh failed for /reset-password?hash=abc123')))
    await waitFor(() => expect(stub.callsTo('POST /errors/log')).toHaveLength(2))
    await stub.settled()
    const bodies = stub.callsTo('POST /errors/log').map((call) => call.body)
    expect(bodies).toHaveLength(2)
    expect(bodies).toContainEqual(
      expect.objectContaining({
        message: "TypeError: Cannot read properties of undefined (reading 'items')",
        stack: expect.stringContaining('TypeError'),
        context: { source: 'error', route: '/' },
      }),
    )
    const rejected = bodies.find(
      (body) => (body as { context: { source: string } }).context.source === 'unhandledrejection',
    )
    expect(JSON.stringify(rejected)).toContain('refresh failed')
    expect(JSON.stringify(rejected)).not.toContain('abc123')
  })

  it('a rejection with no error object is reported by its text; nothing after stop()', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    stop = listenForUncaughtErrors()
    window.dispatchEvent(rejection('quota exceeded'))
    await waitFor(() => expect(stub.callsTo('POST /errors/log')).toHaveLength(1))
    expect(stub.callsTo('POST /errors/log')[0]?.body).toMatchObject({ message: 'quota exceeded' })
    stop()
    stop = null
    window.dispatchEvent(rejection('after stop'))
    await new Promise((resolve) => setTimeout(resolve, 50))
    await stub.settled()
    expect(stub.callsTo('POST /errors/log')).toHaveLength(1)
  })
})
