import { COMMON_PASSWORDS } from '@devenv/domain/common-passwords'
import { NO_COMMON_PASSWORDS } from '@devenv/domain/password'
import { describe, expect, it } from 'vitest'
import {
  changePasswordFieldOf,
  companyError,
  confirmPasswordError,
  currentPasswordError,
  newPasswordError,
  personNameError,
  profileUpdateBody,
  splitServerErrors,
} from './account-forms'

describe('profile form rules', () => {
  it('need a first and a last name of at most 100 characters', () => {
    expect(personNameError('   ', 'firstName')).toBe('account.profile.firstNameRequired')
    expect(personNameError('', 'lastName')).toBe('account.profile.lastNameRequired')
    expect(personNameError('ნ'.repeat(100), 'firstName')).toBeNull()
    expect(personNameError('ნ'.repeat(101), 'firstName')).toBe('account.tooLong')
    expect(companyError('')).toBeNull()
    expect(companyError('c'.repeat(201))).toBe('account.tooLong')
  })

  it('send trimmed names; a blank company is left out, which removes it', () => {
    expect(
      profileUpdateBody({ firstName: ' Nino ', lastName: 'Beridze ', company: ' Acme ' }),
    ).toEqual({ firstName: 'Nino', lastName: 'Beridze', company: 'Acme' })
    expect(profileUpdateBody({ firstName: 'Nino', lastName: 'Beridze', company: '  ' })).toEqual({
      firstName: 'Nino',
      lastName: 'Beridze',
    })
  })
})

describe('change password rules', () => {
  it('need the current password', () => {
    expect(currentPasswordError('')).toBe('account.password.currentRequired')
    expect(currentPasswordError(' ')).toBeNull()
  })

  it('check the new password: length, then strength (the order of AUTH-7), then that it is new', () => {
    expect(newPasswordError('Ab1!', 'Old-Pass-1', NO_COMMON_PASSWORDS)).toBe(
      'validation.passwordTooShort',
    )
    expect(newPasswordError('x'.repeat(129), 'Old-Pass-1', NO_COMMON_PASSWORDS)).toBe(
      'account.tooLong',
    )
    expect(newPasswordError('日本語のパスワードです', 'Old-Pass-1', NO_COMMON_PASSWORDS)).toBe(
      'validation.passwordTooWeak',
    )
    expect(newPasswordError('Old-Pass-1', 'Old-Pass-1', NO_COMMON_PASSWORDS)).toBe(
      'account.password.sameAsCurrent',
    )
    expect(newPasswordError('aaaaaaa1', 'Old-Pass-1', NO_COMMON_PASSWORDS)).toBeNull()
  })

  it('refuse a common, repeated or sequential new password as too weak (ASVS 2.1.7)', () => {
    for (const common of ['password', '12345678', 'aaaaaaaa', 'Password1']) {
      expect(newPasswordError(common, 'Old-Pass-1', COMMON_PASSWORDS), common).toBe(
        'validation.passwordTooWeak',
      )
    }
    // Before the list has loaded, the patterns are caught all the same.
    expect(newPasswordError('qwertyui', 'Old-Pass-1', NO_COMMON_PASSWORDS)).toBe(
      'validation.passwordTooWeak',
    )
    expect(newPasswordError('Mtatsminda-Evening-77', 'Old-Pass-1', COMMON_PASSWORDS)).toBeNull()
  })

  it('need the confirmation to match', () => {
    expect(confirmPasswordError('', 'New-Pass-1')).toBe('validation.passwordMismatch')
    expect(confirmPasswordError('New-Pass-2', 'New-Pass-1')).toBe('validation.passwordMismatch')
    expect(confirmPasswordError('New-Pass-1', 'New-Pass-1')).toBeNull()
  })

  it('put the server’s field errors under the form’s fields, the rest aside', () => {
    expect(
      splitServerErrors(
        { oldPassword: 'Required', newPassword: 'Too short', username: 'Invalid e-mail' },
        changePasswordFieldOf,
      ),
    ).toEqual({
      fields: { currentPassword: 'Required', newPassword: 'Too short' },
      other: ['Invalid e-mail'],
    })
  })
})
