import type { MessageCode } from '@devenv/domain/messages'
import { PLANS, type Plan, type PlanFeature } from '@devenv/domain/plans'
import type { IconName } from '../../components/ui/icons'
import type { SharedMessageCode, Translate } from '../../lib/i18n/i18n'

/** One cell per plan: a text (figures, language-neutral or translated) or included/not included. */
export type ComparisonValue = string | boolean

export type ComparisonFeature = { name: string; values: ComparisonValue[] }

/** A comparison category (PLAN-2): category, icon, features with one value per plan. */
export type ComparisonCategory = { category: string; icon: IconName; features: ComparisonFeature[] }

type Group = 'tools' | 'ai'

// Tool and AI rows: every feature any plan lists, in first-seen order, ticked where a plan has it.
function featureRows(plans: readonly Plan[], group: Group, t: Translate): ComparisonFeature[] {
  const codes: MessageCode[] = []
  for (const plan of plans) {
    for (const feature of plan.features[group]) {
      if (!codes.includes(feature.code)) codes.push(feature.code)
    }
  }
  return codes.map((code) => ({
    name: t(code),
    values: plans.map((plan) =>
      plan.features[group].some((feature: PlanFeature) => feature.code === code),
    ),
  }))
}

function resourceRows(plans: readonly Plan[], t: Translate): ComparisonFeature[] {
  const row = (
    name: SharedMessageCode,
    value: (plan: Plan) => ComparisonValue,
  ): ComparisonFeature => ({
    name: t(name),
    values: plans.map(value),
  })
  return [
    row('pricing.compare.row.vcpu', (plan) => String(plan.size.vcpu)),
    row('pricing.compare.row.ram', (plan) => `${plan.size.ramGb}GB`),
    row('pricing.compare.row.ssd', (plan) => `${plan.size.ssdGb}GB`),
    row('pricing.compare.row.bandwidth', (plan) =>
      plan.bandwidthGb === null ? t('pricing.compare.unlimited') : `${plan.bandwidthGb}GB`,
    ),
    row('pricing.compare.row.gpu', (plan) => plan.gpu),
    row('pricing.compare.row.uptime', (plan) => `${plan.uptimePercent}%`),
  ]
}

/** The comparison table's rows, derived from the plans themselves (PLAN-2). */
export function comparisonCategories(
  t: Translate,
  plans: readonly Plan[] = PLANS,
): ComparisonCategory[] {
  return [
    {
      category: t('pricing.compare.category.resources'),
      icon: 'cpu',
      features: resourceRows(plans, t),
    },
    {
      category: t('pricing.compare.category.tools'),
      icon: 'code',
      features: featureRows(plans, 'tools', t),
    },
    {
      category: t('pricing.compare.category.ai'),
      icon: 'sparkles',
      features: featureRows(plans, 'ai', t),
    },
  ]
}
