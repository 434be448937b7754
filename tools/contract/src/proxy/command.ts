import { connect } from 'node:net'
import { resolve } from 'node:path'
import type { Contract } from '@devenv/openapi'
import {
  finishRun,
  parseCommand,
  REPORT_USAGE,
  reasonOf,
  type SharedOptions,
  UsageError,
} from '../command/frame'
import { loadProxyContract } from './contract-checks'
import { proxyRunReport } from './report'
import { runValidationProxy } from './run'

export const PROXY_USAGE = `Usage: devenv-contract proxy --upstream URL [options]

A validation proxy: forwards every request to the upstream unchanged, passes every answer back
unchanged, and checks both against the contract off the way of the traffic. Prints one line per
violation as it happens; writes the reports on Ctrl+C, SIGTERM or after --duration.
Exit code 0 when nothing broke the contract, 1 otherwise, 2 on a usage error.

  --upstream URL        the server to check (http://host:port)                 required
  --port P              where the proxy listens on 127.0.0.1 (0: any free port) (default 4012)
  --duration S          stop after S seconds                                   (default: on a signal)
${REPORT_USAGE}
                        (the proxy writes its reports to reports/proxy without --report-dir)
  --quiet               no line per violation (the reports still list them)
`

const DEFAULT_PORT = 4012
const CONNECT_TIMEOUT_MS = 5000

export { UsageError }

type ProxySettings = {
  upstream: URL
  port: number
  durationSeconds: number | undefined
  shared: SharedOptions & { reportDir: string }
}

export function parseProxyArguments(argv: string[]): ProxySettings | 'help' {
  // The shared options (--report-dir, --min-coverage, --contract, --quiet) but --timeout: the proxy
  // waits for the upstream as long as its client does.
  const command = parseCommand(
    argv,
    { upstream: { type: 'string' }, port: { type: 'string' }, duration: { type: 'string' } },
    { without: ['timeout'] },
  )
  if (command.help) return 'help'
  const { text, shared } = command

  const upstreamText = text('upstream')
  if (!upstreamText) throw new UsageError('--upstream is required')
  let upstream: URL
  try {
    upstream = new URL(upstreamText)
  } catch {
    throw new UsageError(`--upstream ${upstreamText} is not a URL`)
  }
  if (upstream.protocol !== 'http:' && upstream.protocol !== 'https:')
    throw new UsageError(`--upstream must be an http:// or https:// URL, not ${upstream.protocol}`)

  const portText = text('port')
  const port = portText === undefined ? DEFAULT_PORT : Number(portText)
  if (!/^\d+$/.test(portText ?? '0') || port > 65_535)
    throw new UsageError(`--port must be a whole number from 0 to 65535, not ${portText}`)

  const durationText = text('duration')
  const durationSeconds = durationText === undefined ? undefined : Number(durationText)
  if (durationSeconds !== undefined && !(Number.isFinite(durationSeconds) && durationSeconds > 0))
    throw new UsageError(`--duration must be a positive number of seconds, not ${durationText}`)

  return {
    upstream,
    port,
    durationSeconds,
    shared: { ...shared, reportDir: resolve(shared.reportDir ?? 'reports/proxy') },
  }
}

/** Whether a TCP connection to the upstream opens: an answer of any kind is for the checks. */
async function checkReachable(upstream: URL): Promise<void> {
  const port = Number(upstream.port || (upstream.protocol === 'https:' ? 443 : 80))
  const host = upstream.hostname.replace(/^\[|\]$/g, '')
  await new Promise<void>((done, fail) => {
    const socket = connect({ host, port, timeout: CONNECT_TIMEOUT_MS })
    socket.once('connect', () => {
      socket.destroy()
      done()
    })
    socket.once('timeout', () => {
      socket.destroy()
      fail(new UsageError(`cannot reach the upstream ${upstream.origin}: no answer in 5 s`))
    })
    socket.once('error', (error: NodeJS.ErrnoException) =>
      fail(
        new UsageError(
          `cannot reach the upstream ${upstream.origin}: ${error.code ?? error.message}`,
        ),
      ),
    )
  })
}

/** Settles on the first of SIGINT, SIGTERM or the end of the duration. */
function stopWhenAsked(durationSeconds: number | undefined): Promise<string> {
  return new Promise((done) => {
    const timer =
      durationSeconds === undefined
        ? undefined
        : setTimeout(() => finish('duration'), durationSeconds * 1000)
    const onInterrupt = () => finish('SIGINT')
    const onTerminate = () => finish('SIGTERM')
    function finish(reason: string) {
      clearTimeout(timer)
      process.off('SIGINT', onInterrupt)
      process.off('SIGTERM', onTerminate)
      done(reason)
    }
    process.on('SIGINT', onInterrupt)
    process.on('SIGTERM', onTerminate)
  })
}

/** `devenv-contract proxy ...`: answers the exit code (0 no violation, 1 violations, 2 usage). */
export async function proxyCommand(argv: string[]): Promise<number> {
  let settings: ProxySettings | 'help'
  let contract: Contract
  try {
    settings = parseProxyArguments(argv)
    if (settings === 'help') {
      console.log(PROXY_USAGE)
      return 0
    }
    try {
      contract = loadProxyContract(settings.shared.contractPath)
    } catch (error) {
      throw new UsageError(`the contract does not load: ${reasonOf(error)}`)
    }
    await checkReachable(settings.upstream)
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    console.error(`proxy: ${error.message}`)
    return 2
  }
  const { upstream, port, durationSeconds, shared } = settings

  let run: Awaited<ReturnType<typeof runValidationProxy>>
  try {
    run = await runValidationProxy({
      upstream,
      port,
      contract,
      print: (line) => {
        if (!shared.quiet) console.log(line)
      },
      stop: ({ address }) => {
        console.log(
          `proxy: ${address} -> ${upstream.origin}${upstream.pathname.replace(/\/$/, '')}, checking against the contract; ${durationSeconds === undefined ? 'stop with Ctrl+C' : `for ${durationSeconds} s`}`,
        )
        return stopWhenAsked(durationSeconds)
      },
    })
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'EADDRINUSE' || code === 'EACCES') {
      console.error(`proxy: cannot listen on port ${port} (${code})`)
      return 2
    }
    throw error
  }
  return finishRun(proxyRunReport(run, contract), shared)
}
