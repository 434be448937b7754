// What the portable contract costs a browser, precompiled (Ajv standalone) against compiled at
// run time: the gzip size of a minified browser bundle of each, and the start-up time until every
// named schema has judged once (median of fresh Node processes; V8 as in Chromium).
// `pnpm --filter @devenv/openapi bench:portable`
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build } from 'tsup'

const RUNS = Number(process.env.BENCH_RUNS ?? 7)
const source = fileURLToPath(new URL('../src/', import.meta.url))
const work = mkdtempSync(join(tmpdir(), 'openapi-portable-bench-'))

// Each bundle exports the contract's builder; the runner times its loading (parsing the document,
// evaluating the checks), the build and the first judgement of each named schema.
const runner = `
const started = performance.now()
const { build, namedSchemaKeys } = await import(process.argv[2])
const contract = build()
const firstSignIn = contract.validator.validateRequestBody('signIn', { email: 'a@b.ge' })
const signInReady = performance.now() - started
for (const key of namedSchemaKeys(contract.document, contract.operations)) contract.validator.validate(key, {})
console.log(JSON.stringify({ signInReady, allReady: performance.now() - started, ok: !firstSignIn.valid }))
`
const portable = JSON.stringify(join(source, 'portable.ts'))
const entries = {
  precompiled: `export { loadPortableContract as build, namedSchemaKeys } from ${portable}`,
  runtime: `import { createContract, OPENAPI_DOCUMENT } from ${portable}
import { createSchemaValidator } from ${JSON.stringify(join(source, 'ajv.ts'))}
export { namedSchemaKeys } from ${portable}
export const build = () => createContract(OPENAPI_DOCUMENT, { validator: createSchemaValidator(OPENAPI_DOCUMENT) })`,
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

try {
  for (const [name, code] of Object.entries(entries)) {
    writeFileSync(join(work, `${name}.ts`), code)
  }
  writeFileSync(join(work, 'runner.mjs'), runner)
  await build({
    entry: Object.fromEntries(Object.keys(entries).map((name) => [name, join(work, `${name}.ts`)])),
    outDir: join(work, 'dist'),
    format: ['esm'],
    platform: 'browser',
    target: 'es2022',
    minify: true,
    splitting: false,
    noExternal: [/.*/],
    silent: true,
    config: false,
  })
  console.log(`portable contract, ${RUNS} fresh processes each (median)`)
  console.log('variant      bundle min  gzip     signIn ready  all schemas ready  new Function')
  for (const name of Object.keys(entries)) {
    const file = join(work, 'dist', `${name}.js`)
    const bundle = readFileSync(file)
    const times = Array.from({ length: RUNS }, () =>
      JSON.parse(
        execFileSync(process.execPath, [join(work, 'runner.mjs'), file], { encoding: 'utf8' }),
      ),
    )
    if (!times.every((time) => time.ok)) throw new Error(`${name}: the sign-in check did not fail`)
    const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`
    console.log(
      [
        name.padEnd(12),
        kib(bundle.length).padEnd(11),
        kib(gzipSync(bundle, { level: 9 }).length).padEnd(8),
        `${median(times.map((time) => time.signInReady)).toFixed(1)} ms`.padEnd(13),
        `${median(times.map((time) => time.allReady)).toFixed(1)} ms`.padEnd(18),
        bundle.toString('utf8').includes('new Function') ? 'yes' : 'no',
      ].join(' '),
    )
  }
} finally {
  rmSync(work, { recursive: true, force: true })
}
