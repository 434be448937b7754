import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { Icon } from '../../../components/ui/icons'
import { useT } from '../../../lib/i18n/i18n'

/** The page's frame: heading, the current state, the way back home, and the brand panel. */
export function ResetPasswordShell({ children }: { children: ReactNode }) {
  const t = useT()
  return (
    <div className="split section">
      <div className="container split__inner">
        <section className="card split__main" aria-labelledby="reset-title">
          <h1 id="reset-title">{t('reset.heading')}</h1>
          {/* One box for every state (the prerendered text, the form, a problem): the page does
              not move when the browser's check of the link replaces the prerendered text. */}
          <div className="reset-password__state">{children}</div>
          <p className="muted reset-password__footer">
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
