// The JavaScript a prerendered page loads (module scripts and modulepreloads), gzipped and summed;
// exits non-zero when a page is over its budget. Figures go to stdout (recorded in docs/benchmarks.md)
// with the brotli copies nginx actually sends (scripts/compress.mjs); e2e/budget.spec.ts counts
// those as a browser receives them.
import { existsSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { PRERENDERED_ROUTES } from './site.mjs'

const appDir = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const distDir = join(appDir, 'dist')
const KB = 1024
/** Budgets in gzip bytes: the home page's is the 130 KB; other pages carry their forms. */
const BUDGETS = { '/': 130 * KB, default: 140 * KB }
/** Chunks that must never be part of a first load (auth, account and admin code). */
const FORBIDDEN = [
  /auth-dialog/,
  /technical/,
  /admin/,
  /changeprofile/,
  /toaster/,
  /^assets\/dist-/,
]

function loadedScripts(html) {
  const sources = new Set()
  for (const match of html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g))
    sources.add(match[1])
  for (const match of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g))
    sources.add(match[1])
  return [...sources]
}

const format = (bytes) => `${(bytes / KB).toFixed(2)} KB`
let failed = false
for (const route of PRERENDERED_ROUTES) {
  const html = readFileSync(join(distDir, route.file), 'utf8')
  const rows = loadedScripts(html).map((src) => {
    const file = src.replace(/^\//, '')
    const content = readFileSync(join(distDir, file))
    const brotliCopy = join(distDir, `${file}.br`)
    const brotli = existsSync(brotliCopy) ? statSync(brotliCopy).size : content.length
    return { file, raw: content.length, gzip: gzipSync(content, { level: 9 }).length, brotli }
  })
  const total = rows.reduce((sum, row) => sum + row.gzip, 0)
  const brotliTotal = rows.reduce((sum, row) => sum + row.brotli, 0)
  const budget = BUDGETS[route.path] ?? BUDGETS.default
  const over = total > budget
  const forbidden = rows.filter((row) => FORBIDDEN.some((pattern) => pattern.test(row.file)))
  if (route.path === '/') {
    for (const row of rows.sort((a, b) => b.gzip - a.gzip)) {
      console.log(
        `  ${row.file.padEnd(42)} ${format(row.raw).padStart(10)} raw ${format(row.gzip).padStart(10)} gzip ${format(row.brotli).padStart(10)} brotli`,
      )
    }
  }
  console.log(
    `${over || forbidden.length ? 'FAIL' : 'ok  '} ${route.path.padEnd(26)} ${rows.length} scripts, ${format(total)} gzip (budget ${format(budget)}), ${format(brotliTotal)} brotli`,
  )
  for (const row of forbidden) console.log(`     ${row.file} must not load on ${route.path}`)
  failed ||= over || forbidden.length > 0
}
process.exit(failed ? 1 : 0)
