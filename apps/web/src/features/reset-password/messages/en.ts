// The reset page's own wording (ours); the required wording is the domain's `reset.*` codes.
export const resetPasswordEn = {
  'resetPage.account': 'For the account {email}',
  'resetPage.checklist': 'Your new password needs:',
  'resetPage.check.met': 'done',
  'resetPage.check.unmet': 'still missing',
} as const

export type ResetPasswordMessageCode = keyof typeof resetPasswordEn
