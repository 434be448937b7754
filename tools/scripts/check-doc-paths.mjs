// Part of lint:root: every file of the repository that the documentation names by its path from
// the root (apps/…, packages/…, openapi/…, tools/…, docs/…) exists. Files move; a record or a
// security finding that cites a test by a path that is gone can no longer be checked by a reader.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'

const root = new URL('../..', import.meta.url).pathname

// The repository's own Markdown: what git tracks or would track. A page a run writes (a test's
// error context under test-results/) is git-ignored, outside lint:root's inputs, and no part of it.
function markdownFiles() {
  const listed = spawnSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', '*.md'],
    { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  )
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`)
  return listed.stdout
    .split('\0')
    .filter((path) => path !== '' && existsSync(join(root, path)))
    .map((path) => join(root, path))
}

// A path from the root, not the end of a URL (`/docs/openapi.yaml` is an address of the stub).
const CITED = /(?<![\w/.-])(?:apps|packages|openapi|tools|docs)\/[\w@./-]*\w/g
// Only files: a name with an extension in its last segment (folders are cited with a slash).
const isFile = (path) => /\.\w+$/.test(path.slice(path.lastIndexOf('/') + 1))
// What a build or a run writes (the packed CLI, a cache) is named before it exists: git ignores it.
const isBuildOutput = (path) =>
  spawnSync('git', ['check-ignore', '-q', path], { cwd: root }).status === 0

const missing = []
let cited = 0
for (const file of markdownFiles()) {
  const text = readFileSync(file, 'utf8')
  for (const [path] of text.matchAll(CITED)) {
    if (!isFile(path)) continue
    cited += 1
    if (!existsSync(join(root, path)) && !isBuildOutput(path)) {
      missing.push(`${relative(root, file)}: ${path}`)
    }
  }
}
if (missing.length > 0) {
  console.error(`The documentation names ${missing.length} file(s) that do not exist:`)
  for (const line of missing) console.error(`  ${line}`)
  process.exit(1)
}
console.log(`The documentation's ${cited} paths from the root all exist.`)
