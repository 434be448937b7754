import type { ReactNode } from 'react'
import { env } from '../../config/env'
import { shouldBlockDeveloperTools } from '../../config/environments'
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
      {/* Says to the page's inline start (index.html) that a signed-out visitor's context menu
          is blocked here (UI-4), so that a right-click before the app is up is refused too. */}
      <main
        id="main"
        tabIndex={-1}
        data-blocks-developer-tools={shouldBlockDeveloperTools(false, env.appEnv) ? '' : undefined}
      >
        {children}
      </main>
      <HydratedApart>
        <Footer />
      </HydratedApart>
      <ToasterHost />
    </>
  )
}
