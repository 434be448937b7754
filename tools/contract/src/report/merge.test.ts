import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Contract, createContract, loadContract } from '@devenv/openapi'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { runCommandLine } from '../cli/main'
import {
  buildRunReport,
  type CheckResult,
  coverageOfExchanges,
  type Exchange,
  labelFailures,
  MergeError,
  mergeShardReports,
  reportedCoverage,
  type Suite,
  shardOfRun,
  toReportJson,
} from '.'
import { toHtml } from './html'

const contract = loadContract()

const exchange = (operationId: string, status: number): Exchange => ({
  operationId,
  request: { method: 'GET', url: `http://target/api/${operationId}`, headers: {}, body: undefined },
  status,
})

const passed = (name: string, operationId: string, status: number): CheckResult => ({
  name,
  status: 'passed',
  durationMs: 1,
  exchange: exchange(operationId, status),
})

/** The set-up every check shard repeats before its share. */
const setUp = (health: 'passed' | 'failed' = 'passed'): Suite => ({
  name: 'target',
  kind: 'flow',
  checks: [
    {
      ...passed('GET /health answers', 'getHealth', health === 'passed' ? 200 : 503),
      status: health,
    },
  ],
})

type ShardInput = {
  index: number
  total: number
  suites: Suite[]
  skippedParts?: Array<{ part: string; reason: string; accepted?: boolean }>
  settings?: unknown
  mode?: 'check' | 'fuzz'
  of?: Contract
  /** `check --since`: each failure labelled new when its suite is named here, else base-too. */
  newSince?: readonly string[]
}

/** A shard's report.json as `check --shard` writes it. */
function shardDocument(input: ShardInput): unknown {
  const held = input.of ?? contract
  const exchanges = input.suites.flatMap((suite) =>
    suite.checks.flatMap((check) => (check.exchange ? [check.exchange] : [])),
  )
  const report = buildRunReport({
    mode: input.mode ?? 'check',
    target: 'http://target/api',
    startedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, input.index)).toISOString(),
    durationMs: 1000 * input.index,
    shard: shardOfRun(
      { index: input.index, total: input.total },
      { mode: input.mode ?? 'check', contract: held, settings: input.settings ?? {} },
    ),
    suites: input.suites,
    skippedParts: input.skippedParts ?? [],
    ...reportedCoverage(coverageOfExchanges(held, exchanges)),
  })
  const newSince = input.newSince
  const labelled =
    newSince === undefined
      ? report
      : labelFailures(report, { base: 'v1.yaml', asks: ['quota-added'] }, (suite) =>
          newSince.includes(suite.name)
            ? { label: 'new', because: 'changed since the base: quota-added' }
            : { label: 'base-too', because: 'nothing it tests changed since the base' },
        )
  return JSON.parse(toReportJson(labelled))
}

const healthSuite: Suite = {
  name: 'getHealth',
  kind: 'operation',
  checks: [passed('documented request', 'getHealth', 200)],
}
const modelsSuite: Suite = {
  name: 'listModels',
  kind: 'operation',
  checks: [passed('documented request', 'listModels', 200), passed('no token', 'listModels', 401)],
}

const twoShards = () => [
  {
    source: 'shard-1',
    document: shardDocument({ index: 1, total: 2, suites: [setUp(), healthSuite] }),
  },
  {
    source: 'shard-2',
    document: shardDocument({ index: 2, total: 2, suites: [setUp(), modelsSuite] }),
  },
]

const reasonOf = (run: () => unknown): string => {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(MergeError)
    return (error as Error).message
  }
  throw new Error('expected the merge to be refused')
}

