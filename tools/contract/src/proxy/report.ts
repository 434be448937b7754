import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { ProxyContract } from './contract-checks'
import type { ProxyRun } from './run'

/** report.json of a proxy run: what every subcommand reports (see the package README). */
export function proxyReportOf(run: ProxyRun, contract: ProxyContract) {
  const byOperation = new Map(run.tallies.map((tally) => [tally.operationId, tally]))
  const operations = contract.operations.map((operation) => {
    const tally = byOperation.get(operation.operationId)
    return {
      operationId: operation.operationId,
      method: operation.method.toUpperCase(),
      path: operation.path,
      passed: tally?.passed ?? 0,
      failed: tally?.failed ?? 0,
      skipped: 0,
      statusesSeen: [...(tally?.statusesSeen ?? [])].sort((a, b) => a - b),
    }
  })
  const exercised = operations.filter((operation) => operation.passed + operation.failed > 0)
  const passed = run.tallies.reduce((sum, tally) => sum + tally.passed, 0)
  const failed = run.tallies.reduce((sum, tally) => sum + tally.failed, 0)
  return {
    mode: 'proxy',
    upstream: run.upstream,
    startedAt: run.startedAt.toISOString(),
    finishedAt: run.finishedAt.toISOString(),
    endedBy: run.endedBy,
    summary: { passed, failed, skipped: 0 },
    coverage: {
      operations: {
        covered: exercised.length,
        total: operations.length,
        percent:
          operations.length === 0
            ? 100
            : Math.floor((exercised.length / operations.length) * 1000) / 10,
      },
    },
    operations,
    failures: run.violations.map((violation) => ({
      operationId: violation.operationId ?? null,
      check: violation.check,
      message: violation.message,
      request: violation.request,
      status: violation.status ?? null,
    })),
  }
}

export async function writeProxyReports(
  directory: string,
  run: ProxyRun,
  contract: ProxyContract,
): Promise<void> {
  await mkdir(directory, { recursive: true })
  await writeFile(
    join(directory, 'report.json'),
    `${JSON.stringify(proxyReportOf(run, contract), null, 2)}\n`,
  )
}
