import { describe, expect, it } from 'vitest'
import { messages } from './all'
import { en } from './en'
import {
  DEFAULT_LOCALE,
  formatMessage,
  isLocale,
  LOCALE_NAMES,
  LOCALES,
  messagePlaceholders,
  noticeText,
  translate,
} from './index'
import { ka } from './ka'

const codes = Object.keys(en) as Array<keyof typeof en>
const GEORGIAN = /[\u10A0-\u10FF\u1C90-\u1CBF\u2D00-\u2D2F]/u

describe('catalogues', () => {
  it('have exactly the same codes in English and Georgian', () => {
    expect(Object.keys(ka).sort()).toEqual(Object.keys(en).sort())
  })

  it('keep the same placeholders per code', () => {
    for (const code of codes) {
      expect(messagePlaceholders(ka[code]).sort(), code).toEqual(
        messagePlaceholders(en[code]).sort(),
      )
    }
  })

  it('have no empty text', () => {
    for (const code of codes) {
      expect(en[code].trim(), code).not.toBe('')
      expect(ka[code].trim(), code).not.toBe('')
    }
  })

  it('translate every text that has words into Georgian script', () => {
    for (const code of codes) {
      const words = en[code].replace(/\{\w+\}/g, '')
      if (!/[A-Za-z]{2}/.test(words)) continue
      expect(ka[code], code).not.toBe(en[code])
      expect(ka[code], code).toMatch(GEORGIAN)
    }
  })

  it('never use a code as the prefix of another, so they nest as JSON too', () => {
    for (const code of codes) {
      expect(
        codes.filter((other) => other.startsWith(`${code}.`)),
        code,
      ).toEqual([])
    }
  })

  it('are offered per locale', () => {
    expect(messages.en).toBe(en)
    expect(messages.ka).toBe(ka)
    expect(isLocale('ka')).toBe(true)
    expect(isLocale('de')).toBe(false)
    expect(isLocale(['en'])).toBe(false)
  })

  // UI-1: English is the complete catalogue, and the fallback.
  it('fall back to English', () => {
    expect(messages[DEFAULT_LOCALE]).toBe(en)
  })

  it('name each language in itself', () => {
    expect(LOCALES.map((locale) => LOCALE_NAMES[locale])).toEqual(['English', 'ქართული'])
  })
})

describe('English holds the required wording (UI-1)', () => {
  // The product's required texts (UI-1); each must be an English message word for word.
  const specTexts = [
    'Too many login attempts. Please try again later.',
    'Please enter your email address.',
    'Please enter a valid email address.',
    'Password must be at least 8 characters long.',
    'Passwords do not match.',
    'Password is too weak. Please use a stronger password.',
    'Please complete the human verification first.',
    'Weak',
    'Fair',
    'Medium',
    'Strong',
    'Invalid Reset Link',
    'Invalid Reset Token',
    'Please fill in all required fields',
    'Invalid email or password',
    'Authentication failed',
    'Login failed',
    'Successfully logged in!',
    'Authentication successful!',
    'An account with this email already exists. Please use a different email or try logging in.',
    'Please check your input.',
    'Invalid registration data. Please check your input.',
    'Failed to create account. Please try again.',
    'Account created successfully! Please check your email to verify your account.',
    'Registration failed',
    'Registration successful! Please check your email to activate your account.',
    'Too many requests. Please wait a few minutes before trying again.',
    'No account found with this email address. Please check your email or create a new account.',
    'Authentication failed.',
    'Invalid request. Please check your input.',
    'Failed to send reset email. Please try again.',
    'Password reset link sent to your email!',
    'Please wait before requesting another email.',
    'Failed to resend email. Please try again later.',
    'Password reset link resent successfully!',
    'Incorrect answer. Please try again.',
    'Verification successful!',
    'Too many incorrect captcha attempts. Please refresh the page and try again.',
    'Human verification failed. Please try again.',
    'Human verification completed',
    'Server Error',
    'Link Expired',
    'An error occurred while resetting your password.',
    'Failed to reset password. Please try again.',
    'Password reset successfully! Redirecting to login...',
    'Token verification failed',
    'Token refresh failed',
    'Failed to fetch environments',
    'Failed to create environment',
    'Failed to fetch environment',
    'Failed to delete environment',
    'AI chat completion failed',
    'Failed to fetch AI models',
    'Failed to submit contact form',
    'Failed to request demo',
    'Health check failed',
    'Failed to update profile',
    'Profile updated successfully',
    'Password changed successfully',
    'Failed to change password',
    'Failed to request password reset',
    'Password reset instructions sent to your email',
    'Password reset successfully. Please login with your new password.',
    'Failed to reset password',
    'No access token available for SSO',
    'Logged out successfully',
    'Access to developer tools is restricted. Please authenticate first.',
    'Sending...',
    'Start Free Trial',
    'Schedule Demo',
    'Enterprise Solution',
    'Technical Support',
    'Partnership',
    'Other',
    'AI-Native Development Platform',
    'AI-Native Development Environments',
    'Sign in',
    'Get Started',
    'Dashboard',
    'Profile Settings',
    'My Account',
    'Log out',
    'User',
    'Explore Platform',
    'View Technical Details',
    'Authenticated as',
    'Demo Mode',
    'Book Demo Call',
    'Page Not Found',
    'Back to Home',
    'Go Back',
    'Login',
    'Technical Docs',
    'Reset Password',
    'New Password*',
    'Enter your new password',
    'Confirm New Password*',
    'Confirm your new password',
    'Passwords do not match',
    'Submit',
    'Please wait...',
    'Password has been reset successfully. You can now login with your new password.',
    'Go Home',
    'Request New Link',
    'Remember your password?',
    'Remember me',
    'Forgot password?',
    'Sign up',
    'Send Reset Link',
    'Email Sent!',
    'Resend Email',
    'Back to login',
    'Most Popular',
    'Instant Provisioning',
    'AI Integration',
    'Enterprise Security',
    'Auto Scaling',
    'Global Access',
    'DevOps Integration',
    'Infrastructure',
    'Development',
    'AI & Analytics',
    'Security',
  ]
  const englishTexts = new Set<string>(Object.values(en))

  it.each(specTexts)('has %j', (text) => {
    expect(englishTexts.has(text)).toBe(true)
  })

  it('fills the required templates', () => {
    expect(translate(en, 'pricing.planSelected', { plan: 'Starter' })).toBe(
      'Starter plan selected! Redirecting to setup...',
    )
    expect(translate(en, 'reset.redirecting', { seconds: 3 })).toBe(
      'Redirecting to login in 3 seconds...',
    )
    expect(translate(en, 'contact.failed', { email: 'hello@example.ge' })).toBe(
      'Failed to send message. Please try again or contact us directly at hello@example.ge',
    )
  })
})

