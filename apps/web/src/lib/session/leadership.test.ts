import { describe, expect, it, vi } from 'vitest'
import { createLeadership } from './leadership'

describe('cross-tab leadership', () => {
  it('without Web Locks every tab leads at once', () => {
    const onLead = vi.fn()
    const leadership = createLeadership({ locks: () => undefined, onLead })
    expect(leadership.isLeading()).toBe(false)
    leadership.ask()
    expect(leadership.isLeading()).toBe(true)
  })

  it('leads once the lock is granted, asks only once, and lets the lock go with its signal', async () => {
    let grant: () => Promise<unknown> = async () => undefined
    const request = vi.fn((_name: string, task: () => Promise<unknown>) => {
      grant = task
      return new Promise(() => {})
    })
    const page = new AbortController()
    const onLead = vi.fn()
    const leadership = createLeadership({
      locks: () => ({ request }) as unknown as LockManager,
      onLead,
      signal: page.signal,
    })
    leadership.ask()
    leadership.ask()
    expect(request).toHaveBeenCalledTimes(1)
    expect(request.mock.calls[0]?.[0]).toBe('devenv-session-leader')
    expect(leadership.isLeading()).toBe(false)
    const held = grant()
    expect(leadership.isLeading()).toBe(true)
    expect(onLead).toHaveBeenCalledTimes(1)
    let released = false
    void held.then(() => {
      released = true
    })
    await Promise.resolve()
    expect(released).toBe(false)
    page.abort()
    await held
    expect(released).toBe(true)
  })
})
