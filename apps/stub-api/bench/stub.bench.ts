import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { createInterface } from 'node:readline'
import autocannon from 'autocannon'
import { USER_ACCOUNT } from '../src/dev-client'

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

type Case = { name: string; server: Server; path: string; method?: 'GET' | 'POST'; body?: unknown }
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
    connections: CONNECTIONS,
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

const contact = {
  firstName: 'Nino',
  lastName: 'Beridze',
  email: 'nino.beridze@example.com',
  company: '',
  phone: '',
  inquiryType: 'support',
  message: 'My environment has been provisioning for an hour.',
  newsletter: false,
  timestamp: '2026-03-02T09:42:13.512Z',
  source: 'website_contact_form',
  userAgent: 'autocannon',
}

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
    // Last: the scrypt queue a 50-connection run leaves behind would slow the next case.
    name: 'stub POST /api/auth/auth (scrypt, CPU bound)',
    server: stub,
    path: '/api/auth/auth',
    method: 'POST',
    body: { ...USER_ACCOUNT },
  },
]

// BENCH_ONLY=<text> runs the bare baseline and the cases whose name contains the text.
const only = process.env.BENCH_ONLY
const chosen = cases.filter((each, index) => index === 0 || !only || each.name.includes(only))
const results: Figures[] = []
try {
  for (const each of chosen) {
    process.stderr.write(`  ... ${each.name}\n`)
    results.push(await measure(each))
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
const contactRow = results.find((row) => row.name === 'stub POST /api/contact')
const ratio = contactRow ? contactRow.requestsPerSecond / baseline : 0
const cpuRatio = contactRow ? baselineCpu / Math.max(1, contactRow.cpuPerRequest) : 0
const verdict = (value: number) => `${value.toFixed(2)} (${value >= 0.5 ? 'met' : 'NOT met'})`
console.log(`\ngoal: stub POST /api/contact >= 0.5 x bare GET /health`)
console.log(`  by throughput: ${verdict(ratio)}`)
console.log(`  by server CPU per request (robust on a busy machine): ${verdict(cpuRatio)}`)
if (results.some((row) => row.non2xx > 0 || row.errors > 0)) {
  console.error('some answers were not 2xx: the figures do not measure what they claim')
  process.exitCode = 1
}
