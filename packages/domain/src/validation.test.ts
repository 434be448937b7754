import { describe, expect, it } from 'vitest'
import { COMMON_PASSWORDS } from './common-passwords'
import type { RegistrationForm } from './validation'
import {
  canSubmitRegistration,
  looksLikeEmail,
  missingContactFields,
  registrationBody,
  registrationUserType,
  shouldShowForgotPasswordCaptcha,
  validateContact,
  validateForgotPassword,
  validateRegistration,
  validateSignIn,
} from './validation'

const validRegistration: RegistrationForm = {
  firstName: 'Nino',
  lastName: 'Beridze',
  email: 'nino@example.ge',
  password: 'Abcdefg1',
  confirmPassword: 'Abcdefg1',
  company: '',
  acceptTerms: true,
  captchaVerified: true,
}

describe('looksLikeEmail', () => {
  it('needs both an @ and a dot, after trimming', () => {
    expect(looksLikeEmail('a@b.c')).toBe(true)
    expect(looksLikeEmail('  a@b.c  ')).toBe(true)
    expect(looksLikeEmail('user@example')).toBe(false)
    expect(looksLikeEmail('user.example.com')).toBe(false)
    expect(looksLikeEmail('')).toBe(false)
  })
})

describe('validateRegistration', () => {
  it('accepts a complete, valid form', () => {
    expect(validateRegistration(validRegistration)).toBeNull()
  })

  it('reports rules in the required order (AUTH-7), each only once the earlier ones pass', () => {
    // Everything broken; fixing one field at a time must reveal the next rule, in order.
    let form: RegistrationForm = {
      ...validRegistration,
      email: '',
      password: 'short',
      confirmPassword: 'other',
      captchaVerified: false,
    }
    const seen: Array<string | null> = [validateRegistration(form)]
    form = { ...form, email: 'not-an-email' }
    seen.push(validateRegistration(form))
    form = { ...form, email: 'nino@example.ge' }
    seen.push(validateRegistration(form))
    // Eight caseless letters: long enough, but only 20 points.
    form = { ...form, password: '日本語日本語日本' }
    seen.push(validateRegistration(form))
    form = { ...form, confirmPassword: '日本語日本語日本' }
    seen.push(validateRegistration(form))
    form = { ...form, password: 'Abcdefg1', confirmPassword: 'Abcdefg1' }
    seen.push(validateRegistration(form))
    form = { ...form, captchaVerified: true }
    seen.push(validateRegistration(form))
    expect(seen).toEqual([
      'validation.emailRequired',
      'validation.emailInvalid',
      'validation.passwordTooShort',
      'validation.passwordMismatch',
      'validation.passwordTooWeak',
      'validation.captchaRequired',
      null,
    ])
  })

  it('treats a blank e-mail as empty', () => {
    expect(validateRegistration({ ...validRegistration, email: '   ' })).toBe(
      'validation.emailRequired',
    )
  })

  it('rejects an e-mail lacking a dot or an @', () => {
    expect(validateRegistration({ ...validRegistration, email: 'nino@example' })).toBe(
      'validation.emailInvalid',
    )
    expect(validateRegistration({ ...validRegistration, email: 'nino.example.ge' })).toBe(
      'validation.emailInvalid',
    )
  })

  it('needs 8 characters: 7 fail, 8 pass', () => {
    const seven = 'Abcdef1'
    const eight = 'Abcdefg1'
    expect(
      validateRegistration({ ...validRegistration, password: seven, confirmPassword: seven }),
    ).toBe('validation.passwordTooShort')
    expect(
      validateRegistration({ ...validRegistration, password: eight, confirmPassword: eight }),
    ).toBeNull()
  })

  it('accepts a password at exactly the strength threshold (40) and rejects one below', () => {
    const fair = 'kxqzvwmp' // length 8 + lowercase = 40 (`abcdefgh` is a run: see below)
    const weak = '        ' // length 8 only = 20
    expect(
      validateRegistration({ ...validRegistration, password: fair, confirmPassword: fair }),
    ).toBeNull()
    expect(
      validateRegistration({ ...validRegistration, password: weak, confirmPassword: weak }),
    ).toBe('validation.passwordTooWeak')
  })

  it("refuses a common password as 'too weak', in that rule's place (after the mismatch)", () => {
    const form = (password: string, confirmPassword = password) => ({
      ...validRegistration,
      password,
      confirmPassword,
    })
    for (const common of ['password', '12345678', 'aaaaaaaa', 'Password1']) {
      expect(validateRegistration(form(common), COMMON_PASSWORDS), common).toBe(
        'validation.passwordTooWeak',
      )
      expect(validateRegistration(form(common, 'other-one'), COMMON_PASSWORDS), common).toBe(
        'validation.passwordMismatch',
      )
    }
    // Without the list (the site before it has loaded) the trivial patterns are still caught.
    expect(validateRegistration(form('abcdefgh'))).toBe('validation.passwordTooWeak')
    expect(validateRegistration(form('password'))).toBeNull()
    expect(validateRegistration(form('Tbilisi-Sunrise-2025'), COMMON_PASSWORDS)).toBeNull()
  })

  it('never trims passwords: a trailing space makes the confirmation differ', () => {
    expect(validateRegistration({ ...validRegistration, confirmPassword: 'Abcdefg1 ' })).toBe(
      'validation.passwordMismatch',
    )
  })
})

