import type { SessionTextCode } from './texts'

export const sessionKa: Record<SessionTextCode, string> = {
  'sessionRuntime.expired': 'თქვენი სესია დასრულდა. გთხოვთ, ხელახლა შეხვიდეთ სისტემაში.',
}
