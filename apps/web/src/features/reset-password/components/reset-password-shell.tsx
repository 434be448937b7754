import { Link } from '@tanstack/react-router'
import { Icon } from '../../../components/ui/icons'
import { useT } from '../../../lib/i18n/i18n'

/** The page's frame and brand panel; the auth issue brings the form and its states. */
export function ResetPasswordShell() {
  const t = useT()
  return (
    <div className="split section">
      <div className="container split__inner">
        <section className="card split__main" aria-labelledby="reset-title">
          <h1 id="reset-title">{t('reset.heading')}</h1>
          <p>{t('reset.shell.text')}</p>
          <p className="muted">
            {t('reset.rememberPassword')} <Link to="/">{t('action.backToHome')}</Link>
          </p>
        </section>
        <aside className="brand-panel" aria-labelledby="brand-panel-title">
          <Icon name="shield" size={40} />
          <h2 id="brand-panel-title">{t('reset.brand.heading')}</h2>
          <p>{t('reset.brand.text')}</p>
          <p className="brand-panel__tagline">{t('app.tagline')}</p>
        </aside>
      </div>
    </div>
  )
}
