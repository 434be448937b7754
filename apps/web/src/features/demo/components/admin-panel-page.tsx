import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { LoadingPanel, RetryPanel } from '../../../components/ui/state-panel'
import { formatDate } from '../../../lib/i18n/format'
import { useLocale } from '../../../lib/i18n/i18n'
import { type SingleSignOnArrival, singleSignOnQueryOptions } from '../api/single-sign-on'
import { demoMessages } from '../messages'
import '../demo.css'

function Verdict({ arrival }: { arrival: SingleSignOnArrival }) {
  const t = demoMessages.useT()
  const locale = useLocale()
  const verdict = useQuery(singleSignOnQueryOptions(arrival))
  if (verdict.isPending) return <LoadingPanel text={t('demo.adminPanel.checking')} />
  if (verdict.isError) {
    return (
      <RetryPanel
        text={t('demo.adminPanel.checkFailed')}
        retryLabel={t('demo.mailbox.retry')}
        onRetry={() => void verdict.refetch()}
      />
    )
  }
  const { data } = verdict
  if (data.state === 'missing') return <p className="notice">{t('demo.adminPanel.missing')}</p>
  if (data.state === 'invalid') {
    return <p className="notice">{t('demo.adminPanel.invalid', { reason: data.reason })}</p>
  }
  return (
    <p className="notice">
      {t('demo.adminPanel.valid', { name: data.name || data.email, email: data.email })}{' '}
      <time dateTime={data.expiresAt}>
        {t('demo.adminPanel.expires', { time: formatDate(locale, data.expiresAt, 'dateTime') })}
      </time>
    </p>
  )
}

/**
 * The demo's stand-in for the admin panel: what the Dashboard button's single sign-on delivered
 * (SESSION-8: token, refresh and token_valid_seconds), and what the stub makes of the token.
 */
export function AdminPanelPage({ arrival }: { arrival: SingleSignOnArrival }) {
  const t = demoMessages.useT()
  const notGiven = t('demo.adminPanel.notGiven')
  return (
    <section className="section demo-admin-panel" aria-labelledby="demo-admin-panel-title">
      <div className="container container--narrow">
        <h1 id="demo-admin-panel-title">{t('demo.adminPanel.heading')}</h1>
        <p className="lead">{t('demo.adminPanel.lead')}</p>
        <h2>{t('demo.adminPanel.received')}</h2>
        <dl className="demo-admin-panel__received">
          <dt>{t('demo.adminPanel.token')}</dt>
          <dd>{arrival.token ? <code>{arrival.token}</code> : notGiven}</dd>
          <dt>{t('demo.adminPanel.refresh')}</dt>
          <dd>{arrival.refresh ? <code>{arrival.refresh}</code> : notGiven}</dd>
          <dt>{t('demo.adminPanel.lifetime')}</dt>
          <dd>
            {arrival.tokenValidSeconds
              ? t('demo.adminPanel.seconds', { seconds: arrival.tokenValidSeconds })
              : notGiven}
          </dd>
        </dl>
        <h2>{t('demo.adminPanel.verdict')}</h2>
        <Verdict arrival={arrival} />
        <p>
          <Link to="/" className="button button--primary">
            {t('demo.adminPanel.back')}
          </Link>
        </p>
      </div>
    </section>
  )
}
