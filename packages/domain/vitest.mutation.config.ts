import type { RunnerTestCase } from 'vitest'
import { defineConfig } from 'vitest/config'
import type { Reporter, Vitest } from 'vitest/node'

/**
 * Stryker's vitest runner (9.6; stryker-js#6150) judges a mutant by the tests it collects, and a
 * test file whose imports throw collects none, so a mutant that stops a module from loading (a
 * contract policy looked up wrongly at load time) counted as survived. Such a file gets one failed
 * test carrying its load error here, so the mutant the suite does catch counts as killed.
 */
class UnloadableFileFails implements Reporter {
  private vitest: Vitest | undefined

  onInit(vitest: Vitest) {
    this.vitest = vitest
  }

  onTestRunEnd() {
    for (const file of this.vitest?.state.getFiles() ?? []) {
      if (file.result?.state !== 'fail' || file.tasks.length > 0) continue
      const name = 'loads its imports'
      // Only Stryker reads the task after the run: it needs a name, a file and a failed result,
      // not the context that only a running test has.
      file.tasks.push({
        type: 'test',
        id: `${file.id}_load`,
        name,
        fullName: `${file.name} ${name}`,
        fullTestName: name,
        mode: 'run',
        file,
        suite: file,
        result: { state: 'fail', errors: file.result.errors },
        meta: {},
        timeout: 0,
        annotations: [],
        artifacts: [],
      } as unknown as RunnerTestCase)
    }
  }
}

// Stryker runs the tests in a copy of this package (.stryker-tmp/sandbox-*), out of reach of the
// root's vitest.preset.ts; so this config says the preset's essentials itself, without the JUnit
// and cost reports, which a mutant's run has no use for.
const sourceImports = { resolve: { conditions: ['@devenv/source'] } }

export default defineConfig({
  ...sourceImports,
  ssr: sourceImports,
  test: {
    name: 'domain',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    reporters: [new UnloadableFileFails()],
    // A mutant that loops is ended by Stryker's own timeout, not by this one.
    testTimeout: 60_000,
  },
})
