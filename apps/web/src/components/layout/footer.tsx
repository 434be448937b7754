import { Link } from '@tanstack/react-router'
import { useT } from '../../lib/i18n/i18n'

export function Footer() {
  const t = useT()
  return (
    <footer className="footer">
      <div className="container footer__inner">
        <div>
          <p className="footer__brand">DevEnv</p>
          <p className="muted">{t('shell.footer.tagline')}</p>
        </div>
        <nav aria-label={t('shell.footer.product')}>
          <p className="footer__heading">{t('shell.footer.product')}</p>
          <ul className="footer__links">
            <li>
              <Link to="/pricing">{t('shell.nav.pricing')}</Link>
            </li>
            <li>
              <Link to="/contact">{t('shell.nav.contact')}</Link>
            </li>
          </ul>
        </nav>
        <nav aria-label={t('shell.footer.legal')}>
          <p className="footer__heading">{t('shell.footer.legal')}</p>
          <ul className="footer__links">
            <li>
              <Link to="/legal/terms-of-service">{t('meta.terms.title')}</Link>
            </li>
            <li>
              <Link to="/legal/privacy-policy">{t('meta.privacy.title')}</Link>
            </li>
          </ul>
        </nav>
      </div>
      <p className="container footer__rights muted" suppressHydrationWarning>
        {t('shell.footer.rights', { year: new Date().getFullYear() })}
      </p>
    </footer>
  )
}
