import type { ReactNode } from 'react'
import { useT } from '../../lib/i18n/i18n'
import { ToasterHost } from '../toaster-host'
import { HydratedApart } from '../ui/hydrated-apart'
import { Footer } from './footer'
import { NavBar } from './nav-bar'
import { useRouteEffects } from './use-route-effects'

export function AppShell({ children }: { children: ReactNode }) {
  const t = useT()
  useRouteEffects()
  return (
    <>
      <a className="skip-link" href="#main">
        {t('shell.skipToContent')}
      </a>
      <NavBar />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <HydratedApart>
        <Footer />
      </HydratedApart>
      <ToasterHost />
    </>
  )
}
