import { formatMessage, type Locale, type MessageParams } from '@devenv/domain/messages'
import { useCallback, useEffect, useSyncExternalStore } from 'react'
import { getLocale, type SharedMessageCode, translateIn, useLocale } from './i18n'

/**
 * Messages that belong to one lazily loaded feature (the auth modals, the signed-in pages): their
 * English travels in the feature's own chunk, not in every page's first load, and their Georgian
 * twin is its own chunk, fetched only in Georgian. A feature's translate function also speaks every
 * shared code (the domain's catalogue and the site's own).
 */
export type FeatureTranslate<Code extends string> = (
  code: Code | SharedMessageCode,
  params?: MessageParams,
) => string

export type FeatureMessages<Code extends string> = {
  /** In components: re-renders when the locale changes or the Georgian messages arrive. */
  useT(): FeatureTranslate<Code>
  /** Outside React (notifications from handlers): the text in the current locale. */
  t: FeatureTranslate<Code>
  /** Fetches the Georgian messages now (tests, or before showing a notification). */
  loadGeorgian(): Promise<void>
}

/** Every code of the English, and no other: the Georgian twin is checked where it is loaded. */
type TwinOf<Code extends string, Messages> = Messages &
  Readonly<Record<Code, string>> &
  Readonly<Record<Exclude<keyof Messages, Code>, never>>

/** A feature code that shadowed a shared code would silently replace the shared wording. */
type NoSharedCode<Code extends string> = Readonly<Record<Extract<Code, SharedMessageCode>, never>>

export function createFeatureMessages<Code extends string, Georgian>(
  english: Readonly<Record<Code, string>> & NoSharedCode<Code>,
  georgian: () => Promise<TwinOf<Code, Georgian>>,
): FeatureMessages<Code> {
  let loaded: Readonly<Record<Code, string>> | null = null
  let loading: Promise<void> | null = null
  const listeners = new Set<() => void>()

  const isOwn = (code: string): code is Code => Object.hasOwn(english, code)

  const loadGeorgian = (): Promise<void> => {
    loading ??= georgian().then((messages) => {
      loaded = messages
      for (const listener of listeners) listener()
    })
    return loading
  }

  const translate = (
    locale: Locale,
    code: Code | SharedMessageCode,
    params?: MessageParams,
  ): string => {
    if (!isOwn(code)) return translateIn(locale, code, params)
    // English until the Georgian chunk has arrived (English is the fallback, UI-1).
    const messages = locale === 'ka' && loaded ? loaded : english
    return formatMessage(messages[code], params)
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
      // Georgian is spoken once its messages are in; a new function then re-renders the users.
      const spoken: Locale = locale === 'ka' && georgianReady ? 'ka' : 'en'
      return useCallback<FeatureTranslate<Code>>(
        (code, params) =>
          isOwn(code) ? translate(spoken, code, params) : translateIn(locale, code, params),
        [locale, spoken],
      )
    },
  }
}
