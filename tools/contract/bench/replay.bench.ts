// Record and replay, in figures: what `proxy --record` adds to the proxy in front of the stub at 50
// connections on loopback (against the same proxy without it, and the stub directly); the site's
// flows recorded once, their size per session and per step; and replays of that recording against
// a stub over HTTP, in steps per second. Prints the figures; exits 1 when an answer was not 2xx, the
// recording missed an exchange or was cut, or a replay did not pass.
import { mkdir, mkdtemp, open, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { runCommandLine } from '../src/cli/main'
import { startStub as startTestStub } from '../test/fixtures/broken-servers'
import { recordSiteSessions } from '../test/fixtures/recorded-sessions'
import * as load from './load'

// Replays of the site's recording as it is (21 steps), each one `replay` command.
const REPLAY_RUNS = Number(process.env.BENCH_REPLAY_RUNS ?? 10)
// The recording's sessions copied under this many visitors' names, replayed in one command.
const VISITORS = Number(process.env.BENCH_REPLAY_VISITORS ?? 25)
const VISITOR_RUNS = 3
// Far above what the load writes (about 100 MiB): a cut recording would flatter its cost.
const RECORD_MAX_MIB = 4096
// Environments stay `provisioning` while the flows run: a status that moves on its own clock
// would be drift (test/replay.test.ts does the same).
const DEPLOYMENT = { provisionSeconds: 600, deleteSeconds: 600 }

/**
 * `devenv-contract proxy` in its own process, from source as `pnpm contract` runs it: both
 * proxies run the same code, so the difference between them is the recording alone.
 */
async function startSourceProxy(
  name: string,
  upstream: string,
  reportDir: string,
  recordDir?: string,
): Promise<load.Server> {
  const record =
    recordDir === undefined ? [] : ['--record', recordDir, '--record-max-mib', `${RECORD_MAX_MIB}`]
  return load.startProxy(
    name,
    [
      ...['--conditions=@devenv/source', '--import', 'tsx', 'src/cli/bin.ts'],
      ...['proxy', '--upstream', upstream, '--port', '0', '--report-dir', reportDir, '--quiet'],
      ...record,
    ],
    { cwd: load.PACKAGE_DIR },
  )
}

/**
 * A proxy's CPU over its whole run, then its report once stopped: a judging thread that fell
 * behind catches up in other targets' turns, which the turns' own CPU figures miss.
 */
async function proxyNotes(server: load.Server, reportDir: string) {
  const cpu = load.cpuMicros(server)
  await load.stop(server)
  const report = JSON.parse(await readFile(join(reportDir, 'report.json'), 'utf8')) as {
    notes: string[]
  }
  const exchanges = Number(/^(\d+) exchanges through/.exec(report.notes[0] ?? '')?.[1] ?? 0)
  const recorded = report.notes.find((note) => note.startsWith('recorded '))
  return { exchanges, recorded, cpu, code: server.child.exitCode }
}

/** What each recording file of `dir` holds: its session's steps and its bytes on disk. */
async function filesOf(dir: string) {
  const names = (await readdir(dir)).filter((name) => name.endsWith('.ndjson')).sort()
  return Promise.all(
    names.map(async (name) => {
      const path = join(dir, name)
      const { size } = await stat(path)
      // Only the last line (the session's end) is read: a loaded recording is 100 MiB.
      const file = await open(path)
      const tail = Buffer.alloc(Math.min(size, 4096))
      await file.read(tail, 0, tail.length, size - tail.length)
      await file.close()
      const end = JSON.parse(tail.toString('utf8').trim().split('\n').at(-1) ?? '{}') as {
        steps?: number
        cut?: string
      }
      return { name, size, steps: end.steps ?? 0, cut: end.cut }
    }),
  )
}

/** The CLI in process with its lines kept from the terminal: the bench prints its own table. */
async function quietly(
  argv: string[],
): Promise<{ code: number; ms: number; cpuMs: number; printed: string }> {
  const write = process.stdout.write.bind(process.stdout)
  let printed = ''
  process.stdout.write = ((chunk: string | Uint8Array) => {
    printed += String(chunk)
    return true
  }) as typeof process.stdout.write
  const startedAt = performance.now()
  const cpuBefore = process.cpuUsage()
  try {
    const code = await runCommandLine(argv)
    const cpu = process.cpuUsage(cpuBefore)
    return {
      code,
      ms: performance.now() - startedAt,
      cpuMs: (cpu.user + cpu.system) / 1000,
      printed,
    }
  } finally {
    process.stdout.write = write
  }
}

/**
 * The recording's sessions again under `count` visitors' names, each a session of its own to the
 * replay (as many people going through the same flows would be): only the head's session differs.
 */
async function asVisitors(from: string, to: string, count: number): Promise<void> {
  await mkdir(to)
  for (const name of (await readdir(from)).filter((each) => each.endsWith('.ndjson'))) {
    const [head = '', ...rest] = (await readFile(join(from, name), 'utf8')).split('\n')
    const parsed = JSON.parse(head) as { session: string }
    for (let visitor = 1; visitor <= count; visitor++)
      await writeFile(
        join(to, `${parsed.session}-${visitor}.ndjson`),
        [JSON.stringify({ ...parsed, session: `${parsed.session}-${visitor}` }), ...rest].join(
          '\n',
        ),
      )
  }
}

const work = await mkdtemp(join(tmpdir(), 'replay-bench-'))
const loadBefore = loadavg()[0] ?? 0
const rows: load.Row[] = []
let failed = false
const count = (value: number) => Math.round(value).toLocaleString('en-US')

try {
  // 1. What recording adds to the proxy under load.
  const stub = await load.startBuiltStub()
  const plain = await startSourceProxy('proxy', stub.address, join(work, 'plain-report'))
  const recordDir = join(work, 'load-recording')
  const recording = await startSourceProxy(
    'proxy --record',
    stub.address,
    join(work, 'recording-report'),
    recordDir,
  )
  await load.waitForHealth(`${plain.address}/api/health`, 'the proxy')
  await load.waitForHealth(`${recording.address}/api/health`, 'the recording proxy')

  rows.push(
    ...(await load.measureCases([
      { name: 'direct', apiBase: `${stub.address}/api`, processes: [stub] },
      { name: 'through the proxy', apiBase: `${plain.address}/api`, processes: [plain, stub] },
      {
        name: 'through the proxy, --record',
        apiBase: `${recording.address}/api`,
        processes: [recording, stub],
      },
    ])),
  )
  const judged = await proxyNotes(recording, join(work, 'recording-report'))
  const judgedPlain = await proxyNotes(plain, join(work, 'plain-report'))
  const loadFiles = await filesOf(recordDir)
  const loadSteps = loadFiles.reduce((sum, file) => sum + file.steps, 0)
  const loadBytes = loadFiles.reduce((sum, file) => sum + file.size, 0)

  // 2 and 3. The site's flows recorded through the proxy, then replayed against a fresh stub.
  const siteDir = join(work, 'site')
  const upstream = await startTestStub(undefined, 'fastify', DEPLOYMENT)
  const site = await recordSiteSessions(upstream.baseUrl, siteDir).finally(() => upstream.close())
  const siteFiles = await filesOf(siteDir)
  const visitorsDir = join(work, 'visitors')
  await asVisitors(siteDir, visitorsDir, VISITORS)

  // In this process, as fuzz.bench.ts runs its stub over HTTP: the replay's pace includes the stub's.
  const target = await startTestStub(undefined, 'fastify', DEPLOYMENT)
  type Played = Awaited<ReturnType<typeof quietly>>
  const replays: Array<{ name: string; steps: number; warmUp: Played; runs: Played[] }> = []
  try {
    for (const [name, dir, runs, steps] of [
      ['the site (2 sessions)', siteDir, REPLAY_RUNS, site.summary.steps],
      [
        `${VISITORS} visitors (${2 * VISITORS} sessions)`,
        visitorsDir,
        VISITOR_RUNS,
        site.summary.steps * VISITORS,
      ],
    ] as const) {
      console.error(`  ... replay ${name}`)
      const replay = async () =>
        quietly([
          'replay',
          dir,
          '--base-url',
          target.baseUrl,
          '--report-dir',
          await mkdtemp(join(work, 'replay-report-')),
          '--quiet',
        ])
      // The first run loads the replay's modules and compiles the contract's schemas.
      const warmUp = await replay()
      const done: Awaited<ReturnType<typeof quietly>>[] = []
      for (let run = 0; run < runs; run++) done.push(await replay())
      replays.push({ name, steps, warmUp, runs: done })
    }
  } finally {
    await target.close()
  }

  console.log(`\n${load.conditions(loadBefore)}\n`)
  console.log(
    '| case | req/s | req/s each round | p50 ms | p99 ms | CPU µs/req (proxy + stub) | non-2xx | errors |',
  )
  console.log('| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: |')
  // A round of 0 req/s is a stall: the proxy held its sockets while its judging thread caught up.
  for (const row of rows)
    console.log(
      `| ${row.name} | ${Math.round(row.requestsPerSecond)} | ${row.rounds.map((round) => Math.round(round.requestsPerSecond)).join(' · ')} | ${load.ms(row.p50)} | ${load.ms(row.p99)} | ${Math.round(row.cpuPerRequest)} | ${row.non2xx} | ${row.errors} |`,
    )
  if (load.someNot2xx(rows)) failed = true
  console.log('')
  for (let index = 0; index + 2 < rows.length; index += 3) {
    const [direct, proxy, recorded] = rows.slice(index, index + 3) as [load.Row, load.Row, load.Row]
    const label = direct.name.replace(/ direct$/, '')
    console.log(
      `${label}: --record adds ${load.ms(load.addedBy(recorded, proxy, 'p50'))} ms at p50 and ${load.ms(load.addedBy(recorded, proxy, 'p99'))} ms at p99 to the proxy (${Math.round(recorded.cpuPerRequest - proxy.cpuPerRequest)} µs of CPU a request); the recording proxy adds ${load.ms(load.addedBy(recorded, direct, 'p50'))} ms and ${load.ms(load.addedBy(recorded, direct, 'p99'))} ms to the stub direct`,
    )
  }
  // Every exchange the recording proxy judged is a step of its recording, none cut.
  const cut = loadFiles.find((file) => file.cut)?.cut
  console.log(
    `\nthe recording under load: ${count(loadSteps)} steps of ${count(judged.exchanges)} exchanges judged, ${loadFiles.length} session(s), ${count(loadBytes)} bytes (${Math.round(loadBytes / Math.max(1, loadSteps))} a step)${cut ? `; CUT: ${cut}` : ''}; the proxy exited ${String(judged.code)}`,
  )
  if (loadSteps !== judged.exchanges || cut) failed = true
  const perExchange = (run: typeof judged) => Math.round(run.cpu / Math.max(1, run.exchanges))
  console.log(
    `the proxies' CPU over the whole run, start-up included: ${perExchange(judgedPlain)} µs an exchange without --record (${count(judgedPlain.exchanges)} exchanges), ${perExchange(judged)} µs with it`,
  )

  console.log("\nthe site's flows, recorded (test/fixtures/recorded-sessions.ts):\n")
  console.log('| session | steps | bytes | bytes/step |')
  console.log('| --- | ---: | ---: | ---: |')
  for (const file of siteFiles)
    console.log(
      `| ${file.name} | ${file.steps} | ${count(file.size)} | ${count(file.size / Math.max(1, file.steps))} |`,
    )
  const siteBytes = siteFiles.reduce((sum, file) => sum + file.size, 0)
  console.log(
    `| all ${siteFiles.length} (the recorder's count, end lines left out: ${count(site.summary.bytes)}) | ${site.summary.steps} | ${count(siteBytes)} | ${count(siteBytes / Math.max(1, site.summary.steps))} |`,
  )
  console.log(
    `\nper session: ${count(siteBytes / Math.max(1, siteFiles.length))} bytes; per step: ${count(siteBytes / Math.max(1, site.summary.steps))} bytes`,
  )

  console.log(
    '\nreplays against the stub over HTTP (in this process), each one `replay` command with its reports:\n',
  )
  console.log(
    '| recording | runs | steps a run | wall ms a run, median (range) | steps/s | CPU ms a step (replay + stub) | first run ms | exit codes |',
  )
  console.log('| --- | ---: | ---: | --- | ---: | ---: | ---: | --- |')
  for (const { name, steps, warmUp, runs } of replays) {
    const walls = runs.map((run) => run.ms)
    const cpu = load.median(runs.map((run) => run.cpuMs)) / steps
    const codes = [...new Set([warmUp, ...runs].map((run) => run.code))].join(', ')
    console.log(
      `| ${name} | ${runs.length} | ${steps} | ${count(load.median(walls))} (${count(Math.min(...walls))} to ${count(Math.max(...walls))}) | ${Math.round((steps * 1000) / load.median(walls))} | ${cpu.toFixed(2)} | ${count(warmUp.ms)} | ${codes} |`,
    )
    const bad = [warmUp, ...runs].find((run) => run.code !== 0)
    if (bad) {
      failed = true
      console.error(`\na replay of ${name} did not pass:\n${bad.printed}`)
    }
  }
} finally {
  await load.stopAll()
  await rm(work, { recursive: true, force: true })
}
if (failed) process.exitCode = 1
