import { en } from '@devenv/domain/messages'
import { singleSignOnUrl } from '@devenv/domain/session'
import { Link, useNavigate, useRouterState } from '@tanstack/react-router'
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react'
import { env } from '../../config/env'
import { isNavbarScrolled } from '../../config/ui'
import { useOpenAuthModal } from '../../lib/auth-modal'
import { useT } from '../../lib/i18n/i18n'
import {
  getAccessToken,
  getRefreshToken,
  getTokenValidSeconds,
  useSession,
} from '../../lib/session'
import { useBreakpoint } from '../../lib/use-breakpoint'
import { useCloseOnEscape } from '../../lib/use-close-on-escape'
import { Icon } from '../ui/icons'
import { LocaleSwitcher } from './locale-switcher'
import { ThemeSwitcher } from './theme-switcher'

// Only a signed-in visitor needs the menu: it stays out of a signed-out page's first JavaScript.
const UserMenu = lazy(() => import('./user-menu').then((module) => ({ default: module.UserMenu })))

/**
 * Single sign-on: the whole browser goes to the admin panel with the tokens (SESSION-8). Where the
 * panel is a page of this site (the demo's receiver), the site opens it: no server sees the tokens.
 */
function useDashboard(): () => void {
  const openAuthModal = useOpenAuthModal()
  const navigate = useNavigate()
  return () => {
    const url = singleSignOnUrl(env.adminPanelUrl, {
      accessToken: getAccessToken(),
      refreshToken: getRefreshToken(),
      tokenValidSeconds: getTokenValidSeconds(),
    })
    if (url && /^\/(?!\/)/.test(url)) {
      void navigate({ href: url })
      return
    }
    if (url) {
      window.location.assign(url)
      return
    }
    // SESSION-8's error, in English for whoever reads the logs; the reporter loads only now.
    void import('../../lib/error-log').then((log) =>
      log.reportClientError(en['sso.noAccessToken'], { action: 'dashboard' }),
    )
    openAuthModal()
  }
}

export function NavBar() {
  const t = useT()
  const session = useSession()
  const openAuthModal = useOpenAuthModal()
  const goToDashboard = useDashboard()
  const [scrolled, setScrolled] = useState(false)
  const [menuOpen, setMenuOpen] = useState(false)
  const menuId = useId()
  const toggleRef = useRef<HTMLButtonElement>(null)
  const pathname = useRouterState({ select: (state) => state.location.pathname })

  useEffect(() => {
    const onScroll = () => setScrolled(isNavbarScrolled(window.scrollY))
    onScroll()
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => window.removeEventListener('scroll', onScroll)
  }, [])

  // A navigation closes the mobile menu.
  useEffect(() => {
    setMenuOpen(false)
  }, [pathname])

  // So does a window grown past mobile width: the bar then shows its links and hides the toggle.
  const breakpoint = useBreakpoint()
  useEffect(() => {
    if (breakpoint !== null && breakpoint !== 'mobile') setMenuOpen(false)
  }, [breakpoint])

  useCloseOnEscape(menuOpen, setMenuOpen, toggleRef)

  return (
    <header className={scrolled ? 'nav-bar nav-bar--scrolled' : 'nav-bar'}>
      <nav className="nav-bar__inner container" aria-label={t('shell.mainNavigation')}>
        <Link to="/" className="brand">
          <span className="brand__mark">
            <Icon name="logo" size={20} />
          </span>
          <span className="brand__name">DevEnv</span>
        </Link>
        {/* The stub in the browser answers every call: its data is a demo's (AUTH-10). */}
        {__BROWSER_STUB__ ? <span className="badge">{t('technical.demoMode')}</span> : null}
        <div className="nav-bar__tools">
          <ThemeSwitcher />
          <LocaleSwitcher />
          <button
            ref={toggleRef}
            type="button"
            className="icon-button nav-bar__menu-toggle"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={menuOpen ? t('shell.closeMenu') : t('shell.openMenu')}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <Icon name={menuOpen ? 'close' : 'menu'} size={22} />
          </button>
        </div>
        <div id={menuId} className="nav-bar__menu" data-open={menuOpen}>
          <ul className="nav-bar__links">
            <li>
              <Link to="/" hash="features" className="nav-bar__link">
                {t('shell.nav.features')}
              </Link>
            </li>
            <li>
              <Link to="/pricing" className="nav-bar__link">
                {t('shell.nav.pricing')}
              </Link>
            </li>
            <li>
              <Link to="/contact" className="nav-bar__link">
                {t('shell.nav.contact')}
              </Link>
            </li>
          </ul>
          <div className="nav-bar__actions">
            {session.isAuthenticated ? (
              <>
                <button type="button" className="button button--primary" onClick={goToDashboard}>
                  {t('nav.dashboard')}
                </button>
                <Suspense fallback={null}>
                  <UserMenu user={session.user} />
                </Suspense>
              </>
            ) : (
              <>
                <button
                  type="button"
                  className="button button--ghost"
                  onClick={() => openAuthModal('login')}
                >
                  {t('nav.signIn')}
                </button>
                <Link to="/contact" className="button button--primary">
                  {t('action.getStarted')}
                </Link>
              </>
            )}
          </div>
        </div>
      </nav>
    </header>
  )
}
