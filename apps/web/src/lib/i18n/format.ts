import type { Locale } from '@devenv/domain/messages'

/** How a date is written: `date` alone (15 January 2025), or `dateTime` (15 Jan 2025, 08:00). */
export type DateFormat = 'date' | 'dateTime'

const INTL_OPTIONS: Readonly<Record<DateFormat, Intl.DateTimeFormatOptions>> = {
  date: { dateStyle: 'long' },
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
}

/**
 * CLDR's Georgian, for a browser whose Intl has no Georgian data: Debian's Chromium has none and
 * falls back to American English, which wrote "Jan 15, 2025, 8:00 AM" on a Georgian page.
 */
const GEORGIAN = {
  months: [
    'იანვარი',
    'თებერვალი',
    'მარტი',
    'აპრილი',
    'მაისი',
    'ივნისი',
    'ივლისი',
    'აგვისტო',
    'სექტემბერი',
    'ოქტომბერი',
    'ნოემბერი',
    'დეკემბერი',
  ],
  shortMonths: ['იან', 'თებ', 'მარ', 'აპრ', 'მაი', 'ივნ', 'ივლ', 'აგვ', 'სექ', 'ოქტ', 'ნოე', 'დეკ'],
} as const

const supported = new Map<string, boolean>()

/** Whether this browser's Intl writes the language itself rather than a fallback of its own. */
function intlSpeaks(locale: Locale): boolean {
  let known = supported.get(locale)
  if (known === undefined) {
    known =
      Intl.DateTimeFormat.supportedLocalesOf(locale).length > 0 &&
      Intl.NumberFormat.supportedLocalesOf(locale).length > 0
    supported.set(locale, known)
  }
  return known
}

const twoDigits = (value: number) => String(value).padStart(2, '0')

/** CLDR's patterns for ka: "d MMMM, y" and "d MMM. y, HH:mm", in the visitor's time zone. */
function georgianDate(date: Date, format: DateFormat): string {
  const day = date.getDate()
  const month = date.getMonth()
  const year = date.getFullYear()
  if (format === 'date') return `${day} ${GEORGIAN.months[month]}, ${year}`
  const time = `${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`
  return `${day} ${GEORGIAN.shortMonths[month]}. ${year}, ${time}`
}

/** A date (or an ISO timestamp) as the chosen language writes it. */
export function formatDate(locale: Locale, value: Date | string, format: DateFormat): string {
  const date = typeof value === 'string' ? new Date(value) : value
  if (locale === 'ka' && !intlSpeaks(locale)) return georgianDate(date, format)
  return new Intl.DateTimeFormat(locale, INTL_OPTIONS[format]).format(date)
}

/**
 * A number as the chosen language writes it (12,345.5 in English, 12 345,5 in Georgian: a
 * no-break space groups digits, from five digits on, and a comma marks the decimals).
 */
export function formatNumber(locale: Locale, value: number): string {
  if (locale === 'ka' && !intlSpeaks(locale)) {
    return new Intl.NumberFormat('en-US', { useGrouping: 'min2' })
      .formatToParts(value)
      .map((part) =>
        part.type === 'group' ? '\u00a0' : part.type === 'decimal' ? ',' : part.value,
      )
      .join('')
  }
  return new Intl.NumberFormat(locale).format(value)
}
