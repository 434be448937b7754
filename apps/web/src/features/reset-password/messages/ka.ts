// Checked against the English codes where it is loaded (`texts.ts`): no import back to it.
export const resetPasswordKa = {
  'resetPage.account': 'ანგარიშისთვის {email}',
  'resetPage.checklist': 'ახალ პაროლს სჭირდება:',
  'resetPage.check.met': 'შესრულებულია',
  'resetPage.check.unmet': 'ჯერ არ არის',
}
