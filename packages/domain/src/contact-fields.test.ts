import { describe, expect, it } from 'vitest'
import { contactPayload, emptyContactForm } from './contact'
import { createEventEntry } from './event-log'
import { reportedUserAgent } from './user-agent'
import { type ContactTextField, contactFieldErrors } from './validation'

// The contract's figures as the api-client generates them (CONTACT_REQUEST_RULES).
const RULES = {
  firstName: { maxLength: 100 },
  lastName: { maxLength: 100 },
  email: { maxLength: 254 },
  company: { maxLength: 200 },
  phone: { maxLength: 32, pattern: '^[0-9+()\\-.\\s]*$' },
  message: { maxLength: 5000 },
}

const form = (fields: Partial<Record<ContactTextField, string>> = {}) => ({
  firstName: 'Nino',
  lastName: 'Beridze',
  email: 'nino@example.com',
  company: '',
  phone: '',
  message: 'Hello',
  ...fields,
})

describe('contactFieldErrors', () => {
  it('passes a form within the limits, with an empty or a well-formed phone', () => {
    expect(contactFieldErrors(form(), RULES)).toEqual({})
    expect(contactFieldErrors(form({ phone: '+995 (32) 200-00.00' }), RULES)).toEqual({})
  })

  it('names each field over its maximum length, with the maximum', () => {
    expect(
      contactFieldErrors(form({ firstName: 'a'.repeat(101), message: 'm'.repeat(5001) }), RULES),
    ).toEqual({
      firstName: { code: 'validation.tooLong', params: { max: 100 } },
      message: { code: 'validation.tooLong', params: { max: 5000 } },
    })
  })

  it('counts what is sent: trimmed, and characters as code points', () => {
    expect(contactFieldErrors(form({ firstName: ` ${'a'.repeat(100)} ` }), RULES)).toEqual({})
    expect(contactFieldErrors(form({ firstName: '😀'.repeat(100) }), RULES)).toEqual({})
  })

  it("refuses a phone outside the contract's pattern", () => {
    expect(contactFieldErrors(form({ phone: '555-CALL-NOW' }), RULES)).toEqual({
      phone: { code: 'validation.phoneInvalid' },
    })
    expect(contactFieldErrors(form({ phone: '1'.repeat(33) }), RULES)).toEqual({
      phone: { code: 'validation.tooLong', params: { max: 32 } },
    })
  })

  it('checks nothing the rules do not state', () => {
    expect(contactFieldErrors(form({ firstName: 'a'.repeat(500), phone: 'x' }), {})).toEqual({})
  })
})

describe('the user agent sent', () => {
  it("is the browser's, or 'unknown' when it gives none", () => {
    const payload = (userAgent: string) =>
      contactPayload(emptyContactForm(), { now: 0, userAgent }).userAgent
    expect(payload('Mozilla/5.0')).toBe('Mozilla/5.0')
    expect(payload('')).toBe('unknown')
    expect(payload('  ')).toBe('unknown')
    const entry = createEventEntry({ type: 'logout', id: 'e', now: 0, userAgent: '', url: '/' })
    expect(entry.userAgent).toBe('unknown')
  })
})

describe('contact field rules, edge cases', () => {
  it('leaves a pattern on a field other than the phone to the server', () => {
    const rules = { ...RULES, company: { maxLength: 200, pattern: '^[A-Z]+$' } }
    expect(contactFieldErrors(form({ company: 'acme' }), rules)).toEqual({})
  })

  it("reads the contract's pattern as a Unicode pattern (\\p{…} classes work)", () => {
    const rules = { phone: { pattern: '^\\p{Nd}+$' } }
    expect(contactFieldErrors(form({ phone: '٣٢٢' }), rules)).toEqual({})
  })
})

describe('reportedUserAgent', () => {
  it("sends 'unknown' when there is no user agent at all", () => {
    expect(reportedUserAgent(null)).toBe('unknown')
    expect(reportedUserAgent(undefined)).toBe('unknown')
    expect(reportedUserAgent(' Mozilla/5.0 ')).toBe('Mozilla/5.0')
  })
})
