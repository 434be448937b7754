// What every package's Vitest config shares, said once. Types only from Vitest: each package's
// config is loaded by its own Vitest (turbo runs `vitest run` in the package), and the root's
// `vitest.config.ts` takes the same files as projects.
import { fileURLToPath } from 'node:url'
import type { ViteUserConfig } from 'vitest/config'

type TestOptions = NonNullable<ViteUserConfig['test']>
/** Vitest's test options, and the report's name: reports/<report>.xml ('unit' unless said). */
type PackageTestOptions = TestOptions & { report?: string }

/** What each test file and test costs, for the test command's closing summary. */
const costs = (name: string) =>
  fileURLToPath(new URL(`./tools/scripts/costs/${name}`, import.meta.url))

/** The export condition under which workspace packages hand out their source (no build needed). */
const SOURCE_CONDITION = '@devenv/source'

/**
 * A package's test options: `name` in the root's project list, Node, the tests beside the code,
 * a JUnit report at reports/<report>.xml, where tools/scripts/test-summary.mjs adds them up, and
 * the files' CPU time and the tests' bounds at reports/<report>.costs.json, which it ranks.
 */
export function testOptions(
  name: string,
  { report = 'unit', setupFiles = [], ...options }: PackageTestOptions = {},
): TestOptions {
  return {
    name,
    environment: 'node',
    include: ['src/**/*.test.ts'],
    reporters: [
      'default',
      'junit',
      [costs('reporter.ts'), { outputFile: `reports/${report}.costs.json` }],
    ],
    outputFile: { junit: `reports/${report}.xml` },
    setupFiles: [costs('file-cpu.ts'), ...[setupFiles].flat()],
    // Vitest's 5 s and 10 s defaults fail on a slow two-core machine under load (ten times an
    // idle one); a hung test still ends within a minute.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    ...options,
  }
}

/**
 * A package's whole Vitest config. `fromSource` resolves the workspace packages it imports to their
 * source, in plain and SSR imports alike, for packages whose tests run another package's code.
 */
export function packageTests(
  name: string,
  { fromSource = false, ...options }: PackageTestOptions & { fromSource?: boolean } = {},
): ViteUserConfig {
  const conditions = { resolve: { conditions: [SOURCE_CONDITION] } }
  return {
    ...(fromSource ? { ...conditions, ssr: conditions } : {}),
    test: testOptions(name, options),
  }
}
