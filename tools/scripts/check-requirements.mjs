// Part of lint:root: every requirement of docs/requirements.md is cited by at least one test that
// proves it, and every requirement id a test cites is in the register. A requirement no test names
// is a promise nobody checks; an id the register lacks points a reader nowhere.
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'

const root = new URL('../..', import.meta.url).pathname
const REGISTER = 'docs/requirements.md'

// An entry of the register is a list item that opens with its id in bold: `- **AUTH-5** ...`.
const registered = [
  ...readFileSync(join(root, REGISTER), 'utf8').matchAll(/^- \*\*([A-Z]+-\d+)\*\*/gm),
].map((match) => match[1])
const problems = []
const seen = new Set()
for (const id of registered) {
  if (seen.has(id)) problems.push(`${REGISTER}: ${id} is defined twice`)
  seen.add(id)
}
if (registered.length === 0) problems.push(`${REGISTER}: no requirement ids found`)

const SKIPPED = new Set(['node_modules', 'dist', 'reports', 'coverage', 'test-results'])
const TEST_FILE = /\.(test\.tsx?|spec\.ts)$/

function testFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIPPED.has(entry.name) || entry.name.startsWith('.')) return []
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return testFiles(path)
    return TEST_FILE.test(entry.name) ? [path] : []
  })
}

// Only the register's areas are ids here: `UTF-8` or `ES-2022` in a test is no citation.
const areas = [...new Set(registered.map((id) => id.slice(0, id.indexOf('-'))))]
const CITED = new RegExp(`\\b(?:${areas.join('|')})-\\d+\\b`, 'g')

const citedBy = new Map()
const files = testFiles(root)
for (const file of files) {
  const name = relative(root, file)
  const text = readFileSync(file, 'utf8')
  for (const [id] of text.matchAll(CITED)) {
    if (!citedBy.has(id)) citedBy.set(id, new Set())
    citedBy.get(id).add(name)
  }
}

for (const id of registered) {
  if (!citedBy.has(id)) problems.push(`${REGISTER}: ${id} is cited by no test`)
}
for (const [id, citing] of citedBy) {
  if (seen.has(id)) continue
  for (const file of citing) problems.push(`${file}: cites ${id}, which ${REGISTER} does not hold`)
}

if (problems.length > 0) {
  for (const line of problems) console.error(line)
  console.error(`Requirements: ${problems.length} problem(s).`)
  process.exit(1)
}
console.log(
  `The ${registered.length} requirements are each cited by a test; ${files.length} test files cite no other id.`,
)
