import { isRuleId } from '@devenv/openapi'
import * as z from 'zod'
import { MAX_SHARDS } from './shard'

// report.json's one schema: the writer checks every document against it before writing
// (`toReportJson`), and `merge` reads a shard's report through it. A shard may come from anyone's
// machine: a field meant to hold a number holds a number, or the shard is refused by name.

const count = z.number().int().min(0)
const figure = z.strictObject({ covered: count, total: count, percent: z.number().min(0) })

// A rule id as a check cites it (`x-quota:createEnvironment`, `sign-out.idempotent`).
const ruleId = z
  .string()
  .refine(isRuleId, 'a rule id (x-quota:createEnvironment, sign-out.idempotent)')

const coverage = z.strictObject({
  summary: z.strictObject({
    operations: figure,
    statuses: figure,
    examples: figure,
    rules: figure.optional(),
  }),
  operations: z.array(
    z.strictObject({
      operationId: z.string(),
      method: z.string(),
      path: z.string(),
      calls: count,
      statuses: z.array(z.strictObject({ status: z.string(), count })),
      undocumentedStatuses: z.array(z.strictObject({ status: z.number().int(), count })),
      examples: z.array(
        z.strictObject({
          in: z.enum(['request', 'response']),
          status: z.string().optional(),
          name: z.string(),
          count,
        }),
      ),
    }),
  ),
  // `check` only: each rule of the contract and the checks that ran citing it.
  rules: z
    .array(
      z.strictObject({
        id: ruleId,
        checks: count,
        gap: z.string().optional(),
        branch: z.string().optional(),
        notApplicable: z.string().optional(),
      }),
    )
    .optional(),
})

const httpStatus = z.number().int().min(100).max(599)

// `check --since`: a failure's label, and the base it was judged against (absent in older shards).
const sinceLabel = z.strictObject({ label: z.enum(['new', 'base-too']), because: z.string() })

const checkResult = z.strictObject({
  name: z.string(),
  status: z.enum(['passed', 'failed', 'skipped']),
  message: z.string().optional(),
  detail: z.string().optional(),
  durationMs: z.number().min(0),
  schemaViolation: z.boolean().optional(),
  // A shard keeps of each exchange what merging needs: the operation and the answer's status.
  exchange: z.strictObject({ operationId: z.string(), status: httpStatus.nullable() }).optional(),
  rules: z.array(ruleId).optional(),
  since: sinceLabel.optional(),
})

// A crafted total is counted to when shards are missing (400,000,000 ran merge out of memory):
// bounded as --shard is, and an index within it.
const shard = z
  .strictObject({
    index: z.number().int().min(1).max(MAX_SHARDS),
    total: z.number().int().min(1).max(MAX_SHARDS),
    run: z.string(),
    contract: z.string(),
  })
  .refine((position) => position.index <= position.total, {
    message: 'the index of a shard is at most the number of shards',
    path: ['index'],
  })

/** What report.json holds: the run report without its suites, which a shard's report keeps. */
export const reportDocument = z.strictObject({
  tool: z.literal('devenv-contract'),
  mode: z.enum(['check', 'fuzz', 'proxy', 'replay']),
  target: z.string(),
  startedAt: z.string(),
  durationMs: z.number().min(0),
  seed: z.string().optional(),
  shard: shard.optional(),
  mergedShards: z.array(z.number().int().min(1).max(MAX_SHARDS)).max(MAX_SHARDS).optional(),
  notes: z.array(z.string()),
  since: z
    .strictObject({
      base: z.string(),
      asks: z.array(z.string()),
      new: count,
      baseToo: count,
    })
    .optional(),
  summary: z.strictObject({
    passed: count,
    failed: count,
    skipped: count,
    schemaViolations: count,
  }),
  coverage,
  operations: z.array(
    z.strictObject({
      operationId: z.string(),
      method: z.string(),
      path: z.string(),
      passed: count,
      failed: count,
      skipped: count,
      statusesSeen: z.array(httpStatus),
    }),
  ),
  failures: z.array(
    z.strictObject({
      operationId: z.string().nullable(),
      suite: z.string(),
      check: z.string(),
      message: z.string(),
      request: z.strictObject({ method: z.string(), url: z.string() }).nullable(),
      status: httpStatus.nullable(),
      reproducer: z.string().nullable(),
      variables: z.array(z.string()),
      detail: z.string().nullable(),
      since: sinceLabel.optional(),
    }),
  ),
  skipped: z.array(z.strictObject({ suite: z.string(), check: z.string(), reason: z.string() })),
  findings: z.array(z.strictObject({ title: z.string(), detail: z.string() })),
  skippedParts: z.array(
    z.strictObject({ part: z.string(), reason: z.string(), accepted: z.boolean() }),
  ),
  uncovered: z.array(
    z.strictObject({
      operationId: z.string(),
      status: z.string().optional(),
      example: z.strictObject({ in: z.enum(['request', 'response']), name: z.string() }).optional(),
      reason: z.string(),
    }),
  ),
  suites: z
    .array(
      z.strictObject({
        name: z.string(),
        kind: z.enum(['operation', 'flow', 'property']),
        checks: z.array(checkResult),
      }),
    )
    .optional(),
})
