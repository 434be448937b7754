// Adds up the JUnit reports that every test task writes to <package>/reports/*.xml (restored by
// turbo on a cache hit too) and prints one closing line: "tests: N passed, N failed, N skipped".
// A browser test that failed and then passed on its retry counts as passed, and is named above
// that line from the browser suites' JSON reports (reports/*.json), so that no flake goes unseen.
// Above them, what the run cost: the ten costliest turbo tasks and test files in CPU-seconds, and
// the five tests that came nearest their bound (tools/scripts/costs/), so that drift shows itself.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

const root = new URL('../..', import.meta.url).pathname
const packageDirs = ['apps', 'packages']
  .flatMap((group) => readdirSync(join(root, group)).map((name) => join(root, group, name)))
  .concat([
    join(root, 'openapi'),
    ...readdirSync(join(root, 'tools')).map((name) => join(root, 'tools', name)),
    // The root's own: the remote cache round trip (remote-cache.mjs).
    root.replace(/\/$/, ''),
  ])

const TOP = 10
const TIGHTEST = 5

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`

/**
 * The ten costliest turbo tasks (reports/task-cpu.tsv, written by costs/task-cpu.sh; a cached task
 * ran nothing and costs nothing) and test files (reports/*.costs.json, from costs/reporter.ts), and
 * the five tests whose bound was nearest their duration. Browser spec files have no figure of their
 * own: their CPU (Chromium's included) is in their package's test:e2e task.
 */
function printCosts() {
  const taskLog = join(root, 'reports', 'task-cpu.tsv')
  const tasks = existsSync(taskLog)
    ? readFileSync(taskLog, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => {
          const [task, cpuSeconds, how] = line.split('\t')
          return { task, cpuMs: Number(cpuSeconds) * 1000, how }
        })
        .filter(({ cpuMs }) => Number.isFinite(cpuMs))
    : []
  const files = []
  const tests = []
  for (const dir of packageDirs) {
    const reports = join(dir, 'reports')
    if (!existsSync(reports)) continue
    for (const name of readdirSync(reports).filter((file) => file.endsWith('.costs.json'))) {
      const where = dir.slice(root.length)
      try {
        const costs = JSON.parse(readFileSync(join(reports, name), 'utf8'))
        for (const file of costs.files) files.push({ ...file, file: join(where, file.file) })
        for (const test of costs.tests) tests.push({ ...test, file: join(where, test.file) })
      } catch (error) {
        console.log(`${join(where, 'reports', name)}: not read for costs (${error.message})`)
      }
    }
  }
  if (tasks.length > 0) {
    const total = tasks.reduce((sum, { cpuMs }) => sum + cpuMs, 0)
    // task-cpu.sh counts a task's every process where it may make a cgroup, else those it waited for.
    const how = tasks.every((task) => task.how === 'cgroup')
      ? 'every process of each'
      : 'the processes each waited for'
    console.log(
      `\nCPU time, the ${TOP} costliest tasks (all ${tasks.length}: ${seconds(total)}, ${how}):`,
    )
    for (const { task, cpuMs } of tasks.sort((a, b) => b.cpuMs - a.cpuMs).slice(0, TOP))
      console.log(`  ${seconds(cpuMs).padStart(8)}  ${task}`)
  }
  const measured = files.filter(({ cpuMs }) => cpuMs !== null)
  if (measured.length > 0) {
    console.log(`\nCPU time, the ${TOP} costliest test files (of ${measured.length}):`)
    for (const { file, cpuMs, wallMs } of measured.sort((a, b) => b.cpuMs - a.cpuMs).slice(0, TOP))
      console.log(`  ${seconds(cpuMs).padStart(8)}  ${file} (${seconds(wallMs)} wall)`)
  }
  const bounded = [...tests, ...browserBounds].filter(
    ({ boundMs, durationMs }) => boundMs && durationMs > 0,
  )
  if (bounded.length > 0) {
    console.log(
      `\nThe ${TIGHTEST} tests nearest their bound (duration in this run against the bound):`,
    )
    for (const { file, name, durationMs, boundMs } of bounded
      .sort((a, b) => b.durationMs / b.boundMs - a.durationMs / a.boundMs)
      .slice(0, TIGHTEST))
      console.log(
        `  ${`${(boundMs / durationMs).toFixed(1)}x`.padStart(7)}  ${seconds(durationMs)} of ${seconds(boundMs)}  ${file}: ${name}`,
      )
  }
}

let passed = 0
let failed = 0
let skipped = 0
const rows = []
const flaky = []
/** Browser tests' durations and bounds, ranked with the Vitest tests' by printCosts. */
const browserBounds = []

/**
 * Playwright's JSON report: each test's title, outcome ('flaky' for one that passed on its retry),
 * and the duration of its last try against its bound.
 */
function browserTests(report, file) {
  const found = []
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const last = test.results?.at(-1)
        found.push({
          file,
          name: [...path, spec.title].join(' › '),
          status: test.status,
          durationMs: last?.duration ?? 0,
          boundMs: test.timeout ?? null,
        })
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...path, child.title])
  }
  for (const suite of report.suites ?? []) walk(suite, [suite.title])
  return found
}

for (const dir of packageDirs) {
  const reports = join(dir, 'reports')
  if (!existsSync(reports)) continue
  for (const file of readdirSync(reports).filter(
    (name) => name.endsWith('.json') && !name.endsWith('.costs.json'),
  )) {
    const where = join(dir, 'reports', file).slice(root.length)
    try {
      const found = browserTests(JSON.parse(readFileSync(join(reports, file), 'utf8')), where)
      browserBounds.push(...found)
      flaky.push(
        ...found.filter(({ status }) => status === 'flaky').map(({ name }) => `${where}: ${name}`),
      )
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
printCosts()
console.log(`\nTest reports:\n${rows.join('\n')}`)
if (flaky.length > 0)
  console.log(
    `Passed only on their retry (flaky):\n${flaky.map((title) => `  ${title}`).join('\n')}`,
  )
console.log(
  `tests: ${passed} passed, ${failed} failed, ${skipped} skipped${flaky.length > 0 ? ` (${flaky.length} of them flaky)` : ''}`,
)
process.exit(failed > 0 || passed === 0 ? 1 : 0)
