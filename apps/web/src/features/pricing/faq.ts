import { ANNUAL_DISCOUNT_PERCENT, TRIAL_DAYS } from '@devenv/domain/plans'
import type { FaqEntry } from '../../components/ui/faq-section'

/** Six questions; the answers carry the copy claims (PLAN-4), their figures from the domain. */
export const PRICING_FAQ: ReadonlyArray<FaqEntry> = [
  {
    id: 'trial',
    question: 'pricing.faq.trial.q',
    answer: 'pricing.faq.trial.a',
    params: { days: TRIAL_DAYS },
  },
  {
    id: 'annual',
    question: 'pricing.faq.annual.q',
    answer: 'pricing.faq.annual.a',
    params: { percent: ANNUAL_DISCOUNT_PERCENT },
  },
  { id: 'change', question: 'pricing.faq.change.q', answer: 'pricing.faq.change.a' },
  { id: 'payment', question: 'pricing.faq.payment.q', answer: 'pricing.faq.payment.a' },
  { id: 'data', question: 'pricing.faq.data.q', answer: 'pricing.faq.data.a' },
  { id: 'cancel', question: 'pricing.faq.cancel.q', answer: 'pricing.faq.cancel.a' },
]
