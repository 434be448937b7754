import { RunBound } from '../fuzz/bound'
import type { CheckName } from '../fuzz/checks'
import { reproducerOf, reproducerVariablesOf } from '../fuzz/report'
import { formatFailure, formatTable, repeatedRequestOf, Tally } from '../fuzz/tally'
import { fuzzPartsOf, fuzzTarget } from '../fuzz/target'
import { GivenAccountRefused } from '../fuzz/world'
import { httpTransport, MIB, type Transport } from '../http'
import { RunStream, type ToldEvent } from '../report'
import { firstLineOf, printable } from '../report/printable'
import { mailboxOption } from './check'
import { FUZZ_COMMAND } from './command-specs'
import { exitCodeOf, listenForStop, runOutputs } from './finish'
import { FUZZ_RULES } from './option-rules'
import { type Command, type CommandContext, readSettings, usageOf } from './options'
import { preflight } from './preflight'
import { say, warn } from './terminal'
import { CLI_NAME, EXIT, printUsageError, UsageError } from './usage'

/** What a fuzz run is given: its options read, the contract loaded. */
type FuzzSettings = Exclude<ReturnType<typeof parseFuzzArguments>, 'help'>

export function parseFuzzArguments(argv: string[]) {
  const settings = readSettings(argv, FUZZ_COMMAND, fuzzPartsOf, FUZZ_RULES)
  if (settings === 'help') return 'help'
  const { options } = settings
  const { stub } = options
  // The stub in process answers thousands of requests a second: its run is the long one.
  const requests = options.requests ?? (stub ? 100_000 : 2_000)
  return {
    // The server over HTTP, or the workspace's stub in process.
    target: stub ? ('stub' as const) : { baseUrl: options['base-url'] ?? '' },
    requests,
    sequences:
      options.sequences ??
      (stub ? Math.max(50, Math.round(requests / 500)) : Math.max(5, Math.round(requests / 100))),
    seed: options.seed ?? Math.floor(Math.random() * 2 ** 31),
    shrink: options.shrink,
    maxTimeMs: options['max-time'] * 1000,
    // Every check but those --exclude-checks drops, or those --checks names.
    checks: settings.checks,
    shard: options.shard,
    accounts: settings.accounts,
    // Asked (a catcher must answer as one) before the run.
    mailbox: options.mailbox,
    waitSeconds: options.wait,
    maxAnswerBytes: options['max-answer-mib'] * MIB,
    shared: settings.shared,
    contract: settings.contract,
  }
}

/**
 * The workspace's stub in process, for the property-based part and (rate limits off: the model
 * does not count their windows) for the stateful one. Only a caller that holds it can give it
 * (`pnpm fuzz`, the toolkit's tests): the toolkit imports no stub, and its binary answers `--stub`
 * with a usage error.
 */
async function inProcessStubs(
  context: CommandContext,
): Promise<{ fuzz: Transport; stateful: Transport }> {
  if (!context.inProcess)
    throw new UsageError(
      '--stub runs the stub of the workspace in process, and this CLI has none: give --base-url',
    )
  return context.inProcess.start()
}

/** One table for both parts: their checks are the same. */
function combinedTally(
  parts: ReadonlyArray<Tally | undefined>,
  selected: ReadonlySet<CheckName>,
): Tally {
  const total = new Tally(undefined, selected)
  for (const part of parts) {
    if (!part) continue
    for (const [kind, count] of Object.entries(part.requests))
      total.requests[kind as keyof typeof total.requests] += count
    for (const [check, counts] of Object.entries(part.checks)) {
      const into = total.checks[check as keyof typeof total.checks]
      into.checked += counts.checked
      into.failed += counts.failed
    }
  }
  return total
}

