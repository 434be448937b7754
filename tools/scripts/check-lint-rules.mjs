// Proves that `pnpm lint` fails on an import cycle in every package: plants two modules that import
// each other in each package's source, in a copy of the Biome configuration outside the tree (so no
// running lint sees them), and requires Biome to refuse each pair with noImportCycles.
// And that the contract toolkit stands on its own: a module of tools/contract/src (a test there
// too) importing the stub, anything of apps/ or of test/, or a web framework is refused with
// noRestrictedImports, while the same import in tools/contract/test and the development protocol
// in src pass. And that the stub's adapters reach its core through the core's index only. And that
// the domain takes nothing of the contract's package but its generated facts. And that the contract
// toolkit prints and writes only through its output layer (biome/contract-output.grit, noConsole):
// stdout, stderr, console and file writes are refused in its src/ and scripts/*.ts, and pass in the
// layer itself (src/cli/terminal.ts, src/report/write.ts), in tests and in the .mjs scripts.
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

/** The name an `import` line binds, so the planted module uses it (no unused-import noise). */
const usedName = (line) => /import \{? ?(\w+)/.exec(line)?.[1] ?? ''

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
  // The toolkit's own rule: each import refused in src/, none where it belongs.
  const TOOLKIT_REFUSED = {
    'stub.ts': "import { buildServer } from '@devenv/stub-api'",
    'dev-client.ts': "import { createDevClient } from '@devenv/stub-api/dev-client'",
    'apps.ts': "import { buildServer } from '../../../apps/stub-api/src/server'",
    'fixture.ts': "import { startFuzzStub } from '../test/fixtures/fuzz-stub'",
    'fastify.ts': "import Fastify from 'fastify'",
    'msw.ts': "import { setupServer } from 'msw/node'",
    'in-a-test.test.ts': "import { buildServer } from '@devenv/stub-api'",
  }
  const TOOLKIT_ALLOWED = {
    'tools/contract/src/protocol.ts':
      "import { createDevClient } from '@devenv/openapi/dev-protocol'",
    'tools/contract/test/stub.ts': "import { buildServer } from '@devenv/stub-api'",
  }
  // The stub's adapters: a deep import of the core refused, its index allowed.
  const ADAPTER_REFUSED = {
    'apps/stub-api/src/node/deep.ts': "import { ApiError } from '../core/contract/errors'",
    'apps/stub-api/src/msw/deep.ts': "import type { StubRequest } from '../core/types'",
  }
  const ADAPTER_ALLOWED = {
    'apps/stub-api/src/node/through-index.ts': "import { ApiError } from '../core'",
  }
  // The domain stays pure: of @devenv/openapi only the generated facts, no document, no validator.
  const DOMAIN_REFUSED = {
    'packages/domain/src/contract.ts': "import { readContractRules } from '@devenv/openapi'",
    'packages/domain/src/portable.ts':
      "import { loadPortableContract } from '@devenv/openapi/portable'",
    'packages/domain/src/rule-types.ts': "import type { ContractRules } from '@devenv/openapi'",
  }
  const DOMAIN_ALLOWED = {
    'packages/domain/src/facts.ts': "import { CONTRACT_RULES } from '@devenv/openapi/facts'",
  }
  // The toolkit's output layer: each way past it refused, the layer itself and tests allowed.
  const WRITE_FILE = "import { writeFile } from 'node:fs/promises'\nawait writeFile('out', 'x')\n"
  const OUTPUT_REFUSED = {
    'tools/contract/src/standalone/stdout.ts': "process.stdout.write('x')\n",
    'tools/contract/src/standalone/stderr.ts': 'export const out = process.stderr\n',
    'tools/contract/src/standalone/file.ts': WRITE_FILE,
    'tools/contract/src/standalone/file-sync.ts':
      "import * as fs from 'node:fs'\nfs.writeFileSync('out', 'x')\n",
    'tools/contract/src/standalone/stream.ts':
      "import { createWriteStream } from 'node:fs'\ncreateWriteStream('out').end('x')\n",
    'tools/contract/src/standalone/console.ts': "console.log('x')\n",
    'tools/contract/scripts/gate-console.ts': "console.error('x')\n",
    'tools/contract/scripts/gate-file.ts': WRITE_FILE,
  }
  const OUTPUT_ALLOWED = {
    'tools/contract/src/cli/terminal.ts': "process.stdout.write('x')\n",
    'tools/contract/src/report/write.ts': WRITE_FILE,
    'tools/contract/src/standalone/output.test.ts': "process.stdout.write('x')\n",
    'tools/contract/scripts/pack.mjs': WRITE_FILE,
  }
  for (const [file, line] of Object.entries({
    ...ADAPTER_REFUSED,
    ...ADAPTER_ALLOWED,
    ...DOMAIN_REFUSED,
    ...DOMAIN_ALLOWED,
  })) {
    mkdirSync(join(root, file, '..'), { recursive: true })
    writeFileSync(join(root, file), `${line}\nexport const used = [${usedName(line)}]\n`)
  }
  for (const [file, source] of Object.entries({ ...OUTPUT_REFUSED, ...OUTPUT_ALLOWED })) {
    mkdirSync(join(root, file, '..'), { recursive: true })
    writeFileSync(join(root, file), source)
  }
  const refusedDir = join(root, 'tools/contract/src/standalone')
  mkdirSync(refusedDir, { recursive: true })
  mkdirSync(join(root, 'tools/contract/test'), { recursive: true })
  for (const [file, line] of Object.entries(TOOLKIT_REFUSED))
    writeFileSync(join(refusedDir, file), `${line}\nexport const used = [${usedName(line)}]\n`)
  for (const [file, line] of Object.entries(TOOLKIT_ALLOWED))
    writeFileSync(join(root, file), `${line}\nexport const used = [${usedName(line)}]\n`)
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
  const restricted = new Set(
    (report.diagnostics ?? [])
      .filter((diagnostic) => diagnostic.category === 'lint/style/noRestrictedImports')
      .map((diagnostic) => String(diagnostic.location?.path ?? '')),
  )
  const refusedBy = (file) => [...restricted].some((path) => path.endsWith(file))
  const passed = Object.keys(TOOLKIT_REFUSED).filter(
    (file) => !refusedBy(`tools/contract/src/standalone/${file}`),
  )
  const refused = Object.keys(TOOLKIT_ALLOWED).filter((file) => refusedBy(file))
  if (passed.length > 0 || refused.length > 0) {
    for (const file of passed)
      console.error(
        `tools/contract/src may import the stub: "${TOOLKIT_REFUSED[file]}" passes lint (biome.json, noRestrictedImports).`,
      )
    for (const file of refused)
      console.error(`Lint refuses an import where it belongs: ${file}: "${TOOLKIT_ALLOWED[file]}".`)
    process.exit(1)
  }
  const deepPassed = Object.keys(ADAPTER_REFUSED).filter((file) => !refusedBy(file))
  const indexRefused = Object.keys(ADAPTER_ALLOWED).filter((file) => refusedBy(file))
  if (deepPassed.length > 0 || indexRefused.length > 0) {
    for (const file of deepPassed)
      console.error(
        `A stub adapter may import the core past its index: ${file}: "${ADAPTER_REFUSED[file]}" passes lint (biome.json, noRestrictedImports).`,
      )
    for (const file of indexRefused)
      console.error(`Lint refuses the core's index in an adapter: ${file}.`)
    process.exit(1)
  }
  const domainPassed = Object.keys(DOMAIN_REFUSED).filter((file) => !refusedBy(file))
  const factsRefused = Object.keys(DOMAIN_ALLOWED).filter((file) => refusedBy(file))
  if (domainPassed.length > 0 || factsRefused.length > 0) {
    for (const file of domainPassed)
      console.error(
        `The domain may import the contract's package past its facts: ${file}: "${DOMAIN_REFUSED[file]}" passes lint (biome.json, noRestrictedImports).`,
      )
    for (const file of factsRefused)
      console.error(`Lint refuses the contract's facts in the domain: ${file}.`)
    process.exit(1)
  }
  const outputBypass = new Set(
    (report.diagnostics ?? [])
      .filter((diagnostic) => ['plugin', 'lint/suspicious/noConsole'].includes(diagnostic.category))
      .map((diagnostic) => String(diagnostic.location?.path ?? '')),
  )
  const bypassedBy = (file) => [...outputBypass].some((path) => path.endsWith(file))
  const bypassPassed = Object.keys(OUTPUT_REFUSED).filter((file) => !bypassedBy(file))
  const layerRefused = Object.keys(OUTPUT_ALLOWED).filter((file) => bypassedBy(file))
  if (bypassPassed.length > 0 || layerRefused.length > 0) {
    for (const file of bypassPassed)
      console.error(
        `The contract toolkit may print or write past its output layer: ${file} passes lint (biome/contract-output.grit, noConsole).`,
      )
    for (const file of layerRefused)
      console.error(
        `Lint refuses the toolkit's output layer, or a test, or a .mjs script: ${file}.`,
      )
    process.exit(1)
  }
  console.log(`Lint refuses an import cycle in each of ${planted.length} packages.`)
  console.log(
    `Lint refuses each of ${Object.keys(TOOLKIT_REFUSED).length} imports of the stub, apps/, test/ or a web framework in tools/contract/src, and neither the development protocol there nor the stub in its test/.`,
  )
  console.log(
    `Lint refuses each of ${Object.keys(ADAPTER_REFUSED).length} imports of the stub's core past its index in an adapter, and not the index.`,
  )
  console.log(
    `Lint refuses each of ${Object.keys(DOMAIN_REFUSED).length} imports of @devenv/openapi past its facts in the domain, and not the facts.`,
  )
  console.log(
    `Lint refuses each of ${Object.keys(OUTPUT_REFUSED).length} ways past the contract toolkit's output layer (stdout, stderr, console, file writes), and not the layer, a test or a .mjs script.`,
  )
} finally {
  rmSync(root, { recursive: true, force: true })
}
