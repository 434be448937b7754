import { parseArgs } from 'node:util'
import { runCrashTrials } from './crash'

// pnpm crash [--trials 50] [--seed N]: the figures of docs/reliability.md.
const { values } = parseArgs({
  options: { trials: { type: 'string', default: '50' }, seed: { type: 'string' } },
})
const trials = Number(values.trials)
const seed = values.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(values.seed)
if (!Number.isInteger(trials) || trials < 1 || !Number.isInteger(seed)) {
  console.error('usage: crash [--trials N] [--seed N]')
  process.exit(2)
}
console.log(`kill -9 under write load: ${trials} trials, seed ${seed}`)
const report = await runCrashTrials({
  trials,
  seed,
  onTrial: (trial) => {
    const verdict = trial.missing.length === 0 && !trial.fileProblem ? 'ok  ' : 'FAIL'
    console.log(
      `${verdict} #${String(trial.trial).padStart(2)} killed after write ${String(trial.killedAfterWrites).padStart(3)} (${String(trial.killedAfterMs).padStart(4)} ms): ${String(trial.acknowledged).padStart(3)} acknowledged writes, ${trial.inFlight} cut off, restart ${trial.restartMs} ms${trial.fileProblem ? `; ${trial.fileProblem}` : ''}${trial.missing.length ? `; missing ${trial.missing.join(', ')}` : ''}`,
    )
  },
})
const restarts = report.trials.map((each) => each.restartMs).sort((a, b) => a - b)
console.log(
  `\n${report.survived} of ${report.trials.length} kills survived; ${report.acknowledgedWrites} acknowledged writes, ${report.trials.reduce((sum, each) => sum + each.missing.length, 0)} lost; median restart ${restarts[Math.floor(restarts.length / 2)]} ms; ${(report.durationMs / 1000).toFixed(1)} s in all (seed ${report.seed})`,
)
process.exitCode = report.survived === report.trials.length ? 0 : 1
