import { formatMessage, type Locale, type MessageParams } from '@devenv/domain/messages'
import { useCallback, useEffect, useSyncExternalStore } from 'react'
import { getLocale, type TextCode, translateIn, useLocale } from './i18n'

/**
 * Texts that belong to one lazily loaded feature (the auth modals, the signed-in pages): their
 * English travels in the feature's own chunk, not in every page's first load, and their Georgian
 * twin is fetched with the rest of Georgian. A feature's translate function also speaks every
 * shared code (the domain's catalogue and the site's own).
 */
export type FeatureTranslate<Code extends string> = (
  code: Code | TextCode,
  params?: MessageParams,
) => string

export type FeatureTexts<Code extends string> = {
  /** In components: re-renders when the locale changes or the Georgian texts arrive. */
  useT(): FeatureTranslate<Code>
  /** Outside React (notifications from handlers): the text in the current locale. */
  t: FeatureTranslate<Code>
  /** Fetches the Georgian texts now (tests, or before showing a notification). */
  loadGeorgian(): Promise<void>
}

/** Every code of the English texts, and no other: the Georgian twin is checked where it is loaded. */
type TwinOf<Code extends string, Texts> = Texts &
  Readonly<Record<Code, string>> &
  Readonly<Record<Exclude<keyof Texts, Code>, never>>

export function createFeatureTexts<Code extends string, Georgian>(
  english: Readonly<Record<Code, string>>,
  georgian: () => Promise<TwinOf<Code, Georgian>>,
): FeatureTexts<Code> {
  let loaded: Readonly<Record<Code, string>> | null = null
  let loading: Promise<void> | null = null
  const listeners = new Set<() => void>()

  const isOwn = (code: string): code is Code => Object.hasOwn(english, code)

  const loadGeorgian = (): Promise<void> => {
    loading ??= georgian().then((texts) => {
      loaded = texts
      for (const listener of listeners) listener()
    })
    return loading
  }

  const translate = (locale: Locale, code: Code | TextCode, params?: MessageParams): string => {
    if (!isOwn(code)) return translateIn(locale, code, params)
    // English until the Georgian chunk has arrived (English is the fallback, UI-1).
    const texts = locale === 'ka' && loaded ? loaded : english
    return formatMessage(texts[code], params)
  }

  const subscribe = (listener: () => void) => {
    listeners.add(listener)
    return () => listeners.delete(listener)
  }
  const isLoaded = () => loaded !== null

  return {
    loadGeorgian,
    t: (code, params) => translate(getLocale(), code, params),
    useT() {
      const locale = useLocale()
      const georgianReady = useSyncExternalStore(subscribe, isLoaded, () => false)
      useEffect(() => {
        if (locale === 'ka') void loadGeorgian()
      }, [locale])
      // Georgian is spoken once its texts are in; a new function then re-renders the users.
      const spoken: Locale = locale === 'ka' && georgianReady ? 'ka' : 'en'
      return useCallback<FeatureTranslate<Code>>(
        (code, params) =>
          isOwn(code) ? translate(spoken, code, params) : translateIn(locale, code, params),
        [locale, spoken],
      )
    },
  }
}
