// The browser suites' stub behind the contract toolkit's recording proxy, for `pnpm record:site`
// (tools/contract/docs/replay.md): Playwright starts this in place of the stub (PW_STUB_COMMAND),
// on the port it chose; the stub listens on another, and `devenv-contract proxy --record` on the
// chosen one, so that every request of the site (through nginx) and of the tests themselves is
// judged and written to PW_RECORD_DIR, a file per test's stub session.
import { spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'

const port = process.env.PORT
const dir = process.env.PW_RECORD_DIR
if (!port || !dir) {
  console.error('stub-recorded: PORT and PW_RECORD_DIR are needed (pnpm record:site sets them)')
  process.exit(2)
}

const root = fileURLToPath(new URL('../../../', import.meta.url))

/** A free loopback port for the stub itself. */
const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = server.address()
      server.close(() => resolve(free))
    })
  })

const stubPort = await freePort()
const stub = spawn(process.execPath, [`${root}apps/stub-api/dist/cli.js`], {
  env: { ...process.env, PORT: String(stubPort) },
  stdio: ['pipe', 'inherit', 'inherit'],
})
// The stub answers once it listens: the proxy's own check of its upstream needs it.
for (let tries = 0; ; tries++) {
  const up = await fetch(`http://127.0.0.1:${stubPort}/api/health`).then(
    (answer) => answer.ok,
    () => false,
  )
  if (up) break
  if (tries > 600) {
    console.error('stub-recorded: the stub did not start')
    process.exit(1)
  }
  await new Promise((resolve) => setTimeout(resolve, 100))
}
const proxy = spawn(
  process.execPath,
  [
    '--conditions=@devenv/source',
    '--import',
    'tsx',
    `${root}tools/contract/src/cli/bin.ts`,
    'proxy',
    '--upstream',
    `http://127.0.0.1:${stubPort}`,
    '--port',
    port,
    '--record',
    dir,
    '--report-dir',
    `${root}apps/web/reports/record-site-proxy`,
    '--allow-skip',
    'proxy.traffic',
    '--quiet',
  ],
  { cwd: `${root}tools/contract`, stdio: ['pipe', 'inherit', 'inherit'] },
)
// Playwright ends this with SIGTERM (gracefulShutdown in playwright.config.ts): the proxy then ends
// each session's file and writes its reports, and the stub goes after it.
const stop = () => proxy.kill('SIGTERM')
process.once('SIGTERM', stop).once('SIGINT', stop)
proxy.once('exit', (code) => {
  stub.kill('SIGTERM')
  process.exit(code ?? 1)
})
