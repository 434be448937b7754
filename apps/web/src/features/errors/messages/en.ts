/** The error page's messages: loaded with the page, only when a route has failed. */
export const errorsEn = {
  'error.heading': 'This page could not be shown',
  'error.lead':
    'Something went wrong on our side. It has been reported to our team. You can try again, or go back to the home page.',
  'error.retry': 'Try again',
} as const satisfies Record<string, string>

export type ErrorsMessageCode = keyof typeof errorsEn
