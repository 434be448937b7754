import { parseArgs } from 'node:util'
import { runSoak } from './soak'

// pnpm soak [--seconds 60] [--connections 100]: loopback only, bounded; the figures of
// docs/reliability.md.
const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    connections: { type: 'string', default: '100' },
    seed: { type: 'string', default: '1' },
  },
})
const seconds = Number(values.seconds)
const connections = Number(values.connections)
if (!(seconds > 0 && seconds <= 600) || !(connections > 0 && connections <= 500)) {
  console.error('usage: soak [--seconds 1..600] [--connections 1..500] [--seed N]')
  process.exit(2)
}
console.log(`soak: ${seconds} s at ${connections} connections on 127.0.0.1 (after a 5 s warm-up)`)
const report = await runSoak({
  seconds,
  connections,
  seed: Number(values.seed),
  onProgress: (line) => console.log(line),
})
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`
console.log(`
${report.requests} answers in ${report.seconds.toFixed(1)} s: ${report.requestsPerSecond} req/s, p50 ${report.p50Ms} ms, p99 ${report.p99Ms} ms
latency by operation: ${Object.entries(report.latencyByOperation)
  .sort()
  .map(([operation, figures]) => `${operation} ${figures.p50Ms}/${figures.p99Ms} ms`)
  .join(', ')}
answers: ${Object.entries(report.answers)
  .sort()
  .map(([key, count]) => `${key}: ${count}`)
  .join(', ')}
intended 429s: ${report.rateLimited}; errors: ${Object.keys(report.errors).length === 0 ? 0 : JSON.stringify(report.errors)}
writes acknowledged: ${report.acknowledged.contacts} contacts, ${report.acknowledged.environments} environments; lost: ${report.lost.length}
heap after a full GC: ${mb(report.memoryBefore.heapUsed)} before, ${mb(report.memoryAfter.heapUsed)} after (x${report.heapRatio.toFixed(2)}); rss ${mb(report.memoryBefore.rss)} -> ${mb(report.memoryAfter.rss)}`)
const passed =
  Object.keys(report.errors).length === 0 &&
  report.lost.length === 0 &&
  Math.abs(report.heapRatio - 1) <= 0.2
console.log(passed ? 'soak: passed' : 'soak: FAILED')
process.exitCode = passed ? 0 : 1
