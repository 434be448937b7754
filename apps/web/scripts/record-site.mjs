// `pnpm --filter @devenv/web record:site [DIR] [-- playwright args]`: the browser suites run as in
// the test command, the stub behind the contract toolkit's recording proxy (stub-recorded.mjs), so
// that the site's own traffic is written to DIR, a file per test's stub session, for
// `devenv-contract replay` (tools/contract/docs/replay.md). By default DIR is the toolkit's
// fixture, tools/contract/test/fixtures/site-recording, which its tests replay: this command
// brings it up to date with the site.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, rmSync } from 'node:fs'
import { resolve } from 'node:path'

const [given, ...rest] = process.argv.slice(2)
const dir = resolve(
  given && given !== '--' ? given : '../../tools/contract/test/fixtures/site-recording',
)
const extra = given === '--' ? rest : rest[0] === '--' ? rest.slice(1) : rest
// A recording folder must not hold an older run's sessions: the proxy refuses one that does.
rmSync(dir, { recursive: true, force: true })
const run = spawnSync('npx', ['playwright', 'test', ...extra], {
  stdio: 'inherit',
  env: { ...process.env, PW_RECORD_DIR: dir },
})
const files = existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.ndjson')) : []
console.log(`record:site: ${files.length} sessions recorded in ${dir}`)
process.exit(run.status ?? 1)
