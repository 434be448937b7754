// The validation proxy's cost: the stub directly, through our proxy and through Prism's
// validation proxy (the anchor), at 50 connections on loopback. Prints the figures; exits 1 when
// ours carries less than 5 times Prism's throughput or some answer was not 2xx.
import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, readFileSync } from 'node:fs'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { loadContract, loadOpenApiDocument } from '@devenv/openapi'
import autocannon from 'autocannon'

const CONNECTIONS = 50
const WARM_UP_SECONDS = 1
const MEASURE_SECONDS = Number(process.env.BENCH_SECONDS ?? 6)
// Each target's measured seconds are split into rounds, taken in turns with the others.
const ROUNDS = 3
const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url))

// Prism is the anchor, not a dependency: installed on first use into node_modules/.cache (never
// committed, never part of the test command's install). See docs/decisions/contract-toolkit.md.
const PRISM_VERSION = '5.14.2'
const PRISM_DIR = join(PACKAGE_DIR, 'node_modules', '.cache', `prism-cli-${PRISM_VERSION}`)
const PRISM_CLI = join(PRISM_DIR, 'node_modules', '@stoplight', 'prism-cli', 'dist', 'index.js')

type Server = { name: string; address: string; child: ChildProcess }
const started: Server[] = []

function stopAll(): Promise<unknown> {
  return Promise.all(
    started.map(async ({ child }) => {
      if (child.exitCode !== null || child.signalCode !== null) return
      child.kill('SIGTERM')
      await once(child, 'exit')
    }),
  )
}

async function firstLine(child: ChildProcess, name: string): Promise<string> {
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream })
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`${name} exited (code ${String(code)}) before listening`)
  })
  const [line] = (await Promise.race([once(lines, 'line'), exited])) as [string]
  // Keep draining what the process prints, so that it never blocks on a full pipe.
  lines.on('line', () => {})
  return line
}

