// The session runtime's own messages; they load with it, never with a signed-out page.
export const sessionEn = {
  'sessionRuntime.expired': 'Your session has ended. Please sign in again.',
} as const

export type SessionMessageCode = keyof typeof sessionEn
