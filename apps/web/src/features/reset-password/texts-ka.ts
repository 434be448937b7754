import type { ResetPasswordTextCode } from './texts'

export const resetPasswordKa: Record<ResetPasswordTextCode, string> = {
  'resetPage.account': 'ანგარიშისთვის {email}',
  'resetPage.checklist': 'ახალ პაროლს სჭირდება:',
  'resetPage.check.met': 'შესრულებულია',
  'resetPage.check.unmet': 'ჯერ არ არის',
}
