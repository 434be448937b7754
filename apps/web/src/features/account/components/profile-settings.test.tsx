import { queryKeys } from '@devenv/api-client/query'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { notify } from '../../../lib/notify'
import { fakeApi, json, renderPage } from '../../../testing/fake-api'
import type { Profile } from '../account-forms'
import { ProfileSettings } from './profile-settings'

vi.mock('../../../lib/notify', () => ({ notify: vi.fn(async () => undefined) }))

const PROFILE: Profile = {
  id: '3b1f2c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  email: 'user@devenv.example',
  username: 'user@devenv.example',
  firstName: 'Nino',
  lastName: 'Beridze',
  company: 'Kartuli Soft LLC',
  userType: 'COMPANY',
  roles: [],
  demo: false,
  createdAt: '2025-01-15T08:00:00Z',
}

const input = (name: string | RegExp) => screen.getByLabelText(name) as HTMLInputElement
const type = (name: string | RegExp, value: string) =>
  fireEvent.change(input(name), { target: { value } })
const errorOf = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id))
    .find((node) => node?.className === 'field__error')?.textContent

beforeEach(() => {
  vi.mocked(notify).mockClear()
  localStorage.clear()
})

afterEach(() => {
  vi.unstubAllGlobals()
})

async function renderSettings(routes: Parameters<typeof fakeApi>[0]) {
  const api = fakeApi({ 'GET /user/profile': json(200, PROFILE), ...routes })
  const page = await renderPage(<ProfileSettings />)
  await waitFor(() => expect(input('First Name').value).toBe('Nino'))
  return { api, ...page }
}

describe('ProfileSettings: personal information', () => {
  it('starts from the profile; the e-mail is shown but cannot be edited', async () => {
    await renderSettings({})
    expect(input('Last Name').value).toBe('Beridze')
    expect(input('Company (optional)').value).toBe('Kartuli Soft LLC')
    expect(input('Email').readOnly).toBe(true)
    expect(input('Email').value).toBe('user@devenv.example')
  })

  it('saves the names and company, updates the cached profile and says so', async () => {
    const updated = { ...PROFILE, firstName: 'Nina', lastName: 'Beridze-Kapanadze' }
    const { api, queryClient } = await renderSettings({ 'PUT /user/profile': json(200, updated) })
    type('First Name', ' Nina ')
    type('Last Name', 'Beridze-Kapanadze')
    type('Company (optional)', '')
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('success', 'Profile updated successfully'),
    )
    expect(api.callsTo('PUT /user/profile')[0]?.body).toEqual({
      firstName: 'Nina',
      lastName: 'Beridze-Kapanadze',
    })
    expect(queryClient.getQueryData(queryKeys.profile)).toEqual(updated)
  })

  it('needs both names and sends nothing without them', async () => {
    const { api } = await renderSettings({})
    type('First Name', '  ')
    type('Last Name', '')
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    await waitFor(() => expect(errorOf(input('First Name'))).toBe('Please enter your first name.'))
    expect(errorOf(input('Last Name'))).toBe('Please enter your last name.')
    expect(input('First Name').getAttribute('aria-invalid')).toBe('true')
    expect(api.callsTo('PUT /user/profile')).toHaveLength(0)
  })

  it('shows the server’s field errors in place and notifies the failure', async () => {
    await renderSettings({
      'PUT /user/profile': json(400, {
        message: 'Validation errors',
        code: 'VALIDATION_FAILED',
        errors: { lastName: 'must NOT have more than 100 characters' },
      }),
    })
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    await waitFor(() =>
      expect(errorOf(input('Last Name'))).toBe('must NOT have more than 100 characters'),
    )
    expect(notify).toHaveBeenCalledWith('error', 'Failed to update profile')
  })

  it('a server failure keeps the values and says so', async () => {
    await renderSettings({ 'PUT /user/profile': json(500, { message: 'Internal error' }) })
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
    const { api } = await renderSettings({})
    fill('', 'short', 'other')
    expect(screen.getByText('Password strength: Weak')).toBeTruthy()
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
    expect(screen.getByText('Password strength: Strong')).toBeTruthy()
    expect(api.callsTo('POST /auth/change-password')).toHaveLength(0)
  })

  it('sends username, old and new password without a bearer token, then clears the form', async () => {
    localStorage.setItem('access_token', 'header.payload.signature')
    const { api } = await renderSettings({
      'POST /auth/change-password': json(200, { message: 'Password changed successfully' }),
    })
    fill('UserPass123!', 'Mtatsminda-Evening-77', 'Mtatsminda-Evening-77')
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }))
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('success', 'Password changed successfully'),
    )
    const call = api.callsTo('POST /auth/change-password')[0]
    expect(call?.body).toEqual({
      username: 'user@devenv.example',
      oldPassword: 'UserPass123!',
      newPassword: 'Mtatsminda-Evening-77',
    })
    expect(call?.headers.get('Authorization')).toBeNull()
    await waitFor(() => expect(input('Current password').value).toBe(''))
  })

  it('a wrong current password is shown on that field', async () => {
    await renderSettings({
      'POST /auth/change-password': json(401, { message: 'Invalid email or password' }),
    })
    fill('Wrong-Pass-1', 'Mtatsminda-Evening-77', 'Mtatsminda-Evening-77')
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }))
    await waitFor(() =>
      expect(errorOf(input('Current password'))).toBe('The current password is not correct.'),
    )
    expect(notify).toHaveBeenCalledWith('error', 'Failed to change password')
  })

  it('the sign-in lock answers with the spec’s lock text', async () => {
    await renderSettings({
      'POST /auth/change-password': json(
        429,
        { message: 'Too many login attempts. Please try again later.' },
        { 'Retry-After': '900' },
      ),
    })
    fill('Wrong-Pass-1', 'Mtatsminda-Evening-77', 'Mtatsminda-Evening-77')
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }))
    expect(await screen.findByText('Too many login attempts. Please try again later.')).toBeTruthy()
    expect(notify).toHaveBeenCalledWith('error', 'Failed to change password')
  })
})
