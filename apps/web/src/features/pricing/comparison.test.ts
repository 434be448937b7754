import { PLANS } from '@devenv/domain/plans'
import { describe, expect, it } from 'vitest'
import { t } from '../../lib/i18n/i18n'
import { comparisonCategories } from './comparison'

describe('comparisonCategories', () => {
  const categories = comparisonCategories(t)

  it('has resources, tools and AI, one value per plan in every row', () => {
    expect(categories.map((category) => category.category)).toEqual([
      'Resources',
      'Developer tools',
      'AI',
    ])
    for (const category of categories) {
      for (const feature of category.features) expect(feature.values).toHaveLength(PLANS.length)
    }
  })

  it("derives the comparison's rows from the plans: figures as text, GPU as a boolean (PLAN-2)", () => {
    const rows = Object.fromEntries(
      categories[0]?.features.map((feature) => [feature.name, feature.values]) ?? [],
    )
    expect(rows.vCPU).toEqual(['2', '4', '8'])
    expect(rows.RAM).toEqual(['8GB', '16GB', '32GB'])
    expect(rows.Bandwidth).toEqual(['100GB', '500GB', 'Unlimited'])
    expect(rows.GPU).toEqual([false, false, true])
    expect(rows['Uptime SLA']).toEqual(['99%', '99.9%', '99.99%'])
  })

  it('ticks a tool or AI feature only where a plan lists it (PLAN-2)', () => {
    const ai = categories[2]?.features ?? []
    expect(ai.find((row) => row.name === 'Private local language models')?.values).toEqual([
      false,
      false,
      true,
    ])
    expect(ai.find((row) => row.name === 'AI code completion')?.values).toEqual([true, true, true])
  })
})
