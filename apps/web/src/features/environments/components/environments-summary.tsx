import {
  countDevEnvironmentsByStatus,
  DEV_ENVIRONMENT_STATUSES,
} from '@devenv/domain/dev-environments'
import { Link } from '@tanstack/react-router'
import { useEnvironments } from '../api/list-environments'
import { environmentsMessages } from '../messages'
import { EnvironmentStatusBadge } from './environment-status-badge'
import '../../../styles/signed-in.css'
import '../environments.css'
import { LoadingPanel, RetryPanel } from '../../../components/ui/state-panel'

/** /my/page: how many environments the user has in each status, with the way to the dashboard. */
export function EnvironmentsSummary() {
  const t = environmentsMessages.useT()
  const environments = useEnvironments()
  const items = environments.data?.items
  const counts = items ? countDevEnvironmentsByStatus(items) : null
  // Only the statuses the user has: five rows of mostly zeros would bury the answer.
  const present = DEV_ENVIRONMENT_STATUSES.filter((status) => (counts?.[status] ?? 0) > 0)

  return (
    <section className="card environments-summary" aria-labelledby="environments-summary-heading">
      <h2 id="environments-summary-heading">{t('environments.summary.heading')}</h2>
      {environments.isPending ? (
        <LoadingPanel text={t('environments.summary.loading')} />
      ) : !items ? (
        <RetryPanel
          text={t('api.fetchEnvironmentsFailed')}
          retryLabel={t('environments.list.retry')}
          onRetry={() => void environments.refetch()}
        />
      ) : items.length === 0 ? (
        <>
          <p>{t('environments.summary.none')}</p>
          <Link to="/admin" className="button button--primary">
            {t('environments.summary.create')}
          </Link>
        </>
      ) : (
        <>
          <p className="environments-summary__total">
            {t('environments.summary.total', { count: items.length })}
          </p>
          <dl className="environments-summary__counts">
            {present.map((status) => (
              <div key={status} className="environments-summary__count">
                <dt>
                  <EnvironmentStatusBadge status={status} />
                </dt>
                <dd>{counts?.[status]}</dd>
              </div>
            ))}
          </dl>
          <ul className="environments-summary__names">
            {items.map((environment) => (
              <li key={environment.id}>
                <Link to="/admin">{environment.name}</Link>{' '}
                <EnvironmentStatusBadge status={environment.status} />
              </li>
            ))}
          </ul>
          <Link to="/admin" className="button button--secondary">
            {t('environments.summary.manage')}
          </Link>
        </>
      )}
    </section>
  )
}
