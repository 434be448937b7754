import { useEffect } from 'react'
import { Toaster as Sonner } from 'sonner'
import { NOTIFICATION_TIMEOUT_MS } from '../config/ui'
import { useT } from '../lib/i18n/i18n'
import { toasterMounted } from '../lib/notify'
import { useTheme } from '../lib/theme'

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
      position="top-right"
      duration={NOTIFICATION_TIMEOUT_MS}
      containerAriaLabel={t('shell.notifications')}
      toastOptions={{ closeButtonAriaLabel: t('action.close') }}
    />
  )
}
