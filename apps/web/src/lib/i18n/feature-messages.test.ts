import { en } from '@devenv/domain/messages'
import { act, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { createFeatureMessages } from './feature-messages'
import { setLocale } from './i18n'

const english = { 'demo.greeting': 'Hello, {name}', 'demo.title': 'Environments' } as const
type DemoMessageCode = keyof typeof english
const georgian: Record<DemoMessageCode, string> = {
  'demo.greeting': 'გამარჯობა, {name}',
  'demo.title': 'გარემოები',
}

afterEach(async () => {
  await setLocale('en')
  localStorage.clear()
})

describe('createFeatureMessages', () => {
  it('speaks its own English and every shared code', () => {
    const messages = createFeatureMessages(english, async () => georgian)
    expect(messages.t('demo.greeting', { name: 'Nino' })).toBe('Hello, Nino')
    expect(messages.t('login.success')).toBe(en['login.success'])
  })

  it('loads Georgian only when the locale is Georgian, then re-renders in it', async () => {
    let loads = 0
    const messages = createFeatureMessages(english, async () => {
      loads += 1
      return georgian
    })
    const { result } = renderHook(() => messages.useT())
    expect(result.current('demo.title')).toBe('Environments')
    expect(loads).toBe(0)
    await act(() => setLocale('ka'))
    await act(() => messages.loadGeorgian())
    expect(loads).toBe(1)
    expect(result.current('demo.title')).toBe('გარემოები')
    expect(messages.t('demo.greeting', { name: 'ნინო' })).toBe('გამარჯობა, ნინო')
    await act(() => setLocale('en'))
    expect(result.current('demo.title')).toBe('Environments')
  })

  it('refuses a feature code that would shadow a shared code (a type error)', () => {
    const shadowing = { 'login.success': 'Signed in, the feature says' } as const
    // @ts-expect-error The domain's 'login.success' is shared: a feature may not replace it.
    const messages = createFeatureMessages(shadowing, async () => shadowing)
    // What the type forbids: the feature's wording would silently win over the required one.
    expect(messages.t('login.success')).toBe('Signed in, the feature says')
  })
})
