import { createFeatureTexts } from '../../lib/i18n/feature-texts'
import type { TextCode } from '../../lib/i18n/i18n'

/** The demo panel's own texts: it exists only where the stub runs in the browser. */
export const demoEn = {
  'demo.panel.open': 'Demo: accounts and mailbox',
  'demo.panel.heading': 'Demo',
  'demo.panel.lead':
    'The API answering this site is a stub running inside your browser. Its data stays in this browser.',
  'demo.panel.close': 'Close the demo panel',
  'demo.accounts.heading': 'Seeded accounts',
  'demo.accounts.email': 'Email',
  'demo.accounts.password': 'Password',
  'demo.mailbox.heading': 'Mailbox',
  'demo.mailbox.lead': 'The activation and password-reset e-mails the stub sent, newest first.',
  'demo.mailbox.empty': 'No e-mail yet. Register an account or ask for a password reset.',
  'demo.mailbox.to': 'To {to}',
  'demo.mailbox.failed': 'The mailbox could not be read.',
  'demo.mailbox.retry': 'Try again',
  'demo.reset': 'Reset the demo data',
  'demo.reset.done': 'The demo data is back to its seeds.',
} as const satisfies Record<string, string>

export type DemoCode = keyof typeof demoEn

// A feature code that shadowed a shared code would silently replace the shared wording.
type Overlap = Extract<DemoCode, TextCode>
const noOverlap: [Overlap] extends [never] ? true : Overlap = true
void noOverlap

export const demoTexts = createFeatureTexts(demoEn, () =>
  import('./texts-ka').then((module) => module.demoKa),
)
