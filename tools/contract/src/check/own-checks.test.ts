import { loadContract, operationOf } from '@devenv/openapi'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Transport } from '../http'
import type { RunContext } from './context'
import { planOwnChecks } from './own-checks'
import { shareOfWindow } from './window-share'

const contract = loadContract()

/** A run against a server whose windows every run shares; nothing is sent while planning. */
function sharedServerRun(): RunContext {
  const transport: Transport = {
    origin: 'http://shared.test',
    send: () => Promise.reject(new Error('planning sends nothing')),
    close: async () => undefined,
  }
  return {
    contract,
    target: { transport, apiPath: '/api', session: undefined, windowBudget: new Map() },
    runId: 'plan',
    mailbox: undefined,
    stubSessions: false,
    credentials: undefined,
    waitSeconds: 1,
    finding: () => undefined,
  }
}

describe("the order of an operation's own checks on a server whose windows every run shares", () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('sends a check of each rule stated on the operation in every run, then the examples, and rotates the rest', () => {
    const operation = operationOf(contract, 'requestDemo')
    const context = sharedServerRun()
    const share = shareOfWindow(context.target, operation)
    expect(share?.left).toBe(5)
    const period = (share?.rule.periodSeconds ?? 0) * 1000
    const everyCheck = new Set<string>()
    const sentOnce = new Set<string>()
    // Successive slots of the rotation (a half-period each), over more than a whole turn.
    for (let slot = 0; slot < 40; slot++) {
      vi.useFakeTimers({ now: (slot * period) / 2 })
      const { order } = planOwnChecks(context, operation, undefined)
      const sent = order.slice(0, share?.left)
      for (const check of order) everyCheck.add(check.name)
      for (const check of sent) sentOnce.add(check.name)
      // The date bound's refusal of yesterday, in every run; its other checks take turns.
      expect(sent[0]?.name).toMatch(/^refuses preferredDate the day before/)
      expect(sent.slice(1, 3).map((check) => check.example)).toEqual([true, true])
      expect(sent.slice(3).map((check) => check.example)).toEqual([false, false])
    }
    // Runs in successive slots still send, between them, every check the operation has.
    expect([...everyCheck].filter((name) => !sentOnce.has(name))).toEqual([])
  })

  it('rotates as before where the operation states no rule of its own', () => {
    const operation = operationOf(contract, 'submitContact')
    const context = sharedServerRun()
    const { order } = planOwnChecks(context, operation, undefined)
    // One rotating check before the flows, then the documented examples.
    expect(order.slice(0, 3).map((check) => check.example)).toEqual([false, true, true])
  })
})
