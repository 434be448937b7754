import { describe, expect, it } from 'vitest'
import { en } from './messages/en'
import { translate } from './messages/index'
import { ka } from './messages/ka'
import {
  annualMonthlyPrice,
  choosePlan,
  isPlanId,
  localizePlan,
  PLANS,
  planById,
  planSize,
  TRIAL_DAYS,
  TRIAL_PLAN,
} from './plans'

const allFeatures = (id: 'starter' | 'professional' | 'enterprise') => {
  const { core, tools, ai } = localizePlan(planById(id), en).features
  return [...core, ...tools, ...ai]
}

describe('plans', () => {
  it('lists Starter, Professional and Enterprise at 75, 150 and 300 USD a month', () => {
    expect(PLANS.map((plan) => [plan.id, plan.name, plan.price])).toEqual([
      ['starter', 'Starter', 75],
      ['professional', 'Professional', 150],
      ['enterprise', 'Enterprise', 300],
    ])
  })

  it('features only Professional, as Most Popular', () => {
    expect(PLANS.filter((plan) => plan.featured).map((plan) => plan.id)).toEqual(['professional'])
    expect(localizePlan(planById('professional'), en).badge).toBe('Most Popular')
    expect(localizePlan(planById('starter'), en).badge).toBeNull()
  })

  it.each([
    ['starter', ['2 vCPU', '8GB RAM', '50GB SSD', '100GB bandwidth', '99% uptime']],
    ['professional', ['4 vCPU', '16GB RAM', '100GB SSD', '500GB bandwidth', '99.9% uptime']],
    [
      'enterprise',
      ['8 vCPU', '32GB RAM', '200GB SSD', 'Unlimited bandwidth', 'GPU available', '99.99% uptime'],
    ],
  ] as const)('%s lists every required feature (PLAN-1)', (id, expected) => {
    const features = allFeatures(id)
    for (const feature of expected) expect(features).toContain(feature)
  })

  it('offers a GPU only on Enterprise', () => {
    expect(allFeatures('starter')).not.toContain('GPU available')
    expect(allFeatures('professional')).not.toContain('GPU available')
  })

  it('has machine-readable sizes matching the cards', () => {
    expect(planSize('starter')).toEqual({ vcpu: 2, ramGb: 8, ssdGb: 50 })
    expect(planSize('professional')).toEqual({ vcpu: 4, ramGb: 16, ssdGb: 100 })
    expect(planSize('enterprise')).toEqual({ vcpu: 8, ramGb: 32, ssdGb: 200 })
    expect(planById('enterprise').bandwidthGb).toBeNull()
  })

  it('has a description, a button and features in every group', () => {
    for (const plan of PLANS) {
      const localized = localizePlan(plan, en)
      expect(localized.description.length).toBeGreaterThan(0)
      expect(localized.buttonText.length).toBeGreaterThan(0)
      expect(localized.features.core.length).toBeGreaterThan(0)
      expect(localized.features.tools.length).toBeGreaterThan(0)
      expect(localized.features.ai.length).toBeGreaterThan(0)
    }
  })

  it('reads in Georgian with the same numbers', () => {
    const starter = localizePlan(planById('starter'), ka)
    expect(starter.name).toBe('Starter')
    expect(starter.description).not.toBe(localizePlan(planById('starter'), en).description)
    expect(starter.features.core[0]).toContain('2')
    expect(starter.features.core[0]).toMatch(/[\u10D0-\u10FF]/)
  })

  it('recognises plan ids', () => {
    expect(isPlanId('starter')).toBe(true)
    expect(isPlanId('free')).toBe(false)
    expect(() => planById('free' as never)).toThrow('Unknown plan: free')
    for (const other of [undefined, null, 1, ['starter'], 'Starter']) {
      expect(isPlanId(other)).toBe(false)
    }
  })
})

describe('copy claims and choosing a plan', () => {
  // PLAN-4: the trial the pricing page's note announces is the one the assistant offers.
  it('offers a 14-day free trial of Starter, as the pricing note says', () => {
    expect(TRIAL_DAYS).toBe(14)
    expect(planById(TRIAL_PLAN).name).toBe('Starter')
    expect(translate(en, 'pricing.trialNote', { days: TRIAL_DAYS })).toBe(
      `14-day free trial on ${planById(TRIAL_PLAN).name}. No credit card required.`,
    )
  })

  it('takes 15% off the monthly price with annual billing', () => {
    expect(annualMonthlyPrice(75)).toBe(63.75)
    expect(annualMonthlyPrice(150)).toBe(127.5)
    expect(annualMonthlyPrice(300)).toBe(255)
  })

  // PLAN-3: '<plan> plan selected! Redirecting to setup...' and 2 s.
  it('announces Starter and Professional, then goes to /contact after 2 s', () => {
    const choice = choosePlan('starter')
    expect(choice.redirectTo).toBe('/contact')
    expect(choice.delayMs).toBe(2000)
    expect(choice.notice && translate(en, choice.notice.code, choice.notice.params)).toBe(
      'Starter plan selected! Redirecting to setup...',
    )
    expect(choosePlan('professional').notice?.params.plan).toBe('Professional')
  })

  // PLAN-3: Enterprise goes at once.
  it('sends Enterprise to /contact at once, without a notice', () => {
    expect(choosePlan('enterprise')).toEqual({ redirectTo: '/contact', delayMs: 0, notice: null })
  })
})
