import { loggableDetails, loggableUrl, redactSecretParams } from '@devenv/domain/secrets'
import { reportedUserAgent } from '@devenv/domain/user-agent'

export type ErrorContext = Record<string, string | number | boolean | null>

/**
 * Logs a client-side error (spec 4 and 8: "logs an error"): to the console, and to
 * POST /errors/log for the team. A report that cannot be sent only warns (spec 7).
 * Load it with `import()` where it is needed.
 */
export async function reportClientError(
  message: string,
  context: ErrorContext = {},
): Promise<void> {
  // The page's address, a message and its context may carry a reset hash or a token.
  const safeMessage = redactSecretParams(message)
  const safeContext = loggableDetails(context)
  console.error(safeMessage, safeContext)
  try {
    const { sendReport } = await import('./telemetry')
    await sendReport('/errors/log', {
      message: safeMessage,
      url: loggableUrl(location.href),
      timestamp: new Date().toISOString(),
      userAgent: reportedUserAgent(navigator.userAgent),
      context: safeContext,
    })
  } catch (error) {
    console.warn('Error report not sent', error)
  }
}
