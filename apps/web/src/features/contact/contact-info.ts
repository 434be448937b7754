import { TRIAL_DAYS } from '@devenv/domain/plans'
import type { FaqEntry } from '../../components/ui/faq-section'

/** Where people can write when the form fails: the {email} of CONTACT-3's failure text. */
export const CONTACT_EMAIL = 'contact@devenv.example'
export const CONTACT_PHONE = '+995 32 200 00 00'

export const CONTACT_FAQ: ReadonlyArray<FaqEntry> = [
  { id: 'response', question: 'contact.faq.response.q', answer: 'contact.faq.response.a' },
  { id: 'demo', question: 'contact.faq.demo.q', answer: 'contact.faq.demo.a' },
  {
    id: 'trial',
    question: 'contact.faq.trial.q',
    answer: 'contact.faq.trial.a',
    params: { days: TRIAL_DAYS },
  },
  { id: 'enterprise', question: 'contact.faq.enterprise.q', answer: 'contact.faq.enterprise.a' },
  { id: 'data', question: 'contact.faq.data.q', answer: 'contact.faq.data.a' },
]
