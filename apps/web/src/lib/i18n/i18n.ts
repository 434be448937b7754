import type { Catalogue, Locale, MessageCode, MessageParams } from '@devenv/domain/messages'
import { DEFAULT_LOCALE, en, formatMessage, isLocale } from '@devenv/domain/messages'
import { STORAGE_KEYS } from '@devenv/domain/session'
import { useCallback, useSyncExternalStore } from 'react'
import type { WebCatalogue, WebMessageCode } from './messages/en'
import { webEn } from './messages/en'

/** The codes every page may show: the domain's (the required wording) plus the site's own. */
export type SharedMessageCode = MessageCode | WebMessageCode
export type SharedCatalogue = Catalogue & WebCatalogue
export type Translate = (code: SharedMessageCode, params?: MessageParams) => string

// A web code that shadowed a domain code would silently replace the required wording.
type Overlap = Extract<WebMessageCode, MessageCode>
const noOverlap: [Overlap] extends [never] ? true : Overlap = true
void noOverlap

const catalogues: Partial<Record<Locale, SharedCatalogue>> = { en: { ...en, ...webEn } }
let current: Locale = DEFAULT_LOCALE
const listeners = new Set<() => void>()

function emit(): void {
  for (const listener of listeners) listener()
}

/** Georgian is fetched only when chosen: its two catalogues are their own chunks. */
export async function loadCatalogue(locale: Locale): Promise<SharedCatalogue> {
  const loaded = catalogues[locale]
  if (loaded) return loaded
  const [{ ka }, { webKa }] = await Promise.all([
    import('@devenv/domain/messages/ka'),
    import('./messages/ka'),
  ])
  const catalogue: SharedCatalogue = { ...ka, ...webKa }
  catalogues.ka = catalogue
  return catalogue
}

export function catalogueFor(locale: Locale): SharedCatalogue {
  // English until the chosen catalogue has arrived (en is the fallback, UI-1).
  return catalogues[locale] ?? { ...en, ...webEn }
}

export function translateIn(
  locale: Locale,
  code: SharedMessageCode,
  params?: MessageParams,
): string {
  const catalogue = catalogueFor(locale)
  return formatMessage(catalogue[code], params)
}

export function getLocale(): Locale {
  return current
}

/** Outside React (route heads, notifications): the text in the current locale. */
export const t: Translate = (code, params) => translateIn(current, code, params)

export function storedLocale(): Locale {
  try {
    const value = globalThis.localStorage?.getItem(STORAGE_KEYS.locale)
    return isLocale(value) ? value : DEFAULT_LOCALE
  } catch {
    return DEFAULT_LOCALE
  }
}

/** Loads the catalogue, then switches; `<html lang>` follows and the choice is remembered. */
export async function setLocale(
  locale: Locale,
  options: { remember?: boolean } = {},
): Promise<void> {
  await loadCatalogue(locale)
  current = locale
  if (typeof document !== 'undefined') document.documentElement.lang = locale
  if (options.remember !== false) {
    try {
      localStorage.setItem(STORAGE_KEYS.locale, locale)
    } catch {
      // Private mode: the choice lasts for this page only.
    }
  }
  emit()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

// Prerendered HTML is English: hydration reads 'en', then React re-renders in the chosen locale.
const serverLocale = (): Locale => DEFAULT_LOCALE

export function useLocale(): Locale {
  return useSyncExternalStore(subscribe, getLocale, serverLocale)
}

export function useT(): Translate {
  const locale = useLocale()
  return useCallback<Translate>((code, params) => translateIn(locale, code, params), [locale])
}
