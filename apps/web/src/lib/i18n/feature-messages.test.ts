import { en } from '@devenv/domain/messages'
import { act, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { createFeatureTexts } from './feature-texts'
import { setLocale } from './i18n'

const english = { 'demo.greeting': 'Hello, {name}', 'demo.title': 'Environments' } as const
type DemoCode = keyof typeof english
const georgian: Record<DemoCode, string> = {
  'demo.greeting': 'გამარჯობა, {name}',
  'demo.title': 'გარემოები',
}

afterEach(async () => {
  await setLocale('en')
  localStorage.clear()
})

describe('createFeatureTexts', () => {
  it('speaks its own English and every shared code', () => {
    const texts = createFeatureTexts(english, async () => georgian)
    expect(texts.t('demo.greeting', { name: 'Nino' })).toBe('Hello, Nino')
    expect(texts.t('login.success')).toBe(en['login.success'])
  })

  it('loads Georgian only when the locale is Georgian, then re-renders in it', async () => {
    let loads = 0
    const texts = createFeatureTexts(english, async () => {
      loads += 1
      return georgian
    })
    const { result } = renderHook(() => texts.useT())
    expect(result.current('demo.title')).toBe('Environments')
    expect(loads).toBe(0)
    await act(() => setLocale('ka'))
    await act(() => texts.loadGeorgian())
    expect(loads).toBe(1)
    expect(result.current('demo.title')).toBe('გარემოები')
    expect(texts.t('demo.greeting', { name: 'ნინო' })).toBe('გამარჯობა, ნინო')
    await act(() => setLocale('en'))
    expect(result.current('demo.title')).toBe('Environments')
  })
})
