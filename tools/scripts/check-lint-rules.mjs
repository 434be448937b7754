// Proves that `pnpm lint` fails on an import cycle in every package: plants two modules that import
// each other in each package's source, in a copy of the Biome configuration outside the tree (so no
// running lint sees them), and requires Biome to refuse each pair with noImportCycles.
import { spawnSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const PACKAGE_SOURCES = [
  'apps/web/src/lib',
  'apps/stub-api/src/core',
  'openapi/src',
  'packages/domain/src',
  'packages/api-client/src',
  'tools/contract/src',
  'tools/reliability/src',
]

const root = mkdtempSync(join(tmpdir(), 'lint-rules-'))
try {
  cpSync('biome.json', join(root, 'biome.json'))
  cpSync('biome', join(root, 'biome'), { recursive: true })
  const planted = []
  for (const source of PACKAGE_SOURCES) {
    const dir = join(root, source)
    mkdirSync(dir, { recursive: true })
    writeFileSync(
      join(dir, 'cycle-a.ts'),
      "import { b } from './cycle-b'\nexport const a = (): number => b()\n",
    )
    writeFileSync(
      join(dir, 'cycle-b.ts'),
      "import { a } from './cycle-a'\nexport const b = (): number => a()\n",
    )
    planted.push(source)
  }
  // The copy is not a repository: Biome's ignore file (from git) is off there.
  const biome = spawnSync(
    join(process.cwd(), 'node_modules/.bin/biome'),
    ['lint', '--vcs-enabled=false', '--reporter=json', '--max-diagnostics=none', '.'],
    { cwd: root, encoding: 'utf8' },
  )
  const report = JSON.parse(biome.stdout || '{}')
  const cyclic = new Set(
    (report.diagnostics ?? [])
      .filter((diagnostic) => diagnostic.category === 'lint/suspicious/noImportCycles')
      .map((diagnostic) => String(diagnostic.location?.path ?? '')),
  )
  const missed = planted.filter(
    (source) => ![...cyclic].some((file) => file.includes(`${source}/cycle-a.ts`)),
  )
  if (missed.length > 0) {
    console.error(
      `An import cycle passes lint in: ${missed.join(', ')} (biome.json, noImportCycles).`,
    )
    process.exit(1)
  }
  console.log(`Lint refuses an import cycle in each of ${planted.length} packages.`)
} finally {
  rmSync(root, { recursive: true, force: true })
}
