import { PROXY_PARTS } from '../proxy/report'
import { runValidationProxy } from '../proxy/run'
import { RunStream } from '../report'
import { firstLineOf } from '../report/printable'
import { PROXY_COMMAND } from './command-specs'
import { exitCodeOf, listenForStop, runOutputs, type StopSignals } from './finish'
import { userPath } from './option-values'
import { type Command, readSettings, usageOf } from './options'
import { preflight } from './preflight'
import { say } from './terminal'
import { EXIT, printUsageError, UsageError } from './usage'

const DEFAULT_REPORT_DIR = 'reports/proxy'

export function parseProxyArguments(argv: string[]) {
  const settings = readSettings(argv, PROXY_COMMAND, PROXY_PARTS)
  if (settings === 'help') return 'help'
  const { options, shared } = settings
  return {
    upstream: options.upstream,
    contract: settings.contract,
    port: options.port,
    durationSeconds: options.duration,
    record:
      options.record === undefined
        ? undefined
        : { dir: options.record, maxBytes: options['record-max-mib'] * 1024 * 1024 },
    shared: { ...shared, reportDir: shared.reportDir ?? userPath(DEFAULT_REPORT_DIR) },
  }
}

/**
 * `devenv-contract proxy ...`: answers the exit code (0 no violation, 1 violations or coverage
 * under --min-coverage, 2 bad input, printed here a line per problem so that it reads the same
 * however the command is started).
 */
export const proxyCommand: Command = async (argv) => {
  let settings: Exclude<ReturnType<typeof parseProxyArguments>, 'help'>
  try {
    const parsed = parseProxyArguments(argv)
    if (parsed === 'help') {
      say(usageOf(PROXY_COMMAND))
      return EXIT.passed
    }
    settings = parsed
    // An upstream that is down, hangs, or answers HTML or a redirect is a wrong --upstream.
    await preflight(
      settings.upstream.href,
      Math.min(settings.shared.timeoutMs, 15_000),
      settings.contract,
      'upstream',
    )
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    return printUsageError(error, 'proxy')
  }
  const { upstream, contract, port, durationSeconds, record, shared } = settings

  let signals: StopSignals | undefined
  // The run's events: its start once it listens, each violation and check as it is judged, the
  // rest at its end.
  const stream = new RunStream(runOutputs(shared), shared.allowSkip)
  const started = performance.now()
  try {
    const run = await runValidationProxy({
      upstream,
      port,
      timeoutMs: shared.timeoutMs,
      contract,
      contractPath: shared.contractPath,
      ...(record ? { record } : {}),
      tell: (event) => void stream.emit(event),
      stop: ({ address }) => {
        signals = listenForStop(durationSeconds)
        say(
          `proxy: ${address} -> ${upstream.origin}, checking against the contract; ${durationSeconds === undefined ? 'stop with Ctrl+C' : `for ${durationSeconds} s`}`,
        )
        return signals.stopped
      },
    })
    return exitCodeOf(await stream.finish(run.durationMs), shared)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'EADDRINUSE' || code === 'EACCES')
      return printUsageError(new UsageError(`cannot listen on port ${port} (${code})`), 'proxy')
    // What was judged before the run stopped is reported all the same; then the error goes on.
    await stream.interrupt(
      `stopped by an error: ${firstLineOf(error)}`,
      performance.now() - started,
    )
    throw error
  } finally {
    signals?.release()
  }
}
