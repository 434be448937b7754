// What the benches that put the stub and a proxy under load share (proxy.bench.ts,
// replay.bench.ts): the processes they start and stop, the load and its figures, the cases.
import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { readFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { loadContract } from '@devenv/openapi'
import autocannon from 'autocannon'

export const CONNECTIONS = 50
const WARM_UP_SECONDS = 1
const MEASURE_SECONDS = Number(process.env.BENCH_SECONDS ?? 6)
// Each target's measured seconds are split into rounds, taken in turns with the others.
const ROUNDS = 3
export const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url))

export type Server = { name: string; address: string; child: ChildProcess }
const started: Server[] = []

/** Adds a server to those that stopAll stops, before it is known to listen. */
export function track(server: Server): Server {
  started.push(server)
  return server
}

export function stopAll(): Promise<unknown> {
  return Promise.all(started.map(stop))
}

export async function stop({ child }: Server): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  child.kill('SIGTERM')
  await once(child, 'exit')
}

export async function firstLine(child: ChildProcess, name: string): Promise<string> {
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream })
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`${name} exited (code ${String(code)}) before listening`)
  })
  const [line] = (await Promise.race([once(lines, 'line'), exited])) as [string]
  // Keep draining what the process prints, so that it never blocks on a full pipe.
  lines.on('line', () => {})
  return line
}

export async function waitForHealth(url: string, name: string): Promise<void> {
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

/** `node ARGS` in its own process and the first line it prints: the address it listens on. */
async function startNode(
  name: string,
  args: string[],
  { label = name, cwd }: { label?: string; cwd?: string } = {},
): Promise<{ server: Server; line: string }> {
  const child = spawn(process.execPath, args, { cwd, stdio: ['ignore', 'pipe', 'inherit'] })
  const server = track({ name, child, address: '' })
  return { server, line: await firstLine(child, label) }
}

/** The stub as its own bench runs it: built, production mode, no rate limits, own process. */
export async function startBuiltStub(): Promise<Server> {
  const serve = fileURLToPath(
    new URL('../bench/serve.mjs', import.meta.resolve('@devenv/stub-api')),
  )
  const { server, line } = await startNode('stub', [serve, 'stub', 'production'], {
    label: 'the stub',
  })
  server.address = (JSON.parse(line) as { address: string }).address
  return server
}

/** `devenv-contract proxy` in its own process: `args` run it, built or from source. */
export async function startProxy(
  name: string,
  args: string[],
  options: { label?: string; cwd?: string } = {},
): Promise<Server> {
  const label = options.label ?? name
  const { server, line } = await startNode(name, args, { ...options, label })
  server.address = /^proxy: (\S+)/.exec(line)?.[1] ?? ''
  if (!server.address) throw new Error(`${label} said: ${line}`)
  return server
}

/** User plus system CPU of a process so far, in microseconds (Linux: /proc/PID/stat). */
export function cpuMicros(server: Server): number {
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

export type Row = Measured & {
  name: string
  connections: number
  cpuPerRequest: number
  /** Each round's p50, p99 and throughput, to compare targets round by round. */
  rounds: Array<{ p50: number; p99: number; requestsPerSecond: number }>
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? 0
}

type Target = { name: string; load: Load; processes: Server[] }

/**
 * The targets of one case, measured in turns (direct, through one proxy, through the other,
 * direct, ...): the load of a shared machine drifts over a minute, and turns make each round's
 * figures comparable. Each figure is the median of the rounds; CPU is summed over them.
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
      rounds: measured.map(({ p50, p99, requestsPerSecond }) => ({ p50, p99, requestsPerSecond })),
    }
  })
}

/** A way to the stub's /api: its base URL and the processes that answer through it. */
export type Way = { name: string; apiBase: string; processes: Server[] }

/**
 * Each case through each way, the ways of a case measured in turns: a row a case and way, named
 * `<case> <way>`, the ways of a case next to each other in the order given.
 */
export async function measureCases(ways: Way[]): Promise<Row[]> {
  // The contract's own documented contact form, as the site sends it.
  const contactExample = loadContract().byId.get('submitContact')?.bodyExamples[0]
  if (!contactExample) throw new Error('the contract documents no submitContact example')
  const contact = JSON.stringify(contactExample.value)
  const rows: Row[] = []
  // The last case is the proxy's own latency, without the queueing of 50 connections on 2 cores.
  for (const [label, method, path, body, connections] of [
    ['GET /api/health', 'GET', '/health', undefined, CONNECTIONS],
    ['POST /api/contact', 'POST', '/contact', contact, CONNECTIONS],
    ['GET /api/health, 1 connection', 'GET', '/health', undefined, 1],
  ] as const) {
    const load = { method, body, connections }
    rows.push(
      ...(await measureInTurns(
        ways.map((way) => ({
          name: `${label} ${way.name}`,
          load: { ...load, url: `${way.apiBase}${path}` },
          processes: way.processes,
        })),
      )),
    )
  }
  return rows
}

/** The line above the table: how the cases were measured, and how busy the machine was. */
export function conditions(loadBefore: number): string {
  return `${CONNECTIONS} connections (but the last three cases), ${WARM_UP_SECONDS} s warm-up, ${MEASURE_SECONDS} s measured in ${ROUNDS} turns, 127.0.0.1; load average ${loadBefore.toFixed(1)} before, ${(loadavg()[0] ?? 0).toFixed(1)} after`
}

/** Whether some answer was not 2xx (said on stderr): then the figures measure something else. */
export function someNot2xx(rows: Row[]): boolean {
  const some = rows.some((row) => row.non2xx > 0 || row.errors > 0)
  if (some) console.error('\nsome answers were not 2xx: the figures do not measure what they claim')
  return some
}

/** The median, round by round, of what `a` adds to `b` at one percentile. */
export const addedBy = (a: Row, b: Row, percentile: 'p50' | 'p99') =>
  median(a.rounds.map((round, at) => round[percentile] - (b.rounds[at]?.[percentile] ?? 0)))

export const ms = (value: number) => value.toFixed(2)
