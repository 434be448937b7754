import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { formatDate } from '../../../lib/i18n/format'
import { useLocale } from '../../../lib/i18n/i18n'
import { useProfile } from '../api/profile'
import { accountMessages } from '../messages'
import type { AccountMessageCode } from '../messages/en'
import '../../../styles/signed-in.css'
import '../account.css'
import { LoadingPanel, RetryPanel } from '../../../components/ui/state-panel'

/** The roles the product names (the token's `roles` claim, SESSION-1); others show as they come. */
const ROLE_NAMES: Readonly<Record<string, AccountMessageCode>> = { demo: 'account.role.demo' }

/** /my/page: who the user is, from GET /user/profile (the claims only greet; the profile is the truth). */
export function AccountDetails() {
  const t = accountMessages.useT()
  const locale = useLocale()
  const profile = useProfile()

  let body: ReactNode
  if (profile.isPending) {
    body = <LoadingPanel text={t('account.loading')} />
  } else if (profile.isError) {
    body = (
      <RetryPanel
        text={t('account.loadFailed')}
        retryLabel={t('account.retry')}
        onRetry={() => void profile.refetch()}
      />
    )
  } else {
    const user = profile.data
    const name = `${user.firstName} ${user.lastName}`.trim()
    body = (
      <>
        <dl className="account-facts">
          <div>
            <dt>{t('account.details.name')}</dt>
            <dd>
              {name || <span className="muted">{t('account.details.notGiven')}</span>}
              {user.demo ? <span className="badge">{t('technical.demoMode')}</span> : null}
            </dd>
          </div>
          <div>
            <dt>{t('account.details.email')}</dt>
            <dd>{user.email}</dd>
          </div>
          <div>
            <dt>{t('account.details.company')}</dt>
            <dd>
              {user.company || <span className="muted">{t('account.details.notGiven')}</span>}
            </dd>
          </div>
          <div>
            <dt>{t('account.details.type')}</dt>
            <dd>{t(`account.type.${user.userType}`)}</dd>
          </div>
          <div>
            <dt>{t('account.details.roles')}</dt>
            <dd>
              {user.roles.length > 0 ? (
                <ul className="chips">
                  {user.roles.map((role) => {
                    const name = Object.hasOwn(ROLE_NAMES, role) ? ROLE_NAMES[role] : undefined
                    return (
                      <li key={role} className="chip">
                        {name ? t(name) : role}
                      </li>
                    )
                  })}
                </ul>
              ) : (
                <span className="muted">{t('account.details.none')}</span>
              )}
            </dd>
          </div>
          <div>
            <dt>{t('account.details.memberSince')}</dt>
            <dd>
              <time dateTime={user.createdAt}>{formatDate(locale, user.createdAt, 'date')}</time>
            </dd>
          </div>
        </dl>
        <Link to="/changeprofile" className="button button--secondary">
          {t('account.details.edit')}
        </Link>
      </>
    )
  }

  return (
    <section className="card account-details" aria-labelledby="account-details-heading">
      <h2 id="account-details-heading">{t('account.details.heading')}</h2>
      {body}
    </section>
  )
}