/** The run's figures: requests by kind of input, the stateful steps, the answers per operation. */
function figuresOf({ fuzz, stateful }: Awaited<ReturnType<typeof fuzzTarget>>['run']): string[] {
  const lines: string[] = []
  if (fuzz) {
    const inputs = [...fuzz.tally.inputs]
      .map(([input, count]) => `${count.toLocaleString('en-US')} ${input}`)
      .join(', ')
    lines.push(
      `generated requests: ${fuzz.tally.requests.fuzz.toLocaleString('en-US')} (${inputs}) in ${fuzz.batches} batches, ${(fuzz.durationMs / 1000).toFixed(1)} s`,
      `world set-up requests: ${fuzz.tally.requests.setup.toLocaleString('en-US')}`,
    )
    if (fuzz.withheld > 0)
      lines.push(
        `withheld: ${fuzz.withheld.toLocaleString('en-US')} (each would have changed a given account's password)`,
      )
  }
  if (stateful)
    lines.push(
      `stateful: ${stateful.runs} sequences, ${stateful.steps} steps, ${stateful.tally.requests.stateful.toLocaleString('en-US')} requests, ${(stateful.durationMs / 1000).toFixed(1)} s`,
    )
  if (!fuzz) return lines
  lines.push('\nanswers per operation (status: count):')
  for (const [operationId, statuses] of [...fuzz.tally.statuses].sort(([a], [b]) =>
    a.localeCompare(b),
  )) {
    const counts = [...statuses]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status}: ${count.toLocaleString('en-US')}`)
    lines.push(`  ${operationId.padEnd(22)} ${counts.join(', ')}`)
  }
  return lines
}

/** `devenv-contract fuzz ...`: 0 no failure, 1 a failure or coverage short, 2 bad input. */
export const fuzzCommand: Command = async (argv, context = {}) => {
  let settings: FuzzSettings
  let transports: { fuzz: Transport; stateful: Transport }
  let mailbox: Awaited<ReturnType<typeof mailboxOption>>
  try {
    const parsed = parseFuzzArguments(argv)
    if (parsed === 'help') {
      say(usageOf(FUZZ_COMMAND, context))
      return EXIT.passed
    }
    settings = parsed
    mailbox = await mailboxOption(settings.mailbox, settings.shared.timeoutMs)
    if (settings.target === 'stub') transports = await inProcessStubs(context)
    else {
      const { baseUrl } = settings.target
      await preflight(baseUrl, Math.min(settings.shared.timeoutMs, 15_000), settings.contract)
      const transport = httpTransport(baseUrl, settings.shared.timeoutMs, settings.maxAnswerBytes)
      transports = { fuzz: transport, stateful: transport }
    }
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    return printUsageError(error, 'fuzz')
  }
  const { shared, seed, contract } = settings
  const origin = settings.target === 'stub' ? 'the stub in process' : transports.fuzz.origin
  say(
    `fuzz: ${origin}, ${settings.requests.toLocaleString('en-US')} requests, ${settings.sequences} stateful sequences, seed ${seed}`,
  )
  const bound = new RunBound(settings.maxTimeMs, settings.sequences > 0)
  // What the terminal prints once the run has ended: the results, then what the time bound cut.
  const end = { results: [] as string[], closing: [] as string[] }
  const stream = new RunStream(runOutputs(shared, end), shared.allowSkip)
  const tell = (event: ToldEvent) => void stream.emit(event)
  // Where the run has got, each second: the progress line shows it at its own pace.
  const ticking = shared.quiet
    ? undefined
    : setInterval(() => tell({ type: 'progress', status: true, text: bound.progressLine() }), 1_000)
  ticking?.unref()
  const signals = listenForStop()
  const started = performance.now()
  try {
    const fuzzing = fuzzTarget({
      transport: transports.fuzz,
      statefulTransport: transports.stateful,
      contract,
      requests: settings.requests,
      sequences: settings.sequences,
      seed,
      shrink: settings.shrink,
      checks: settings.checks,
      ...(settings.shard ? { shard: settings.shard } : {}),
      ...(settings.accounts ? { accounts: settings.accounts } : {}),
      mailbox,
      waitMs: settings.waitSeconds * 1000,
      bound,
      log: (text) => tell({ type: 'alert', text }),
      tell,
    })
    // A run a signal stopped is reported as judged so far; the rest of it goes unheard.
    fuzzing.catch(() => undefined)
    const ended = await Promise.race([fuzzing, signals.stopped])
    clearInterval(ticking)
    if (typeof ended === 'string') {
      const report = await stream.interrupt(`stopped by ${ended}`, performance.now() - started)
      // The engine ends at its next look at the bound; its transports close only after it has.
      bound.stop()
      await fuzzing.catch(() => undefined)
      return report ? exitCodeOf(report, shared) : EXIT.failed
    }
    const { run, closing } = ended
    if (closing !== undefined) end.closing.push(closing)
    if (run.fuzz || run.stateful) {
      end.results.push(
        `\n${formatTable(combinedTally([run.fuzz?.tally, run.stateful?.tally], settings.checks))}\n`,
      )
      if (!shared.quiet) end.results.push(...figuresOf(run))
    }
    for (const example of run.fuzz?.tally.failures.values() ?? []) {
      end.results.push(`\n${formatFailure(example)}`)
      const repeated = repeatedRequestOf(example)
      if (!repeated) continue
      const { request } = repeated
      end.results.push(`  reproduce: ${reproducerOf(transports.fuzz.origin, request)}`)
      const variables = reproducerVariablesOf(transports.fuzz.origin, request)
      if (variables.length > 0) end.results.push(`  set first: ${variables.join(', ')}`)
    }
    if (run.stateful?.failure)
      end.results.push(`\n✗ the server and the model disagree:\n${run.stateful.failure}`)
    return exitCodeOf(await stream.finish(run.durationMs), shared)
  } catch (error) {
    // What was judged before the run stopped is reported all the same; then the error goes on.
    await stream.interrupt(
      `stopped by an error: ${firstLineOf(error)}`,
      performance.now() - started,
    )
    // A given account's credentials refused: the user's to fix. Any other answer of the server
    // that the run cannot build on is a skipped part of a finished run (`fuzzTarget`).
    if (!(error instanceof GivenAccountRefused)) throw error
    // Said as every usage error is, less the pointer to --help: the fix is in the options given.
    warn(`${CLI_NAME}: fuzz: ${printable(firstLineOf(error))}`)
    return EXIT.usage
  } finally {
    clearInterval(ticking)
    signals.release()
    await transports.fuzz.close()
    if (transports.stateful !== transports.fuzz) await transports.stateful.close()
  }
}
