import { en } from '@devenv/domain/messages'
import { ka } from '@devenv/domain/messages/ka'
import { afterEach, describe, expect, it } from 'vitest'
import { getLocale, loadCatalogue, setLocale, storedLocale, t, translateIn } from './i18n'
import { webEn } from './messages/en'
import { webKa } from './messages/ka'

afterEach(async () => {
  await setLocale('en')
  localStorage.clear()
})

describe('i18n', () => {
  it('speaks the required English by default (UI-1), with the domain and web catalogues together', () => {
    expect(getLocale()).toBe('en')
    expect(t('devtools.restricted')).toBe(en['devtools.restricted'])
    expect(t('home.stats.uptime.value')).toBe('99.9%')
    expect(t('pricing.planSelected', { plan: 'Starter' })).toBe(
      'Starter plan selected! Redirecting to setup...',
    )
  })

  it('the Georgian web catalogue has exactly the English keys, all translated', () => {
    expect(Object.keys(webKa).sort()).toEqual(Object.keys(webEn).sort())
    for (const value of Object.values(webKa)) expect(value.trim()).not.toBe('')
  })

  it('loads Georgian on demand, switches, sets <html lang> and remembers it', async () => {
    const catalogue = await loadCatalogue('ka')
    expect(catalogue['app.tagline']).toBe(ka['app.tagline'])
    await setLocale('ka')
    expect(getLocale()).toBe('ka')
    expect(document.documentElement.lang).toBe('ka')
    expect(localStorage.getItem('preferred-locale')).toBe('ka')
    expect(storedLocale()).toBe('ka')
    expect(t('notFound.title')).toBe(ka['notFound.title'])
    expect(translateIn('en', 'notFound.title')).toBe('Page Not Found')
  })

  it('a stored value that is not a locale means English', () => {
    localStorage.setItem('preferred-locale', 'fr')
    expect(storedLocale()).toBe('en')
  })
})
