import { describe, expect, it } from 'vitest'
import { runCrashTrials, seededRandom } from './crash'

// The bounded run of the test command; `pnpm crash` runs 50 (docs/reliability.md). Each trial is
// a restart of the stub (about 1 s idle, 20 s on a slow machine under load); the kill moments are
// stratified over the window of acknowledged writes, so 8 trials reach its early, middle and late
// parts as 20 random ones did.
const TRIALS = Number(process.env.CRASH_TRIALS ?? 8)

describe('crash safety of DATA_FILE (kill -9 under write load)', () => {
  it('replays the same kill moments from the same seed', () => {
    const first = seededRandom(42)
    const second = seededRandom(42)
    const moments = Array.from({ length: 5 }, () => first())
    expect(Array.from({ length: 5 }, () => second())).toEqual(moments)
    expect(new Set(moments).size).toBe(5)
    for (const moment of moments) expect(moment).toBeGreaterThanOrEqual(0)
    for (const moment of moments) expect(moment).toBeLessThan(1)
  })

  it(`keeps every acknowledged write through ${TRIALS} kills, and the file always loads`, async () => {
    const seed = Date.now() % 2 ** 31
    const report = await runCrashTrials({ trials: TRIALS, seed })
    const failures = report.trials.filter((each) => each.missing.length > 0 || each.fileProblem)
    expect(failures, `seed ${seed}`).toEqual([])
    expect(report.survived).toBe(TRIALS)
    // The kills must land under load, or the run proves nothing: after the trial's count of
    // acknowledged writes, with others still in flight.
    for (const trial of report.trials) {
      expect(trial.acknowledged).toBeGreaterThanOrEqual(trial.killedAfterWrites)
    }
    expect(report.acknowledgedWrites).toBeGreaterThan(TRIALS * 5)
    expect(report.trials.filter((each) => each.inFlight > 0).length).toBeGreaterThan(TRIALS / 2)
  })
})
