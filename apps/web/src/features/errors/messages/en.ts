import { createFeatureTexts } from '../../lib/i18n/feature-texts'
import type { TextCode } from '../../lib/i18n/i18n'

/** The error page's texts: loaded with the page, only when a route has failed. */
export const errorsEn = {
  'error.heading': 'This page could not be shown',
  'error.lead':
    'Something went wrong on our side. It has been reported to our team. You can try again, or go back to the home page.',
  'error.retry': 'Try again',
} as const satisfies Record<string, string>

export type ErrorsCode = keyof typeof errorsEn

// A feature code that shadowed a shared code would silently replace the shared wording.
type Overlap = Extract<ErrorsCode, TextCode>
const noOverlap: [Overlap] extends [never] ? true : Overlap = true
void noOverlap

export const errorsTexts = createFeatureTexts(errorsEn, () =>
  import('./texts-ka').then((module) => module.errorsKa),
)
