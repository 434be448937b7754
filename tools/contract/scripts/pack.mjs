// Packs the CLI for use outside the monorepo: tools/contract/devenv-contract.tgz, installable with
// plain npm. Everything is bundled (the workspace packages from source, ajv and yaml too), so the
// packed package.json declares no dependencies and no workspace or catalog specifier survives.
import { execFileSync } from 'node:child_process'
import { copyFileSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'tsup'

const here = fileURLToPath(new URL('..', import.meta.url))
const workspace = JSON.parse(readFileSync(join(here, 'package.json'), 'utf8'))
const stage = mkdtempSync(join(tmpdir(), 'devenv-contract-pack-'))
const tarball = join(here, 'devenv-contract.tgz')

try {
  await build({
    // The proxy's judging thread is an entry of its own, beside the CLI.
    entry: {
      cli: join(here, 'src/cli/bin.ts'),
      'judging-thread': join(here, 'src/proxy/judging-thread.ts'),
      // The library a test written by `replay --write-tests` imports: `devenv-contract/replay`.
      replay: join(here, 'src/replay/library.ts'),
    },
    outDir: join(stage, 'dist'),
    format: ['esm'],
    target: 'node20',
    platform: 'node',
    noExternal: [/.*/],
    // Each subcommand's modules in chunks of their own, loaded when it runs: `diff` in a pipeline
    // pays 0.13 s of CPU a file, not 0.42 s (docs/benchmarks.md, "CLI cold start").
    splitting: true,
    dts: false,
    clean: true,
    silent: true,
    tsconfig: join(here, 'tsconfig.json'),
    esbuildOptions(options) {
      // The workspace packages are bundled from their source, as the tests run them.
      options.conditions = ['@devenv/source']
    },
    // ajv is CommonJS; its require() calls of Node's own modules need a require in ESM.
    banner: {
      js: "import { createRequire as __devenvCreateRequire } from 'node:module'; const require = __devenvCreateRequire(import.meta.url);",
    },
  })
  // @devenv/openapi reads the contract from '../openapi.yaml' beside its code: dist/../openapi.yaml,
  // and the register of its prose rules from beside it.
  copyFileSync(join(here, '../../openapi/openapi.yaml'), join(stage, 'openapi.yaml'))
  copyFileSync(join(here, '../../openapi/rule-register.yaml'), join(stage, 'rule-register.yaml'))
  copyFileSync(join(here, 'README.md'), join(stage, 'README.md'))
  const manifest = {
    name: 'devenv-contract',
    version: workspace.version,
    description: workspace.description,
    type: 'module',
    bin: { 'devenv-contract': './dist/cli.js' },
    exports: { './replay': './dist/replay.js', './package.json': './package.json' },
    files: ['dist', 'openapi.yaml', 'rule-register.yaml', 'README.md'],
    engines: { node: '>=20.19' },
    license: 'UNLICENSED',
  }
  writeFileSync(join(stage, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`)
  const [packed] = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--pack-destination', stage], {
      cwd: stage,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }),
  )
  renameSync(join(stage, packed.filename), tarball)
  console.log(
    `packed tools/contract/devenv-contract.tgz (${(packed.size / 1024).toFixed(0)} KB, ${packed.entryCount} files)`,
  )
} finally {
  rmSync(stage, { recursive: true, force: true })
}
