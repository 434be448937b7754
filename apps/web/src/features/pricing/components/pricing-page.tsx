import {
  ANNUAL_DISCOUNT_PERCENT,
  choosePlan,
  localizePlan,
  PLANS,
  type PlanId,
  TRIAL_DAYS,
} from '@devenv/domain/plans'
import { Link, useNavigate } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { FaqSection } from '../../../components/ui/faq-section'
import { HydratedApart } from '../../../components/ui/hydrated-apart'
import { TitledSection } from '../../../components/ui/titled-section'
import { catalogueFor, useLocale, useT } from '../../../lib/i18n/i18n'
import { notify } from '../../../lib/notify'
import { PRICING_FAQ } from '../faq'
import { ComparisonTable } from './comparison-table'
import { PlanCard } from './plan-card'

export function PricingPage() {
  const t = useT()
  const locale = useLocale()
  const navigate = useNavigate()
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const catalogue = catalogueFor(locale)

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current)
    },
    [],
  )

  const choose = (id: PlanId) => {
    const choice = choosePlan(id)
    if (!choice.notice) {
      void navigate({ to: choice.redirectTo })
      return
    }
    void notify('success', t(choice.notice.code, choice.notice.params))
    if (timer.current) clearTimeout(timer.current)
    timer.current = setTimeout(() => void navigate({ to: choice.redirectTo }), choice.delayMs)
  }

  return (
    <>
      <section className="page-header">
        <div className="container">
          <h1>{t('pricing.heading')}</h1>
          <p className="lead">{t('pricing.lead')}</p>
          {/* The copy claims (PLAN-4), with the domain's figures. */}
          <ul className="pricing-terms" aria-label={t('pricing.terms.label')}>
            <li>{t('pricing.trialNote', { days: TRIAL_DAYS })}</li>
            <li>{t('pricing.annualDiscount', { percent: ANNUAL_DISCOUNT_PERCENT })}</li>
            <li>{t('pricing.planChanges')}</li>
          </ul>
        </div>
      </section>

      <HydratedApart>
        <section className="section section--tight" aria-label={t('meta.pricing.title')}>
          <div className="container plans">
            {PLANS.map((plan) => (
              <PlanCard
                key={plan.id}
                plan={localizePlan(plan, catalogue)}
                onChoose={() => choose(plan.id)}
              />
            ))}
          </div>
        </section>
      </HydratedApart>

      <TitledSection alternate titleId="compare-title" title={t('pricing.compare.heading')}>
        <ComparisonTable />
      </TitledSection>

      <HydratedApart>
        <section className="section" aria-labelledby="enterprise-title">
          <div className="container enterprise">
            <div>
              <h2 id="enterprise-title">{t('pricing.enterprise.heading')}</h2>
              <p>{t('pricing.enterprise.text')}</p>
            </div>
            <Link to="/contact" className="button button--primary button--large">
              {t('action.scheduleDemo')}
            </Link>
          </div>
        </section>
      </HydratedApart>

      <FaqSection id="pricing-faq-title" heading="pricing.faq.heading" entries={PRICING_FAQ} />
    </>
  )
}
