import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { request } from 'node:http'
import { createInterface } from 'node:readline'
import autocannon from 'autocannon'
import { USER_ACCOUNT } from '../src/dev-client'
import { CONTACT_SUBMISSION } from '../src/test-support'

/** Bounded, loopback only: 1 s warm-up then 5 s measured, 50 connections, per case. */
const CONNECTIONS = 50
const WARM_UP_SECONDS = 1
const MEASURE_SECONDS = 5

type Server = { address: string; child: ChildProcess }

/** Node flags of the server processes (bare and stub alike), e.g. BENCH_NODE_FLAGS=--max-semi-space-size=32. */
const SERVER_NODE_FLAGS = (process.env.BENCH_NODE_FLAGS ?? '')
  .split(' ')
  .filter((flag) => flag !== '')

async function startServer(kind: 'bare' | 'stub', mode = 'production'): Promise<Server> {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'bench/serve.mjs', kind, mode], {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  })
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream })
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`the ${kind} server exited (code ${String(code)}) before listening`)
  })
  const [line] = (await Promise.race([once(lines, 'line'), exited])) as [string]
  const { address } = JSON.parse(line) as { address: string }
  if (!address.startsWith('http://127.0.0.1:')) throw new Error(`not on loopback: ${address}`)
  return { address, child }
}

async function cpuMicros(server: Server): Promise<number> {
  server.child.send('cpu')
  const [usage] = (await once(server.child, 'message')) as [NodeJS.CpuUsage]
  return usage.user + usage.system
}

async function stopServer(server: Server): Promise<void> {
  server.child.kill('SIGTERM')
  await once(server.child, 'exit')
}

type Case = {
  name: string
  server: Server
  path: string
  method?: 'GET' | 'POST'
  body?: unknown
  /** Fewer than the bench's connections, where the case's rules allow no more at once. */
  connections?: number
}
type Figures = {
  name: string
  requestsPerSecond: number
  p50: number
  p99: number
  /** Server CPU (user + system) per answered request, in microseconds. */
  cpuPerRequest: number
  non2xx: number
  errors: number
}

async function load(target: Case, seconds: number): Promise<autocannon.Result> {
  return autocannon({
    url: `${target.server.address}${target.path}`,
    connections: target.connections ?? CONNECTIONS,
    duration: seconds,
    method: target.method ?? 'GET',
    ...(target.body === undefined
      ? {}
      : { body: JSON.stringify(target.body), headers: { 'content-type': 'application/json' } }),
  })
}

// The warm-up can leave work queued (scrypt jobs): measure from an idle server.
async function settle(server: Server): Promise<void> {
  let previous = await cpuMicros(server)
  for (let round = 0; round < 100; round++) {
    await new Promise((resolve) => setTimeout(resolve, 200))
    const now = await cpuMicros(server)
    if (now - previous < 20_000) return
    previous = now
  }
}

async function measure(target: Case): Promise<Figures> {
  await load(target, WARM_UP_SECONDS)
  await settle(target.server)
  const cpuBefore = await cpuMicros(target.server)
  const result = await load(target, MEASURE_SECONDS)
  const cpu = (await cpuMicros(target.server)) - cpuBefore
  return {
    name: target.name,
    requestsPerSecond: Math.round(result.requests.average),
    cpuPerRequest: Math.round(cpu / Math.max(1, result.requests.total)),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  }
}

const contact = { ...CONTACT_SUBMISSION, userAgent: 'autocannon' }

const started: Server[] = []
async function start(kind: 'bare' | 'stub', mode?: string): Promise<Server> {
  const server = await startServer(kind, mode)
  started.push(server)
  return server
}
let bare: Server
let stub: Server
let checked: Server
try {
  bare = await start('bare')
  stub = await start('stub', 'production')
  checked = await start('stub', 'test')
} catch (error) {
  // Never leave a server behind: it would keep the terminal (and the pipe) open.
  await Promise.all(started.map(stopServer))
  console.error((error as Error).message)
  process.exit(2)
}
const cases: Case[] = [
  { name: 'bare Fastify GET /health', server: bare, path: '/health' },
  {
    name: 'bare Fastify POST /contact (reference: JSON parse only)',
    server: bare,
    path: '/contact',
    method: 'POST',
    body: contact,
  },
  { name: 'stub GET /api/health', server: stub, path: '/api/health' },
  {
    name: 'stub POST /api/contact',
    server: stub,
    path: '/api/contact',
    method: 'POST',
    body: contact,
  },
  {
    name: 'stub POST /api/contact, test mode (answers checked)',
    server: checked,
    path: '/api/contact',
    method: 'POST',
    body: contact,
  },
  {
    // Last: the scrypt queue it leaves behind would slow the next case. One account's login lock
    // checks at most 5 of its passwords at once (each reserves a failure until it ends), so more
    // connections would measure the lock's 429s, not sign-in.
    name: 'stub POST /api/auth/auth (scrypt, CPU bound, 4 connections)',
    connections: 4,
    server: stub,
    path: '/api/auth/auth',
    method: 'POST',
    body: { ...USER_ACCOUNT },
  },
]

// Security finding 8 (docs/security.md): the worst body one client can send (0.98 MB, 90,000 unknown fields), what one
// costs the server, and what four a second do to everyone else's GET /api/health.
const LARGE_BODY_CASE = 'large body: 0.98 MB of 90,000 unknown fields to POST /api/contact'
const LARGE_BODIES_PER_SECOND = 4
const LARGE_BODY_SAMPLES = 20

function worstBody(): string {
  const body: Record<string, number> = {}
  for (let index = 0; index < 90_000; index++) body[`k${String(index).padStart(5, '0')}`] = 1
  return JSON.stringify(body)
}

