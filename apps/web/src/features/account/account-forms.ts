import type { components } from '@devenv/api-client'
import type { MessageCode } from '@devenv/domain/messages'
import {
  type CommonPasswordList,
  commonPasswordRuleError,
  newPasswordRuleError,
  passwordLength,
} from '@devenv/domain/password'
import type { AccountMessageCode } from './messages/en'

export type Profile = components['schemas']['Profile']
export type ProfileUpdate = components['schemas']['ProfileUpdate']

/** A message code of a form rule: the required one where there is one, else ours. */
export type FormRuleCode = AccountMessageCode | MessageCode

// The contract's limits (PersonName, CompanyName, NewPassword), counted in characters.
export const PERSON_NAME_MAX_LENGTH = 100
export const COMPANY_MAX_LENGTH = 200
export const NEW_PASSWORD_MAX_LENGTH = 128

/** Length in characters (code points), as JSON Schema's maxLength counts. */
const characters = (value: string) => Array.from(value).length

export type ProfileFormValues = { firstName: string; lastName: string; company: string }
export type ProfileField = keyof ProfileFormValues

export const PROFILE_FIELD_MAX_LENGTH: Readonly<Record<ProfileField, number>> = {
  firstName: PERSON_NAME_MAX_LENGTH,
  lastName: PERSON_NAME_MAX_LENGTH,
  company: COMPANY_MAX_LENGTH,
}

export function profileFormValues(profile: Profile): ProfileFormValues {
  return {
    firstName: profile.firstName,
    lastName: profile.lastName,
    company: profile.company ?? '',
  }
}

export function personNameError(
  value: string,
  field: 'firstName' | 'lastName',
): FormRuleCode | null {
  const name = value.trim()
  if (name === '') {
    return field === 'firstName'
      ? 'account.profile.firstNameRequired'
      : 'account.profile.lastNameRequired'
  }
  return characters(name) > PERSON_NAME_MAX_LENGTH ? 'account.tooLong' : null
}

export function companyError(value: string): FormRuleCode | null {
  return characters(value.trim()) > COMPANY_MAX_LENGTH ? 'account.tooLong' : null
}

/** PUT /user/profile's body: trimmed names; a blank company is left out, which removes it. */
export function profileUpdateBody(values: ProfileFormValues): ProfileUpdate {
  const company = values.company.trim()
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    ...(company === '' ? {} : { company }),
  }
}

export type ChangePasswordValues = {
  currentPassword: string
  newPassword: string
  confirmPassword: string
}
export type ChangePasswordField = keyof ChangePasswordValues

export function currentPasswordError(value: string): FormRuleCode | null {
  return value === '' ? 'account.password.currentRequired' : null
}

/** The server's rules for a changed password (length, strength, not common), plus our two. */
export function newPasswordError(
  newPassword: string,
  currentPassword: string,
  commonPasswords: CommonPasswordList,
): FormRuleCode | null {
  const rule =
    newPasswordRuleError(newPassword, 'change') ??
    commonPasswordRuleError(newPassword, commonPasswords)
  if (rule === 'validation.passwordTooShort') return rule
  if (passwordLength(newPassword) > NEW_PASSWORD_MAX_LENGTH) return 'account.tooLong'
  if (rule) return rule
  if (newPassword === currentPassword) return 'account.password.sameAsCurrent'
  return null
}

export function confirmPasswordError(
  confirmation: string,
  newPassword: string,
): FormRuleCode | null {
  return confirmation === newPassword ? null : 'validation.passwordMismatch'
}

/** The contract's field names of POST /auth/change-password, as the form calls them. */
const CHANGE_PASSWORD_FIELDS: Readonly<Record<string, ChangePasswordField>> = {
  oldPassword: 'currentPassword',
  newPassword: 'newPassword',
}

export { splitServerErrors } from '../../lib/server-errors'

export const changePasswordFieldOf = (key: string): ChangePasswordField | undefined =>
  CHANGE_PASSWORD_FIELDS[key]

export const profileFieldOf = (key: string): ProfileField | undefined =>
  key === 'firstName' || key === 'lastName' || key === 'company' ? key : undefined
