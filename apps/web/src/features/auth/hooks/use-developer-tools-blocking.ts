import { useEffect } from 'react'
import { env } from '../../../config/env'
import { shouldBlockDeveloperTools } from '../../../config/environments'
import { logEvent } from '../../../lib/event-log'
import { t } from '../../../lib/i18n/i18n'
import { notify } from '../../../lib/notify'
import { useSession } from '../../../lib/session'

type ShortcutKeys = Pick<
  KeyboardEvent,
  'key' | 'code' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'
>

// By physical key: Option on a Mac turns `key` into another character (Cmd+Option+I gives 'ˆ').
const TOOL_KEYS = new Set(['KeyI', 'KeyJ', 'KeyC'])

/**
 * The developer-tool and view-source shortcuts: F12, Ctrl/Cmd+Shift+I/J/C and Ctrl/Cmd+U, and
 * macOS's Cmd+Option+I/J/C and Cmd+Option+U.
 */
export function isDeveloperToolsShortcut(event: ShortcutKeys): boolean {
  if (event.key === 'F12') return true
  const toolKey = TOOL_KEYS.has(event.code) || ['i', 'j', 'c'].includes(event.key.toLowerCase())
  const sourceKey = event.code === 'KeyU' || event.key.toLowerCase() === 'u'
  if (event.metaKey && event.altKey) return toolKey || sourceKey
  if (!(event.ctrlKey || event.metaKey)) return false
  if (event.shiftKey) return toolKey
  return sourceKey && !event.altKey
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
