import { isInquiryType } from './contact'
import type { MessageCodeSubset } from './messages/en'
import {
  type CommonPasswordList,
  commonPasswordRuleError,
  NO_COMMON_PASSWORDS,
  newPasswordRuleError,
} from './password'

// Validators answer with message codes, never English, so every locale shows its own text.

export type RegistrationForm = {
  firstName: string
  lastName: string
  email: string
  password: string
  confirmPassword: string
  company?: string | null
  acceptTerms: boolean
  captchaVerified: boolean
}

export type RegistrationError = MessageCodeSubset<
  | 'validation.emailRequired'
  | 'validation.emailInvalid'
  | 'validation.passwordTooShort'
  | 'validation.passwordMismatch'
  | 'validation.passwordTooWeak'
  | 'validation.captchaRequired'
>

export type ForgotPasswordForm = { email: string; captchaVerified: boolean }
export type ForgotPasswordError = MessageCodeSubset<
  'validation.emailRequired' | 'validation.emailInvalid' | 'validation.captchaRequired'
>

export type SignInForm = { email: string; password: string }
export type SignInError = MessageCodeSubset<
  'validation.emailRequired' | 'validation.emailInvalid' | 'validation.passwordRequired'
>

export type ContactFormFields = {
  firstName: string
  lastName: string
  email: string
  inquiryType: string
  message: string
}
export type ContactError = MessageCodeSubset<
  'validation.requiredFields' | 'validation.emailInvalid'
>

export type RegistrationUserType = 'COMPANY' | 'PERSONAL'
export type RegistrationBody = {
  username: string
  password: string
  userType: RegistrationUserType
}

/** E-mails are judged and sent trimmed: a pasted trailing space is not the user's intent. */
export function normalizeEmail(email: string): string {
  return email.trim()
}

/** AUTH-7's rule as written: an '@' and a '.' somewhere (the server does the real check). */
export function looksLikeEmail(email: string): boolean {
  const trimmed = normalizeEmail(email)
  return trimmed.includes('@') && trimmed.includes('.')
}

function isBlank(value: string | null | undefined): boolean {
  return value == null || value.trim() === ''
}

/**
 * The first failing rule, in AUTH-7's order, or null when the form may be sent. A common password
 * is 'too weak' in that rule's place; without a list only the trivial patterns are caught.
 */
export function validateRegistration(
  form: RegistrationForm,
  commonPasswords: CommonPasswordList = NO_COMMON_PASSWORDS,
): RegistrationError | null {
  if (isBlank(form.email)) return 'validation.emailRequired'
  if (!looksLikeEmail(form.email)) return 'validation.emailInvalid'
  // The server's rules too; AUTH-7 puts 'too short' before the mismatch, 'too weak' after it.
  const rule =
    newPasswordRuleError(form.password, 'registration') ??
    commonPasswordRuleError(form.password, commonPasswords)
  if (rule === 'validation.passwordTooShort') return rule
  if (form.password !== form.confirmPassword) return 'validation.passwordMismatch'
  if (rule) return rule
  if (!form.captchaVerified) return 'validation.captchaRequired'
  return null
}

/** The submit button also needs both names and the terms box. */
export function canSubmitRegistration(form: RegistrationForm): boolean {
  return (
    !isBlank(form.firstName) &&
    !isBlank(form.lastName) &&
    form.acceptTerms &&
    form.captchaVerified &&
    validateRegistration(form) === null
  )
}

export function registrationUserType(company: string | null | undefined): RegistrationUserType {
  return isBlank(company) ? 'PERSONAL' : 'COMPANY'
}

/** Only these three fields are sent; names and company stay in the modal (AUTH-6). */
export function registrationBody(form: RegistrationForm): RegistrationBody {
  return {
    username: normalizeEmail(form.email),
    password: form.password,
    userType: registrationUserType(form.company),
  }
}

export function validateForgotPassword(form: ForgotPasswordForm): ForgotPasswordError | null {
  if (isBlank(form.email)) return 'validation.emailRequired'
  if (!looksLikeEmail(form.email)) return 'validation.emailInvalid'
  if (!form.captchaVerified) return 'validation.captchaRequired'
  return null
}

/** The forgot-password puzzle appears once the e-mail contains '@'. */
export function shouldShowForgotPasswordCaptcha(email: string): boolean {
  return email.includes('@')
}

export function validateSignIn(form: SignInForm): SignInError | null {
  if (isBlank(form.email)) return 'validation.emailRequired'
  if (!looksLikeEmail(form.email)) return 'validation.emailInvalid'
  // Passwords are never trimmed: spaces are legitimate password characters.
  if (form.password === '') return 'validation.passwordRequired'
  return null
}

/** The fields CONTACT-2 requires, in the form's order. */
export const CONTACT_REQUIRED_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'inquiryType',
  'message',
] as const
export type ContactRequiredField = (typeof CONTACT_REQUIRED_FIELDS)[number]

/** The required fields left blank (an inquiry type not chosen): what the form marks. */
export function missingContactFields(form: ContactFormFields): ContactRequiredField[] {
  return CONTACT_REQUIRED_FIELDS.filter((field) =>
    field === 'inquiryType' ? !isInquiryType(form.inquiryType) : isBlank(form[field]),
  )
}

export function validateContact(form: ContactFormFields): ContactError | null {
  if (missingContactFields(form).length > 0) return 'validation.requiredFields'
  if (!looksLikeEmail(form.email)) return 'validation.emailInvalid'
  return null
}

/** The form's text fields, as the contract's ContactRequest names them. */
export const CONTACT_TEXT_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'company',
  'phone',
  'message',
] as const
export type ContactTextField = (typeof CONTACT_TEXT_FIELDS)[number]

/** A string property's limits as a contract states them (`maxLength`, `pattern`). */
export type StringRule = { readonly maxLength?: number; readonly pattern?: string }

export type ContactFieldError =
  | { code: MessageCodeSubset<'validation.tooLong'>; params: { max: number } }
  | { code: MessageCodeSubset<'validation.phoneInvalid'>; params?: undefined }

/** Code points, as JSON Schema counts a string's length (an emoji is one character). */
function lengthOf(text: string): number {
  return [...text].length
}

/**
 * The contact form's fields checked against the contract's limits (given by the caller: the
 * domain does not read the contract), on the trimmed values that are sent. Only the phone has a
 * pattern in the contract, and its own message; a pattern on another field is left to the server.
 */
export function contactFieldErrors(
  form: Readonly<Record<ContactTextField, string>>,
  rules: Readonly<Partial<Record<string, StringRule>>>,
): Partial<Record<ContactTextField, ContactFieldError>> {
  const errors: Partial<Record<ContactTextField, ContactFieldError>> = {}
  for (const field of CONTACT_TEXT_FIELDS) {
    const rule = rules[field]
    const value = form[field].trim()
    if (rule?.maxLength !== undefined && lengthOf(value) > rule.maxLength) {
      errors[field] = { code: 'validation.tooLong', params: { max: rule.maxLength } }
    } else if (field === 'phone' && rule?.pattern && !new RegExp(rule.pattern, 'u').test(value)) {
      errors[field] = { code: 'validation.phoneInvalid' }
    }
  }
  return errors
}
