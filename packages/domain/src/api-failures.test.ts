import { describe, expect, it } from 'vitest'
import type { ApiFailure } from './api-failures'
import {
  forgotPasswordFailureNotice,
  registrationFailureNotice,
  resendResetEmailFailureNotice,
  resetPasswordFailure,
  resetPasswordRejected,
  signInFailureNotice,
  validationErrorTexts,
} from './api-failures'
import { en } from './messages/en'
import { noticeText } from './messages/index'

const shown = (notice: Parameters<typeof noticeText>[1]) => noticeText(en, notice)

describe('sign-in failure', () => {
  it('shows the server message, else Invalid email or password', () => {
    expect(shown(signInFailureNotice({ status: 401, message: 'Account not activated' }))).toBe(
      'Account not activated',
    )
    expect(shown(signInFailureNotice({ status: 401 }))).toBe('Invalid email or password')
    expect(shown(signInFailureNotice({ status: null, message: '  ' }))).toBe(
      'Invalid email or password',
    )
  })
})

describe('registration failure', () => {
  it('409 means the e-mail is taken, whatever the message', () => {
    expect(shown(registrationFailureNotice({ status: 409, message: 'Conflict' }))).toBe(
      'An account with this email already exists. Please use a different email or try logging in.',
    )
  })

  it('joins validation error values with ". "', () => {
    const failure: ApiFailure = {
      status: 400,
      message: 'Validation errors',
      errors: { username: 'Email is invalid', password: 'Password is too short' },
    }
    expect(shown(registrationFailureNotice(failure))).toBe(
      'Email is invalid. Password is too short',
    )
  })

  it('treats the message Validation errors like a 400, whatever the status', () => {
    expect(
      shown(registrationFailureNotice({ status: 422, message: 'Validation errors', errors: {} })),
    ).toBe('Please check your input.')
  })

  it('falls back to the invalid-data text for a bare 400', () => {
    expect(shown(registrationFailureNotice({ status: 400 }))).toBe(
      'Invalid registration data. Please check your input.',
    )
  })

  it('shows another server message as is, else the generic failure', () => {
    expect(shown(registrationFailureNotice({ status: 500, message: 'Mail server down' }))).toBe(
      'Mail server down',
    )
    expect(shown(registrationFailureNotice({ status: null }))).toBe(
      'Failed to create account. Please try again.',
    )
  })
})

describe('forgot-password failure', () => {
  it.each<[ApiFailure, string]>([
    [{ status: 429 }, 'Too many requests. Please wait a few minutes before trying again.'],
    [
      { status: 401, message: "user don't exist" },
      'No account found with this email address. Please check your email or create a new account.',
    ],
    [{ status: 401, message: 'Token missing' }, 'Token missing'],
    [{ status: 401 }, 'Authentication failed.'],
    [{ status: 400, errors: { username: 'Unknown domain', other: 'x' } }, 'Unknown domain'],
    [{ status: 400 }, 'Invalid request. Please check your input.'],
    [{ status: 500, message: 'Mailer offline' }, 'Mailer offline'],
    [{ status: null, errorMessage: 'timeout of 10000ms exceeded' }, 'timeout of 10000ms exceeded'],
    [{ status: 503 }, 'Failed to send reset email. Please try again.'],
  ])('%j -> %s', (failure, expected) => {
    expect(shown(forgotPasswordFailureNotice(failure))).toBe(expected)
  })
})

describe('resend failure', () => {
  it('asks to wait on 429, else shows the server message or a generic text', () => {
    expect(shown(resendResetEmailFailureNotice({ status: 429, message: 'slow down' }))).toBe(
      'Please wait before requesting another email.',
    )
    expect(shown(resendResetEmailFailureNotice({ status: 500, message: 'Oops' }))).toBe('Oops')
    expect(shown(resendResetEmailFailureNotice({ status: 500 }))).toBe(
      'Failed to resend email. Please try again later.',
    )
  })
})

describe('reset-password failure', () => {
  const view = (failure: ApiFailure) => {
    const problem = resetPasswordFailure(failure)
    return [en[problem.title], shown(problem.description)]
  }

  it('maps statuses to their required titles (RESET-7)', () => {
    expect(view({ status: 500 })[0]).toBe('Server Error')
    expect(view({ status: 503 })[0]).toBe('Server Error')
    expect(view({ status: 400 })).toEqual([
      'Invalid Reset Link',
      'This password reset link is no longer valid. Please request a new one.',
    ])
    expect(view({ status: 401 })[0]).toBe('Link Expired')
  })

  it('shows the server message, else the generic error, for other failures', () => {
    expect(view({ status: 403, message: 'Nope' })[1]).toBe('Nope')
    expect(view({ status: null })[1]).toBe('An error occurred while resetting your password.')
  })

  it("titles any other failure, and a status: false answer, 'Password Reset Failed'", () => {
    for (const failure of [{ status: 403 }, { status: 429 }, { status: null }, {}]) {
      expect(view(failure)[0]).toBe('Password Reset Failed')
    }
    expect(en[resetPasswordRejected('Hash already used').title]).toBe('Password Reset Failed')
  })

  it('handles a status: false answer', () => {
    expect(shown(resetPasswordRejected('Hash already used').description)).toBe('Hash already used')
    expect(shown(resetPasswordRejected(undefined).description)).toBe(
      'Failed to reset password. Please try again.',
    )
  })
})

describe('validationErrorTexts', () => {
  it('flattens lists and skips anything that is not text', () => {
    expect(validationErrorTexts({ a: ['one', 'two'], b: 3, c: '', d: 'three' })).toEqual([
      'one',
      'two',
      'three',
    ])
    expect(validationErrorTexts(null)).toEqual([])
  })
})
