import { formatFailure, formatTable, runFuzz, runStateful } from '@devenv/contract/fuzz'
import { loadContract } from '@devenv/openapi'
import { describe, expect, it } from 'vitest'
import { startFuzzStub } from './stub'

/**
 * The in-process fuzz of the stub: the contract toolkit's engine (`@devenv/contract/fuzz`) against
 * the stub in this process, the property-based part and the stateful one. The toolkit's own tests
 * prove its engine finds planted bugs; this proves the stub has none it can find.
 * The bounded run of the test suite: at least 4,000 generated requests and a few dozen stateful
 * sequences in process (command.test.ts adds about 1,000 over HTTP); `pnpm fuzz` runs 100,000.
 * A new seed every run (printed), FUZZ_SEED to replay one.
 */
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 4_000)
const SEQUENCES = Number(process.env.FUZZ_SEQUENCES ?? 35)
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31))

/**
 * Only ends a hang: thousands of requests took 208 s under one CPU's quota on a busy machine
 * (21 s unconfined), so the bound is the suite's 10 minutes, as the other whole runs'.
 */
const FUZZ_TIMEOUT_MS = 600_000

describe(`fuzzing the stub from the contract (seed ${SEED})`, { timeout: FUZZ_TIMEOUT_MS }, () => {
  it(`answers ${REQUESTS.toLocaleString('en-US')} generated requests as the contract says`, async () => {
    const transport = await startFuzzStub()
    const result = await runFuzz({ transport, requests: REQUESTS, seed: SEED, shrinkLimit: 3 })
    await transport.close()
    const { tally } = result
    console.log(
      `${formatTable(tally)}\n${tally.requests.fuzz.toLocaleString('en-US')} generated requests (+${tally.requests.setup.toLocaleString('en-US')} world set-up) in ${(result.durationMs / 1000).toFixed(1)} s, seed ${SEED}`,
    )
    const failures = [...tally.failures.values()].map(formatFailure).join('\n\n')
    expect(failures, `replay with FUZZ_SEED=${SEED}`).toBe('')
    expect(tally.requests.fuzz).toBeGreaterThanOrEqual(REQUESTS)
    // Every operation of the contract was reached, and every check had answers to judge.
    expect(tally.statuses.size).toBe(25)
    for (const [check, counts] of Object.entries(tally.checks))
      expect(counts.checked, check).toBeGreaterThan(0)
    expect(tally.inputs.get('positive')).toBeGreaterThan(REQUESTS / 4)
    expect(tally.inputs.get('negative')).toBeGreaterThan(REQUESTS / 4)
    // Each operation that documents request examples was sent at least one of them, as written.
    const documented = loadContract()
      .operations.filter((operation) => operation.bodyExamples.length > 0)
      .map((operation) => operation.operationId)
    const sent = new Set(
      [...tally.exercised.values()]
        .filter((each) => each.requestExample !== undefined)
        .map((each) => each.operationId),
    )
    expect(documented.length).toBeGreaterThan(5)
    expect(documented.filter((operationId) => !sent.has(operationId))).toEqual([])
  })

  it(`agrees with the model of accounts, sessions and environments over ${SEQUENCES} random sequences`, async () => {
    const transport = await startFuzzStub({ rateLimits: 'off' })
    const result = await runStateful({ transport, runs: SEQUENCES, seed: SEED, maxCommands: 60 })
    await transport.close()
    console.log(
      `${result.runs} sequences, ${result.steps} steps, ${result.tally.requests.stateful.toLocaleString('en-US')} requests in ${(result.durationMs / 1000).toFixed(1)} s, seed ${SEED}`,
    )
    expect(result.failure, `replay with FUZZ_SEED=${SEED}`).toBeUndefined()
    expect(result.steps).toBeGreaterThan(SEQUENCES * 10)
  })
})
