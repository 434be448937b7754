import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as delay } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import { expect, test } from '@playwright/test'
import { HOLDING_LINE, listenOn, portHolder } from './test-ports'

/**
 * The browser suite's servers stop when its run stops, however it stops: a run of this very
 * config (playwright.config.ts, servers-hold.spec.ts) is started as CI starts it, in a process
 * group of its own, and stopped while its stub and nginx are up.
 */

const APP_DIR = fileURLToPath(new URL('..', import.meta.url))
const PLAYWRIGHT_CLI = createRequire(import.meta.url).resolve('@playwright/test/cli')

type Run = { runner: ChildProcess; output: () => string; exited: Promise<number | null> }

/** A run of the suite in its own process group, on the given ports, with a clean environment. */
function startRun(ports: Record<string, number>): Run {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(TEST_|PW_|PLAYWRIGHT_)/.test(name)),
  )
  const outputDir = mkdtempSync(join(tmpdir(), 'devenv-pw-run-'))
  const runner = spawn(
    process.execPath,
    [PLAYWRIGHT_CLI, 'test', 'e2e/servers-hold.spec.ts', '--reporter=line', '--output', outputDir],
    {
      cwd: APP_DIR,
      detached: true,
      env: {
        ...env,
        CI: '1',
        FORCE_COLOR: '0',
        PW_HOLD_SERVERS: '1',
        // Playwright's worker now and then does not exit after a stop (Playwright issue 39753): its
        // runner force-kills it after this bound, 5 minutes unless set, and the run still has to
        // stop its servers. One CI run waited the whole 5 minutes (302 s, 27 Nov).
        PWTEST_CHILD_PROCESS_TIMEOUT: '10000',
        ...Object.fromEntries(Object.entries(ports).map(([name, port]) => [name, String(port)])),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let output = ''
  runner.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  runner.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  const exited = new Promise<number | null>((resolve) => runner.once('exit', resolve))
  void exited.then(() => rmSync(outputDir, { recursive: true, force: true }))
  return { runner, output: () => output, exited }
}

async function freePort(): Promise<number> {
  const port = await listenOn(0)
  if (port === null) throw new Error('no free port')
  return port
}

const answers = (url: string) =>
  fetch(url, { signal: AbortSignal.timeout(5_000) }).then(
    () => true,
    () => false,
  )

/**
 * Waits until the run's stub and nginx answer and its held test is under way (a slow machine under
 * load starts them in seconds).
 */
async function serversUp(run: Run, stubPort: number, webPort: number) {
  await expect
    .poll(
      async () =>
        run.output().includes(HOLDING_LINE) &&
        (await answers(`http://127.0.0.1:${stubPort}/api/health`)) &&
        (await answers(`http://127.0.0.1:${webPort}/`)),
      { timeout: 180_000, message: run.output() },
    )
    .toBe(true)
}

/** A stopped run ends within this bound; one that does not fails the test with what it printed. */
const STOPS_WITHIN_MS = 60_000

async function runStopped(run: Run): Promise<void> {
  const ended = await Promise.race([
    run.exited.then(() => 'ended' as const),
    // Unreferenced: a run that ended in time leaves no timer to wait for.
    delay(STOPS_WITHIN_MS, 'still running' as const, { ref: false }),
  ])
  if (ended === 'still running')
    throw new Error(
      `The run had not stopped ${STOPS_WITHIN_MS / 1000} s after it was told to:\n${run.output()}`,
    )
}

/** Who still listens on the run's ports: nobody, within a bound, once the run has stopped. */
async function expectPortsFreed(stubPort: number, webPort: number) {
  await expect
    .poll(() => [portHolder(stubPort), portHolder(webPort)], { timeout: 60_000 })
    .toEqual([null, null])
}

for (const [how, stop] of [
  ['kill -9 of the runner', (runner: ChildProcess) => process.kill(runner.pid ?? 0, 'SIGKILL')],
  [
    'SIGTERM to its process group',
    (runner: ChildProcess) => process.kill(-(runner.pid ?? 0), 'SIGTERM'),
  ],
  [
    'SIGINT to its process group',
    (runner: ChildProcess) => process.kill(-(runner.pid ?? 0), 'SIGINT'),
  ],
] as const) {
  test(`the stub and nginx stop when the run is stopped by ${how}`, async () => {
    // Starts a whole run of its own (its stub and nginx): three times the default bound.
    test.slow()
    const stubPort = await freePort()
    const webPort = await freePort()
    const run = startRun({ PW_STUB_PORT: stubPort, PW_WEB_PORT: webPort })
    try {
      await serversUp(run, stubPort, webPort)
      stop(run.runner)
      await runStopped(run)
      await expectPortsFreed(stubPort, webPort)
    } finally {
      if (run.runner.exitCode === null && run.runner.signalCode === null) {
        process.kill(-(run.runner.pid ?? 0), 'SIGKILL')
      }
    }
  })
}

test('a port given in CI that is taken ends the run with one line naming its process', async () => {
  test.slow()
  const taken = createServer()
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve))
  const address = taken.address()
  const port = typeof address === 'object' && address ? address.port : 0
  try {
    const run = startRun({ PW_STUB_PORT: port, PW_WEB_PORT: await freePort() })
    expect(await run.exited).toBe(1)
    const lines = run.output().trim().split('\n')
    expect(lines).toEqual([
      expect.stringMatching(
        new RegExp(
          `^Port ${port} \\(PW_STUB_PORT\\) is taken by pid ${process.pid} \\(\\S*node.*\\): stop it, or leave PW_STUB_PORT unset for a free port\\.$`,
        ),
      ),
    ])
  } finally {
    taken.close()
  }
})
