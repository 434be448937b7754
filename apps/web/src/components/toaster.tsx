import { useEffect } from 'react'
import { Toaster as Sonner } from 'sonner'
import { NOTIFICATION_TIMEOUT_MS } from '../config/ui'
import { useT } from '../lib/i18n/i18n'
import { toasterMounted } from '../lib/notify'
import { useTheme } from '../lib/theme'

/** The demo panel's button: 1rem from the bottom, 44 px high, and a gap (features/demo/demo.css). */
const DEMO_DOCK_CLEARANCE = 'calc(1.5rem + 44px)'

export default function Toaster() {
  const theme = useTheme()
  const t = useT()
  // Runs after sonner's own effect has subscribed, so the first toast is not lost.
  useEffect(() => {
    toasterMounted()
  }, [])
  return (
    <Sonner
      closeButton
      richColors
      theme={theme}
      // Not the top: for its 5 s a toast there covered the bar's buttons, theme and language.
      // Nothing of the site's is fixed at the bottom right (the demo's panel is bottom left).
      position="bottom-right"
      // On a phone a toast spans the width: in the demo it stays above the panel's button.
      {...(__BROWSER_STUB__ ? { mobileOffset: { bottom: DEMO_DOCK_CLEARANCE } } : {})}
      duration={NOTIFICATION_TIMEOUT_MS}
      containerAriaLabel={t('shell.notifications')}
      toastOptions={{ closeButtonAriaLabel: t('action.close') }}
    />
  )
}
