// The shared turbo cache, proven by the test command (test.sh) on every run:
//   prepare DIR   before the pipeline: DIR becomes a clean copy of this tree (its tracked and
//                 unignored files, committed in a git repository of its own), as a second CI
//                 runner's clone would be;
//   verify DIR -- TASKS...
//                 after the pipeline ran here against the remote cache (TURBO_API, TURBO_TOKEN,
//                 TURBO_TEAM): the same turbo run in DIR takes every task from that cache and runs
//                 none; then, after a change to one source file of packages/domain, a dry run must
//                 re-run exactly the tasks of that package, of the packages that depend on it and of
//                 the root, and still take every other task from the cache. Between the two, a used
//                 tree is proven (see byproducts below);
//   byproducts -- TASKS...
//                 that proof alone, on a fresh copy of this tree: what builds and runs leave in a tree
//                 (every path .gitignore names, planted in a copy) changes no task's hash.
// verify writes reports/remote-cache.xml (JUnit), which the closing summary counts. A task that
// would miss the cache in the copy is named with what made its hash differ from the tree's: the
// input files, the dependency or the setting (the tree's hashes are those of the pipeline's run
// summary, .turbo/runs, which test.sh asks turbo for).
import { execFileSync, spawnSync } from 'node:child_process'
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

const root = new URL('../..', import.meta.url).pathname
const turbo = join(root, 'node_modules', '.bin', 'turbo')
/** The package whose change the last step makes, and the file it changes. */
const CHANGED_PACKAGE = '@devenv/domain'
const CHANGED_FILE = 'packages/domain/src/index.ts'
/** A bound against a hang only: a run of cache hits takes seconds. */
const TURBO_BOUND_MS = 10 * 60_000

/** dir becomes a clean copy of the tree at `from` (this tree unless said otherwise). */
function prepare(dir, from = root) {
  mkdirSync(dir, { recursive: true })
  const files = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    {
      cwd: from,
      maxBuffer: 64 * 1024 * 1024,
    },
  )
  // A tracked file deleted here is no part of the tree: tar skips it.
  const archive = execFileSync(
    'tar',
    ['--null', '--ignore-failed-read', '--files-from=-', '--create', '--file=-'],
    {
      cwd: from,
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
  if (run.status !== 0) {
    // Turbo prints a failed task's own output on stdout: its last lines say why.
    const tail = `${run.stdout ?? ''}\n${run.stderr ?? ''}`.trim().split('\n').slice(-40).join('\n')
    throw new Error(
      `turbo ${args.join(' ')} in ${dir} ended with ${run.status ?? run.signal}:\n${tail}`,
    )
  }
  return run.stdout
}

/** The summary of the newest turbo run in dir (`--summarize` writes one into .turbo/runs). */
function latestSummary(dir) {
  const runs = join(dir, '.turbo', 'runs')
  if (!existsSync(runs)) return null
  const newest = readdirSync(runs)
    .filter((name) => name.endsWith('.json'))
    .map((name) => join(runs, name))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0]
  return newest ? JSON.parse(readFileSync(newest, 'utf8')) : null
}

/** A bound on the lines that name one task's differing files: the first few say enough. */
const LISTED_FILES = 15

/** The files whose hashes differ between two of turbo's `inputs` maps (path -> hash). */
function fileDifferences(tree, copy) {
  const lines = []
  for (const path of new Set([...Object.keys(tree), ...Object.keys(copy)]).values()) {
    if (tree[path] === copy[path]) continue
    if (!(path in copy)) lines.push(`only in the tree: ${path}`)
    else if (!(path in tree)) lines.push(`only in the copy: ${path}`)
    else lines.push(`content differs: ${path}`)
  }
  return lines.sort()
}

