import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, json, renderPage } from '../../../testing/fake-api'
import type { Profile } from '../account-forms'
import { AccountDetails } from './account-details'

export const DEMO_PROFILE: Profile = {
  id: '882054da-e15a-4fa3-89d7-c32ce9a9171e',
  email: 'demo@devenv.example',
  username: 'demo@devenv.example',
  firstName: 'Demo',
  lastName: 'User',
  userType: 'PERSONAL',
  roles: ['demo'],
  demo: true,
  createdAt: '2025-01-15T08:00:00Z',
}

const fact = (term: string) => screen.getByText(term).nextElementSibling?.textContent

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('AccountDetails', () => {
  it('shows the profile: name with the demo badge, e-mail, company, type, roles, member since', async () => {
    fakeApi({ 'GET /user/profile': json(200, DEMO_PROFILE) })
    await renderPage(<AccountDetails />)
    expect(await screen.findByText('demo@devenv.example')).toBeTruthy()
    expect(fact('Name')).toBe('Demo UserDemo Mode')
    expect(fact('Company')).toBe('Not given')
    expect(fact('Account type')).toBe('Personal')
    expect(fact('Roles')).toBe('demo')
    expect(fact('Member since')).toBe('January 15, 2025')
    expect(screen.getByRole('link', { name: 'Edit profile' }).getAttribute('href')).toBe(
      '/changeprofile',
    )
  })

  it('shows a company account without the demo badge', async () => {
    fakeApi({
      'GET /user/profile': json(200, {
        ...DEMO_PROFILE,
        firstName: 'Nino',
        lastName: 'Beridze',
        company: 'Kartuli Soft LLC',
        userType: 'COMPANY',
        roles: [],
        demo: false,
      }),
    })
    await renderPage(<AccountDetails />)
    await screen.findByText('Kartuli Soft LLC')
    expect(fact('Name')).toBe('Nino Beridze')
    expect(fact('Account type')).toBe('Company')
    expect(fact('Roles')).toBe('None')
  })

  it('says when the profile cannot be read, with a retry', async () => {
    const api = fakeApi({
      'GET /user/profile': [
        json(500, { message: 'Internal error' }),
        json(500, {}),
        json(200, DEMO_PROFILE),
      ],
    })
    await renderPage(<AccountDetails />)
    const retry = await screen.findByRole('button', { name: 'Try again' })
    expect(screen.getByText('Failed to load your account.')).toBeTruthy()
    retry.click()
    expect(await screen.findByText('demo@devenv.example')).toBeTruthy()
    expect(api.callsTo('GET /user/profile')).toHaveLength(3)
  })
})
