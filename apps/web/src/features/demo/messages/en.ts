/** The demo panel's own messages: it exists only where the stub runs in the browser. */
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
  'demo.adminPanel.heading': 'Admin panel (demo)',
  'demo.adminPanel.lead':
    'The Dashboard button signs you in to the admin panel by single sign-on. The demo has no admin panel: this page shows what it would receive.',
  'demo.adminPanel.received': 'Received',
  'demo.adminPanel.token': 'Access token',
  'demo.adminPanel.refresh': 'Refresh token',
  'demo.adminPanel.lifetime': 'Lifetime',
  'demo.adminPanel.seconds': '{seconds} seconds',
  'demo.adminPanel.notGiven': 'Not given',
  'demo.adminPanel.verdict': 'What the admin panel makes of it',
  'demo.adminPanel.checking': 'Checking the token…',
  'demo.adminPanel.checkFailed': 'The token could not be checked.',
  'demo.adminPanel.missing': 'No token arrived: open this page with the Dashboard button.',
  'demo.adminPanel.invalid': 'The single sign-on was refused: {reason}.',
  'demo.adminPanel.valid': 'Signed in as {name} ({email}).',
  'demo.adminPanel.expires': 'The token expires at {time}.',
  'demo.adminPanel.back': 'Back to the site',
} as const satisfies Record<string, string>

export type DemoMessageCode = keyof typeof demoEn
