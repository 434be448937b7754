import type { Catalogue, MessageCode } from './en'

export { type Catalogue, en, type MessageCode, type MessageCodeSubset } from './en'

export const LOCALES = ['en', 'ka'] as const
export type Locale = (typeof LOCALES)[number]
export const DEFAULT_LOCALE: Locale = 'en'

/** Each language is named in itself, as language switchers do. */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = { en: 'English', ka: 'ქართული' }

export type MessageParams = Readonly<Record<string, string | number>>

/** A text to show: a catalogue code (with its values) or a server's own words, shown as they came. */
export type Notice = { code: MessageCode; params?: MessageParams } | { text: string }

const PLACEHOLDER = /\{(\w+)\}/g

export function isLocale(value: unknown): value is Locale {
  return (LOCALES as readonly unknown[]).includes(value)
}

/** Fills `{name}` placeholders; one without a value stays visible rather than vanishing. */
export function formatMessage(template: string, params: MessageParams = {}): string {
  return template.replace(PLACEHOLDER, (whole, name: string) => {
    const value = Object.hasOwn(params, name) ? params[name] : undefined
    return value === undefined ? whole : String(value)
  })
}

/** The placeholder names of a template, in order of appearance. */
export function messagePlaceholders(template: string): string[] {
  return (template.match(PLACEHOLDER) ?? []).map((placeholder) => placeholder.slice(1, -1))
}

export function translate(catalogue: Catalogue, code: MessageCode, params?: MessageParams): string {
  return formatMessage(catalogue[code], params)
}

export function noticeText(catalogue: Catalogue, notice: Notice): string {
  return 'text' in notice ? notice.text : translate(catalogue, notice.code, notice.params)
}
