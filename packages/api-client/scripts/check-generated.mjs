// Fails when src/generated/ is not what the generation step makes of openapi/openapi.yaml today:
// openapi-typescript's types and scripts/generate.ts's runtime facts.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const dir = mkdtempSync(join(tmpdir(), 'api-client-'))
const run = (args) =>
  execFileSync('pnpm', ['exec', ...args], { stdio: ['ignore', 'ignore', 'inherit'] })
try {
  run(['openapi-typescript', '../../openapi/openapi.yaml', '--output', join(dir, 'openapi.ts')])
  run(['tsx', '--conditions=@devenv/source', 'scripts/generate.ts', '--out', dir])
  const stale = ['openapi.ts', 'contract.ts'].filter(
    (file) =>
      readFileSync(join(dir, file), 'utf8') !== readFileSync(join('src/generated', file), 'utf8'),
  )
  if (stale.length > 0) {
    console.error(
      `src/generated/${stale.join(', ')} stale: run \`pnpm --filter @devenv/api-client generate\` and commit it.`,
    )
    process.exit(1)
  }
  console.log('src/generated/ is fresh.')
} finally {
  rmSync(dir, { recursive: true, force: true })
}
