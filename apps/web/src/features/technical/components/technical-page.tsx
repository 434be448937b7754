import { useEffect, useRef } from 'react'
import { Icon } from '../../../components/ui/icons'
import { logEvent } from '../../../lib/event-log'
import { type SharedMessageCode, useT } from '../../../lib/i18n/i18n'
import { useSession } from '../../../lib/session'
import { ConnectionTest } from './connection-test'
import '../../../styles/signed-in.css'

const SECTIONS: ReadonlyArray<{
  heading: SharedMessageCode
  text: SharedMessageCode
  restricted?: boolean
}> = [
  { heading: 'technical.infrastructure.heading', text: 'technical.infrastructure.text' },
  { heading: 'technical.services.heading', text: 'technical.services.text' },
  { heading: 'technical.ai.heading', text: 'technical.ai.text' },
  { heading: 'technical.clients.heading', text: 'technical.clients.text', restricted: true },
]

export function TechnicalPage() {
  const t = useT()
  const { user } = useSession()
  const username = user?.username ?? user?.email ?? user?.name ?? t('nav.user')
  const logged = useRef(false)

  useEffect(() => {
    if (logged.current) return
    logged.current = true
    logEvent('technical_page_access', { user: username })
  }, [username])

  return (
    <>
      <section className="page-header">
        <div className="container">
          <h1>{t('technical.heading')}</h1>
          <p className="lead">
            {t('technical.authenticatedAs')} <strong>{username}</strong>
            {user?.demo ? <span className="badge">{t('technical.demoMode')}</span> : null}
          </p>
        </div>
      </section>
      <div className="section section--tight">
        <div className="container card-grid card-grid--two">
          {SECTIONS.map((section) => (
            <section key={section.heading} className="card" aria-labelledby={section.heading}>
              <h2 id={section.heading}>
                {t(section.heading)}
                {section.restricted ? (
                  <span className="badge badge--restricted">
                    <Icon name="lock" size={14} />
                    {t('technical.clients.restricted')}
                  </span>
                ) : null}
              </h2>
              <p>{t(section.text)}</p>
            </section>
          ))}
        </div>
        <div className="container">
          <ConnectionTest />
        </div>
        <div className="container">
          <section className="notice notice--warning" aria-labelledby="security-notice">
            <Icon name="shield" size={20} />
            <div>
              <h2 id="security-notice">{t('technical.security.heading')}</h2>
              <p>{t('technical.security.text')}</p>
            </div>
          </section>
        </div>
      </div>
    </>
  )
}
