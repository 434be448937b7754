import { afterEach, describe, expect, it, vi } from 'vitest'
import { yieldToBrowser } from './main-thread'

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('yieldToBrowser', () => {
  it("continues through the browser's prioritised scheduler where there is one", async () => {
    const yielded = vi.fn(() => Promise.resolve())
    vi.stubGlobal('scheduler', { yield: yielded })
    await yieldToBrowser()
    expect(yielded).toHaveBeenCalledOnce()
  })

  it('elsewhere continues in a new task, after what is already queued', async () => {
    vi.stubGlobal('scheduler', undefined)
    vi.useFakeTimers()
    let resumed = false
    void yieldToBrowser().then(() => {
      resumed = true
    })
    await Promise.resolve()
    expect(resumed).toBe(false)
    await vi.runAllTimersAsync()
    expect(resumed).toBe(true)
  })
})