describe('canSubmitRegistration', () => {
  it('allows a valid form with names, terms and captcha', () => {
    expect(canSubmitRegistration(validRegistration)).toBe(true)
  })

  it.each([
    ['a blank first name', { firstName: '  ' }],
    ['an empty last name', { lastName: '' }],
    ['unticked terms', { acceptTerms: false }],
    ['no captcha', { captchaVerified: false }],
    ['an invalid e-mail', { email: 'nino' }],
    ['a weak password', { password: '        ', confirmPassword: '        ' }],
  ])('refuses %s', (_, change) => {
    expect(canSubmitRegistration({ ...validRegistration, ...change })).toBe(false)
  })
})

describe('registration body', () => {
  it('is a company account only when a company is given', () => {
    expect(registrationUserType('Acme')).toBe('COMPANY')
    expect(registrationUserType('')).toBe('PERSONAL')
    expect(registrationUserType('   ')).toBe('PERSONAL')
    expect(registrationUserType(undefined)).toBe('PERSONAL')
    expect(registrationUserType(null)).toBe('PERSONAL')
  })

  it('sends exactly username (the trimmed e-mail), password and userType', () => {
    expect(
      registrationBody({ ...validRegistration, email: ' nino@example.ge ', company: 'Acme' }),
    ).toEqual({ username: 'nino@example.ge', password: 'Abcdefg1', userType: 'COMPANY' })
  })
})

describe('validateForgotPassword', () => {
  // RESET-2: the forgot-password checks.
  it('checks e-mail presence, then shape, then captcha', () => {
    expect(validateForgotPassword({ email: '', captchaVerified: false })).toBe(
      'validation.emailRequired',
    )
    expect(validateForgotPassword({ email: 'nino@example', captchaVerified: false })).toBe(
      'validation.emailInvalid',
    )
    expect(validateForgotPassword({ email: 'nino@example.ge', captchaVerified: false })).toBe(
      'validation.captchaRequired',
    )
    expect(validateForgotPassword({ email: 'nino@example.ge', captchaVerified: true })).toBeNull()
  })

  it('shows the puzzle once the e-mail contains @', () => {
    expect(shouldShowForgotPasswordCaptcha('nino')).toBe(false)
    expect(shouldShowForgotPasswordCaptcha('nino@')).toBe(true)
  })
})

describe('validateSignIn', () => {
  // AUTH-3: the sign-in checks.
  it('needs an e-mail, a valid-looking one, then a password', () => {
    expect(validateSignIn({ email: ' ', password: '' })).toBe('validation.emailRequired')
    expect(validateSignIn({ email: 'nino', password: '' })).toBe('validation.emailInvalid')
    expect(validateSignIn({ email: 'nino@example.ge', password: '' })).toBe(
      'validation.passwordRequired',
    )
    expect(validateSignIn({ email: 'nino@example.ge', password: ' ' })).toBeNull()
  })
})

describe("the older catalogue's rules are not enforced (PWD-3)", () => {
  it('accepts a password under 10 characters without an uppercase letter, and an e-mail with neither com nor ge', () => {
    const password = 'kvp4xr#w'
    const email = 'nino@example.org'
    expect(password).toHaveLength(8)
    expect(
      validateRegistration({ ...validRegistration, email, password, confirmPassword: password }),
    ).toBeNull()
    expect(validateSignIn({ email, password })).toBeNull()
    expect(validateForgotPassword({ email, captchaVerified: true })).toBeNull()
  })
})

describe('validateContact', () => {
  const validContact = {
    firstName: 'Nino',
    lastName: 'Beridze',
    email: 'nino@example.ge',
    inquiryType: 'demo',
    message: 'Hello',
  }

  it('accepts a complete form', () => {
    expect(validateContact(validContact)).toBeNull()
  })

  it.each(['firstName', 'lastName', 'email', 'inquiryType', 'message'] as const)(
    'needs %s, and a blank one counts as missing',
    (field) => {
      expect(validateContact({ ...validContact, [field]: '' })).toBe('validation.requiredFields')
      expect(validateContact({ ...validContact, [field]: ' \n ' })).toBe(
        'validation.requiredFields',
      )
    },
  )

  it('treats an unknown inquiry type as no choice', () => {
    expect(validateContact({ ...validContact, inquiryType: 'sales' })).toBe(
      'validation.requiredFields',
    )
  })

  it('checks the e-mail shape once everything is filled in', () => {
    expect(validateContact({ ...validContact, email: 'nino' })).toBe('validation.emailInvalid')
  })

  it('names each missing field, in the form order, for the form to mark', () => {
    expect(missingContactFields(validContact)).toEqual([])
    expect(
      missingContactFields({ ...validContact, lastName: ' ', inquiryType: 'sales', message: '' }),
    ).toEqual(['lastName', 'inquiryType', 'message'])
    expect(
      missingContactFields({
        firstName: '',
        lastName: '',
        email: '',
        inquiryType: '',
        message: '',
      }),
    ).toEqual(['firstName', 'lastName', 'email', 'inquiryType', 'message'])
  })
})