/** Whether git ignores each of paths (relative to dir). */
function ignoredBy(dir, paths) {
  if (paths.length === 0) return new Set()
  const run = spawnSync('git', ['check-ignore', '--no-index', '-z', '--stdin'], {
    cwd: dir,
    input: paths.join('\0'),
    encoding: 'utf8',
  })
  return new Set((run.stdout ?? '').split('\0').filter(Boolean))
}

/**
 * Why each task of `copy` (a dry run or summary of the copy) has another hash than the same task
 * in `tree` (the tree's run summary): a map from taskId to lines. A task whose own inputs are equal
 * differs through a dependency, which is named; turbo's global inputs differ for every task.
 */
function hashDifferences(tree, copy, treeDir) {
  const treeTasks = new Map(tree.tasks.map((task) => [task.taskId, task]))
  const copyTasks = new Map(copy.tasks.map((task) => [task.taskId, task]))
  const globalLines = fileDifferences(
    tree.globalCacheInputs?.files ?? {},
    copy.globalCacheInputs?.files ?? {},
  ).map((line) => `global input ${line}`)
  for (const field of ['hashOfExternalDependencies', 'environmentVariables'])
    if (
      JSON.stringify(tree.globalCacheInputs?.[field]) !==
      JSON.stringify(copy.globalCacheInputs?.[field])
    )
      globalLines.push(`global ${field} differ`)
  const differing = new Map()
  for (const [id, task] of copyTasks) {
    const before = treeTasks.get(id)
    if (!before) {
      differing.set(id, ['the tree ran no such task'])
      continue
    }
    if (before.hash === task.hash) continue
    const lines = fileDifferences(before.inputs ?? {}, task.inputs ?? {})
    for (const field of [
      'hashOfExternalDependencies',
      'environmentVariables',
      'resolvedTaskDefinition',
      'cliArguments',
    ])
      if (JSON.stringify(before[field]) !== JSON.stringify(task[field]))
        lines.push(
          `${field} differ: tree ${JSON.stringify(before[field])}, copy ${JSON.stringify(task[field])}`,
        )
    differing.set(id, lines)
  }
  // What git ignores in the tree is a byproduct of a build or a run (dev, preview, a test): the
  // copy cannot hold it, so a task that takes it as an input can never be shared.
  const onlyInTree = [...differing.values()]
    .flat()
    .filter((line) => line.startsWith('only in the tree: '))
    .map((line) => line.slice('only in the tree: '.length))
  const ignored = ignoredBy(treeDir, onlyInTree)
  for (const [id, lines] of differing) {
    const annotated = lines.map((line) => {
      const path = line.slice('only in the tree: '.length)
      return line.startsWith('only in the tree: ') && ignored.has(path)
        ? `${IGNORED_ONLY_IN_TREE}${path}`
        : line
    })
    if (annotated.length === 0) {
      const deps = (copyTasks.get(id).dependencies ?? []).filter((dep) => differing.has(dep))
      annotated.push(
        ...(deps.length > 0
          ? [`its own inputs are equal; it depends on ${deps.join(', ')}, which differ`]
          : globalLines.length > 0
            ? globalLines
            : ['its inputs, settings and dependencies are equal, yet the hash differs']),
      )
    }
    differing.set(id, annotated)
  }
  return differing
}

const IGNORED_ONLY_IN_TREE = 'only in the tree, git-ignored: '

/**
 * One message naming each task and what differs. The files are bounded to LISTED_FILES a task;
 * the rest are counted by folder, which names the byproduct (`apps/web/.ssr`) as well as a list.
 */
