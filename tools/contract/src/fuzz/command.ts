import type { Contract } from '@devenv/openapi'
import {
  type Command,
  contractFor,
  EXIT,
  finishRun,
  parseCommand,
  SHARED_USAGE,
  type SharedOptions,
  UsageError,
  urlOption,
} from '../command/frame'
import { preflight } from '../command/preflight'
import { fuzzRunReport, reproducerOf } from './report'
import { type FuzzResult, runFuzz } from './run'
import { runStateful, type StatefulResult } from './stateful'
import { formatFailure, formatTable } from './tally'
import { devClientOf, type FuzzTransport, httpTransport } from './transport'

export const FUZZ_USAGE = `Usage: devenv-contract fuzz --base-url URL [options]

Property-based requests generated from the contract (valid, one broken constraint at a time,
hostile bodies, forged tokens), then random stateful sequences checked against a model of
accounts, sessions and environments. Prints the seed; --seed replays a run. Every failure is
shrunk to a minimal request, printed as a curl command.
Both parts build their state through the stub's development controls (seeded accounts, mailbox,
clock, X-Stub-Session); against a server without them they are skipped with the reason.

  --base-url URL        the server (http://host:port, or its /api or /api/v1 base)    required
  --requests N          generated requests to send                            (default 2000)
  --sequences N         stateful sequences; 0 skips the model    (default requests / 100, >= 5)
  --seed S              fast-check seed, to replay a run                (default random, printed)
  --shrink N            distinct failures to shrink                              (default 10)
${SHARED_USAGE}
`

type FuzzSettings = {
  baseUrl: string
  requests: number
  sequences: number
  seed: number
  shrink: number
  shared: SharedOptions
}

export function parseFuzzArguments(argv: string[]): FuzzSettings | 'help' {
  const command = parseCommand(argv, {
    'base-url': { type: 'string' },
    requests: { type: 'string' },
    sequences: { type: 'string' },
    seed: { type: 'string' },
    shrink: { type: 'string' },
  })
  if (command.help) return 'help'
  const baseUrl = urlOption('base-url', command.text('base-url'))
  const requests = command.number('requests', 2_000, { min: 1, max: 10_000_000, integer: true })
  return {
    baseUrl,
    requests,
    sequences: command.number('sequences', Math.max(5, Math.round(requests / 100)), {
      min: 0,
      max: 1_000_000,
      integer: true,
    }),
    seed: command.number('seed', Math.floor(Math.random() * 2 ** 31), {
      min: 0,
      max: 2 ** 32 - 1,
      integer: true,
    }),
    shrink: command.number('shrink', 10, { min: 0, max: 1_000, integer: true }),
    shared: command.shared,
  }
}

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
  contract: Contract
  requests: number
  sequences: number
  seed: number
  shrink?: number
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
  const notes: string[] = [`seed ${options.seed} (replay with --seed ${options.seed})`]
  let fuzz: FuzzResult | undefined
  let stateful: StatefulResult | undefined
  const controls = await devControls(options.transport, options.seed)
  const missing = 'missing' in controls ? controls.missing : undefined
  if ('missing' in controls) {
    notes.push(
      `property-based requests and the stateful model skipped: ${missing}; both build their accounts, tokens and environments through the stub's development controls`,
    )
    log(`skipped: ${missing}`)
  } else {
    log(`property-based requests: ${options.requests.toLocaleString('en-US')}`)
    fuzz = await runFuzz({
      transport: options.transport,
      contract: options.contract,
      requests: options.requests,
      seed: options.seed,
      shrinkLimit: options.shrink ?? 10,
      clockStart: controls.clockStart,
      log,
    })
    if (options.sequences > 0 && controls.clockRuns) {
      const reason =
        "the target's clock runs on its own, and the model moves time only by its jumps (run the stub with STUB_MODE=test)"
      notes.push(`stateful model skipped: ${reason}`)
      log(`stateful model skipped: ${reason}`)
    } else if (options.sequences > 0) {
      log(`stateful sequences (model-based): ${options.sequences}`)
      stateful = await runStateful({
        transport: options.transport,
        contract: options.contract,
        runs: options.sequences,
        seed: options.seed,
        maxCommands: 60,
        clockStart: controls.clockStart,
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
  }
  return { run, report: fuzzRunReport(run) }
}

/** `devenv-contract fuzz ...`: 0 no failure, 1 a failure or coverage short, 2 bad input. */
export const fuzzCommand: Command = async (argv) => {
  let settings: FuzzSettings
  let contract: Contract
  try {
    const parsed = parseFuzzArguments(argv)
    if (parsed === 'help') {
      console.log(FUZZ_USAGE)
      return EXIT.passed
    }
    settings = parsed
    contract = contractFor(settings.shared)
    await preflight(settings.baseUrl, Math.min(settings.shared.timeoutMs, 15_000))
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    console.error(`fuzz: ${error.message}`)
    return EXIT.usage
  }
  const { shared, seed } = settings
  const transport = httpTransport(settings.baseUrl, shared.timeoutMs)
  console.log(
    `fuzz: ${transport.origin}, ${settings.requests.toLocaleString('en-US')} requests, ${settings.sequences} stateful sequences, seed ${seed}`,
  )
  const { run, report } = await fuzzTarget({
    transport,
    contract,
    requests: settings.requests,
    sequences: settings.sequences,
    seed,
    shrink: settings.shrink,
    log: (line) => {
      if (!shared.quiet) console.log(line)
    },
  })
  if (run.fuzz) {
    console.log(`\n${formatTable(run.fuzz.tally)}`)
    for (const example of run.fuzz.tally.failures.values()) {
      console.log(`\n${formatFailure(example)}`)
      if (example.shrunkRequest)
        console.log(`  reproduce: ${reproducerOf(transport.origin, example.shrunkRequest.request)}`)
    }
  }
  if (run.stateful?.failure)
    console.log(`\n✗ the server and the model disagree:\n${run.stateful.failure}`)
  await transport.close()
  return finishRun(report, shared)
}
