// Its codes are checked against the English where it is loaded (`index.ts`).
export const resetPasswordKa = {
  'resetPage.account': 'ანგარიშისთვის {email}',
  'resetPage.checklist': 'ახალ პაროლს სჭირდება:',
  'resetPage.check.met': 'შესრულებულია',
  'resetPage.check.unmet': 'ჯერ არ არის',
}
