import type { Catalogue, MessageCode } from './messages/en'
import type { MessageParams } from './messages/index'
import { translate } from './messages/index'

/** After choosing a paid plan, the pricing page goes on to the contact form after this pause. */
export const PRICING_REDIRECT_MS = 2000

export const PLAN_IDS = ['starter', 'professional', 'enterprise'] as const
export type PlanId = (typeof PLAN_IDS)[number]

export const TRIAL_DAYS = 14
export const TRIAL_PLAN: PlanId = 'starter'
export const ANNUAL_DISCOUNT_PERCENT = 15

/** Machine-readable resources; the stub sizes environments from these. */
export type PlanSize = { vcpu: number; ramGb: number; ssdGb: number }

export type PlanFeature = { code: MessageCode; params?: MessageParams }

export type PlanFeatures = {
  core: readonly PlanFeature[]
  tools: readonly PlanFeature[]
  ai: readonly PlanFeature[]
}

/** A plan as data: its texts are message codes, so it reads in every locale (see localizePlan). */
export type Plan = {
  id: PlanId
  /** Product names stay the same in every language. */
  name: string
  /** USD per month. */
  price: number
  description: MessageCode
  buttonText: MessageCode
  featured: boolean
  badge: MessageCode | null
  size: PlanSize
  /** null means unlimited. */
  bandwidthGb: number | null
  gpu: boolean
  uptimePercent: number
  features: PlanFeatures
}

type PlanResources = Pick<Plan, 'size' | 'bandwidthGb' | 'gpu' | 'uptimePercent'>

// Core features are derived from the numbers, so the card and the stub can never disagree.
function coreFeatures(resources: PlanResources): PlanFeature[] {
  const { size, bandwidthGb, gpu, uptimePercent } = resources
  return [
    { code: 'plan.feature.vcpu', params: { count: size.vcpu } },
    { code: 'plan.feature.ram', params: { size: size.ramGb } },
    { code: 'plan.feature.ssd', params: { size: size.ssdGb } },
    bandwidthGb === null
      ? { code: 'plan.feature.bandwidthUnlimited' }
      : { code: 'plan.feature.bandwidth', params: { size: bandwidthGb } },
    ...(gpu ? [{ code: 'plan.feature.gpu' } as const] : []),
    { code: 'plan.feature.uptime', params: { percent: uptimePercent } },
  ]
}

function features(...codes: MessageCode[]): PlanFeature[] {
  return codes.map((code) => ({ code }))
}

// Emptied, any of these makes this module throw on load and fails every test that imports it, but
// Stryker's vitest runner counts a test file that cannot load as no test, so the mutant survives:
// https://github.com/stryker-mutator/stryker-js/issues/6150
// Stryker disable next-line ObjectLiteral: {} throws on load, which the runner misses (see above)
const starterResources: PlanResources = {
  size: { vcpu: 2, ramGb: 8, ssdGb: 50 },
  bandwidthGb: 100,
  gpu: false,
  uptimePercent: 99,
}
// Stryker disable next-line ObjectLiteral: {} throws on load, which the runner misses (see above)
const professionalResources: PlanResources = {
  size: { vcpu: 4, ramGb: 16, ssdGb: 100 },
  bandwidthGb: 500,
  gpu: false,
  uptimePercent: 99.9,
}
// Stryker disable next-line ObjectLiteral: {} throws on load, which the runner misses (see above)
const enterpriseResources: PlanResources = {
  size: { vcpu: 8, ramGb: 32, ssdGb: 200 },
  bandwidthGb: null,
  gpu: true,
  uptimePercent: 99.99,
}

export const PLANS: readonly Plan[] = [
  {
    id: 'starter',
    name: 'Starter',
    price: 75,
    description: 'plan.starter.description',
    buttonText: 'plan.starter.button',
    featured: false,
    badge: null,
    ...starterResources,
    features: {
      core: coreFeatures(starterResources),
      tools: features('plan.feature.webIde', 'plan.feature.git', 'plan.feature.cicdBasic'),
      ai: features('plan.feature.aiCompletion'),
    },
  },
  {
    id: 'professional',
    name: 'Professional',
    price: 150,
    description: 'plan.professional.description',
    buttonText: 'plan.professional.button',
    featured: true,
    badge: 'pricing.mostPopular',
    ...professionalResources,
    features: {
      core: coreFeatures(professionalResources),
      tools: features(
        'plan.feature.webIde',
        'plan.feature.git',
        'plan.feature.cicdAdvanced',
        'plan.feature.containers',
        'plan.feature.teamCollaboration',
      ),
      ai: features('plan.feature.aiCompletion', 'plan.feature.aiChat'),
    },
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    price: 300,
    description: 'plan.enterprise.description',
    buttonText: 'plan.enterprise.button',
    featured: false,
    badge: null,
    ...enterpriseResources,
    features: {
      core: coreFeatures(enterpriseResources),
      tools: features(
        'plan.feature.webIde',
        'plan.feature.git',
        'plan.feature.cicdAdvanced',
        'plan.feature.containers',
        'plan.feature.teamCollaboration',
        'plan.feature.sso',
        'plan.feature.dedicatedInfrastructure',
      ),
      ai: features('plan.feature.aiCompletion', 'plan.feature.aiChat', 'plan.feature.localLlm'),
    },
  },
]

export function isPlanId(value: unknown): value is PlanId {
  return (PLAN_IDS as readonly unknown[]).includes(value)
}

export function planById(id: PlanId): Plan {
  const plan = PLANS.find((candidate) => candidate.id === id)
  if (!plan) throw new Error(`Unknown plan: ${id}`)
  return plan
}

export function planSize(id: PlanId): PlanSize {
  return planById(id).size
}

/** The monthly price when billed annually, to the cent. */
export function annualMonthlyPrice(price: number): number {
  return Math.round(price * (100 - ANNUAL_DISCOUNT_PERCENT)) / 100
}

/** A plan with its texts in one language: the product's shape of a pricing plan (PLAN-1). */
export type LocalizedPlan = {
  id: PlanId
  name: string
  price: number
  description: string
  buttonText: string
  featured: boolean
  badge: string | null
  features: { core: string[]; tools: string[]; ai: string[] }
}

export function localizePlan(plan: Plan, catalogue: Catalogue): LocalizedPlan {
  const text = (feature: PlanFeature) => translate(catalogue, feature.code, feature.params)
  return {
    id: plan.id,
    name: plan.name,
    price: plan.price,
    description: translate(catalogue, plan.description),
    buttonText: translate(catalogue, plan.buttonText),
    featured: plan.featured,
    badge: plan.badge === null ? null : translate(catalogue, plan.badge),
    features: {
      core: plan.features.core.map(text),
      tools: plan.features.tools.map(text),
      ai: plan.features.ai.map(text),
    },
  }
}

/** What choosing a plan does: Enterprise goes to /contact at once, others announce it first. */
export type PlanChoice = {
  redirectTo: '/contact'
  delayMs: number
  notice: { code: 'pricing.planSelected'; params: { plan: string } } | null
}

export function choosePlan(id: PlanId): PlanChoice {
  if (id === 'enterprise') return { redirectTo: '/contact', delayMs: 0, notice: null }
  return {
    redirectTo: '/contact',
    delayMs: PRICING_REDIRECT_MS,
    notice: { code: 'pricing.planSelected', params: { plan: planById(id).name } },
  }
}
