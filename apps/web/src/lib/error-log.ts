export type ErrorContext = Record<string, string | number | boolean | null>

/** The page's address without its query and fragment: those may carry tokens or reset hashes. */
function pageAddress(): string {
  return `${location.origin}${location.pathname}`
}

/**
 * Logs a client-side error (spec 4 and 8: "logs an error"): to the console, and to
 * POST /errors/log for the team. A report that cannot be sent only warns (spec 7).
 * Load it with `import()` where it is needed.
 */
export async function reportClientError(
  message: string,
  context: ErrorContext = {},
): Promise<void> {
  console.error(message, context)
  try {
    const { sendReport } = await import('./telemetry')
    await sendReport('/errors/log', {
      message,
      url: pageAddress(),
      timestamp: new Date().toISOString(),
      userAgent: navigator.userAgent || 'unknown',
      context,
    })
  } catch (error) {
    console.warn('Error report not sent', error)
  }
}
