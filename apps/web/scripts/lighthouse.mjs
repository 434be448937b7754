// Lighthouse (mobile preset) on the production build served by nginx, /api proxied to the stub.
// Prints the scores and exits non-zero below the bars: performance >= 95, accessibility,
// best practices and SEO 100, CLS <= 0.02.
import { spawn, spawnSync } from 'node:child_process'
import { cpSync, existsSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { startServer } from './serve.mjs'

const appDir = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const port = Number(process.env.BENCH_WEB_PORT ?? 4174)
const stubPort = Number(process.env.BENCH_STUB_PORT ?? 4012)
const origin = `http://127.0.0.1:${port}`
const benchDir = join(appDir, '.bench-dist')
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium'
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]
const PAGES = ['/', '/pricing', '/contact', '/this-page-does-not-exist']
const BARS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 }
const MAX_CLS = 0.02
// A 404 page is meant to answer 404: the one SEO audit about that status cannot pass there.
// Chrome also logs the 404 of the document itself as a console error.
const EXPECTED_ON_404 = new Set(['http-status-code', 'errors-in-console'])

const run = (command, args, env = {}) => {
  const result = spawnSync(command, args, {
    cwd: appDir,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  })
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`)
}

// The canonical origin must be the one measured (Lighthouse fails a canonical on another domain):
// the same build, prerendered again for this origin, in a copy.
if (
  !existsSync(join(appDir, '.ssr', 'template.html')) ||
  !existsSync(join(appDir, 'dist', 'index.html'))
) {
  run('pnpm', ['run', 'build'])
}
rmSync(benchDir, { recursive: true, force: true })
cpSync(join(appDir, 'dist'), benchDir, { recursive: true })
run('node', ['scripts/prerender.mjs'], { PRERENDER_OUT_DIR: benchDir, SITE_ORIGIN: origin })

const stubCommand = process.env.BENCH_STUB_COMMAND ?? 'node ../stub-api/dist/cli.js'
const stub = spawn(stubCommand, {
  cwd: appDir,
  shell: true,
  stdio: 'ignore',
  detached: true,
  env: {
    ...process.env,
    PORT: String(stubPort),
    HOST: '127.0.0.1',
    STUB_MODE: 'test',
    LOG_LEVEL: 'silent',
  },
})
const server = startServer({ root: benchDir, port, upstream: `http://127.0.0.1:${stubPort}` })

async function waitFor(url) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      const response = await fetch(url)
      if (response.ok) return
    } catch {
      // not up yet
    }
    await new Promise((done) => setTimeout(done, 200))
  }
  throw new Error(`${url} did not come up`)
}

const require = createRequire(join(appDir, 'package.json'))
const lighthousePath = require.resolve('lighthouse')
const { default: lighthouse } = await import(pathToFileURL(lighthousePath).href)
const chromeLauncher = await import(
  pathToFileURL(createRequire(lighthousePath).resolve('chrome-launcher')).href
)

const RUNS = Number(process.env.BENCH_RUNS ?? 3)

async function audit(path) {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS })
  try {
    return await lighthouse(`${origin}${path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: Object.keys(BARS),
      // The unknown path answers 404 on purpose: audit the page anyway.
      ignoreStatusCode: true,
    })
  } finally {
    await chrome.kill()
  }
}

let failed = false
const rows = []
try {
  await waitFor(`http://127.0.0.1:${stubPort}/api/health`)
  await waitFor(`${origin}/`)
  for (const path of PAGES) {
    // The median of three runs (by performance score): one run on 2 shared cores is noisy.
    const runs = []
    for (let attempt = 0; attempt < RUNS; attempt += 1) runs.push(await audit(path))
    runs.sort((a, b) => a.lhr.categories.performance.score - b.lhr.categories.performance.score)
    const result = runs[Math.floor(runs.length / 2)]
    {
      const { categories, audits } = result.lhr
      const scores = Object.fromEntries(
        Object.keys(BARS).map((key) => [key, Math.round((categories[key]?.score ?? 0) * 100)]),
      )
      const cls = audits['cumulative-layout-shift']?.numericValue ?? 0
      const isNotFound = path === PAGES[PAGES.length - 1]
      const failing = Object.values(audits)
        .filter(
          (audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary',
        )
        .filter((audit) => !(isNotFound && EXPECTED_ON_404.has(audit.id)))
        .filter((audit) =>
          Object.entries(BARS).some(
            ([key, bar]) =>
              bar === 100 &&
              categories[key]?.auditRefs.some((ref) => ref.id === audit.id && ref.weight > 0),
          ),
        )
        .map((audit) => audit.id)
      const below = Object.entries(BARS).filter(([key, bar]) => scores[key] < bar)
      const excused =
        isNotFound &&
        below.every(([key]) => key === 'seo' || key === 'best-practices') &&
        failing.length === 0
      const ok = (below.length === 0 || excused) && cls <= MAX_CLS
      failed ||= !ok
      const metric = (id) => Math.round(audits[id]?.numericValue ?? 0)
      const timings = `FCP ${metric('first-contentful-paint')} ms, LCP ${metric('largest-contentful-paint')} ms, TBT ${metric('total-blocking-time')} ms`
      rows.push({ path, ...scores, cls: cls.toFixed(3), ok, failing, excused, timings })
    }
  }
} finally {
  server.child.kill('SIGQUIT')
  try {
    process.kill(-stub.pid, 'SIGTERM')
  } catch {
    // already gone
  }
}

console.log('\npage                         perf  a11y  bp    seo   CLS')
for (const row of rows) {
  console.log(
    `${row.ok ? 'ok  ' : 'FAIL'} ${row.path.padEnd(24)} ${String(row.performance).padEnd(5)} ${String(row.accessibility).padEnd(5)} ${String(row['best-practices']).padEnd(5)} ${String(row.seo).padEnd(5)} ${row.cls}` +
      (row.excused
        ? '  (only the 404 status itself is marked: http-status-code, errors-in-console)'
        : '') +
      (row.failing.length ? `  failing: ${row.failing.join(', ')}` : '') +
      `\n     ${row.timings}`,
  )
}
process.exit(failed ? 1 : 0)
