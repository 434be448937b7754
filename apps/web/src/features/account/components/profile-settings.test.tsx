import { queryKeys } from '@devenv/api-client/query'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { notify } from '../../../lib/notify'
import { renderPage } from '../../../testing/render'
import { stub, USER_ACCOUNT } from '../../../testing/stub-api'
import { ProfileSettings } from './profile-settings'

vi.mock('../../../lib/notify', () => ({ notify: vi.fn(async () => undefined) }))

const input = (name: string | RegExp) => screen.getByLabelText(name) as HTMLInputElement
const type = (name: string | RegExp, value: string) =>
  fireEvent.change(input(name), { target: { value } })
const errorOf = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id))
    .find((node) => node?.className === 'field__error')?.textContent
/** The strength bar's label under the new password (spoken as it changes, a live region). */
const strength = () => document.querySelector('.password-strength__label')?.textContent

beforeEach(() => {
  vi.mocked(notify).mockClear()
  localStorage.clear()
})

/** The seeded company account (Nino Beridze, Kartuli Soft LLC), signed in. */
async function renderSettings() {
  await stub.signIn(USER_ACCOUNT)
  const page = await renderPage(<ProfileSettings />)
  await waitFor(() => expect(input('First Name').value).toBe('Nino'))
  return page
}

describe('ProfileSettings: personal information', () => {
  it('starts from the profile; the e-mail is shown but cannot be edited', async () => {
    await renderSettings()
    expect(input('Last Name').value).toBe('Beridze')
    expect(input('Company (optional)').value).toBe('Kartuli Soft LLC')
    expect(input('Email').readOnly).toBe(true)
    expect(input('Email').value).toBe('user@devenv.example')
  })

  it('saves the names and company, updates the cached profile and says so', async () => {
    const { queryClient } = await renderSettings()
    type('First Name', ' Nina ')
    type('Last Name', 'Beridze-Kapanadze')
    type('Company (optional)', '')
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('success', 'Profile updated successfully'),
    )
    expect(stub.callsTo('PUT /user/profile')[0]?.body).toEqual({
      firstName: 'Nina',
      lastName: 'Beridze-Kapanadze',
    })
    // The stub's answer (the company removed) is the cached profile, and the stub kept it.
    const updated = queryClient.getQueryData(queryKeys.profile)
    expect(updated).toMatchObject({ firstName: 'Nina', lastName: 'Beridze-Kapanadze' })
    expect(updated).not.toHaveProperty('company')
    const stored = await fetch('/api/user/profile', {
      headers: { authorization: `Bearer ${localStorage.getItem('access_token')}` },
    })
    expect(await stored.json()).toEqual(updated)
  })

  it('needs both names and sends nothing without them', async () => {
    await renderSettings()
    type('First Name', '  ')
    type('Last Name', '')
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    await waitFor(() => expect(errorOf(input('First Name'))).toBe('Please enter your first name.'))
    expect(errorOf(input('Last Name'))).toBe('Please enter your last name.')
    expect(input('First Name').getAttribute('aria-invalid')).toBe('true')
    expect(stub.callsTo('PUT /user/profile')).toHaveLength(0)
  })

  it('a 400 notifies the failure; its errors mark only fields the form has', async () => {
    await renderSettings()
    // The contract's example 400 names username and password: none of this form's fields.
    stub.prefer('PUT /user/profile', 'code=400')
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    await waitFor(() => expect(notify).toHaveBeenCalledWith('error', 'Failed to update profile'))
    for (const name of ['First Name', 'Last Name', 'Company (optional)']) {
      expect(input(name).getAttribute('aria-invalid')).toBeNull()
    }
  })

  it('a server failure keeps the values and says so', async () => {
    await renderSettings()
    stub.prefer('PUT /user/profile', 'code=500')
    type('First Name', 'Nina')
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    await waitFor(() => expect(notify).toHaveBeenCalledWith('error', 'Failed to update profile'))
    expect(input('First Name').value).toBe('Nina')
  })
})

