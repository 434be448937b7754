// The auth modals' own messages (labels, hints, progress): ours. The required wording (UI-1) stays
// in the domain catalogue and is spoken through the same translate function.
export const authEn = {
  'authForm.emailPlaceholder': 'you@example.com',
  'authForm.passwordPlaceholder': 'Enter your password',
  'authForm.newPasswordPlaceholder': 'At least 8 characters',
  'authForm.confirmPasswordPlaceholder': 'Repeat your password',
  'authForm.requiredNote': 'Fields marked with * are required.',
  'authForm.signIn.submitting': 'Signing in...',
  'authForm.signIn.noAccount': "Don't have an account?",
  'authForm.register.submitting': 'Creating account...',
  'authForm.register.haveAccount': 'Already have an account?',
  'authForm.register.terms': 'I agree to the {terms} and the {privacy}',
  'authForm.register.termsLink': 'Terms of Service',
  'authForm.register.privacyLink': 'Privacy Policy',
  'authForm.register.submitHint':
    'To create your account, fill in your name, email and password, accept the terms and complete the human verification.',
  'authForm.newTab': '(opens in a new tab)',
  'authForm.forgot.intro':
    'Enter the email address of your account and we will send you a link to choose a new password.',
  'authForm.forgot.sending': 'Sending...',
  'authForm.forgot.resending': 'Sending again...',
  'authForm.forgot.notReceived': 'Did not get it? Check your spam folder, or send it again.',
  'authForm.captcha.instructions': 'Solve the sum to show that you are human.',
  'authForm.captcha.question': 'What is {a} + {b}?',
  'authForm.captcha.checking': 'Checking...',
  'authForm.captcha.invalidInput': 'Enter a whole number from 0 to 99.',
} as const

export type AuthMessageCode = keyof typeof authEn
