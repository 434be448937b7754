// The stub inside the browser, measured on the static demo (pnpm build:demo) served by nginx alone,
// in Debian's Chromium: the size of what the stub adds (gzip), its start-up (first visit: worker
// registration; later visits: worker already there), and the cost of one sign-in and one contact
// submission as the page sees them (fetch through the service worker to the stub and back).
// BENCH_RUNS (default 7) runs each; medians are printed with the machine's load.
import { existsSync, readFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { chromium } from '@playwright/test'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.mjs'
import { DEMO_MANIFEST } from './finish-demo.mjs'
import { startDemoServer } from './serve.mjs'
import { MSW_WORKER_FILE } from './site.mjs'

const appDir = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const demoDir = join(appDir, 'dist-demo')
const port = Number(process.env.BENCH_DEMO_PORT ?? 4176)
const runs = Number(process.env.BENCH_RUNS ?? 7)
const origin = `http://127.0.0.1:${port}`
const KB = 1024

if (!Number.isInteger(runs) || runs < 1) {
  console.error(`BENCH_RUNS must be a positive integer, got ${process.env.BENCH_RUNS}`)
  process.exit(2)
}
if (!existsSync(join(demoDir, 'index.html')) || !existsSync(DEMO_MANIFEST)) {
  console.error('No demo build: run "pnpm build:demo" first')
  process.exit(2)
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}
const ms = (value) => `${value.toFixed(1)} ms`
const gzip = (file) => gzipSync(readFileSync(join(demoDir, file)), { level: 9 }).length

// What the stub adds: the chunks its dynamic import reaches (the build's manifest) that the site's
// entry does not load anyway, and the worker script. Shared chunks of the domain's rules that
// later pages would also load are counted: the stub loads them before any page needs them.
function stubChunks() {
  const manifest = JSON.parse(readFileSync(DEMO_MANIFEST, 'utf8'))
  const closure = (keys, follow, skip = new Set()) => {
    const seen = new Set()
    const visit = (key) => {
      if (seen.has(key) || skip.has(key) || !manifest[key]) return
      seen.add(key)
      for (const next of follow(manifest[key])) visit(next)
    }
    for (const key of keys) visit(key)
    return seen
  }
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry)
  const site = closure([entry], (chunk) => chunk.imports ?? [])
  const start = Object.keys(manifest).find((key) => key.endsWith('src/lib/browser-stub.ts'))
  if (!start) throw new Error('The demo build has no chunk of src/lib/browser-stub.ts')
  const stub = closure(
    [start],
    (chunk) => [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])],
    site,
  )
  return [...stub].map((key) => manifest[key].file)
}

const files = [...new Set(stubChunks())]
const sizes = files.map((file) => ({
  file,
  raw: readFileSync(join(demoDir, file)).length,
  gzip: gzip(file),
}))
const worker = {
  file: MSW_WORKER_FILE,
  raw: readFileSync(join(demoDir, MSW_WORKER_FILE)).length,
  gzip: gzip(MSW_WORKER_FILE),
}

const server = startDemoServer({ port, root: demoDir })
const stopServer = () => server.child.kill('SIGQUIT')
process.once('exit', stopServer)
await new Promise((done) => setTimeout(done, 500))

const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: [...CHROMIUM_FLAGS],
})
const stubStartup = (page) =>
  page.waitForFunction(() => performance.getEntriesByName('browser-stub')[0]?.duration)

const firstVisit = []
const laterVisit = []
const signIn = []
const contact = []
const load = loadavg()[0]
try {
  for (let run = 0; run < runs; run += 1) {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${origin}/`)
    firstVisit.push(await (await stubStartup(page)).jsonValue())
    await page.reload()
    laterVisit.push(await (await stubStartup(page)).jsonValue())

    // One call as the page makes it, in a stub session of its own (fresh limits), timed in the page.
    const timed = (path, body) =>
      page.evaluate(
        async ({ path, body, session }) => {
          // biome-ignore lint/suspicious/noDocumentCookie: the stub reads its session from this cookie
          document.cookie = `stubSession=${session}; path=/`
          await fetch('/api/health')
          const started = performance.now()
          const response = await fetch(path, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          })
          await response.text()
          return { status: response.status, ms: performance.now() - started }
        },
        { path, body, session: `bench-${run}-${path.replaceAll('/', '-')}` },
      )
    const signedIn = await timed('/api/auth/auth', {
      email: 'demo@devenv.example',
      password: 'DemoPass123!',
    })
    if (signedIn.status !== 200) throw new Error(`sign-in answered ${signedIn.status}`)
    signIn.push(signedIn.ms)
    const sent = await timed('/api/contact', {
      firstName: 'Nino',
      lastName: 'Beridze',
      email: 'nino@example.com',
      inquiryType: 'demo',
      message: 'A demo for a team of twelve, please.',
      timestamp: new Date().toISOString(),
      source: 'website_contact_form',
      userAgent: 'bench',
    })
    if (sent.status !== 201 && sent.status !== 200)
      throw new Error(`contact answered ${sent.status}`)
    contact.push(sent.ms)
    await context.close()
  }
} finally {
  await browser.close()
  stopServer()
}

const total = [...sizes, worker].reduce((sum, row) => sum + row.gzip, 0)
console.log(
  `The stub in the browser (dist-demo, Chromium), ${runs} runs, load average ${load.toFixed(2)}`,
)
for (const row of [...sizes, worker]) {
  console.log(
    `  ${row.file.padEnd(44)} ${(row.raw / KB).toFixed(1).padStart(8)} KB raw ${(row.gzip / KB).toFixed(1).padStart(7)} KB gzip`,
  )
}
console.log(
  `  size: ${(total / KB).toFixed(1)} KB gzip in ${sizes.length + 1} files (loaded only with the stub)`,
)
console.log(`  start-up, first visit (worker registered):  median ${ms(median(firstVisit))}`)
console.log(`  start-up, later visit (worker in place):    median ${ms(median(laterVisit))}`)
console.log(`  one sign-in (POST /api/auth/auth):          median ${ms(median(signIn))}`)
console.log(`  one contact submission (POST /api/contact): median ${ms(median(contact))}`)
