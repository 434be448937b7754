// Fails when src/generated/ is not what openapi-typescript makes of openapi/openapi.yaml today.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const committed = 'src/generated/openapi.ts'
const dir = mkdtempSync(join(tmpdir(), 'api-client-'))
const fresh = join(dir, 'openapi.ts')
try {
  execFileSync(
    'pnpm',
    ['exec', 'openapi-typescript', '../../openapi/openapi.yaml', '--output', fresh],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  )
  if (readFileSync(fresh, 'utf8') !== readFileSync(committed, 'utf8')) {
    console.error(
      `${committed} is stale: run \`pnpm --filter @devenv/api-client generate\` and commit it.`,
    )
    process.exit(1)
  }
  console.log(`${committed} is fresh.`)
} finally {
  rmSync(dir, { recursive: true, force: true })
}
