import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildServer } from '@devenv/stub-api'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { runCommandLine } from '../src/cli/main'
import { inProcessStub } from './fixtures/fuzz-stub'

// Shards against the stub, in process: two shards and their merge are the same run as one.
let stub: ReturnType<typeof buildServer>
let baseUrl: string
let folder: string
beforeAll(async () => {
  stub = buildServer({ mode: 'test', logLevel: 'silent', provisionSeconds: 1, deleteSeconds: 1 })
  baseUrl = await stub.listen({ host: '127.0.0.1', port: 0 })
  folder = await mkdtemp(join(tmpdir(), 'contract-shards-'))
})
afterAll(async () => {
  await stub.close()
  await rm(folder, { recursive: true, force: true })
})

async function cli(args: string[]): Promise<{ code: number; stdout: string }> {
  const out: string[] = []
  const log = vi
    .spyOn(console, 'log')
    .mockImplementation((...parts) => void out.push(parts.join(' ')))
  const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
  try {
    return {
      code: await runCommandLine(args, { inProcess: inProcessStub }),
      stdout: out.join('\n'),
    }
  } finally {
    log.mockRestore()
    error.mockRestore()
  }
}

type ReportJson = {
  summary: { passed: number; failed: number; skipped: number }
  shard?: { index: number; total: number }
  mergedShards?: number[]
  coverage: {
    operations: Array<{
      operationId: string
      calls: number
      statuses: Array<{ status: string; count: number }>
      examples: Array<{ in: string; name: string; count: number }>
    }>
  }
  suites?: Array<{ name: string; checks: Array<{ name: string }> }>
}

const reportIn = async (dir: string): Promise<ReportJson> =>
  JSON.parse(await readFile(join(folder, dir, 'report.json'), 'utf8'))

/** Every operation, documented status and example a report's coverage shows exercised. */
const coveredSet = (report: ReportJson): string[] =>
  report.coverage.operations
    .flatMap((row) => [
      ...(row.calls > 0 ? [row.operationId] : []),
      ...row.statuses
        .filter((each) => each.count > 0)
        .map((each) => `${row.operationId} ${each.status}`),
      ...row.examples
        .filter((each) => each.count > 0)
        .map((each) => `${row.operationId} ${each.in} example ${each.name}`),
    ])
    .sort()

/** Each check of a shard, by suite and name; the set-up every shard repeats left out. */
const checksOf = (report: ReportJson): string[] =>
  (report.suites ?? [])
    .filter((suite) => suite.name !== 'target')
    .flatMap((suite) => suite.checks.map((check) => `${suite.name} › ${check.name}`))

describe('check --shard and merge against the stub', () => {
  it('two shards run every check once between them, and merged cover what one run covers', async () => {
    const check = ['check', '--base-url', baseUrl, '--wait', '10', '--quiet']
    const whole = await cli([...check, '--report-dir', join(folder, 'whole')])
    const first = await cli([...check, '--shard', '1/2', '--report-dir', join(folder, 'one')])
    const second = await cli([...check, '--shard', '2/2', '--report-dir', join(folder, 'two')])
    expect([whole.code, first.code, second.code], whole.stdout).toEqual([0, 0, 0])
    const [one, two] = [await reportIn('one'), await reportIn('two')]
    expect(one.shard).toMatchObject({ index: 1, total: 2 })
    expect(two.shard).toMatchObject({ index: 2, total: 2 })
    // Disjoint: no check ran in both shards.
    const inBoth = checksOf(one).filter((name) => checksOf(two).includes(name))
    expect(inBoth).toEqual([])
    expect(checksOf(one).length).toBeGreaterThan(100)
    expect(checksOf(two).length).toBeGreaterThan(100)

    const merged = await cli([
      'merge',
      join(folder, 'one'),
      join(folder, 'two'),
      '--report-dir',
      join(folder, 'merged'),
    ])
    expect(merged.code, merged.stdout).toBe(0)
    const [wholeReport, mergedReport] = [await reportIn('whole'), await reportIn('merged')]
    expect(mergedReport.mergedShards).toEqual([1, 2])
    // The union is the whole: as many checks, the same covered set.
    expect(mergedReport.summary).toEqual(wholeReport.summary)
    expect(coveredSet(mergedReport)).toEqual(coveredSet(wholeReport))
    expect(merged.stdout.split('\n').at(-1)).toBe(whole.stdout.split('\n').at(-1))
  })

  it('fuzz shards send the batches of one run between them', async () => {
    const fuzz = ['fuzz', '--stub', '--requests', '240', '--sequences', '4', '--seed', '11']
    const batches = (stdout: string) => Number(/ in (\d+) batches/.exec(stdout)?.[1])
    // A sequence's steps are the seed's: the shards' steps add up to one run's when each runs its own.
    const steps = (stdout: string) =>
      Number(/stateful: \d+ sequences, (\d+) steps/.exec(stdout)?.[1])
    const whole = await cli([...fuzz, '--report-dir', join(folder, 'fuzz-whole')])
    const first = await cli([...fuzz, '--shard', '1/2', '--report-dir', join(folder, 'fuzz-one')])
    const second = await cli([...fuzz, '--shard', '2/2', '--report-dir', join(folder, 'fuzz-two')])
    expect([whole.code, first.code, second.code], whole.stdout).toEqual([0, 0, 0])
    expect(batches(first.stdout)).toBeGreaterThan(0)
    expect(batches(second.stdout)).toBeGreaterThan(0)
    expect(batches(first.stdout) + batches(second.stdout)).toBe(batches(whole.stdout))
    expect(steps(first.stdout)).toBeGreaterThan(0)
    expect(steps(second.stdout)).toBeGreaterThan(0)
    expect(steps(first.stdout) + steps(second.stdout)).toBe(steps(whole.stdout))
    const merged = await cli([
      'merge',
      join(folder, 'fuzz-one'),
      join(folder, 'fuzz-two'),
      '--report-dir',
      join(folder, 'fuzz-merged'),
    ])
    expect(merged.code, merged.stdout).toBe(0)
    expect(coveredSet(await reportIn('fuzz-merged'))).toEqual(
      coveredSet(await reportIn('fuzz-whole')),
    )
  })

  it('fuzz --shard without --seed is a usage error: the shards would draw different runs', async () => {
    expect((await cli(['fuzz', '--stub', '--shard', '1/2'])).code).toBe(2)
  })
})
