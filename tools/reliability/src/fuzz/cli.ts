import { parseArgs } from 'node:util'
import {
  formatFailure,
  formatTable,
  runFuzz,
  runStateful,
  startFuzzStub,
  Tally,
} from '@devenv/contract/fuzz'

const USAGE = `pnpm --filter @devenv/reliability fuzz [--requests N] [--sequences N] [--seed S]

  --requests N    generated requests to send (default 100000)
  --sequences N   stateful sequences to run against the model (default: requests / 500, at least 50)
  --seed S        fast-check seed, to replay a run (default: random; printed)
  --shrink N      distinct failures to shrink and print (default 10)`

function positive(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback
  const number = Number(value)
  if (!Number.isInteger(number) || number < 0) {
    console.error(`--${name} takes a whole number, not ${value}\n\n${USAGE}`)
    process.exit(2)
  }
  return number
}

const { values } = parseArgs({
  options: {
    requests: { type: 'string' },
    sequences: { type: 'string' },
    seed: { type: 'string' },
    shrink: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
})
if (values.help) {
  console.log(USAGE)
  process.exit(0)
}
const requests = positive(values.requests, 100_000, 'requests')
const sequences = positive(values.sequences, Math.max(50, Math.round(requests / 500)), 'sequences')
const seed = positive(values.seed, Math.floor(Math.random() * 2 ** 31), 'seed')

console.log(
  `fuzzing the stub from openapi/openapi.yaml: ${requests.toLocaleString('en-US')} requests, ${sequences} stateful sequences, seed ${seed}`,
)
// The stub in process (Fastify inject), as fast as a fuzzer can go; `devenv-contract fuzz
// --base-url URL` runs the same engine over HTTP against any server.
const fuzzStub = await startFuzzStub()
const fuzz = await runFuzz({
  transport: fuzzStub,
  requests,
  seed,
  shrinkLimit: positive(values.shrink, 10, 'shrink'),
  log: (line) => console.log(line),
})
console.log(`stateful sequences (model-based), seed ${seed}`)
await fuzzStub.close()
// Rate limits off: the stateful model does not count their windows.
const statefulStub = await startFuzzStub({ rateLimits: 'off' })
const stateful = await runStateful({
  transport: statefulStub,
  runs: sequences,
  seed,
  maxCommands: 60,
})
await statefulStub.close()

// One table for both parts: the checks are the same.
const total = new Tally()
for (const part of [fuzz.tally, stateful.tally]) {
  for (const [kind, count] of Object.entries(part.requests))
    total.requests[kind as keyof typeof total.requests] += count
  for (const [check, counts] of Object.entries(part.checks)) {
    const into = total.checks[check as keyof typeof total.checks]
    into.checked += counts.checked
    into.failed += counts.failed
  }
}
console.log(`\n${formatTable(total)}\n`)
const inputs = [...fuzz.tally.inputs]
  .map(([input, count]) => `${count.toLocaleString('en-US')} ${input}`)
  .join(', ')
console.log(
  `generated requests: ${fuzz.tally.requests.fuzz.toLocaleString('en-US')} (${inputs}) in ${fuzz.batches} batches, ${(fuzz.durationMs / 1000).toFixed(1)} s`,
)
console.log(`world set-up requests: ${fuzz.tally.requests.setup.toLocaleString('en-US')}`)
console.log(
  `stateful: ${stateful.runs} sequences, ${stateful.steps} steps, ${stateful.tally.requests.stateful.toLocaleString('en-US')} requests, ${(stateful.durationMs / 1000).toFixed(1)} s`,
)
console.log(`operations answered: ${fuzz.tally.statuses.size}; seed ${seed}`)
console.log('\nanswers per operation (status: count):')
for (const [operationId, statuses] of [...fuzz.tally.statuses].sort(([a], [b]) =>
  a.localeCompare(b),
)) {
  const counts = [...statuses]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status}: ${count.toLocaleString('en-US')}`)
  console.log(`  ${operationId.padEnd(22)} ${counts.join(', ')}`)
}

for (const example of fuzz.tally.failures.values()) console.log(`\n${formatFailure(example)}`)
if (stateful.failure) console.log(`\n✗ the stub and the model disagree:\n${stateful.failure}`)
const failed = fuzz.tally.failureCount > 0 || stateful.failure !== undefined
console.log(failed ? `\nFAILED (replay with --seed ${seed})` : '\nno failures')
process.exit(failed ? 1 : 0)