describe('merging the reports of a run’s shards', () => {
  it('is one report of every shard’s checks, the repeated set-up counted once', () => {
    const merged = mergeShardReports(twoShards())
    expect(merged.suites.map((suite) => suite.name)).toEqual(['target', 'getHealth', 'listModels'])
    expect(merged.summary).toEqual({ passed: 4, failed: 0, skipped: 0, schemaViolations: 0 })
    expect(merged.shard).toBeUndefined()
    expect(merged.mergedShards).toEqual([1, 2])
    // The shards ran side by side: the slower one's time.
    expect(merged.durationMs).toBe(2000)
    expect(merged.operations.find((row) => row.operationId === 'listModels')).toMatchObject({
      passed: 2,
      statusesSeen: [200, 401],
    })
  })

  it('covers the union of what the shards covered, never a sum', () => {
    const merged = mergeShardReports(twoShards())
    const covered = merged.coverage.operations.flatMap((row) =>
      row.statuses
        .filter((each) => each.count > 0)
        .map((each) => `${row.operationId} ${each.status}`),
    )
    // getHealth 200 came in both shards (the set-up and shard 1's checks): one status, once.
    expect(covered.sort()).toEqual(['getHealth 200', 'listModels 200', 'listModels 401'])
    expect(merged.coverage.summary.statuses.covered).toBe(3)
    expect(merged.coverage.summary.operations.covered).toBe(2)
    expect(merged.coverage.summary.operations.total).toBe(contract.operations.length)
    // What is left is listed from the union: listModels 401 was covered by shard 2 alone.
    expect(
      merged.uncovered.some(
        (each) =>
          each.operationId === 'listModels' && each.status === '401' && each.example === undefined,
      ),
    ).toBe(false)
  })

  it('keeps a repeated check’s worst outcome', () => {
    const merged = mergeShardReports([
      { source: 'a', document: shardDocument({ index: 1, total: 2, suites: [setUp()] }) },
      { source: 'b', document: shardDocument({ index: 2, total: 2, suites: [setUp('failed')] }) },
    ])
    expect(merged.summary.failed).toBe(1)
    expect(merged.failures).toHaveLength(1)
  })

  it('keeps the labels of shards run --since a base, and counts them again over the whole run', () => {
    const failing = (suite: Suite): Suite => ({
      ...suite,
      checks: suite.checks.map((check) => ({ ...check, status: 'failed', message: 'wrong' })),
    })
    const merged = mergeShardReports([
      {
        source: 'a',
        document: shardDocument({
          index: 1,
          total: 2,
          suites: [setUp(), failing(healthSuite)],
          newSince: ['getHealth'],
        }),
      },
      {
        source: 'b',
        document: shardDocument({
          index: 2,
          total: 2,
          suites: [setUp(), failing(modelsSuite)],
          newSince: ['getHealth'],
        }),
      },
    ])
    expect(merged.since).toEqual({ base: 'v1.yaml', asks: ['quota-added'], new: 1, baseToo: 2 })
    expect(merged.failures.map((failure) => [failure.suite, failure.since?.label])).toEqual([
      ['getHealth', 'new'],
      ['listModels', 'base-too'],
      ['listModels', 'base-too'],
    ])
    // A shard of a run without --since, or of an older toolkit, has none: the merge has none.
    expect(mergeShardReports(twoShards()).since).toBeUndefined()
  })

  it('accepts a whole part skipped only when every shard that skipped it accepted it', () => {
    const skipped = (accepted: boolean) => [
      { part: 'check.protected', reason: 'no account', accepted },
    ]
    const merge = (first: boolean, second: boolean) =>
      mergeShardReports([
        {
          source: 'a',
          document: shardDocument({ index: 1, total: 2, suites: [], skippedParts: skipped(first) }),
        },
        {
          source: 'b',
          document: shardDocument({
            index: 2,
            total: 2,
            suites: [],
            skippedParts: skipped(second),
          }),
        },
      ]).skippedParts
    expect(merge(true, true)).toEqual([
      { part: 'check.protected', reason: 'no account', accepted: true },
    ])
    expect(merge(true, false)[0]?.accepted).toBe(false)
  })

  it('refuses missing shards, naming them', () => {
    const three = [1, 2, 3].map((index) => ({
      source: `shard-${index}`,
      document: shardDocument({ index, total: 3, suites: [setUp()] }),
    }))
    expect(
      reasonOf(() =>
        mergeShardReports([three[0], three[2]].flatMap((each) => (each ? [each] : []))),
      ),
    ).toBe('shard 2/3 missing (given: 1/3, 3/3): a merged report needs every shard of the run')
    expect(reasonOf(() => mergeShardReports(three.slice(0, 1)))).toMatch(
      /^shards 2\/3, 3\/3 missing/,
    )
    expect(mergeShardReports(three).mergedShards).toEqual([1, 2, 3])
  })

  it('refuses a shard given twice, shards of other runs, contracts or modes, and whole runs', () => {
    const [one, two] = twoShards()
    if (!one || !two) throw new Error('two shards')
    expect(reasonOf(() => mergeShardReports([one, { ...one, source: 'again' }]))).toBe(
      'shard 1/2 is given twice (shard-1, again)',
    )
    const otherSettings = {
      source: 'other',
      document: shardDocument({ index: 2, total: 2, suites: [], settings: { only: ['x'] } }),
    }
    expect(reasonOf(() => mergeShardReports([one, otherSettings]))).toMatch(
      /^other \(shard 2\/2\) is of another run than shard-1 \(shard 1\/2\)/,
    )
    const ofThree = { source: 'three', document: shardDocument({ index: 2, total: 3, suites: [] }) }
    expect(reasonOf(() => mergeShardReports([one, ofThree]))).toMatch(/is of another run/)
    const otherContract = createContract(
      { ...contract.document, info: { ...contract.document.info, version: '0.0.0-other' } },
      { validator: contract.validator },
    )
    const held = {
      source: 'held',
      document: shardDocument({ index: 2, total: 2, suites: [], of: otherContract }),
    }
    expect(reasonOf(() => mergeShardReports([one, held]))).toBe(
      'held and shard-1 were held to different contracts: merge the shards of one run',
    )
    const fuzz = {
      source: 'fuzz',
      document: shardDocument({ index: 2, total: 2, suites: [], mode: 'fuzz' }),
    }
    expect(reasonOf(() => mergeShardReports([one, fuzz]))).toMatch(
      /^fuzz is a fuzz run and shard-1 a check run/,
    )
    const { shard: _shard, ...whole } = one.document as Record<string, unknown>
    expect(reasonOf(() => mergeShardReports([{ source: 'whole', document: whole }]))).toMatch(
      /^whole is the report of a whole run, not of a shard/,
    )
    expect(reasonOf(() => mergeShardReports([{ source: 'x.json', document: { hello: 1 } }]))).toBe(
      'x.json is not a report.json of devenv-contract',
    )
  })
})

