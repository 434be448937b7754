// `check`'s wall time against the stub: the built CLI (dist/cli.js, as a user runs it) against the
// built stub in a process of its own, RUNS times (BENCH_CHECK_RUNS, default 3); prints each run
// and the median. Run after `pnpm build` (turbo's `bench` task builds first).
import { spawn } from 'node:child_process'
import { loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'

const CLI = fileURLToPath(new URL('../dist/cli.js', import.meta.url))
const STUB = fileURLToPath(new URL('../../../apps/stub-api/dist/cli.js', import.meta.url))
const RUNS = Number(process.env.BENCH_CHECK_RUNS ?? 3)

function startStub() {
  const stub = spawn(process.execPath, [STUB], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', STUB_MODE: 'test', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  return new Promise((resolve, reject) => {
    let output = ''
    const look = (chunk) => {
      output += chunk
      const origin = /(http:\/\/127\.0\.0\.1:\d+)\/api/.exec(output)?.[1]
      if (origin) resolve({ stub, origin })
    }
    stub.stdout.on('data', look)
    stub.stderr.on('data', look)
    stub.once('exit', (code) => reject(new Error(`the stub exited (${code}): ${output}`)))
  })
}

function check(origin) {
  const started = performance.now()
  const run = spawn(process.execPath, [CLI, 'check', '--base-url', origin, '--quiet'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let output = ''
  run.stdout.on('data', (chunk) => {
    output += chunk
  })
  return new Promise((resolve) =>
    run.once('exit', (code) =>
      resolve({
        code,
        seconds: (performance.now() - started) / 1000,
        closing: output.trim().split('\n').at(-1),
      }),
    ),
  )
}

const { stub, origin } = await startStub()
try {
  console.log(
    `check against the stub (${origin}), ${RUNS} runs, load average ${loadavg()[0].toFixed(1)}`,
  )
  const times = []
  for (let index = 0; index < RUNS; index += 1) {
    const { code, seconds, closing } = await check(origin)
    if (code !== 0) throw new Error(`check exited ${code}: ${closing}`)
    times.push(seconds)
    console.log(`  run ${index + 1}: ${seconds.toFixed(1)} s  (${closing})`)
  }
  const sorted = [...times].sort((a, b) => a - b)
  console.log(
    `check wall time: median ${sorted[Math.floor(sorted.length / 2)].toFixed(1)} s, min ${sorted[0].toFixed(1)} s, max ${sorted.at(-1).toFixed(1)} s; load average ${loadavg()[0].toFixed(1)}`,
  )
} finally {
  stub.kill('SIGTERM')
}
