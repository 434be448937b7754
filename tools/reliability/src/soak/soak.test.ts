import { describe, expect, it } from 'vitest'
import { runSoak } from './soak'

// The bounded soak of the test command; `pnpm soak` runs 60 s (docs/reliability.md).
// 5 s after a 2 s warm-up: thousands of requests at 100 connections on an idle machine. A slow
// machine under load answers a few dozen a second, so each phase also goes on until it has its
// count of answers: the checks then see the same load whatever the machine.
const SECONDS = Number(process.env.SOAK_SECONDS ?? 5)
const MIN_ANSWERS = 1_000

describe(`soak: ${SECONDS} s at 100 connections over the realistic mix`, () => {
  it('answers without errors, loses no acknowledged write and keeps its heap', async () => {
    // 10 accounts (the full soak registers 20): each costs a registration and a sign-in to check.
    const report = await runSoak({
      seconds: SECONDS,
      connections: 100,
      warmUpSeconds: 2,
      minWarmUpAnswers: 300,
      minAnswers: MIN_ANSWERS,
      accounts: 10,
    })
    expect(report.errors).toEqual({})
    expect(report.lost).toEqual([])
    // The run must have been a load at all, with every part of the mix answered.
    expect(report.requests).toBeGreaterThanOrEqual(MIN_ANSWERS)
    for (const operation of ['signIn', 'getProfile', 'listEnvironments', 'submitContact']) {
      expect(Object.keys(report.answers).some((key) => key.startsWith(operation))).toBe(true)
    }
    expect(report.acknowledged.contacts).toBeGreaterThan(0)
    expect(report.acknowledged.environments).toBeGreaterThan(0)
    expect(report.heapRatio).toBeGreaterThan(0.8)
    expect(report.heapRatio).toBeLessThan(1.2)
  })
})
