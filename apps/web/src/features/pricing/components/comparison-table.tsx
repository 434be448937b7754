import { PLANS } from '@devenv/domain/plans'
import { Icon } from '../../../components/ui/icons'
import { useT } from '../../../lib/i18n/i18n'
import { type ComparisonValue, comparisonCategories } from '../comparison'

function Cell({ value }: { value: ComparisonValue }) {
  const t = useT()
  if (typeof value === 'string') return <>{value}</>
  return (
    <>
      <Icon name={value ? 'check' : 'cross'} size={20} className={value ? 'yes' : 'no'} />
      <span className="visually-hidden">
        {value ? t('pricing.compare.included') : t('pricing.compare.notIncluded')}
      </span>
    </>
  )
}

export function ComparisonTable() {
  const t = useT()
  const categories = comparisonCategories(t)
  return (
    <div className="table-scroll">
      <table className="comparison">
        <caption className="visually-hidden">{t('pricing.compare.heading')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('pricing.compare.feature')}</th>
            {PLANS.map((plan) => (
              <th scope="col" key={plan.id}>
                {plan.name}
              </th>
            ))}
          </tr>
        </thead>
        {categories.map((category) => (
          <tbody key={category.category}>
            <tr className="comparison__category">
              <th scope="colgroup" colSpan={PLANS.length + 1}>
                <Icon name={category.icon} size={18} />
                {category.category}
              </th>
            </tr>
            {category.features.map((feature) => (
              <tr key={feature.name}>
                <th scope="row">{feature.name}</th>
                {feature.values.map((value, index) => (
                  <td key={PLANS[index]?.id ?? index}>
                    <Cell value={value} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        ))}
      </table>
    </div>
  )
}
