import type { Contract } from '@devenv/openapi'
import { PROXY_PARTS, proxyEndEvents, proxyStarted, shapeProxyReport } from '../proxy/report'
import { runValidationProxy } from '../proxy/run'
import { RunStream } from '../report'
import { PROXY_COMMAND } from './command-specs'
import { exitCodeOf, runOutputs } from './finish'
import { userPath } from './option-values'
import { type Command, contractFor, readCommand, usageOf } from './options'
import { preflight } from './preflight'
import { say } from './terminal'
import { EXIT, printUsageError, UsageError } from './usage'

const DEFAULT_REPORT_DIR = 'reports/proxy'

export function parseProxyArguments(argv: string[]) {
  const command = readCommand(argv, PROXY_COMMAND, PROXY_PARTS)
  if (command.help) return 'help'
  const { shared, value } = command
  const contract = command.check('contract', () => contractFor(shared), undefined)
  command.done()
  return {
    upstream: value('upstream'),
    // done() threw unless it loaded.
    contract: contract as Contract,
    port: value('port'),
    durationSeconds: value('duration'),
    shared: { ...shared, reportDir: shared.reportDir ?? userPath(DEFAULT_REPORT_DIR) },
  }
}

type StopSignals = {
  /** Settles on the first of SIGINT, SIGTERM or the end of the duration. */
  stopped: Promise<string>
  /** Stops listening, once the reports are written and the verdict is known. */
  release: () => void
}

/**
 * Listens for SIGINT and SIGTERM until the run's end is reported, not only until the first:
 * pnpm and tsx pass a group's signal on, so a second one comes while the reports are written,
 * and a signal nobody listens for kills the process before they are.
 */
function listenForStop(durationSeconds: number | undefined): StopSignals {
  let stop: (reason: string) => void = () => {}
  const stopped = new Promise<string>((resolve) => {
    stop = resolve
  })
  const timer =
    durationSeconds === undefined
      ? undefined
      : setTimeout(() => stop('duration'), durationSeconds * 1000)
  // The first signal names the end; later ones settle nothing and are only absorbed.
  const onSignal = (signal: NodeJS.Signals) => stop(signal)
  process.on('SIGINT', onSignal)
  process.on('SIGTERM', onSignal)
  return {
    stopped,
    release() {
      clearTimeout(timer)
      // On the next turn: the binary has exited by then, so no late signal finds Node's default
      // (death, exit 130/143) instead of the verdict; a caller in process gets its handlers back.
      setImmediate(() => {
        process.off('SIGINT', onSignal)
        process.off('SIGTERM', onSignal)
      })
    },
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
  const { upstream, contract, port, durationSeconds, shared } = settings

  let signals: StopSignals | undefined
  // The run's events: its start once it listens, each violation as it is judged, the rest at its end.
  const stream = new RunStream(runOutputs(shared), shared.allowSkip)
  try {
    let run: Awaited<ReturnType<typeof runValidationProxy>>
    try {
      run = await runValidationProxy({
        upstream,
        port,
        timeoutMs: shared.timeoutMs,
        contract,
        contractPath: shared.contractPath,
        print: (text) => void stream.emit({ type: 'alert', text }),
        stop: ({ address, startedAt }) => {
          signals = listenForStop(durationSeconds)
          void stream.emit(proxyStarted(upstream.href, startedAt))
          say(
            `proxy: ${address} -> ${upstream.origin}, checking against the contract; ${durationSeconds === undefined ? 'stop with Ctrl+C' : `for ${durationSeconds} s`}`,
          )
          return signals.stopped
        },
      })
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (code === 'EADDRINUSE' || code === 'EACCES')
        return printUsageError(new UsageError(`cannot listen on port ${port} (${code})`), 'proxy')
      throw error
    }
    await stream.emitAll(proxyEndEvents(run))
    return exitCodeOf(await stream.finish(run.durationMs, shapeProxyReport(run)), shared)
  } finally {
    // A run that failed still prints what it told (the checks that stopped) before its error.
    await stream.settled()
    signals?.release()
  }
}
