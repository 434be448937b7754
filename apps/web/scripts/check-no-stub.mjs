// Proves that the stub in the browser stays out of the production build: dist/ holds no MSW worker
// script and no file with a marker of the stub's code (scripts/site.mjs). With --demo it proves the
// opposite of dist-demo/ (the worker and every marker are there), so the markers stay real: a
// marker the stub no longer carries fails the demo build instead of silently passing this check.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { BROWSER_STUB_MARKERS, MSW_WORKER_FILE } from './site.mjs'

const appDir = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const demo = process.argv.includes('--demo')
const root = join(appDir, demo ? 'dist-demo' : 'dist')
// The compressed copies repeat their original; source maps would name the stub's files.
const TEXT_FILE = /\.(?:html|js|mjs|css|json|txt|xml|svg|map|webmanifest)$/

function* files(directory) {
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name)
    if (entry.isDirectory()) yield* files(path)
    else yield path
  }
}

if (!existsSync(join(root, 'index.html'))) {
  console.error(`No build in ${relative(appDir, root)}/: build it first`)
  process.exit(2)
}

const workers = []
const found = new Map(BROWSER_STUB_MARKERS.map((marker) => [marker, []]))
for (const file of files(root)) {
  const name = relative(root, file)
  if (name.endsWith(MSW_WORKER_FILE)) workers.push(name)
  if (!TEXT_FILE.test(file)) continue
  const text = readFileSync(file, 'utf8')
  for (const marker of BROWSER_STUB_MARKERS) if (text.includes(marker)) found.get(marker).push(name)
}

const where = relative(appDir, root)
if (demo) {
  const missing = [...found].filter(([, names]) => names.length === 0).map(([marker]) => marker)
  if (workers.length === 0) console.log(`FAIL ${where}/ has no ${MSW_WORKER_FILE}`)
  for (const marker of missing) console.log(`FAIL no file of ${where}/ contains "${marker}"`)
  const failed = workers.length === 0 || missing.length > 0
  if (!failed) {
    console.log(
      `ok   ${where}/ carries the stub: ${MSW_WORKER_FILE} and all ${BROWSER_STUB_MARKERS.length} markers`,
    )
  }
  process.exit(failed ? 1 : 0)
}

const leaks = [...found].filter(([, names]) => names.length > 0)
for (const name of workers) console.log(`FAIL ${where}/${name}: the MSW worker in production`)
for (const [marker, names] of leaks) console.log(`FAIL "${marker}" in ${names.join(', ')}`)
if (workers.length === 0 && leaks.length === 0) {
  console.log(
    `ok   ${where}/ is free of the stub: no ${MSW_WORKER_FILE}, none of ${BROWSER_STUB_MARKERS.length} markers`,
  )
}
process.exit(workers.length > 0 || leaks.length > 0 ? 1 : 0)
