// Its codes are checked against the English where it is loaded (`index.ts`).
export const errorsKa = {
  'error.heading': 'ამ გვერდის ჩვენება ვერ მოხერხდა',
  'error.lead':
    'ჩვენს მხარეს რაღაც შეფერხდა. ჩვენს გუნდს უკვე ეცნობა. სცადეთ ხელახლა ან დაბრუნდით მთავარ გვერდზე.',
  'error.retry': 'ხელახლა ცდა',
} as const
