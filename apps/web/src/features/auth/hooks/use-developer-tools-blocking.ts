import { useEffect } from 'react'
import { env } from '../../../config/env'
import { shouldBlockDeveloperTools } from '../../../config/environments'
import { logEvent } from '../../../lib/event-log'
import { t } from '../../../lib/i18n/i18n'
import { notify } from '../../../lib/notify'
import { useSession } from '../../../lib/session'

/** F12, Ctrl/Cmd+Shift+I/J/C and Ctrl/Cmd+U: the developer-tool and view-source shortcuts. */
export function isDeveloperToolsShortcut(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey'>,
): boolean {
  if (event.key === 'F12') return true
  if (!(event.ctrlKey || event.metaKey)) return false
  const key = event.key.toLowerCase()
  if (event.shiftKey && (key === 'i' || key === 'j' || key === 'c')) return true
  return !event.shiftKey && key === 'u'
}

/** While signed out (and debugging is off), block those shortcuts and the context menu. */
export function useDeveloperToolsBlocking(): void {
  const { isAuthenticated } = useSession()
  const active = shouldBlockDeveloperTools(isAuthenticated, env.appEnv)

  useEffect(() => {
    if (!active) return
    const block = (event: Event, how: string) => {
      event.preventDefault()
      event.stopPropagation()
      void notify('warning', t('devtools.restricted'))
      logEvent('developer_tools_blocked', { how })
    }
    const onKeyDown = (event: KeyboardEvent) => {
      if (isDeveloperToolsShortcut(event)) block(event, event.key)
    }
    const onContextMenu = (event: MouseEvent) => block(event, 'contextmenu')
    window.addEventListener('keydown', onKeyDown, true)
    window.addEventListener('contextmenu', onContextMenu, true)
    return () => {
      window.removeEventListener('keydown', onKeyDown, true)
      window.removeEventListener('contextmenu', onContextMenu, true)
    }
  }, [active])
}
