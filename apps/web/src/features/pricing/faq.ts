import type { WebMessageCode } from '../../lib/i18n/messages-en'

/** Six questions; the answers carry the spec's claims (trial, annual discount, plan changes). */
export const PRICING_FAQ: ReadonlyArray<{
  id: string
  question: WebMessageCode
  answer: WebMessageCode
}> = [
  { id: 'trial', question: 'pricing.faq.trial.q', answer: 'pricing.faq.trial.a' },
  { id: 'annual', question: 'pricing.faq.annual.q', answer: 'pricing.faq.annual.a' },
  { id: 'change', question: 'pricing.faq.change.q', answer: 'pricing.faq.change.a' },
  { id: 'payment', question: 'pricing.faq.payment.q', answer: 'pricing.faq.payment.a' },
  { id: 'data', question: 'pricing.faq.data.q', answer: 'pricing.faq.data.a' },
  { id: 'cancel', question: 'pricing.faq.cancel.q', answer: 'pricing.faq.cancel.a' },
]
