/**
 * Uncaught errors and unhandled promise rejections of the page, each logged once through
 * POST /errors/log (EVENT-3). The reporter is fetched only when something went wrong.
 */
export function listenForUncaughtErrors(target: Window = window): () => void {
  const report = (error: unknown, source: string) =>
    void import('./error-log').then((log) =>
      log.reportThrown(error, { source, route: target.location.pathname }),
    )
  // A script of another origin gives only "Script error." and no error object.
  const onError = (event: ErrorEvent) => report(event.error ?? event.message, 'error')
  const onRejection = (event: PromiseRejectionEvent) => report(event.reason, 'unhandledrejection')
  target.addEventListener('error', onError)
  target.addEventListener('unhandledrejection', onRejection)
  return () => {
    target.removeEventListener('error', onError)
    target.removeEventListener('unhandledrejection', onRejection)
  }
}
