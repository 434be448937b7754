/**
 * The one panel of a query's states: loading, and failed with a retry. A failure over data still
 * on screen is `inline` (the data stays, only the newest look failed).
 */

export function LoadingPanel({ text }: { text: string }) {
  return (
    <p className="state-panel" role="status">
      <span className="spinner" aria-hidden="true" />
      {text}
    </p>
  )
}

export function RetryPanel({
  text,
  retryLabel,
  onRetry,
  inline = false,
  className,
}: {
  text: string
  retryLabel: string
  onRetry: () => void
  inline?: boolean | undefined
  /** A class of the place it stands in, added to the panel's own. */
  className?: string | undefined
}) {
  const own = inline ? 'notice state-panel__inline' : 'state-panel state-panel--error'
  return (
    <div className={className ? `${own} ${className}` : own} role="alert">
      <p>{text}</p>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        {retryLabel}
      </button>
    </div>
  )
}
