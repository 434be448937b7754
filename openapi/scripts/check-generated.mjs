// Fails when src/generated/ is not what scripts/generate-portable.ts makes of openapi.yaml today:
// the document as data and the precompiled schema checks of the portable entry.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const dir = mkdtempSync(join(tmpdir(), 'openapi-portable-'))
try {
  execFileSync('pnpm', ['exec', 'tsx', 'scripts/generate-portable.ts', '--out', dir], {
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const stale = ['document.ts', 'validators.ts'].filter(
    (file) =>
      readFileSync(join(dir, file), 'utf8') !== readFileSync(join('src/generated', file), 'utf8'),
  )
  if (stale.length > 0) {
    console.error(
      `src/generated/${stale.join(', ')} stale: run \`pnpm --filter @devenv/openapi generate\` and commit it.`,
    )
    process.exit(1)
  }
  console.log('src/generated/ is fresh.')
} finally {
  rmSync(dir, { recursive: true, force: true })
}