// Texts the product names that the site says otherwise or not at all: each code holds its text.
describe('the catalogue holds the notices no screen shows, word for word', () => {
  it('the sign-in success notices (AUTH-11)', () => {
    expect(en['login.success']).toBe('Successfully logged in!')
    expect(en['login.authenticationSuccess']).toBe('Authentication successful!')
  })

  it('the registration notices (AUTH-12)', () => {
    expect(en['register.success']).toBe(
      'Account created successfully! Please check your email to verify your account.',
    )
    expect(en['register.failedNotice']).toBe('Registration failed')
    expect(en['register.successNotice']).toBe(
      'Registration successful! Please check your email to activate your account.',
    )
  })

  it("the API wrappers' messages beside ENV-2 and ENV-3's (API-8)", () => {
    expect(en['api.tokenVerificationFailed']).toBe('Token verification failed')
    expect(en['api.tokenRefreshFailed']).toBe('Token refresh failed')
    expect(en['api.submitContactFailed']).toBe('Failed to submit contact form')
    expect(en['api.requestDemoFailed']).toBe('Failed to request demo')
    expect(en['api.healthCheckFailed']).toBe('Health check failed')
  })

  it('the notices of password reset requests and resets (ACCOUNT-3)', () => {
    expect(en['passwordReset.requestFailed']).toBe('Failed to request password reset')
    expect(en['passwordReset.instructionsSent']).toBe(
      'Password reset instructions sent to your email',
    )
    expect(en['passwordReset.completed']).toBe(
      'Password reset successfully. Please login with your new password.',
    )
    expect(en['passwordReset.failed']).toBe('Failed to reset password')
  })
})

describe('formatMessage', () => {
  it('fills every occurrence of each placeholder', () => {
    expect(formatMessage('{a} and {b}, again {a}', { a: 1, b: 'two' })).toBe('1 and two, again 1')
  })

  it('leaves a placeholder without a value visible', () => {
    expect(formatMessage('Hello {name}', {})).toBe('Hello {name}')
    expect(formatMessage('Hello {name}')).toBe('Hello {name}')
  })

  it('does not read inherited properties as values', () => {
    expect(formatMessage('{toString}', {})).toBe('{toString}')
  })

  it('lists placeholders in order', () => {
    expect(messagePlaceholders('{a} {b} {a}')).toEqual(['a', 'b', 'a'])
    expect(messagePlaceholders('none')).toEqual([])
  })
})

describe('noticeText', () => {
  it('translates codes and passes server text through', () => {
    expect(noticeText(ka, { code: 'reset.redirecting', params: { seconds: 2 } })).toBe(
      'შესვლის გვერდზე გადამისამართება 2 წამში...',
    )
    expect(noticeText(ka, { text: 'Server said no' })).toBe('Server said no')
  })
})
