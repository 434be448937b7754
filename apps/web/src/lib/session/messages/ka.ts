// Its codes are checked against the English where it is loaded (`index.ts`).
export const sessionKa = {
  'sessionRuntime.expired': 'თქვენი სესია დასრულდა. გთხოვთ, ხელახლა შეხვიდეთ სისტემაში.',
}
