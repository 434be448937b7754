import { parseArgs } from 'node:util'
import { type RefreshFloodReport, runRefreshFlood } from './refresh-flood'

// pnpm soak:refresh [--refreshes 63000] [--seconds 150] [--rate-limits off|on]: one session's
// refresh loop against the built stub, loopback only and bounded; the figures of docs/security.md
// (security review 3, item 2). With `off` every refresh rotates: the case where what the stub keeps
// would grow.
const { values } = parseArgs({
  options: {
    refreshes: { type: 'string', default: '63000' },
    seconds: { type: 'string', default: '150' },
    'rate-limits': { type: 'string', default: 'off' },
  },
})
const refreshes = Number(values.refreshes)
const seconds = Number(values.seconds)
const rateLimits = values['rate-limits']
if (
  !(refreshes >= 100 && refreshes <= 1_000_000) ||
  !(seconds > 0 && seconds <= 600) ||
  (rateLimits !== 'on' && rateLimits !== 'off')
) {
  console.error(
    'usage: soak:refresh [--refreshes 100..1000000] [--seconds 1..600] [--rate-limits off|on]',
  )
  process.exit(2)
}
console.log(
  `refresh flood: one session, at most ${refreshes} refreshes in ${seconds} s, RATE_LIMITS=${rateLimits}, /health every 20 ms, 127.0.0.1`,
)
const report = await runRefreshFlood({
  refreshes,
  seconds,
  rateLimits,
  onProgress: (line) => console.log(line),
})

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`
const line = (name: string, phase: RefreshFloodReport['first']) =>
  `${name}: refresh p50 ${phase.refreshP50Ms} ms, p99 ${phase.refreshP99Ms} ms; /health p99 ${phase.healthP99Ms} ms; rss ${mb(phase.memory.rss)}, heap after a full GC ${mb(phase.memory.heapUsed)}`
const { first, last } = report
const heapRatio = last.memory.heapUsed / first.memory.heapUsed
const rssRatio = last.memory.rss / first.memory.rss
console.log(`
${report.sent} refreshes in ${report.seconds.toFixed(1)} s (${Math.round(report.sent / report.seconds)}/s): ${Object.entries(
  report.answers,
)
  .sort()
  .map(([status, count]) => `${count} × ${status}`)
  .join(', ')}; /health: ${Object.entries(report.health)
  .sort()
  .map(([status, count]) => `${count} × ${status}`)
  .join(', ')}
${line('first tenth', first)}
${line('last tenth ', last)}
last vs first: rss x${rssRatio.toFixed(2)}, heap x${heapRatio.toFixed(2)}, refresh p99 x${(last.refreshP99Ms / Math.max(0.1, first.refreshP99Ms)).toFixed(2)}`)
// Flat: the heap within 20 % (the soak's bound), and p99 within twice the first tenth's (a few ms
// of noise allowed on a busy machine).
const passed =
  Object.keys(report.errors).length === 0 &&
  heapRatio <= 1.2 &&
  last.refreshP99Ms <= Math.max(2 * first.refreshP99Ms, first.refreshP99Ms + 5)
console.log(
  passed
    ? 'soak:refresh: flat'
    : `soak:refresh: NOT FLAT${Object.keys(report.errors).length > 0 ? ` (errors: ${JSON.stringify(report.errors)})` : ''}`,
)
process.exitCode = passed ? 0 : 1