describe('ProfileSettings: change password', () => {
  const fill = (current: string, next: string, confirmation: string) => {
    type('Current password', current)
    type('New password', next)
    type('Confirm new password', confirmation)
  }

  it('checks the new password with the domain’s rules and shows its strength', async () => {
    await renderSettings()
    fill('', 'short', 'other')
    expect(strength()).toBe('Password strength: Weak')
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }))
    await waitFor(() =>
      expect(errorOf(input('Current password'))).toBe('Please enter your current password.'),
    )
    expect(errorOf(input('New password'))).toBe('Password must be at least 8 characters long.')
    expect(errorOf(input('Confirm new password'))).toBe('Passwords do not match.')
    type('New password', '日本語のパスワードです')
    await waitFor(() =>
      expect(errorOf(input('New password'))).toBe(
        'Password is too weak. Please use a stronger password.',
      ),
    )
    type('Current password', 'Same-Pass-1')
    type('New password', 'Same-Pass-1')
    await waitFor(() =>
      expect(errorOf(input('New password'))).toBe(
        'The new password must differ from the current one.',
      ),
    )
    expect(strength()).toBe('Password strength: Strong')
    expect(stub.callsTo('POST /auth/change-password')).toHaveLength(0)
  })

  it("refuses a common, repeated or sequential new password with AUTH-7's 'too weak' text, sending nothing", async () => {
    await renderSettings()
    for (const common of ['password', '12345678', 'aaaaaaaa', 'Password1']) {
      fill(USER_ACCOUNT.password, common, common)
      fireEvent.click(screen.getByRole('button', { name: 'Change password' }))
      await waitFor(() =>
        expect(errorOf(input('New password')), common).toBe(
          'Password is too weak. Please use a stronger password.',
        ),
      )
      expect(strength()).toBe('Password strength: Weak')
    }
    expect(stub.callsTo('POST /auth/change-password')).toHaveLength(0)
  })

  it('sends username, old and new password without a bearer token, says so, then clears the form (ACCOUNT-2)', async () => {
    await renderSettings()
    fill('UserPass123!', 'Mtatsminda-Evening-77', 'Mtatsminda-Evening-77')
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }))
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('success', 'Password changed successfully'),
    )
    const call = stub.callsTo('POST /auth/change-password')[0]
    expect(call?.body).toEqual({
      username: 'user@devenv.example',
      oldPassword: 'UserPass123!',
      newPassword: 'Mtatsminda-Evening-77',
    })
    expect(call?.headers.get('Authorization')).toBeNull()
    await waitFor(() => expect(input('Current password').value).toBe(''))
    // The stub changed it: the new password signs in.
    await stub.tokens({ email: USER_ACCOUNT.email, password: 'Mtatsminda-Evening-77' })
  })

  it("a wrong current password is shown on that field, with 'Failed to change password' (ACCOUNT-2)", async () => {
    await renderSettings()
    fill('Wrong-Pass-1', 'Mtatsminda-Evening-77', 'Mtatsminda-Evening-77')
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }))
    await waitFor(() =>
      expect(errorOf(input('Current password'))).toBe('The current password is not correct.'),
    )
    expect(notify).toHaveBeenCalledWith('error', 'Failed to change password')
  })

  it('the sign-in lock answers with its lock text (AUTH-5)', async () => {
    await renderSettings()
    fill('Wrong-Pass-1', 'Mtatsminda-Evening-77', 'Mtatsminda-Evening-77')
    // Five wrong passwords lock the account (the stub's login lock); the sixth try is refused.
    for (let attempt = 1; attempt <= 6; attempt += 1) {
      fireEvent.click(screen.getByRole('button', { name: 'Change password' }))
      await waitFor(() => expect(stub.callsTo('POST /auth/change-password')).toHaveLength(attempt))
      await waitFor(() => expect(vi.mocked(notify).mock.calls).toHaveLength(attempt))
    }
    // The form's own alert says it.
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(
        'Too many login attempts. Please try again later.',
      ),
    )
    expect(notify).toHaveBeenCalledWith('error', 'Failed to change password')
  })
})
