import { createFeatureTexts } from '../i18n/feature-texts'

// Web-only texts of the session runtime; they load with it, never with a signed-out page.
const sessionEn = {
  'sessionRuntime.expired': 'Your session has ended. Please sign in again.',
} as const

export type SessionTextCode = keyof typeof sessionEn

export const sessionTexts = createFeatureTexts(sessionEn, () =>
  import('./texts-ka').then((module) => module.sessionKa),
)
