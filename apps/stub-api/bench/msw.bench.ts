// What one request costs through the MSW adapter in Node (MSW intercepting fetch) against the
// Fastify adapter through inject (no socket either), and the core alone under both; plus the size
// of the browser stub bundle. Sequential requests in one process, bounded in count.
// `pnpm --filter @devenv/stub-api bench:msw`
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { loadContract } from '@devenv/openapi'
import { build, type Options } from 'tsup'
import { DEMO_ACCOUNT } from '../src/dev-client'
import { createNodeStub } from '../src/msw/node'
import { buildServer } from '../src/server'
import configs from '../tsup.config'

const SIGN_INS = Number(process.env.BENCH_SIGN_INS ?? 200)
const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 2000)
const WARM_UP = 50
const SETTINGS = {
  mode: 'development' as const,
  logLevel: 'silent' as const,
  rateLimits: 'off' as const,
  jwtSecret: 'benchmark-secret-of-at-least-32-characters',
}

const contact = loadContract().byId.get('submitContact')?.bodyExamples[0]?.value
if (contact === undefined) throw new Error('submitContact documents no request example')

type Call = { method: 'POST'; path: string; body: string }
const CALLS: Record<string, { call: Call; count: number; status: number }> = {
  'sign-in (scrypt N=16384)': {
    call: { method: 'POST', path: '/api/auth/auth', body: JSON.stringify(DEMO_ACCOUNT) },
    count: SIGN_INS,
    status: 200,
  },
  'contact submission': {
    call: { method: 'POST', path: '/api/contact', body: JSON.stringify(contact) },
    count: CONTACTS,
    status: 201,
  },
}

type Send = (call: Call) => Promise<number>

/**
 * Each adapter sends the call in turn, one request each round (the order rotating), so a change
 * of the machine's load falls on all of them alike; answers the sorted times per adapter.
 */
async function timeInTurns(
  adapters: Record<string, Send>,
  call: Call,
  count: number,
  status: number,
): Promise<Record<string, number[]>> {
  const entries = Object.entries(adapters)
  for (const [, send] of entries) {
    for (let index = 0; index < Math.min(WARM_UP, count); index++) await send(call)
  }
  const times: Record<string, number[]> = Object.fromEntries(entries.map(([name]) => [name, []]))
  for (let round = 0; round < count; round++) {
    for (let turn = 0; turn < entries.length; turn++) {
      const [name, send] = entries[(round + turn) % entries.length] as [string, Send]
      const started = performance.now()
      const answered = await send(call)
      times[name]?.push(performance.now() - started)
      if (answered !== status) throw new Error(`${call.path} answered ${answered}, not ${status}`)
    }
  }
  for (const list of Object.values(times)) list.sort((a, b) => a - b)
  return times
}

const at = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? Number.NaN
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length
const ms = (value: number) => `${value.toFixed(3)} ms`

async function main() {
  const fastify = buildServer(SETTINGS)
  await fastify.ready()
  const msw = createNodeStub(SETTINGS)
  await msw.start()
  const adapters: Record<string, Send> = {
    'Fastify inject': async ({ method, path, body }) =>
      (
        await fastify.inject({
          method,
          url: path,
          headers: { 'content-type': 'application/json' },
          payload: body,
        })
      ).statusCode,
    'MSW fetch': async ({ method, path, body }) =>
      (
        await fetch(`${msw.origin}${path}`, {
          method,
          headers: { 'content-type': 'application/json' },
          body,
        })
      ).status,
    'core alone (MSW stub)': async ({ method, path, body }) =>
      (
        await msw.core.handle({
          method,
          url: path,
          headers: { 'content-type': 'application/json' },
          body,
          ip: '127.0.0.1',
        })
      ).status,
  }
  console.log(`one process, one request at a time, adapters in turn; load average ${loadAverage()}`)
  console.log(`${'case'.padEnd(32)}${'adapter'.padEnd(25)}mean        p50         p99`)
  for (const [name, { call, count, status }] of Object.entries(CALLS)) {
    const times = await timeInTurns(adapters, call, count, status)
    for (const [adapter, sorted] of Object.entries(times)) {
      console.log(
        `${`${name} ×${count}`.padEnd(32)}${adapter.padEnd(25)}${ms(mean(sorted)).padEnd(12)}${ms(at(sorted, 0.5)).padEnd(12)}${ms(at(sorted, 0.99))}`,
      )
    }
  }
  await msw.stop()
  await fastify.close()
  await bundleSize()
}

function loadAverage(): string {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')
  } catch {
    return 'unknown'
  }
}

/** The browser stub as tsup builds it for `@devenv/stub-api/msw` (minified, one file). */
async function bundleSize() {
  const browser = (Array.isArray(configs) ? configs : []).find(
    (config: Options) => config.platform === 'browser',
  )
  if (!browser) throw new Error('tsup.config.ts has no browser build')
  const outDir = mkdtempSync(join(tmpdir(), 'stub-msw-bench-'))
  try {
    await build({ ...browser, outDir, dts: false, silent: true, config: false })
    const bundle = readFileSync(join(outDir, 'msw', 'index.js'))
    const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`
    console.log(
      `browser stub bundle: ${kib(bundle.length)} minified, ${kib(gzipSync(bundle, { level: 9 }).length)} gzip -9`,
    )
  } finally {
    rmSync(outDir, { recursive: true, force: true })
  }
}

await main()
