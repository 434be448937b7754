import { CONTRACT_ENUMS } from '@devenv/openapi/facts'
import type { MessageCode } from './messages/en'
import { isoTimestamp } from './time'
import { reportedUserAgent } from './user-agent'

// The contract's enums, so the form offers exactly what the API accepts.
export const INQUIRY_TYPES = CONTRACT_ENUMS.InquiryType
export type InquiryType = (typeof INQUIRY_TYPES)[number]

export const INQUIRY_TYPE_LABELS = {
  trial: 'inquiry.trial',
  demo: 'inquiry.demo',
  enterprise: 'inquiry.enterprise',
  support: 'inquiry.support',
  partnership: 'inquiry.partnership',
  other: 'inquiry.other',
} as const satisfies Record<InquiryType, MessageCode>

export const TEAM_SIZES = CONTRACT_ENUMS.TeamSize
export type TeamSize = (typeof TEAM_SIZES)[number]

export const CONTACT_SOURCE = 'website_contact_form'

/** How soon we answer, per kind of request (the contact page's promises). */
export const RESPONSE_TIME_HOURS = {
  general: 24,
  enterpriseSales: 4,
  technicalSupport: 2,
} as const
export type ResponseTimeKind = keyof typeof RESPONSE_TIME_HOURS

export const RESPONSE_TIME_LABELS = {
  general: 'contact.responseTime.general',
  enterpriseSales: 'contact.responseTime.enterpriseSales',
  technicalSupport: 'contact.responseTime.technicalSupport',
} as const satisfies Record<ResponseTimeKind, MessageCode>

export const DEMO_LENGTH_MINUTES = 30

export function isInquiryType(value: unknown): value is InquiryType {
  return (INQUIRY_TYPES as readonly unknown[]).includes(value)
}

export function isTeamSize(value: unknown): value is TeamSize {
  return (TEAM_SIZES as readonly unknown[]).includes(value)
}

/** The form as typed; the selects hold '' until a choice is made. */
export type ContactForm = {
  firstName: string
  lastName: string
  email: string
  company: string
  phone: string
  inquiryType: InquiryType | ''
  teamSize: TeamSize | ''
  message: string
  newsletter: boolean
}

export type ContactPayload = ContactForm & {
  timestamp: string
  source: typeof CONTACT_SOURCE
  userAgent: string
}

export function emptyContactForm(): ContactForm {
  return {
    firstName: '',
    lastName: '',
    email: '',
    company: '',
    phone: '',
    inquiryType: '',
    teamSize: '',
    message: '',
    newsletter: false,
  }
}

/**
 * The body of POST /contact: the trimmed form plus when, from where and from which browser (a
 * browser that gives no user agent is sent as 'unknown': the contract requires one).
 */
export function contactPayload(
  form: ContactForm,
  context: { now: number; userAgent: string },
): ContactPayload {
  return {
    firstName: form.firstName.trim(),
    lastName: form.lastName.trim(),
    email: form.email.trim(),
    company: form.company.trim(),
    phone: form.phone.trim(),
    inquiryType: form.inquiryType,
    teamSize: form.teamSize,
    message: form.message.trim(),
    newsletter: form.newsletter,
    timestamp: isoTimestamp(context.now),
    source: CONTACT_SOURCE,
    userAgent: reportedUserAgent(context.userAgent),
  }
}
