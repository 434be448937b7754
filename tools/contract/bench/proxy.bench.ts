// The validation proxy's cost: the stub directly, through our proxy and through Prism's
// validation proxy (the anchor), at 50 connections on loopback. Prints the figures; exits 1 when
// ours carries less than 5 times Prism's throughput or some answer was not 2xx.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, readFileSync } from 'node:fs'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadOpenApiDocument } from '@devenv/openapi'
import * as load from './load'

// Prism is the anchor, not a dependency: installed on first use into node_modules/.cache (never
// committed, never part of the test command's install). See docs/decisions/contract-toolkit.md.
const PRISM_VERSION = '5.14.2'
const PRISM_DIR = join(load.PACKAGE_DIR, 'node_modules', '.cache', `prism-cli-${PRISM_VERSION}`)
const PRISM_CLI = join(PRISM_DIR, 'node_modules', '@stoplight', 'prism-cli', 'dist', 'index.js')

/** Our proxy in its own process, built, as a user runs `devenv-contract proxy`. */
async function startOurProxy(upstream: string, reportDir: string): Promise<load.Server> {
  const cli = join(load.PACKAGE_DIR, 'dist', 'cli.js')
  if (!existsSync(cli))
    throw new Error('build the toolkit first: pnpm --filter @devenv/contract build')
  return load.startProxy(
    'proxy',
    [cli, 'proxy', '--upstream', upstream, '--port', '0', '--report-dir', reportDir],
    { label: 'our proxy' },
  )
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
async function startPrism(stub: string, port: number): Promise<load.Server> {
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
  const server = load.track({ name: 'prism', child, address: `http://127.0.0.1:${port}` })
  // Prism logs a line per request: drained, so that a full pipe never slows it.
  child.stdout?.resume()
  child.stderr?.resume()
  await load.waitForHealth(`${server.address}/health`, 'Prism')
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

const reportDir = await mkdtemp(join(tmpdir(), 'proxy-bench-'))
const rows: load.Row[] = []
const loadBefore = loadavg()[0] ?? 0
try {
  const stub = await load.startBuiltStub()
  const ours = await startOurProxy(stub.address, reportDir)
  const prism = await startPrism(
    stub.address,
    Number(process.env.BENCH_PRISM_PORT ?? (await freePort())),
  )
  await load.waitForHealth(`${ours.address}/api/health`, 'our proxy')

  rows.push(
    ...(await load.measureCases([
      { name: 'direct', apiBase: `${stub.address}/api`, processes: [stub] },
      { name: 'through our proxy', apiBase: `${ours.address}/api`, processes: [ours, stub] },
      // Prism is given the upstream's /api base (see startPrism).
      { name: 'through Prism', apiBase: prism.address, processes: [prism, stub] },
    ])),
  )
  // Our proxy checked every exchange: its report says whether any broke the contract.
  await load.stop(ours)
  const code = ours.child.exitCode
  const report = JSON.parse(readFileSync(join(reportDir, 'report.json'), 'utf8')) as {
    notes: string[]
  }
  console.log(`\nour proxy's own report: ${report.notes.join('; ')} (exit ${code})`)
} finally {
  await load.stopAll()
  await rm(reportDir, { recursive: true, force: true })
}

console.log(`\n${load.conditions(loadBefore)}\n`)
console.log('| case | req/s | p50 ms | p99 ms | CPU µs/req (proxy + stub) | non-2xx | errors |')
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |')
for (const row of rows)
  console.log(
    `| ${row.name} | ${Math.round(row.requestsPerSecond)} | ${load.ms(row.p50)} | ${load.ms(row.p99)} | ${Math.round(row.cpuPerRequest)} | ${row.non2xx} | ${row.errors} |`,
  )

let failed = load.someNot2xx(rows)
console.log('')
for (let index = 0; index + 2 < rows.length; index += 3) {
  const [direct, ours, prism] = rows.slice(index, index + 3) as [load.Row, load.Row, load.Row]
  const label = direct.name.replace(/ direct$/, '')
  const ratio = ours.requestsPerSecond / Math.max(1, prism.requestsPerSecond)
  // Round by round (each pair measured seconds apart), then the median of the rounds.
  const added = load.addedBy(ours, direct, 'p50')
  const added99 = load.addedBy(ours, direct, 'p99')
  console.log(
    `${label}: our proxy adds ${load.ms(added)} ms at p50 (goal <= 1 ms: ${added <= 1 ? 'met' : 'NOT met'}) and ${load.ms(added99)} ms at p99; carries ${ratio.toFixed(1)} x Prism's throughput (needed >= 5: ${ratio >= 5 ? 'met' : 'NOT met'})`,
  )
  // The requirement is at 50 connections; the 1-connection case shows latency without queueing.
  if (ratio < 5 && direct.connections === load.CONNECTIONS) failed = true
}
if (failed) process.exitCode = 1
