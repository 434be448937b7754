// The fuzzer's pace: the same seed and request count against the stub over HTTP (loopback, what
// `devenv-contract fuzz --base-url` does) and in process (inject, what the test suite does).
// Prints requests per second of each; generated requests only, world set-ups counted apart.
import type { AddressInfo } from 'node:net'
import { loadavg } from 'node:os'
import { loadContract } from '@devenv/openapi'
import { runFuzz } from '../src/fuzz/property-run'
import { httpTransport } from '../src/http'
import { buildFuzzStub, startFuzzStub } from '../test/fixtures/fuzz-stub'

const REQUESTS = Number(process.env.BENCH_FUZZ_REQUESTS ?? 3_000)
const SEED = Number(process.env.BENCH_FUZZ_SEED ?? 20_261_123)
const contract = loadContract()

async function measure(name: string, run: () => Promise<Awaited<ReturnType<typeof runFuzz>>>) {
  const result = await run()
  const { fuzz, setup } = result.tally.requests
  const seconds = result.durationMs / 1000
  console.log(
    `${name.padEnd(12)} ${fuzz.toLocaleString('en-US')} generated + ${setup.toLocaleString('en-US')} set-up requests in ${seconds.toFixed(1)} s: ${Math.round(fuzz / seconds)} generated/s, ${Math.round((fuzz + setup) / seconds)} requests/s, ${result.tally.failureCount} failures`,
  )
}

console.log(`fuzz bench: ${REQUESTS} requests, seed ${SEED}, load ${loadavg()[0]?.toFixed(1)}`)
const { app } = buildFuzzStub()
await app.listen({ port: 0, host: '127.0.0.1' })
const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
await measure('over HTTP', () =>
  runFuzz({
    transport: httpTransport(url),
    contract,
    requests: REQUESTS,
    seed: SEED,
    shrinkLimit: 0,
  }),
)
await app.close()
const inProcess = await startFuzzStub()
await measure('in process', () =>
  runFuzz({ transport: inProcess, contract, requests: REQUESTS, seed: SEED, shrinkLimit: 0 }),
)
await inProcess.close()
