import type { LocalizedPlan } from '@devenv/domain/plans'
import { Icon } from '../../../components/ui/icons'
import { useT } from '../../../lib/i18n/i18n'

export function PlanCard({ plan, onChoose }: { plan: LocalizedPlan; onChoose: () => void }) {
  const t = useT()
  const titleId = `plan-${plan.id}`
  const groups = [
    { key: 'core', label: t('pricing.group.core'), items: plan.features.core },
    { key: 'tools', label: t('pricing.group.tools'), items: plan.features.tools },
    { key: 'ai', label: t('pricing.group.ai'), items: plan.features.ai },
  ]
  return (
    <article className={plan.featured ? 'plan plan--featured' : 'plan'} aria-labelledby={titleId}>
      {plan.badge ? <p className="plan__badge">{plan.badge}</p> : null}
      <h2 id={titleId} className="plan__name">
        {plan.name}
      </h2>
      <p className="plan__description">{plan.description}</p>
      <p className="plan__price">
        <span className="plan__amount">${plan.price}</span>
        <span className="plan__period">{t('pricing.perMonth')}</span>
      </p>
      <button
        type="button"
        className={plan.featured ? 'button button--primary' : 'button button--secondary'}
        onClick={onChoose}
      >
        {plan.buttonText}
      </button>
      {groups.map((group) => (
        <div key={group.key} className="plan__group">
          <h3>{group.label}</h3>
          <ul className="plan__features">
            {group.items.map((item) => (
              <li key={item}>
                <Icon name="check" size={18} className="yes" />
                {item}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </article>
  )
}
