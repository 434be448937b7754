// Checked against the English codes where it is loaded (`texts.ts`): no import back to it.
export const sessionKa = {
  'sessionRuntime.expired': 'თქვენი სესია დასრულდა. გთხოვთ, ხელახლა შეხვიდეთ სისტემაში.',
}
