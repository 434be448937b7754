import { en } from '@devenv/domain/messages'
import { ka } from '@devenv/domain/messages/ka'
import { ANNUAL_DISCOUNT_PERCENT, TRIAL_DAYS } from '@devenv/domain/plans'
import { Outlet } from '@tanstack/react-router'
import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { setLocale } from '../../../lib/i18n/i18n'
import { webEn } from '../../../lib/i18n/messages/en'
import { webKa } from '../../../lib/i18n/messages/ka'
import { renderPage } from '../../../testing/render'
import { PricingPage } from './pricing-page'

vi.mock('../../../lib/notify', () => ({ notify: vi.fn(async () => undefined) }))

async function renderPricing() {
  await renderPage(<Outlet />, {
    url: '/pricing',
    routes: { '/pricing': PricingPage, '/contact': undefined },
  })
}

afterEach(async () => {
  await setLocale('en', { remember: false })
})

describe('PricingPage copy claims (PLAN-4)', () => {
  it('says the trial, the annual discount and the plan-change rule in its copy', async () => {
    await renderPricing()
    const terms = await screen.findByRole('list', { name: 'Trial, billing and plan changes' })
    expect(
      within(terms)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '14-day free trial on Starter. No credit card required.',
      'Save 15% with annual billing',
      'Upgrades take effect immediately; downgrades apply at the next billing cycle.',
    ])
  })

  it('in Georgian too', async () => {
    await setLocale('ka', { remember: false })
    await renderPricing()
    const terms = await screen.findByRole('list', { name: webKa['pricing.terms.label'] })
    const texts = within(terms)
      .getAllByRole('listitem')
      .map((item) => item.textContent)
    expect(texts[0]).toContain(`${TRIAL_DAYS}-დღიანი`)
    expect(texts[1]).toContain(`${ANNUAL_DISCOUNT_PERCENT}%`)
    expect(texts[2]).toBe(ka['pricing.planChanges'])
  })

  it('takes its figures from the domain: no message of these claims holds a number', () => {
    for (const catalogue of [en, ka]) {
      expect(catalogue['pricing.trialNote']).not.toMatch(/\d/)
      expect(catalogue['pricing.annualDiscount']).not.toMatch(/\d/)
    }
    for (const catalogue of [webEn, webKa]) {
      for (const code of [
        'pricing.faq.trial.a',
        'pricing.faq.annual.a',
        'contact.faq.trial.a',
      ] as const) {
        expect(catalogue[code]).not.toMatch(/\d/)
      }
    }
  })
})
