import type { SessionTextCode } from './session-texts'

export const sessionKa: Record<SessionTextCode, string> = {
  'sessionRuntime.expired': 'თქვენი სესია დასრულდა. გთხოვთ, ხელახლა შეხვიდეთ სისტემაში.',
}
