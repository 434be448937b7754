// The one step from contract to code (turbo's `generate` task): writes src/generated/ from
// openapi.yaml (see generation.ts), touching only the modules that changed.
// With `--check`, or under CI, it is the freshness check instead: it writes nothing and fails
// naming every stale module, so what is committed is what openapi.yaml makes (as Vitest never
// writes snapshots under CI). `--out <dir>` works on another folder.
import { loadOpenApiDocument } from '../src/document-file'
import { generatedModules, staleModules, writeStaleModules } from './generation'

const outAt = process.argv.indexOf('--out')
const dir = outAt === -1 ? 'src/generated' : (process.argv[outAt + 1] ?? 'src/generated')
const checkOnly = process.argv.includes('--check') || isSet(process.env.CI)

function isSet(value: string | undefined): boolean {
  return value !== undefined && value !== '' && value !== '0' && value !== 'false'
}

const modules = await generatedModules(loadOpenApiDocument())
if (checkOnly) {
  const stale = staleModules(modules, dir)
  if (stale.length > 0) {
    console.error(
      `openapi/${dir}: ${stale.join(', ')} stale (not what openapi.yaml makes): run \`pnpm generate\` and commit them.`,
    )
    process.exit(1)
  }
  console.log(`openapi/${dir}: ${modules.size} modules, all fresh.`)
} else {
  const written = writeStaleModules(modules, dir)
  console.log(
    written.length > 0
      ? `openapi/${dir}: wrote ${written.join(', ')} (commit them).`
      : `openapi/${dir}: ${modules.size} modules, all fresh.`,
  )
}
