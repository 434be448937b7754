import { createFeatureTexts } from '../../lib/i18n/feature-texts'
import type { TextCode } from '../../lib/i18n/i18n'

/** The account pages' own texts (ours); the required notices and field names are shared codes. */
export const accountEn = {
  'account.myPage.lead': 'Your account details and an overview of your development environments.',
  'account.settings.lead': 'Keep your name and company up to date, and change your password.',
  'account.loading': 'Loading your account...',
  'account.loadFailed': 'Failed to load your account.',
  'account.retry': 'Try again',
  'account.tooLong': 'Use at most {max} characters.',
  'account.details.heading': 'Account details',
  'account.details.name': 'Name',
  'account.details.email': 'Email',
  'account.details.company': 'Company',
  'account.details.type': 'Account type',
  'account.details.roles': 'Roles',
  'account.details.memberSince': 'Member since',
  'account.details.notGiven': 'Not given',
  'account.details.none': 'None',
  'account.details.edit': 'Edit profile',
  'account.type.PERSONAL': 'Personal',
  'account.type.COMPANY': 'Company',
  'account.profile.heading': 'Personal information',
  'account.profile.emailHint': 'Your e-mail address is your sign-in name and cannot be changed.',
  'account.profile.firstNameRequired': 'Please enter your first name.',
  'account.profile.lastNameRequired': 'Please enter your last name.',
  'account.profile.submit': 'Save changes',
  'account.profile.saving': 'Saving...',
  'account.password.heading': 'Change password',
  'account.password.current': 'Current password',
  'account.password.new': 'New password',
  'account.password.confirm': 'Confirm new password',
  'account.password.hint':
    'At least 8 characters. Mixing upper and lower case, digits and symbols makes it stronger.',
  'account.password.currentRequired': 'Please enter your current password.',
  'account.password.currentIncorrect': 'The current password is not correct.',
  'account.password.sameAsCurrent': 'The new password must differ from the current one.',
  'account.password.submit': 'Change password',
  'account.password.submitting': 'Changing...',
} as const satisfies Record<string, string>

export type AccountCode = keyof typeof accountEn

// A feature code that shadowed a shared code would silently replace the shared wording.
type Overlap = Extract<AccountCode, TextCode>
const noOverlap: [Overlap] extends [never] ? true : Overlap = true
void noOverlap

export const accountTexts = createFeatureTexts(accountEn, () =>
  import('./texts-ka').then((module) => module.accountKa),
)
