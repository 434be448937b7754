import { describe, expect, it } from 'vitest'
import {
  contactPayload,
  emptyContactForm,
  INQUIRY_TYPE_LABELS,
  INQUIRY_TYPES,
  isInquiryType,
  isTeamSize,
} from './contact'
import { en } from './messages/en'

describe('contact constants', () => {
  it('offers the six inquiry types with their required labels (CONTACT-2)', () => {
    expect(INQUIRY_TYPES.map((type) => [type, en[INQUIRY_TYPE_LABELS[type]]])).toEqual([
      ['trial', 'Start Free Trial'],
      ['demo', 'Schedule Demo'],
      ['enterprise', 'Enterprise Solution'],
      ['support', 'Technical Support'],
      ['partnership', 'Partnership'],
      ['other', 'Other'],
    ])
    expect(isInquiryType('demo')).toBe(true)
    expect(isInquiryType('Demo')).toBe(false)
  })

  it('offers the five team sizes', () => {
    expect(isTeamSize('100+')).toBe(true)
    expect(isTeamSize('101+')).toBe(false)
  })
})

describe('contactPayload', () => {
  // CONTACT-3: the timestamp, the source website_contact_form and the user agent.
  it('adds timestamp, source and user agent to the trimmed form', () => {
    const form = {
      ...emptyContactForm(),
      firstName: ' Nino ',
      lastName: 'Beridze',
      email: ' nino@example.ge ',
      inquiryType: 'demo' as const,
      teamSize: '6-20' as const,
      message: ' Hello \n',
      newsletter: true,
    }
    expect(contactPayload(form, { now: Date.UTC(2025, 5, 1), userAgent: 'agent' })).toEqual({
      firstName: 'Nino',
      lastName: 'Beridze',
      email: 'nino@example.ge',
      company: '',
      phone: '',
      inquiryType: 'demo',
      teamSize: '6-20',
      message: 'Hello',
      newsletter: true,
      timestamp: '2025-06-01T00:00:00.000Z',
      source: 'website_contact_form',
      userAgent: 'agent',
    })
  })
})

describe('the contact form', () => {
  it('opens empty: nothing typed, no inquiry type or team size chosen, no newsletter', () => {
    const { newsletter, ...fields } = emptyContactForm()
    expect(newsletter).toBe(false)
    expect(new Set(Object.values(fields))).toEqual(new Set(['']))
  })

  it('sends every typed field without its surrounding spaces', () => {
    const typed = {
      firstName: 'Nino',
      lastName: 'Beridze',
      email: 'nino@example.ge',
      company: 'Acme',
      phone: '+995 555 123 456',
      message: 'Hello',
    }
    const padded = Object.fromEntries(
      Object.entries(typed).map(([field, value]) => [field, ` ${value}\t`]),
    )
    const form = { ...emptyContactForm(), ...padded }
    expect(contactPayload(form, { now: 0, userAgent: 'agent' })).toMatchObject(typed)
  })

  it('recognises nothing but the listed inquiry types and team sizes', () => {
    for (const other of [undefined, null, 1, ['demo'], '', 'demo ']) {
      expect(isInquiryType(other)).toBe(false)
      expect(isTeamSize(other)).toBe(false)
    }
  })
})
