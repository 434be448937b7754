import { DEV_ENVIRONMENT_TEMPLATE_NAMES } from '@devenv/domain/dev-environments'
import { planById } from '@devenv/domain/plans'
import { formatDate } from '../../../lib/i18n/format'
import { useLocale } from '../../../lib/i18n/i18n'
import type { Environment } from '../api/list-environments'
import { environmentsMessages } from '../messages'
import { EnvironmentStatusBadge } from './environment-status-badge'

type Props = {
  environment: Environment
  onDelete: (environment: Environment, opener: HTMLButtonElement) => void
}

export function EnvironmentCard({ environment, onDelete }: Props) {
  const t = environmentsMessages.useT()
  const locale = useLocale()
  const headingId = `environment-${environment.id}`
  const { vcpu, ramGb, ssdGb } = environment.resources

  return (
    <article className="environment-card" aria-labelledby={headingId}>
      <header className="environment-card__header">
        <h3 id={headingId} className="environment-card__name">
          {environment.name}
        </h3>
        <EnvironmentStatusBadge status={environment.status} />
      </header>
      <dl className="environment-card__facts">
        <div>
          <dt>{t('environments.card.template')}</dt>
          <dd>{DEV_ENVIRONMENT_TEMPLATE_NAMES[environment.template]}</dd>
        </div>
        <div>
          <dt>{t('environments.card.size')}</dt>
          <dd>
            {planById(environment.size).name}{' '}
            <span className="muted">
              ({t('environments.resources', { vcpu, ram: ramGb, ssd: ssdGb })})
            </span>
          </dd>
        </div>
        <div>
          <dt>{t('environments.card.region')}</dt>
          <dd>{t(`environments.region.${environment.region}`)}</dd>
        </div>
        <div>
          <dt>{t('environments.card.created')}</dt>
          <dd>
            <time dateTime={environment.createdAt}>
              {formatDate(locale, environment.createdAt, 'dateTime')}
            </time>
          </dd>
        </div>
        {environment.url ? (
          <div className="environment-card__address">
            <dt>{t('environments.card.address')}</dt>
            <dd>
              <a href={environment.url} target="_blank" rel="noopener noreferrer">
                {environment.url}
                <span className="visually-hidden"> {t('environments.card.newTab')}</span>
              </a>
            </dd>
          </div>
        ) : null}
      </dl>
      {environment.status === 'failed' ? (
        <p className="environment-card__hint">{t('environments.card.failedHint')}</p>
      ) : null}
      <div className="environment-card__actions">
        <button
          type="button"
          className="button button--danger-outline"
          aria-label={t('environments.card.deleteLabel', { name: environment.name })}
          // Already on its way out: a second delete would only repeat the same answer.
          disabled={environment.status === 'deleting'}
          onClick={(event) => onDelete(environment, event.currentTarget)}
        >
          {t('environments.card.delete')}
        </button>
      </div>
    </article>
  )
}
