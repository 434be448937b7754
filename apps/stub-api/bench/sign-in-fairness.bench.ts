import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { Agent, request } from 'node:http'
import { createInterface } from 'node:readline'
import { DEMO_ACCOUNT } from '../src/dev-client'

// Security review 3, item 1 (docs/security.md): a real user's sign-in from 127.0.0.1 while
// another client floods sign-in with FLOOD wrong attempts, each to a new address (a spray: the
// login lock never stops them, and each costs a password hash). The flood connects from 127.0.0.2,
// so the stub sees another client without trusting any proxy header, and runs in a process of its
// own (bench/sign-in-flood.mjs). Two floods: a burst of FLOOD at once before each of the user's
// sign-ins (the review's case), and FLOOD kept in flight, each resent as soon as it is answered.
// The built stub in its own process, production mode, its real scrypt cost, with its windows
// (RATE_LIMITS=on) and without (off: every attempt hashes). Figures, not a pass or fail.

const FLOOD = Number(process.env.BENCH_FLOOD ?? 48)
/** The user's sign-ins per phase: 3 × 6 + 1 stays within one client's sign-in window (20). */
const SAMPLES = 6

type Server = { address: string; child: ChildProcess }

async function startStub(rateLimits: 'on' | 'off'): Promise<Server> {
  const child = spawn(process.execPath, ['bench/serve.mjs', 'stub', 'production', rateLimits], {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  })
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream })
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`the stub exited (code ${String(code)}) before listening`)
  })
  const [line] = (await Promise.race([once(lines, 'line'), exited])) as [string]
  const { address } = JSON.parse(line) as { address: string }
  if (!address.startsWith('http://127.0.0.1:')) throw new Error(`not on loopback: ${address}`)
  return { address, child }
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  child.kill('SIGTERM')
  await once(child, 'exit')
}

// A person signs in at a moment of their own, not the instant their last answer came (which is
// when the flood's next hash has just begun): a pause of 0 to 100 ms, the same each run.
let seed = 7
const pause = () => {
  seed = (seed * 16807) % 2147483647
  return new Promise((resolve) => setTimeout(resolve, (seed / 2147483647) * 100))
}

/** One sign-in of the real user, after its pause: its time in ms (any answer but 200 ends the bench). */
async function signIn(server: Server, agent: Agent): Promise<number> {
  await pause()
  const started = performance.now()
  return new Promise<number>((resolve, reject) => {
    const outgoing = request(
      `${server.address}/api/auth/auth`,
      { method: 'POST', agent, headers: { 'content-type': 'application/json' } },
      (response) => {
        response.resume()
        response.on('end', () =>
          response.statusCode === 200
            ? resolve(performance.now() - started)
            : reject(new Error(`the real user's sign-in answered ${response.statusCode}`)),
        )
      },
    )
    outgoing.on('error', reject)
    outgoing.end(JSON.stringify(DEMO_ACCOUNT))
  })
}

/** The flooding client, ready for its orders. */
async function startFlood(server: Server): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ['bench/sign-in-flood.mjs', server.address, String(FLOOD)],
    {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  )
  await once(child, 'message')
  return child
}

async function tell(flood: ChildProcess, order: string, until: string): Promise<void> {
  const heard = new Promise<void>((resolve) => {
    const listen = (message: unknown) => {
      if (message !== until) return
      flood.off('message', listen)
      resolve()
    }
    flood.on('message', listen)
  })
  flood.send(order)
  await heard
}

// The server has read the flood's requests and queued their hashes before the user signs in.
const letTheFloodArrive = () => new Promise((resolve) => setTimeout(resolve, 50))

type Figures = {
  windows: 'on' | 'off'
  idle: number[]
  burst: number[]
  sustained: number[]
  floodAnswers: Record<string, number>
  /** CPU (user + system) of the stub and of the flooding process while the flood is sustained, in CPUs. */
  stubCpu: number
  floodCpu: number
}

async function cpuMicros(server: Server): Promise<number> {
  server.child.send('cpu')
  const [usage] = (await once(server.child, 'message')) as [NodeJS.CpuUsage]
  return usage.user + usage.system
}

async function measure(windows: 'on' | 'off'): Promise<Figures> {
  const server = await startStub(windows)
  const user = new Agent({ keepAlive: true, maxSockets: 1 })
  let flood: ChildProcess | undefined
  try {
    // A first sign-in warms the hash and the connection; not counted.
    await signIn(server, user)
    const idle: number[] = []
    for (let sample = 0; sample < SAMPLES; sample++) idle.push(await signIn(server, user))
    flood = await startFlood(server)
    const burst: number[] = []
    for (let sample = 0; sample < SAMPLES; sample++) {
      const answered = tell(flood, 'burst', 'answered')
      await letTheFloodArrive()
      burst.push(await signIn(server, user))
      await answered
    }
    await tell(flood, 'sustain', 'sent')
    await letTheFloodArrive()
    const stubCpuBefore = await cpuMicros(server)
    const sustainedFrom = performance.now()
    const sustained: number[] = []
    for (let sample = 0; sample < SAMPLES; sample++) sustained.push(await signIn(server, user))
    const stubCpu = (await cpuMicros(server)) - stubCpuBefore
    const sustainedMs = performance.now() - sustainedFrom
    flood.send('stop')
    const [report] = (await once(flood, 'message')) as [
      { answers: Record<string, number>; cpuShare: number },
    ]
    return {
      windows,
      idle,
      burst,
      sustained,
      floodAnswers: report.answers,
      stubCpu: stubCpu / 1000 / sustainedMs,
      floodCpu: report.cpuShare,
    }
  } finally {
    user.destroy()
    if (flood) await stopProcess(flood)
    await stopProcess(server.child)
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0

const results: Figures[] = []
for (const windows of ['off', 'on'] as const) {
  process.stderr.write(`  ... RATE_LIMITS=${windows}\n`)
  results.push(await measure(windows))
}

console.log(
  `\nA real user's sign-in (${DEMO_ACCOUNT.email} from 127.0.0.1, ${SAMPLES} in a row per case) idle; after a burst of ${FLOOD} wrong sign-ins to new addresses from 127.0.0.2; while 127.0.0.2 keeps ${FLOOD} in flight. Stub in production mode, scrypt N=16384, median ms (worst)\n`,
)
console.log(
  `| RATE_LIMITS | idle | burst of ${FLOOD} | vs idle | ${FLOOD} in flight | vs idle | CPU in flight: stub, flood | flood answers |`,
)
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |')
for (const row of results) {
  const idle = median(row.idle)
  const shown = (times: number[]) =>
    `${median(times).toFixed(0)} (${Math.max(...times).toFixed(0)})`
  const ratio = (times: number[]) => `x${(median(times) / Math.max(1, idle)).toFixed(2)}`
  const answers = Object.entries(row.floodAnswers)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, count]) => `${count} × ${status}`)
    .join(', ')
  console.log(
    `| ${[row.windows, shown(row.idle), shown(row.burst), ratio(row.burst), shown(row.sustained), ratio(row.sustained), `${row.stubCpu.toFixed(2)}, ${row.floodCpu.toFixed(2)}`, answers].join(' | ')} |`,
  )
}