/** One POST with the given body; resolves with its status and its time in ms. */
function post(
  address: string,
  path: string,
  body: string,
): Promise<{ status: number; ms: number }> {
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const outgoing = request(
      `${address}${path}`,
      { method: 'POST', headers: { 'content-type': 'application/json' } },
      (response) => {
        response.resume()
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }),
        )
      },
    )
    outgoing.on('error', reject)
    outgoing.end(body)
  })
}

type LargeBodyFigures = {
  bytes: number
  statuses: string
  medianMs: number
  cpuMsPerBody: number
  healthAlone: autocannon.Result
  healthDuring: autocannon.Result
  sentDuring: number
}

async function measureLargeBodies(server: Server): Promise<LargeBodyFigures> {
  const body = worstBody()
  const statuses = new Set<number>()
  const times: number[] = []
  await post(server.address, '/api/contact', body)
  await settle(server)
  const cpuBefore = await cpuMicros(server)
  for (let sent = 0; sent < LARGE_BODY_SAMPLES; sent++) {
    const { status, ms } = await post(server.address, '/api/contact', body)
    statuses.add(status)
    times.push(ms)
  }
  const cpuMsPerBody = ((await cpuMicros(server)) - cpuBefore) / 1000 / LARGE_BODY_SAMPLES
  times.sort((a, b) => a - b)
  const health: Case = { name: 'health', server, path: '/api/health' }
  await settle(server)
  const healthAlone = await load(health, MEASURE_SECONDS)
  await settle(server)
  let sentDuring = 0
  const inFlight: Array<Promise<unknown>> = []
  const sender = setInterval(() => {
    sentDuring++
    inFlight.push(post(server.address, '/api/contact', body))
  }, 1000 / LARGE_BODIES_PER_SECOND)
  const healthDuring = await load(health, MEASURE_SECONDS)
  clearInterval(sender)
  await Promise.all(inFlight)
  return {
    bytes: Buffer.byteLength(body),
    statuses: [...statuses].join(', '),
    medianMs: times[Math.floor(times.length / 2)] ?? 0,
    cpuMsPerBody,
    healthAlone,
    healthDuring,
    sentDuring,
  }
}

// BENCH_ONLY=<text> runs the bare baseline and the cases whose name contains the text.
const only = process.env.BENCH_ONLY
const chosen = cases.filter((each, index) => index === 0 || !only || each.name.includes(only))
const results: Figures[] = []
let largeBody: LargeBodyFigures | undefined
try {
  for (const each of chosen) {
    process.stderr.write(`  ... ${each.name}\n`)
    results.push(await measure(each))
  }
  if (!only || LARGE_BODY_CASE.includes(only)) {
    process.stderr.write(`  ... ${LARGE_BODY_CASE}\n`)
    largeBody = await measureLargeBodies(stub)
  }
} finally {
  await Promise.all(started.map(stopServer))
}

const baseline = results[0]?.requestsPerSecond ?? 1
console.log(
  `\n${CONNECTIONS} connections, ${WARM_UP_SECONDS} s warm-up, ${MEASURE_SECONDS} s measured, 127.0.0.1; stub in production mode (no answer checks), LOG_LEVEL=warn, RATE_LIMITS=off\n`,
)
const baselineCpu = results[0]?.cpuPerRequest ?? 1
console.log(
  '| case | req/s | vs bare | p50 ms | p99 ms | server CPU µs/req | CPU vs bare | non-2xx | errors |',
)
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |')
for (const row of results) {
  const cells = [
    row.name,
    row.requestsPerSecond,
    (row.requestsPerSecond / baseline).toFixed(2),
    row.p50,
    row.p99,
    row.cpuPerRequest,
    (baselineCpu / Math.max(1, row.cpuPerRequest)).toFixed(2),
    row.non2xx,
    row.errors,
  ]
  console.log(`| ${cells.join(' | ')} |`)
}
if (largeBody) {
  const { healthAlone, healthDuring } = largeBody
  console.log(`\n${LARGE_BODY_CASE} (${largeBody.bytes} bytes, answered ${largeBody.statuses})`)
  console.log(
    `  one body: ${largeBody.medianMs.toFixed(1)} ms median answer, ${largeBody.cpuMsPerBody.toFixed(1)} ms server CPU (${LARGE_BODY_SAMPLES} in a row)`,
  )
  console.log('| GET /api/health, 50 connections | req/s | p50 ms | p99 ms | max ms |')
  console.log('| --- | ---: | ---: | ---: | ---: |')
  for (const [name, result] of [
    ['alone', healthAlone],
    [
      `with ${LARGE_BODIES_PER_SECOND} large bodies a second (${largeBody.sentDuring} sent)`,
      healthDuring,
    ],
  ] as const) {
    console.log(
      `| ${name} | ${Math.round(result.requests.average)} | ${result.latency.p50} | ${result.latency.p99} | ${result.latency.max} |`,
    )
  }
}
const contactRow = results.find((row) => row.name === 'stub POST /api/contact')
// The goal is about the contact case: said only when it ran (BENCH_ONLY may leave it out).
if (contactRow) {
  const ratio = contactRow.requestsPerSecond / baseline
  const cpuRatio = baselineCpu / Math.max(1, contactRow.cpuPerRequest)
  const verdict = (value: number) => `${value.toFixed(2)} (${value >= 0.5 ? 'met' : 'NOT met'})`
  console.log(`\ngoal: stub POST /api/contact >= 0.5 x bare GET /health`)
  console.log(`  by throughput: ${verdict(ratio)}`)
  console.log(`  by server CPU per request (robust on a busy machine): ${verdict(cpuRatio)}`)
}
if (results.some((row) => row.non2xx > 0 || row.errors > 0)) {
  console.error('some answers were not 2xx: the figures do not measure what they claim')
  process.exitCode = 1
}
