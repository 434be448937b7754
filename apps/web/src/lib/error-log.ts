import { loggableDetails, loggableUrl, redactSecretParams } from '@devenv/domain/secrets'
import { reportedUserAgent } from '@devenv/domain/user-agent'

export type ErrorContext = Record<string, string | number | boolean | null>

// The contract's bounds of an error report (ClientErrorReport).
const MESSAGE_MAX = 2000
const STACK_MAX = 16_000

/**
 * Logs a client-side error (EVENT-3): to the console, and to
 * POST /errors/log for the team. A report that cannot be sent only warns (EVENT-3).
 * Load it with `import()` where it is needed.
 */
export async function reportClientError(
  message: string,
  context: ErrorContext = {},
  stack?: string,
): Promise<void> {
  // The page's address, a message, its stack and its context may carry a reset hash or a token.
  const safeMessage = redactSecretParams(message).slice(0, MESSAGE_MAX) || 'Unknown error'
  const safeContext = loggableDetails(context)
  const safeStack = stack ? redactSecretParams(stack).slice(0, STACK_MAX) : undefined
  console.error(safeMessage, safeContext)
  try {
    const { sendReport } = await import('./telemetry')
    await sendReport('/errors/log', {
      message: safeMessage,
      ...(safeStack ? { stack: safeStack } : {}),
      url: loggableUrl(location.href),
      timestamp: new Date().toISOString(),
      userAgent: reportedUserAgent(navigator.userAgent),
      context: safeContext,
    })
  } catch (error) {
    console.warn('Error report not sent', error)
  }
}

// One report per thrown object: a router error may also reach a global handler.
const reported = new WeakSet<object>()
// A render loop can throw on every frame: the team needs the first reports, not thousands.
const UNCAUGHT_REPORTS_PER_PAGE = 20
let uncaughtReports = 0

/**
 * A thrown value (a route's error, an uncaught error, an unhandled rejection), reported once
 * through reportClientError with its stack (EVENT-3: router and global errors are logged only).
 */
export function reportThrown(error: unknown, context: ErrorContext): Promise<void> {
  if (typeof error === 'object' && error !== null) {
    if (reported.has(error)) return Promise.resolve()
    reported.add(error)
  }
  if (uncaughtReports >= UNCAUGHT_REPORTS_PER_PAGE) return Promise.resolve()
  uncaughtReports += 1
  if (error instanceof Error) {
    return reportClientError(`${error.name}: ${error.message}`, context, error.stack)
  }
  return reportClientError(String(error), context)
}
