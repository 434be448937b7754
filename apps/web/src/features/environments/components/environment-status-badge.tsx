import {
  DEV_ENVIRONMENT_STATUS_LABELS,
  type DevEnvironmentStatus,
  isDevEnvironmentBusy,
} from '@devenv/domain/dev-environments'
import { environmentsMessages } from '../messages'

/** The status in words (never colour alone); a spinning mark while it is still changing. */
export function EnvironmentStatusBadge({ status }: { status: DevEnvironmentStatus }) {
  const t = environmentsMessages.useT()
  return (
    <span className={`status-badge status-badge--${status}`} data-status={status}>
      {isDevEnvironmentBusy(status) ? (
        <span className="status-badge__spinner" aria-hidden="true" />
      ) : (
        <span className="status-badge__dot" aria-hidden="true" />
      )}
      {t(DEV_ENVIRONMENT_STATUS_LABELS[status])}
    </span>
  )
}
