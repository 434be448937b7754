// A Vitest reporter of every package (vitest.preset.ts): writes reports/<name>.costs.json with each
// test file's CPU time (from file-cpu.ts) and each test's duration beside its bound. The test
// command's closing summary (tools/scripts/test-summary.mjs) ranks the costliest files and the
// tightest bounds from these, so that drift shows itself in every run.
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, relative, resolve } from 'node:path'
import type { Reporter, TestModule } from 'vitest/node'

export interface CostsReport {
  files: { file: string; cpuMs: number | null; wallMs: number }[]
  tests: { file: string; name: string; durationMs: number; boundMs: number | null }[]
}

export default class CostsReporter implements Reporter {
  readonly #outputFile: string

  constructor({ outputFile }: { outputFile: string }) {
    this.#outputFile = resolve(outputFile)
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const root = process.cwd()
    const report: CostsReport = { files: [], tests: [] }
    for (const module of testModules) {
      const file = relative(root, module.moduleId)
      const diagnostic = module.diagnostic()
      report.files.push({
        file,
        cpuMs: module.meta().cpuMs ?? null,
        wallMs: Math.round(
          diagnostic.environmentSetupDuration +
            diagnostic.prepareDuration +
            diagnostic.collectDuration +
            diagnostic.setupDuration +
            diagnostic.duration,
        ),
      })
      for (const test of module.children.allTests()) {
        const durationMs = test.diagnostic()?.duration
        if (durationMs === undefined) continue
        report.tests.push({
          file,
          name: test.fullName,
          durationMs: Math.round(durationMs),
          boundMs: test.options.timeout ?? null,
        })
      }
    }
    mkdirSync(dirname(this.#outputFile), { recursive: true })
    writeFileSync(this.#outputFile, `${JSON.stringify(report, null, 1)}\n`)
  }
}
