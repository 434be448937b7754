import { afterEach, describe, expect, it, vi } from 'vitest'

// Node's ICU knows Georgian: its Intl is the reference the site's own Georgian must match.
const reference = {
  date: (date: Date) => new Intl.DateTimeFormat('ka', { dateStyle: 'long' }).format(date),
  dateTime: (date: Date) =>
    new Intl.DateTimeFormat('ka', { dateStyle: 'medium', timeStyle: 'short' }).format(date),
  number: (value: number) => new Intl.NumberFormat('ka').format(value),
}

/** The module as a browser without Georgian data (Debian's Chromium) runs it. */
async function withoutGeorgianData() {
  vi.resetModules()
  const noGeorgian = (locales?: Intl.LocalesArgument) =>
    [locales]
      .flat()
      .map(String)
      .filter((locale) => locale !== 'undefined' && !locale.startsWith('ka'))
  vi.spyOn(Intl.DateTimeFormat, 'supportedLocalesOf').mockImplementation(noGeorgian)
  vi.spyOn(Intl.NumberFormat, 'supportedLocalesOf').mockImplementation(noGeorgian)
  return import('./format')
}

afterEach(() => {
  vi.restoreAllMocks()
})

const DATES = [
  new Date(2025, 0, 15, 8, 0),
  new Date(2025, 8, 3, 17, 5),
  new Date(2024, 11, 31, 23, 59),
  new Date(2026, 4, 1, 0, 7),
]
const NUMBERS = [0, 7, 999, 1000, 4000, 9999, 10_000, 32_768, 131_072, 1_234_567, 12_345.5, -42_000]

describe('dates and numbers in the chosen language', () => {
  it('English: as Intl writes it', async () => {
    const { formatDate, formatNumber } = await import('./format')
    const date = new Date(2025, 0, 15, 8, 0)
    expect(formatDate('en', date, 'date')).toBe('January 15, 2025')
    expect(formatDate('en', date, 'dateTime')).toBe('Jan 15, 2025, 8:00 AM')
    expect(formatNumber('en', 131_072)).toBe('131,072')
  })

  // The browser the visitor used wrote "Jan 15, 2025, 8:00 AM" on a Georgian page.
  it('Georgian without the browser knowing Georgian: what Intl writes where it does', async () => {
    const { formatDate, formatNumber } = await withoutGeorgianData()
    for (const date of DATES) {
      expect(formatDate('ka', date, 'date')).toBe(reference.date(date))
      expect(formatDate('ka', date, 'dateTime')).toBe(reference.dateTime(date))
      expect(formatDate('ka', date.toISOString(), 'dateTime')).toBe(reference.dateTime(date))
    }
    for (const value of NUMBERS) expect(formatNumber('ka', value)).toBe(reference.number(value))
    expect(formatDate('ka', new Date(2025, 0, 15, 8, 0), 'dateTime')).toBe('15 იან. 2025, 08:00')
    expect(formatNumber('ka', 131_072)).toBe('131\u00a0072')
    // English is never rewritten.
    expect(formatDate('en', DATES[0] as Date, 'date')).toBe('January 15, 2025')
  })

  it('Georgian where the browser knows it: its own Intl', async () => {
    vi.resetModules()
    const { formatDate, formatNumber } = await import('./format')
    const date = DATES[1] as Date
    expect(formatDate('ka', date, 'dateTime')).toBe(reference.dateTime(date))
    expect(formatNumber('ka', 12_345.5)).toBe(reference.number(12_345.5))
  })
})
