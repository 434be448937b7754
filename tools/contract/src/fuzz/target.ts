import type { Contract } from '@devenv/openapi'
import { type ShardPosition, shardOfRun } from '../report/shard'
import { fuzzRunReport } from './report'
import { type FuzzResult, runFuzz } from './run'
import { runStateful, type StatefulResult } from './stateful/run'
import { devClientOf, type FuzzTransport } from './transport'

/** The parts of a fuzz run, as `--allow-skip` names them. */
export const FUZZ_PARTS = ['fuzz.properties', 'fuzz.stateful'] as const
export type FuzzPart = (typeof FUZZ_PARTS)[number]

/** How long the fuzzer watches the target's clock to tell whether it runs on its own. */
const CLOCK_WATCH_MS = 30

/**
 * The target's clock (a fresh session's, ms) when it has the development controls the fuzzer
 * builds its state with, or why it cannot; and whether that clock runs on its own. The
 * stateful model moves time only by its own jumps (provisioning takes 3 s of the target's clock,
 * a token 15 min): it holds a target whose clock stands still between them (the stub in test
 * mode) and no other, so a running clock is told, and the model skipped with that reason.
 */
export async function devControls(
  transport: FuzzTransport,
  seed: number,
): Promise<{ clockStart: number; clockRuns: boolean } | { missing: string }> {
  const dev = devClientOf(transport, `fuzz-${seed}-probe`)
  let clockStart: number
  let clockLater: number
  try {
    clockStart = Date.parse((await dev.clock()).now)
    await new Promise((resolve) => setTimeout(resolve, CLOCK_WATCH_MS))
    clockLater = Date.parse((await dev.clock()).now)
  } catch {
    return { missing: 'the target has no development clock (POST /__dev/clock)' }
  }
  if (!(await dev.hasMailbox()))
    return { missing: 'the target has no development mailbox (GET /__dev/mailbox)' }
  return { clockStart, clockRuns: clockLater !== clockStart }
}

export type FuzzTargetOptions = {
  transport: FuzzTransport
  /** Where the stateful model runs; `transport` by default (the stub in process: one with rate limits off). */
  statefulTransport?: FuzzTransport
  contract: Contract
  requests: number
  sequences: number
  seed: number
  shrink?: number
  /** Runs only this shard's share of the batches and sequences the seed draws (`--shard i/n`). */
  shard?: ShardPosition
  log?: (line: string) => void
}

/**
 * The whole fuzz run against one transport (HTTP or in process): the property-based requests,
 * then the stateful model, each skipped with its reason when the target lacks dev controls.
 */
export async function fuzzTarget(options: FuzzTargetOptions) {
  const started = performance.now()
  const startedAt = new Date().toISOString()
  const log = options.log ?? (() => undefined)
  const { shard } = options
  const notes: string[] = [
    `seed ${options.seed} (replay with --seed ${options.seed}${shard ? ` --shard ${shard.index}/${shard.total}` : ''})`,
    ...(shard
      ? [
          `shard ${shard.index}/${shard.total}: of the batches and sequences the seed draws, those numbered ${shard.index}, ${shard.index + shard.total}, ${shard.index + 2 * shard.total} ... (merge the shards' reports with devenv-contract merge)`,
        ]
      : []),
  ]
  let fuzz: FuzzResult | undefined
  let stateful: StatefulResult | undefined
  const skippedParts: Array<{ part: FuzzPart; reason: string; accepted?: boolean }> = []
  const controls = await devControls(options.transport, options.seed)
  const missing = 'missing' in controls ? controls.missing : undefined
  if ('missing' in controls) {
    notes.push(
      `property-based requests and the stateful model skipped: ${missing}; both build their accounts, tokens and environments through the stub's development controls`,
    )
    log(`skipped: ${missing}`)
    for (const part of FUZZ_PARTS) skippedParts.push({ part, reason: missing ?? '' })
  } else {
    log(`property-based requests: ${options.requests.toLocaleString('en-US')}`)
    fuzz = await runFuzz({
      transport: options.transport,
      contract: options.contract,
      requests: options.requests,
      seed: options.seed,
      shrinkLimit: options.shrink ?? 10,
      clockStart: controls.clockStart,
      ...(options.shard ? { shard: options.shard } : {}),
      log,
    })
    if (options.sequences > 0 && controls.clockRuns) {
      const reason =
        "the target's clock runs on its own, and the model moves time only by its jumps (run the stub with STUB_MODE=test)"
      notes.push(`stateful model skipped: ${reason}`)
      log(`stateful model skipped: ${reason}`)
      skippedParts.push({ part: 'fuzz.stateful', reason })
    } else if (options.sequences > 0) {
      log(`stateful sequences (model-based): ${options.sequences}`)
      stateful = await runStateful({
        transport: options.statefulTransport ?? options.transport,
        contract: options.contract,
        runs: options.sequences,
        seed: options.seed,
        maxCommands: 60,
        clockStart: controls.clockStart,
        ...(options.shard ? { shard: options.shard } : {}),
      })
    }
  }
  const run = {
    contract: options.contract,
    origin: options.transport.origin,
    seed: options.seed,
    startedAt,
    durationMs: performance.now() - started,
    fuzz,
    stateful,
    notes,
    ...(missing === undefined ? {} : { skipped: `skipped: ${missing}` }),
    skippedParts: [
      ...skippedParts,
      // Asked for: the user's own choice, shown but accepted.
      ...(options.sequences === 0 && !skippedParts.some((part) => part.part === 'fuzz.stateful')
        ? [{ part: 'fuzz.stateful', reason: '--sequences 0', accepted: true }]
        : []),
    ],
  }
  const report = fuzzRunReport(run)
  return {
    run,
    report: shard
      ? {
          ...report,
          shard: shardOfRun(shard, {
            mode: 'fuzz',
            contract: options.contract,
            settings: {
              requests: options.requests,
              sequences: options.sequences,
              seed: options.seed,
            },
          }),
        }
      : report,
  }
}
