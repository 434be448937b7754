import { isApiError } from '@devenv/api-client'
import { LoadingPanel } from '../../../components/ui/state-panel'
import { useT } from '../../../lib/i18n/i18n'
import { useConnectionTest } from '../api/connection-test'

/**
 * The connection test of SITE-10 (GET /health) in its three states: checking, connected with the
 * status and the data the API answered, or the error. 'Test again' asks once more.
 */
export function ConnectionTest() {
  const t = useT()
  const health = useConnectionTest()

  const failure = health.error
  const reason =
    isApiError(failure) && failure.kind === 'http'
      ? t('technical.connection.answered', { status: failure.status })
      : t('technical.connection.noAnswer')

  return (
    <section className="card connection-test" aria-labelledby="connection-test-heading">
      <h2 id="connection-test-heading">{t('technical.connection.heading')}</h2>
      {health.isFetching ? (
        <LoadingPanel text={t('technical.connection.checking')} />
      ) : health.isError ? (
        <div className="state-panel state-panel--error" role="alert">
          <p>
            <strong>{t('api.healthCheckFailed')}</strong>
          </p>
          <p>{reason}</p>
        </div>
      ) : health.data ? (
        <div role="status">
          <p className="connection-test__connected">
            <strong>{t('technical.connection.connected')}</strong>
          </p>
          <dl className="connection-test__data">
            <dt>{t('technical.connection.status')}</dt>
            <dd>{health.data.status}</dd>
            <dt>{t('technical.connection.version')}</dt>
            <dd>{health.data.version}</dd>
            <dt>{t('technical.connection.uptime')}</dt>
            <dd>{t('technical.connection.seconds', { seconds: health.data.uptimeSeconds })}</dd>
            <dt>{t('technical.connection.time')}</dt>
            <dd>
              <time dateTime={health.data.time}>{health.data.time}</time>
            </dd>
          </dl>
        </div>
      ) : null}
      <button
        type="button"
        className="button button--secondary"
        disabled={health.isFetching}
        onClick={() => void health.refetch()}
      >
        {t('technical.connection.retry')}
      </button>
    </section>
  )
}
