import { STORAGE_KEYS } from '@devenv/domain/session'
import { useSyncExternalStore } from 'react'
import { isTheme, type Theme } from '../config/ui'

// index.html's inline script sets data-theme before first paint; this module only follows it.
const listeners = new Set<() => void>()

export function getTheme(): Theme {
  if (typeof document === 'undefined') return 'light'
  const value = document.documentElement.dataset.theme
  return isTheme(value) ? value : 'light'
}

export function setTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme
  try {
    localStorage.setItem(STORAGE_KEYS.theme, theme)
  } catch {
    // Storage may be unavailable (private mode): the theme still applies to this page.
  }
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

// Prerendered HTML knows no theme: hydration reads 'light', then the real one re-renders.
const serverTheme = (): Theme => 'light'

export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, getTheme, serverTheme)
}
