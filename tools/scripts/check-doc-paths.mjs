// Part of lint:root: every file of the repository that the documentation names by its path from
// the root (apps/…, packages/…, openapi/…, tools/…, docs/…) exists. Files move; a record or a
// security finding that cites a test by a path that is gone can no longer be checked by a reader.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'

const root = new URL('../..', import.meta.url).pathname

function markdownFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) return []
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return markdownFiles(path)
    return entry.name.endsWith('.md') ? [path] : []
  })
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
for (const file of markdownFiles(root)) {
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
