import { createFeatureTexts } from '../../lib/i18n/feature-texts'

// The reset page's own wording (ours); the required texts are the domain's `reset.*` codes.
export const resetPasswordEn = {
  'resetPage.account': 'For the account {email}',
  'resetPage.checklist': 'Your new password needs:',
  'resetPage.check.met': 'done',
  'resetPage.check.unmet': 'still missing',
} as const

export type ResetPasswordTextCode = keyof typeof resetPasswordEn

export const resetPasswordTexts = createFeatureTexts(resetPasswordEn, () =>
  import('./texts-ka').then((module) => module.resetPasswordKa),
)