function describeDifferences(differing, ids) {
  return ids
    .map((id) => {
      const lines = differing.get(id) ?? ['its hash is the same in the tree and the copy']
      const shown = lines.slice(0, LISTED_FILES)
      if (lines.length > shown.length) {
        const folders = new Map()
        for (const line of lines.slice(LISTED_FILES)) {
          const path = line.slice(line.indexOf(': ') + 2)
          const folder = dirname(path).split('/').slice(0, 3).join('/')
          folders.set(folder, (folders.get(folder) ?? 0) + 1)
        }
        const counted = [...folders].map(([folder, count]) => `${folder}/ ${count}`).join(', ')
        shown.push(`… and ${lines.length - shown.length} more (by folder: ${counted})`)
      }
      if (lines.some((line) => line.startsWith(IGNORED_ONLY_IN_TREE)))
        shown.push(
          "git ignores these: byproducts of a build or a run (dev, preview, a test), which a clean clone never has; the task's inputs in turbo.json must not take them",
        )
      return `${id}:\n${shown.map((line) => `    ${line}`).join('\n')}`
    })
    .join('\n')
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

/** The text of each planted byproduct; what matters is only that a clean clone lacks it. */
const PLANTED = 'planted by remote-cache.mjs: a byproduct of a used tree\n'

/**
 * What dev, preview, a build or a test leaves in a tree is what .gitignore names (a byproduct it
 * missed would show in `git status`, and a clean copy takes it along, so hashes stay equal).
 * Plants into dir one byproduct for each pattern of each .gitignore: in the .gitignore's folder,
 * and for a pattern without a slash in every workspace package below it too (`.turbo/`, `dist/`,
 * `*.tsbuildinfo` are written in each package). A folder gets a Markdown, a TypeScript and a JSON
 * file, which the broadest inputs (lint:root's) would take. Returns the planted paths.
 */
function plantByproducts(dir) {
  const tracked = (pattern) =>
    execFileSync('git', ['ls-files', '-z', '--', pattern], { cwd: dir, encoding: 'utf8' })
      .split('\0')
      .filter(Boolean)
  const packages = [...tracked('package.json'), ...tracked('**/package.json')].map(dirname)
  const planted = []
  const plant = (path) => {
    if (existsSync(path) && !statSync(path).isDirectory()) return
    mkdirSync(dirname(path), { recursive: true })
    writeFileSync(path, PLANTED)
    planted.push(path.slice(dir.length + 1))
  }
  for (const ignoreFile of [...tracked('.gitignore'), ...tracked('**/.gitignore')]) {
    const base = dirname(ignoreFile)
    for (const raw of readFileSync(join(dir, ignoreFile), 'utf8').split('\n')) {
      const line = raw.trim()
      if (line === '' || line.startsWith('#') || line.startsWith('!')) continue
      const folder = line.endsWith('/')
      const pattern = line.replace(/\/+$/, '')
      const anchored = pattern.includes('/')
      const concrete = pattern
        .replace(/^\//, '')
        .replace(/\*\*/g, 'planted')
        .replace(/\*/g, 'planted')
        .replace(/\?/g, 'x')
        .replace(/\[[^\]]*\]/g, 'x')
      const bases = anchored
        ? [base]
        : [base, ...packages.filter((pkg) => base === '.' || pkg.startsWith(`${base}/`))]
      for (const at of new Set(bases)) {
        const target = join(dir, at, concrete)
        if (folder || (existsSync(target) && statSync(target).isDirectory()))
          for (const name of ['planted.md', 'planted.ts', 'planted.json']) plant(join(target, name))
        else plant(target)
      }
    }
  }
  return planted
}

const BYPRODUCTS_STEP =
  "a used tree's byproducts (each path .gitignore names, planted) change no task's hash"

/**
 * The proof in a used tree: a copy of the clean tree `clean` with byproducts planted, and a clean
 * copy made of that as `prepare` makes one, plan every task with the same hashes. A task whose
 * inputs take what git ignores fails it, named with the files.
 */
function byproductsKeepHashes(clean, tasks) {
  const scratch = mkdtempSync(join(tmpdir(), 'devenv-used-tree-'))
  try {
    const used = join(scratch, 'used')
    const copy = join(scratch, 'copy')
    cpSync(clean, used, { recursive: true })
    const planted = plantByproducts(used)
    prepare(copy, used)
    // Hashes only: no cache is asked.
    const plan = (at) => JSON.parse(runTurbo(at, [...tasks, '--dry=json', '--cache=local:']))
    const usedPlan = plan(used)
    const copyPlan = plan(copy)
    const differing = hashDifferences(usedPlan, copyPlan, used)
    if (differing.size > 0)
      throw new Error(
        `${differing.size} task(s) hash differently in a used tree (${planted.length} byproducts planted) and in its clean copy: ${[...differing.keys()].join(', ')}\n${describeDifferences(differing, [...differing.keys()])}`,
      )
    return `${planted.length} byproducts planted in a used tree change none of ${realTasks(copyPlan.tasks).length} tasks' hashes`
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
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
    // Asked first without running: a task the copy would miss cannot run there (the copy has no
    // node_modules), and its failure would not say why. What differs from the pipeline's run in
    // this tree (its summary) does.
    const tree = latestSummary(root)
    const planned = JSON.parse(runTurbo(dir, [...tasks, '--dry=json']))
    const wouldMiss = realTasks(planned.tasks).filter((task) => task.cache.status !== 'HIT')
    if (wouldMiss.length > 0) {
      const why = tree
        ? describeDifferences(
            hashDifferences(tree, planned, root),
            wouldMiss.map((task) => task.taskId),
          )
        : `(the pipeline's run summary is missing from ${join(root, '.turbo', 'runs')}: no inputs to compare)`
      throw new Error(
        `${wouldMiss.length} task(s) would miss the remote cache in the copy: ${wouldMiss.map((task) => task.taskId).join(', ')}\n` +
          `What differs between this tree (the pipeline's run) and the clean copy:\n${why}`,
      )
    }
    runTurbo(dir, [...tasks, '--concurrency=2', '--summarize'])
    const summary = latestSummary(dir)
    const all = realTasks(summary.tasks)
    const missed = all.filter(
      (task) => task.cache.status !== 'HIT' || task.cache.source !== 'REMOTE',
    )
    if (missed.length > 0)
      throw new Error(
        `not from the remote cache: ${missed.map((task) => task.taskId).join(', ')}\n${
          tree
            ? describeDifferences(
                hashDifferences(tree, summary, root),
                missed.map((task) => task.taskId),
              )
            : ''
        }`,
      )
    const count = all.length
    const tests = all.filter((task) => task.task.startsWith('test')).length
    return `${count} of ${count} tasks (${tests} of them tests) came from the cache in a second clone, none ran`
  })

  step(BYPRODUCTS_STEP, () => byproductsKeepHashes(dir, tasks))

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

/** The byproducts' proof alone, on a fresh copy of this tree (no cache server needed). */
function byproductsOnly(tasks) {
  const clean = mkdtempSync(join(tmpdir(), 'devenv-clean-tree-'))
  try {
    prepare(clean)
    console.log(`remote cache: ${byproductsKeepHashes(clean, tasks)}`)
    return true
  } catch (error) {
    console.log(`remote cache: FAILED ${BYPRODUCTS_STEP}\n${error.message}`)
    return false
  } finally {
    rmSync(clean, { recursive: true, force: true })
  }
}

const [command, ...rest] = process.argv.slice(2)
const tasksAfter = (args) => (args[0] === '--' ? args.slice(1) : [])
if (command === 'prepare' && rest.length === 1) prepare(rest[0])
else if (command === 'verify' && rest.length > 1 && tasksAfter(rest.slice(1)).length > 0)
  process.exitCode = verify(rest[0], tasksAfter(rest.slice(1))) ? 0 : 1
else if (command === 'byproducts' && tasksAfter(rest).length > 0)
  process.exitCode = byproductsOnly(tasksAfter(rest)) ? 0 : 1
else {
  console.error(
    'usage: remote-cache.mjs prepare DIR | verify DIR -- TASK... | byproducts -- TASK...',
  )
  process.exitCode = 2
}
