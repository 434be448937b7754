import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderPage } from '../../../testing/render'
import { DEMO_ACCOUNT, stub, USER_ACCOUNT } from '../../../testing/stub-api'
import { AccountDetails } from './account-details'

const fact = (term: string) => screen.getByText(term).nextElementSibling?.textContent

describe('AccountDetails', () => {
  it('shows the profile: name with the demo badge, e-mail, company, type, roles, member since (AUTH-10)', async () => {
    await stub.signIn(DEMO_ACCOUNT)
    await renderPage(<AccountDetails />)
    await screen.findByText('demo@devenv.example')
    expect(fact('Email')).toBe('demo@devenv.example')
    // A demo user sees the 'Demo Mode' badge beside the name.
    expect(fact('Name')).toBe('Demo UserDemo Mode')
    expect(fact('Company')).toBe('Not given')
    expect(fact('Account type')).toBe('Personal')
    // The role by its name in the catalogue, not the claim's raw value ('demo').
    expect(fact('Roles')).toBe('Demo')
    expect(fact('Member since')).toBe('January 15, 2025')
    expect(screen.getByRole('link', { name: 'Edit profile' }).getAttribute('href')).toBe(
      '/changeprofile',
    )
  })

  it('shows a company account without the demo badge (AUTH-10)', async () => {
    await stub.signIn(USER_ACCOUNT)
    await renderPage(<AccountDetails />)
    await screen.findByText('Kartuli Soft LLC')
    expect(fact('Name')).toBe('Nino Beridze')
    expect(screen.queryByText('Demo Mode')).toBeNull()
    expect(fact('Account type')).toBe('Company')
    expect(fact('Roles')).toBe('None')
  })

  it('says when the profile cannot be read, with a retry', async () => {
    await stub.signIn(DEMO_ACCOUNT)
    stub.prefer('GET /user/profile', 'code=500', 2)
    await renderPage(<AccountDetails />)
    const retry = await screen.findByRole('button', { name: 'Try again' })
    expect(screen.getByRole('alert').textContent).toContain('Failed to load your account.')
    retry.click()
    await screen.findByText('demo@devenv.example')
    expect(fact('Email')).toBe('demo@devenv.example')
    expect(screen.queryByRole('alert')).toBeNull()
    expect(stub.callsTo('GET /user/profile')).toHaveLength(3)
  })
})
