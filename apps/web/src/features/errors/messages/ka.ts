// Checked against the English codes where it is loaded (`texts.ts`): no import back to it.
export const errorsKa = {
  'error.heading': 'ამ გვერდის ჩვენება ვერ მოხერხდა',
  'error.lead':
    'ჩვენს მხარეს რაღაც შეფერხდა. ჩვენს გუნდს უკვე ეცნობა. სცადეთ ხელახლა ან დაბრუნდით მთავარ გვერდზე.',
  'error.retry': 'ხელახლა ცდა',
} as const
