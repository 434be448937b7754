// The shared turbo cache, proven by the test command (test.sh) on every run:
//   prepare DIR   before the pipeline: DIR becomes a clean copy of this tree (its tracked and
//                 unignored files, committed in a git repository of its own), as a second CI
//                 runner's clone would be;
//   verify DIR -- TASKS...
//                 after the pipeline ran here against the remote cache (TURBO_API, TURBO_TOKEN,
//                 TURBO_TEAM): the same turbo run in DIR takes every task from that cache and runs
//                 none; then, after a change to one source file of packages/domain, a dry run must
//                 re-run exactly the tasks of that package, of the packages that depend on it and of
//                 the root, and still take every other task from the cache.
// verify writes reports/remote-cache.xml (JUnit), which the closing summary counts.
import { execFileSync, spawnSync } from 'node:child_process'
import { appendFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const root = new URL('../..', import.meta.url).pathname
const turbo = join(root, 'node_modules', '.bin', 'turbo')
/** The package whose change the last step makes, and the file it changes. */
const CHANGED_PACKAGE = '@devenv/domain'
const CHANGED_FILE = 'packages/domain/src/index.ts'
/** A bound against a hang only: a run of cache hits takes seconds. */
const TURBO_BOUND_MS = 10 * 60_000

function prepare(dir) {
  mkdirSync(dir, { recursive: true })
  const files = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    {
      cwd: root,
      maxBuffer: 64 * 1024 * 1024,
    },
  )
  // A tracked file deleted here is no part of the tree: tar skips it.
  const archive = execFileSync(
    'tar',
    ['--null', '--ignore-failed-read', '--files-from=-', '--create', '--file=-'],
    {
      cwd: root,
      input: files,
      maxBuffer: 1024 * 1024 * 1024,
    },
  )
  execFileSync('tar', ['--extract', '--file=-'], { cwd: dir, input: archive })
  const git = (...args) =>
    execFileSync('git', ['-c', 'user.name=ci', '-c', 'user.email=ci@localhost', ...args], {
      cwd: dir,
      stdio: 'ignore',
    })
  git('init', '--quiet')
  git('add', '--all')
  git('commit', '--quiet', '--no-verify', '--message', 'the tree under test')
}

/** One turbo run in dir; its output is kept for a failure's message. */
function runTurbo(dir, args) {
  const run = spawnSync(turbo, ['run', ...args], {
    cwd: dir,
    encoding: 'utf8',
    timeout: TURBO_BOUND_MS,
    maxBuffer: 256 * 1024 * 1024,
  })
  if (run.status !== 0)
    throw new Error(
      `turbo ${args.join(' ')} ended with ${run.status ?? run.signal}:\n${run.stderr}`,
    )
  return run.stdout
}

/** Tasks that run a script (turbo lists `transit` and absent scripts too). */
const realTasks = (tasks) => tasks.filter((task) => task.command !== '<NONEXISTENT>')

/** The workspace packages that depend on `name`, directly or not, from their manifests. */
function dependantsOf(name, dir) {
  const manifests = []
  for (const group of ['apps', 'packages', 'tools'])
    for (const entry of readdirSync(join(dir, group), { withFileTypes: true }))
      if (entry.isDirectory()) manifests.push(join(dir, group, entry.name, 'package.json'))
  manifests.push(join(dir, 'openapi', 'package.json'))
  const graph = new Map()
  for (const path of manifests) {
    let manifest
    try {
      manifest = JSON.parse(readFileSync(path, 'utf8'))
    } catch {
      continue
    }
    const deps = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies })
    graph.set(manifest.name, deps)
  }
  const found = new Set([name])
  for (let grew = true; grew; ) {
    grew = false
    for (const [pkg, deps] of graph)
      if (!found.has(pkg) && deps.some((dep) => found.has(dep))) {
        found.add(pkg)
        grew = true
      }
  }
  return found
}

function verify(dir, tasks) {
  const results = []
  const step = (name, body) => {
    const started = Date.now()
    try {
      const said = body()
      const ms = Date.now() - started
      results.push({ name, ms })
      console.log(`remote cache: ${said} (${(ms / 1000).toFixed(1)} s)`)
    } catch (error) {
      results.push({ name, ms: Date.now() - started, failure: error.message })
      console.log(`remote cache: FAILED ${name}\n${error.message}`)
    }
  }

  step('a second clean clone takes every task from the remote cache and runs none', () => {
    runTurbo(dir, [...tasks, '--concurrency=2', '--summarize'])
    const runs = join(dir, '.turbo', 'runs')
    const summary = JSON.parse(readFileSync(join(runs, readdirSync(runs)[0]), 'utf8'))
    const all = realTasks(summary.tasks)
    const missed = all.filter(
      (task) => task.cache.status !== 'HIT' || task.cache.source !== 'REMOTE',
    )
    if (missed.length > 0)
      throw new Error(`not from the remote cache: ${missed.map((task) => task.taskId).join(', ')}`)
    const count = all.length
    const tests = all.filter((task) => task.task.startsWith('test')).length
    return `${count} of ${count} tasks (${tests} of them tests) came from the cache in a second clone, none ran`
  })

  step(
    `a change to ${CHANGED_FILE} re-runs its package's and its dependants' tasks, and only those`,
    () => {
      appendFileSync(join(dir, CHANGED_FILE), '\n// A change the remote cache round trip makes.\n')
      const dry = JSON.parse(runTurbo(dir, [...tasks, '--dry=json']))
      const affected = dependantsOf(CHANGED_PACKAGE, dir)
      affected.add('//')
      // Of the root's tasks, lint:root reads the whole tree; the contract gate reads only the
      // contract, its changelog and the diff, so a change to the domain leaves it cached.
      const expectsMiss = (task) =>
        task.package === '//' ? task.taskId === '//#lint:root' : affected.has(task.package)
      const all = realTasks(dry.tasks)
      const wrong = all.filter((task) => (task.cache.status === 'MISS') !== expectsMiss(task))
      if (wrong.length > 0)
        throw new Error(
          wrong
            .map(
              (task) =>
                `${task.taskId}: ${task.cache.status}, expected ${expectsMiss(task) ? 'MISS' : 'HIT'}`,
            )
            .join('\n'),
        )
      const rerun = all.filter((task) => task.cache.status === 'MISS')
      const hit = all.length - rerun.length
      return `a change in ${CHANGED_FILE} re-runs ${rerun.length} tasks of ${[...affected].join(', ')}; ${hit} others still come from the cache`
    },
  )

  const xml = (text) =>
    text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c])
  const cases = results.map(
    ({ name, ms, failure }) =>
      `  <testcase classname="remote-cache" name="${xml(name)}" time="${ms / 1000}">${failure ? `<failure message="${xml(failure.split('\n')[0])}">${xml(failure)}</failure>` : ''}</testcase>`,
  )
  const failures = results.filter((result) => result.failure).length
  mkdirSync(join(root, 'reports'), { recursive: true })
  writeFileSync(
    join(root, 'reports', 'remote-cache.xml'),
    `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites>\n<testsuite name="remote cache" tests="${results.length}" failures="${failures}">\n${cases.join('\n')}\n</testsuite>\n</testsuites>\n`,
  )
  return failures === 0
}

const [command, dir, separator, ...tasks] = process.argv.slice(2)
if (command === 'prepare' && dir) prepare(dir)
else if (command === 'verify' && dir && separator === '--' && tasks.length > 0)
  process.exitCode = verify(dir, tasks) ? 0 : 1
else {
  console.error('usage: remote-cache.mjs prepare DIR | verify DIR -- TASK...')
  process.exitCode = 2
}