describe('a crafted shard (security review 2, docs/security.md)', () => {
  const MARKUP = '<img src=x onerror=alert(1)><script>alert(2)</script>'

  /** Two shards whose second has `craft` done to its report.json. */
  const crafted = (craft: (document: Record<string, unknown>) => void) => {
    const [one, two] = twoShards()
    if (!one || !two) throw new Error('two shards')
    const document = structuredClone(two.document) as Record<string, unknown>
    craft(document)
    return [one, { source: 'crafted', document }]
  }

  it('is refused by name when a field holds what its type does not allow', () => {
    const failing = crafted((document) => {
      document.failures = [
        {
          operationId: 'getHealth',
          suite: 'getHealth',
          check: 'documented request',
          message: 'x',
          request: null,
          status: MARKUP,
          reproducer: null,
          variables: [],
          detail: null,
        },
      ]
    })
    expect(reasonOf(() => mergeShardReports(failing))).toBe(
      "crafted is not a shard's report.json this version reads (failures.0.status: Invalid input: expected number, received string)",
    )
    const calls = crafted((document) => {
      const coverage = document.coverage as { operations: Array<Record<string, unknown>> }
      if (coverage.operations[0]) coverage.operations[0].calls = MARKUP
    })
    expect(reasonOf(() => mergeShardReports(calls))).toMatch(
      /^crafted is not a shard's report\.json this version reads \(coverage\.operations\.0\.calls: /,
    )
    const extra = crafted((document) => {
      document.script = MARKUP
    })
    expect(reasonOf(() => mergeShardReports(extra))).toMatch(
      /\(its top: Unrecognized key: "script"\)/,
    )
  })

  it('is refused in one line when it claims more shards than a run has, or an index past them', () => {
    // 400,000,000 made merge list the missing shards until it ran out of memory (exit 134): any
    // number over the --shard bound is refused as the field it is, before anything is listed.
    for (const total of [400_000_000, 1001]) {
      const claim = crafted((document) => {
        document.shard = { ...(document.shard as object), index: 2, total }
      })
      expect(reasonOf(() => mergeShardReports(claim))).toMatch(
        /^crafted is not a shard's report\.json this version reads \(shard\.total: .*1000/,
      )
    }
    const past = crafted((document) => {
      document.shard = { ...(document.shard as object), index: 3, total: 2 }
    })
    expect(reasonOf(() => mergeShardReports(past))).toMatch(
      /^crafted is not a shard's report\.json this version reads \(shard\.index: /,
    )
  })

  it('cannot put markup into report.html, whatever field it reaches', () => {
    const merged = mergeShardReports(twoShards())
    const page = toHtml({
      ...merged,
      summary: { ...merged.summary, passed: MARKUP as unknown as number },
      failures: [
        {
          operationId: 'getHealth',
          suite: MARKUP,
          check: MARKUP,
          message: MARKUP,
          request: { method: MARKUP, url: MARKUP },
          status: MARKUP as unknown as number,
          reproducer: MARKUP,
          variables: [MARKUP],
          detail: MARKUP,
        },
      ],
    })
    expect(page).not.toMatch(/<(img|script)\b/i)
    expect(page).toContain('&lt;img src=x onerror=alert(1)&gt;')
  })
})

