import type { Contract } from '@devenv/openapi'
import { PROXY_PARTS, proxyRunReport } from '../proxy/report'
import { runValidationProxy } from '../proxy/run'
import { finishRun } from './finish'
import {
  CONFIG_KEYS_USAGE,
  CONFIG_USAGE,
  type Command,
  contractFor,
  EXIT,
  printUsageError,
  REPORT_USAGE,
  readCommand,
  type SharedOptions,
  UsageError,
  urlOption,
  userPath,
} from './options'
import { preflight } from './preflight'
import { say } from './terminal'

export const PROXY_USAGE = `Usage: devenv-contract proxy --upstream URL [options]

A validation proxy: forwards every request to the upstream unchanged, passes every answer back
unchanged, and checks both against the contract off the way of the traffic. Prints one line per
violation as it happens; writes the reports (into reports/proxy unless --report-dir says
otherwise) on Ctrl+C, SIGTERM or after --duration.
Exit code 0 when nothing broke the contract, 1 otherwise (and when no request passed through,
unless --allow-skip proxy.traffic), 2 on a usage error.

  --upstream URL        the server to check (http://host:port)                   required
  --port P              where it listens on 127.0.0.1; 0 takes a free one        (default 4012)
  --duration S          stop after S seconds                             (default: on a signal)
  --timeout MS          how long the upstream may stay silent; then a 504       (default 60000)
  --quiet               no line per violation (the reports still list them)
${REPORT_USAGE}
${CONFIG_USAGE}
  -h, --help            this help

${CONFIG_KEYS_USAGE}
`

const DEFAULT_PORT = 4012
// Longer than a check's 15 s: a development session may wait on a slow AI answer.
const DEFAULT_TIMEOUT_MS = 60_000
const DEFAULT_REPORT_DIR = 'reports/proxy'

type ProxySettings = {
  upstream: URL
  contract: Contract
  port: number
  durationSeconds: number | undefined
  shared: SharedOptions & { reportDir: string }
}

export function parseProxyArguments(argv: string[]): ProxySettings | 'help' {
  const command = readCommand(
    argv,
    {
      upstream: { type: 'string' },
      port: { type: 'string' },
      duration: { type: 'string' },
    },
    PROXY_PARTS,
    { subcommand: 'proxy' },
  )
  if (command.help) return 'help'
  const { text, shared } = command
  const upstream = command.check(
    'upstream',
    () => {
      const url = new URL(urlOption('upstream', text('upstream')))
      // The proxy passes each request on byte for byte, path included: there is no path to add.
      if (url.pathname !== '/' || url.search !== '')
        throw new UsageError(
          `--upstream takes an origin (http://host:port), not ${url.href}: each request keeps the path the client asked for`,
        )
      return url
    },
    undefined,
  )
  const port = command.number('port', DEFAULT_PORT, { min: 0, max: 65_535, integer: true })
  const duration = text('duration')
  const durationSeconds =
    duration === undefined ? undefined : command.number('duration', 1, { min: 0.001 })
  const contract = command.check('contract', () => contractFor(shared), undefined)
  command.done()
  return {
    // done() threw unless both were read.
    upstream: upstream as URL,
    contract: contract as Contract,
    port,
    durationSeconds,
    shared: {
      ...shared,
      timeoutMs: text('timeout') === undefined ? DEFAULT_TIMEOUT_MS : shared.timeoutMs,
      reportDir: shared.reportDir ?? userPath(DEFAULT_REPORT_DIR),
    },
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
  let settings: ProxySettings
  try {
    const parsed = parseProxyArguments(argv)
    if (parsed === 'help') {
      say(PROXY_USAGE)
      return EXIT.passed
    }
    settings = parsed
    // An upstream that is down, hangs, or answers HTML or a redirect is a wrong --upstream.
    await preflight(settings.upstream.href, Math.min(settings.shared.timeoutMs, 15_000), 'upstream')
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    return printUsageError(error, 'proxy')
  }
  const { upstream, contract, port, durationSeconds, shared } = settings

  let signals: StopSignals | undefined
  try {
    let run: Awaited<ReturnType<typeof runValidationProxy>>
    try {
      run = await runValidationProxy({
        upstream,
        port,
        timeoutMs: shared.timeoutMs,
        contract,
        contractPath: shared.contractPath,
        print: (line) => {
          if (!shared.quiet) say(line)
        },
        stop: ({ address }) => {
          signals = listenForStop(durationSeconds)
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
    return await finishRun(proxyRunReport(run), shared)
  } finally {
    signals?.release()
  }
}