async function waitForHealth(url: string, name: string): Promise<void> {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    try {
      const answer = await fetch(url)
      await answer.arrayBuffer()
      if (answer.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`${name} did not answer ${url} within 60 s`)
}

/** The stub as its own bench runs it: built, production mode, no rate limits, own process. */
async function startStub(): Promise<Server> {
  const serve = fileURLToPath(
    new URL('../bench/serve.mjs', import.meta.resolve('@devenv/stub-api')),
  )
  const child = spawn(process.execPath, [serve, 'stub', 'production'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const server = { name: 'stub', child, address: '' }
  started.push(server)
  server.address = (JSON.parse(await firstLine(child, 'the stub')) as { address: string }).address
  return server
}

/** Our proxy in its own process, built, as a user runs `devenv-contract proxy`. */
async function startOurProxy(upstream: string, reportDir: string): Promise<Server> {
  const cli = join(PACKAGE_DIR, 'dist', 'cli.js')
  if (!existsSync(cli))
    throw new Error('build the toolkit first: pnpm --filter @devenv/contract build')
  const child = spawn(
    process.execPath,
    [cli, 'proxy', '--upstream', upstream, '--port', '0', '--report-dir', reportDir],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  )
  const server = { name: 'proxy', child, address: '' }
  started.push(server)
  const line = await firstLine(child, 'our proxy')
  server.address = /^proxy: (\S+)/.exec(line)?.[1] ?? ''
  if (!server.address) throw new Error(`our proxy said: ${line}`)
  return server
}

async function installPrism(): Promise<void> {
  if (existsSync(PRISM_CLI)) return
  console.error(`  ... installing Prism ${PRISM_VERSION} into ${PRISM_DIR} (once)`)
  await mkdir(PRISM_DIR, { recursive: true })
  const npm = spawn(
    'npm',
    [
      'install',
      '--prefix',
      PRISM_DIR,
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
      `@stoplight/prism-cli@${PRISM_VERSION}`,
    ],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  )
  const [code] = (await once(npm, 'exit')) as [number]
  if (code !== 0 || !existsSync(PRISM_CLI))
    throw new Error(`Prism ${PRISM_VERSION} could not be installed (npm exit ${code})`)
}

/**
 * Prism matches paths against the document's servers, and ours is a template (`{origin}/api...`)
 * it does not expand: it is given the document without servers and the upstream's /api base,
 * so it validates every request as it should (checked: no "route not found" warning).
 */
async function startPrism(stub: string, port: number): Promise<Server> {
  await installPrism()
  const document = { ...loadOpenApiDocument(), servers: undefined }
  const documentPath = join(PRISM_DIR, 'openapi.json')
  await writeFile(documentPath, JSON.stringify(document))
  const child = spawn(
    process.execPath,
    [
      PRISM_CLI,
      'proxy',
      documentPath,
      `${stub}/api`,
      ...['--host', '127.0.0.1', '--port', String(port), '--errors', 'false'],
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  const server = { name: 'prism', child, address: `http://127.0.0.1:${port}` }
  started.push(server)
  // Prism logs a line per request: drained, so that a full pipe never slows it.
  child.stdout?.resume()
  child.stderr?.resume()
  await waitForHealth(`${server.address}/health`, 'Prism')
  return server
}

/** A port nobody listens on (Prism takes a port, not 0). */
async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as { port: number }
  await new Promise((resolve) => probe.close(resolve))
  return port
}

/** User plus system CPU of a process so far, in microseconds (Linux: /proc/PID/stat). */
function cpuMicros(server: Server): number {
  const stat = readFileSync(`/proc/${server.child.pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  // utime and stime are fields 14 and 15 of stat, in clock ticks (100 per second).
  return (Number(fields[11]) + Number(fields[12])) * 10_000
}

type Load = { url: string; method: 'GET' | 'POST'; body?: string; connections: number }

type Measured = {
  requestsPerSecond: number
  p50: number
  p99: number
  non2xx: number
  errors: number
  total: number
}

/** autocannon's own percentiles are whole milliseconds: ours come from every response time. */
function hammer(load: Load, seconds: number): Promise<Measured> {
  const times: number[] = []
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: load.url,
        connections: load.connections,
        duration: seconds,
        method: load.method,
        ...(load.body === undefined
          ? {}
          : { body: load.body, headers: { 'content-type': 'application/json' } }),
      },
      (error, result) => {
        if (error) return reject(error)
        times.sort((a, b) => a - b)
        const at = (share: number) =>
          times[Math.min(times.length - 1, Math.floor(times.length * share))] ?? 0
        resolve({
          requestsPerSecond: result.requests.average,
          p50: at(0.5),
          p99: at(0.99),
          non2xx: result.non2xx,
          errors: result.errors + result.timeouts,
          total: result.requests.total,
        })
      },
    )
    instance.on('response', (_client, _status, _bytes, responseTime: number) => {
      times.push(responseTime)
    })
  })
}

type Row = Measured & {
  name: string
  connections: number
  cpuPerRequest: number
  /** Each round's p50 and p99, to compare targets round by round. */
  rounds: Array<{ p50: number; p99: number }>
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? 0
}

type Target = { name: string; load: Load; processes: Server[] }

/**
 * The targets of one case, measured in turns (direct, ours, Prism, direct, ...): the load of a
 * shared machine drifts over a minute, and turns make each round's figures comparable. Each
 * figure is the median of the rounds; CPU is summed over them.
 */
async function measureInTurns(targets: Target[]): Promise<Row[]> {
  for (const target of targets) {
    console.error(`  ... ${target.name}`)
    await hammer(target.load, WARM_UP_SECONDS)
  }
  await new Promise((resolve) => setTimeout(resolve, 500))
  const results = targets.map(() => ({ measured: [] as Measured[], cpu: 0 }))
  for (let round = 0; round < ROUNDS; round++) {
    for (const [index, target] of targets.entries()) {
      const before = target.processes.map(cpuMicros)
      const measured = await hammer(target.load, MEASURE_SECONDS / ROUNDS)
      const result = results[index] as (typeof results)[number]
      result.cpu += target.processes.reduce(
        (sum, server, at) => sum + cpuMicros(server) - (before[at] ?? 0),
        0,
      )
      result.measured.push(measured)
    }
  }
  return targets.map((target, index) => {
    const { measured, cpu } = results[index] as (typeof results)[number]
    const total = measured.reduce((sum, each) => sum + each.total, 0)
    return {
      name: target.name,
      connections: target.load.connections,
      requestsPerSecond: median(measured.map((each) => each.requestsPerSecond)),
      p50: median(measured.map((each) => each.p50)),
      p99: median(measured.map((each) => each.p99)),
      non2xx: measured.reduce((sum, each) => sum + each.non2xx, 0),
      errors: measured.reduce((sum, each) => sum + each.errors, 0),
      total,
      cpuPerRequest: cpu / Math.max(1, total),
      rounds: measured.map(({ p50, p99 }) => ({ p50, p99 })),
    }
  })
}

// The contract's own documented contact form, as the site sends it.
const contactExample = loadContract().byId.get('submitContact')?.bodyExamples[0]
if (!contactExample) throw new Error('the contract documents no submitContact example')
const contact = JSON.stringify(contactExample.value)

const reportDir = await mkdtemp(join(tmpdir(), 'proxy-bench-'))
const rows: Row[] = []
const loadBefore = loadavg()[0] ?? 0
try {
  const stub = await startStub()
  const ours = await startOurProxy(stub.address, reportDir)
  const prism = await startPrism(
    stub.address,
    Number(process.env.BENCH_PRISM_PORT ?? (await freePort())),
  )
  await waitForHealth(`${ours.address}/api/health`, 'our proxy')

  // The last case is the proxy's own latency, without the queueing of 50 connections on 2 cores.
  for (const [label, method, path, body, connections] of [
    ['GET /api/health', 'GET', '/health', undefined, CONNECTIONS],
    ['POST /api/contact', 'POST', '/contact', contact, CONNECTIONS],
    ['GET /api/health, 1 connection', 'GET', '/health', undefined, 1],
  ] as const) {
    const load = { method, body, connections }
    rows.push(
      ...(await measureInTurns([
        {
          name: `${label} direct`,
          load: { ...load, url: `${stub.address}/api${path}` },
          processes: [stub],
        },
        {
          name: `${label} through our proxy`,
          load: { ...load, url: `${ours.address}/api${path}` },
          processes: [ours, stub],
        },
        {
          name: `${label} through Prism`,
          load: { ...load, url: `${prism.address}${path}` },
          processes: [prism, stub],
        },
      ])),
    )
  }
  // Our proxy checked every exchange: its report says whether any broke the contract.
  ours.child.kill('SIGTERM')
  const [code] = (await once(ours.child, 'exit')) as [number]
  const report = JSON.parse(readFileSync(join(reportDir, 'report.json'), 'utf8')) as {
    notes: string[]
  }
  console.log(`\nour proxy's own report: ${report.notes.join('; ')} (exit ${code})`)
} finally {
  await stopAll()
  await rm(reportDir, { recursive: true, force: true })
}

const ms = (value: number) => value.toFixed(2)
console.log(
  `\n${CONNECTIONS} connections (but the last three cases), ${WARM_UP_SECONDS} s warm-up, ${MEASURE_SECONDS} s measured in ${ROUNDS} turns, 127.0.0.1; load average ${loadBefore.toFixed(1)} before, ${(loadavg()[0] ?? 0).toFixed(1)} after\n`,
)
console.log('| case | req/s | p50 ms | p99 ms | CPU µs/req (proxy + stub) | non-2xx | errors |')
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |')
for (const row of rows)
  console.log(
    `| ${row.name} | ${Math.round(row.requestsPerSecond)} | ${ms(row.p50)} | ${ms(row.p99)} | ${Math.round(row.cpuPerRequest)} | ${row.non2xx} | ${row.errors} |`,
  )

let failed = rows.some((row) => row.non2xx > 0 || row.errors > 0)
if (failed) console.error('\nsome answers were not 2xx: the figures do not measure what they claim')
console.log('')
for (let index = 0; index + 2 < rows.length; index += 3) {
  const [direct, ours, prism] = rows.slice(index, index + 3) as [Row, Row, Row]
  const label = direct.name.replace(/ direct$/, '')
  const ratio = ours.requestsPerSecond / Math.max(1, prism.requestsPerSecond)
  // Round by round (each pair measured seconds apart), then the median of the rounds.
  const added = median(ours.rounds.map((round, at) => round.p50 - (direct.rounds[at]?.p50 ?? 0)))
  const added99 = median(ours.rounds.map((round, at) => round.p99 - (direct.rounds[at]?.p99 ?? 0)))
  console.log(
    `${label}: our proxy adds ${ms(added)} ms at p50 (goal <= 1 ms: ${added <= 1 ? 'met' : 'NOT met'}) and ${ms(added99)} ms at p99; carries ${ratio.toFixed(1)} x Prism's throughput (needed >= 5: ${ratio >= 5 ? 'met' : 'NOT met'})`,
  )
  // The requirement is at 50 connections; the 1-connection case shows latency without queueing.
  if (ratio < 5 && direct.connections === CONNECTIONS) failed = true
}
if (failed) process.exitCode = 1
