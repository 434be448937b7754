// Adds up the JUnit reports that every test task writes to <package>/reports/*.xml (restored by
// turbo on a cache hit too) and prints one closing line: "tests: N passed, N failed, N skipped".
// A browser test that failed and then passed on its retry counts as passed, and is named above
// that line from the browser suites' JSON reports (reports/*.json), so that no flake goes unseen.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

const root = new URL('../..', import.meta.url).pathname
const packageDirs = ['apps', 'packages']
  .flatMap((group) => readdirSync(join(root, group)).map((name) => join(root, group, name)))
  .concat([
    join(root, 'openapi'),
    ...readdirSync(join(root, 'tools')).map((name) => join(root, 'tools', name)),
  ])

let passed = 0
let failed = 0
let skipped = 0
const rows = []
const flaky = []

/** Playwright's JSON report: the titles of the tests whose outcome was 'flaky'. */
function flakyIn(report, file) {
  const found = []
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? []) {
      if (spec.tests?.some((test) => test.status === 'flaky'))
        found.push(`${file}: ${[...path, spec.title].join(' › ')}`)
    }
    for (const child of suite.suites ?? []) walk(child, [...path, child.title])
  }
  for (const suite of report.suites ?? []) walk(suite, [suite.title])
  return found
}

for (const dir of packageDirs) {
  const reports = join(dir, 'reports')
  if (!existsSync(reports)) continue
  for (const file of readdirSync(reports).filter((name) => name.endsWith('.json'))) {
    const where = join(dir, 'reports', file).slice(root.length)
    try {
      flaky.push(...flakyIn(JSON.parse(readFileSync(join(reports, file), 'utf8')), where))
    } catch (error) {
      // A report cut short (a run killed mid-write) must not hide the counts below.
      console.log(`${where}: not read for flaky tests (${error.message})`)
    }
  }
  for (const file of readdirSync(reports).filter((name) => name.endsWith('.xml'))) {
    const cases = readFileSync(join(reports, file), 'utf8').split('<testcase').slice(1)
    const counts = { passed: 0, failed: 0, skipped: 0 }
    for (const testCase of cases) {
      const body = testCase.slice(0, testCase.indexOf('</testcase>') + 1 || undefined)
      if (/<(failure|error)\b/.test(body)) counts.failed += 1
      else if (/<skipped\b/.test(body)) counts.skipped += 1
      else counts.passed += 1
    }
    passed += counts.passed
    failed += counts.failed
    skipped += counts.skipped
    rows.push(
      `  ${join(dir, 'reports', file).slice(root.length)}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`,
    )
  }
}
console.log(`\nTest reports:\n${rows.join('\n')}`)
if (flaky.length > 0)
  console.log(
    `Passed only on their retry (flaky):\n${flaky.map((title) => `  ${title}`).join('\n')}`,
  )
console.log(
  `tests: ${passed} passed, ${failed} failed, ${skipped} skipped${flaky.length > 0 ? ` (${flaky.length} of them flaky)` : ''}`,
)
process.exit(failed > 0 || passed === 0 ? 1 : 0)