describe('devenv-contract merge', () => {
  let folder: string
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'contract-merge-'))
  })
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true })
  })

  async function shardFolders(name: string, shards: ShardInput[]): Promise<string[]> {
    return Promise.all(
      shards.map(async (shard) => {
        const dir = join(folder, name, String(shard.index))
        await mkdir(dir, { recursive: true })
        await writeFile(join(dir, 'report.json'), JSON.stringify(shardDocument(shard)))
        return dir
      }),
    )
  }

  async function merge(args: string[]) {
    const out: string[] = []
    const err: string[] = []
    const log = vi.spyOn(console, 'log').mockImplementation((line) => void out.push(String(line)))
    const error = vi
      .spyOn(console, 'error')
      .mockImplementation((line) => void err.push(String(line)))
    try {
      return { code: await runCommandLine(['merge', ...args]), stdout: out.join('\n'), stderr: err }
    } finally {
      log.mockRestore()
      error.mockRestore()
    }
  }

  it('writes the merged report.json, junit.xml and report.html and exits 0 when all passed', async () => {
    const dirs = await shardFolders('green', [
      { index: 1, total: 2, suites: [setUp(), healthSuite] },
      { index: 2, total: 2, suites: [setUp(), modelsSuite] },
    ])
    const out = join(folder, 'green-merged')
    const outcome = await merge([...dirs, '--report-dir', out])
    expect(outcome.code, outcome.stdout).toBe(0)
    expect(outcome.stdout).toMatch(/contract: 4 passed, 0 failed, 0 skipped$/)
    const report = JSON.parse(await readFile(join(out, 'report.json'), 'utf8'))
    expect(report.mergedShards).toEqual([1, 2])
    expect(report.coverage.summary.statuses.covered).toBe(3)
    expect(await readFile(join(out, 'junit.xml'), 'utf8')).toMatch(/tests="4" failures="0"/)
    expect(await readFile(join(out, 'report.html'), 'utf8')).toMatch(/listModels/)
  })

  it('exits 1 on a shard’s failure and on a part skipped that nobody accepted', async () => {
    const failing = await shardFolders('red', [
      { index: 1, total: 2, suites: [setUp()] },
      { index: 2, total: 2, suites: [setUp('failed')] },
    ])
    expect((await merge([...failing, '--report-dir', join(folder, 'red-merged')])).code).toBe(1)
    const skipping = await shardFolders('skip', [
      {
        index: 1,
        total: 2,
        suites: [],
        skippedParts: [{ part: 'check.flow.account', reason: 'no mailbox' }],
      },
      { index: 2, total: 2, suites: [] },
    ])
    const out = join(folder, 'skip-merged')
    const refused = await merge([...skipping, '--report-dir', out])
    expect(refused.code).toBe(1)
    expect(refused.stdout).toMatch(/not tested: check\.flow\.account \(no mailbox\)$/)
    expect(
      (await merge([...skipping, '--report-dir', out, '--allow-skip', 'check.flow.account'])).code,
    ).toBe(0)
  })

  it('is a one-line usage error (exit 2) for missing shards or a folder without a report', async () => {
    const [first] = await shardFolders('partial', [
      { index: 1, total: 3, suites: [] },
      { index: 2, total: 3, suites: [] },
    ])
    const partial = await merge([join(folder, 'partial', '1'), join(folder, 'partial', '2')])
    expect(partial.code).toBe(2)
    expect(partial.stderr).toHaveLength(1)
    expect(partial.stderr[0]).toMatch(
      /^devenv-contract: merge: shard 3\/3 missing \(given: 1\/3, 2\/3\)/,
    )
    const empty = await merge([folder])
    expect(empty.code).toBe(2)
    expect(empty.stderr[0]).toMatch(/has no report\.json/)
    const alone = await merge([first as string])
    expect(alone.stderr[0]).toMatch(/shards 2\/3, 3\/3 missing \(given: 1\/3\)/)
    const none = await merge([])
    expect(none.stderr[0]).toMatch(/give the shards' report folders/)
  })
})
