import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderPage } from '../../../testing/render'
import { stub, USER_ACCOUNT } from '../../../testing/stub-api'
import { EnvironmentsSummary } from './environments-summary'

/** Creates environments through the API as the signed-in account; `fail-…` names fail (stub rule). */
async function createEnvironments(accessToken: string, names: string[]) {
  for (const name of names) {
    const created = await stub.api('POST', '/environments', {
      token: accessToken,
      body: { name, template: 'node-20', size: 'starter', region: 'eu-central' },
    })
    expect(created.status).toBe(201)
  }
  // Past the stub's provisioning time: running, or failed.
  await stub.dev.advanceClock(60)
}

describe('EnvironmentsSummary', () => {
  it('counts the environments per status and links to the dashboard', async () => {
    const { access_token } = await stub.signIn(USER_ACCOUNT)
    await createEnvironments(access_token, ['api', 'web', 'fail-db'])
    await renderPage(<EnvironmentsSummary />)
    await screen.findByText('3 in total')
    const counts = screen.getAllByRole('definition').map((each) => each.textContent)
    const terms = screen.getAllByRole('term').map((each) => each.textContent)
    expect(terms).toEqual(['Running', 'Failed'])
    expect(counts).toEqual(['2', '1'])
    const names = screen.getByRole('list')
    expect(within(names).getByRole('link', { name: 'fail-db' }).getAttribute('href')).toBe('/admin')
    expect(screen.getByRole('link', { name: 'Manage environments' }).getAttribute('href')).toBe(
      '/admin',
    )
  })

  it('invites to create the first environment when there is none', async () => {
    await stub.signIn(USER_ACCOUNT)
    await renderPage(<EnvironmentsSummary />)
    await screen.findByText('You have no environments yet.')
    expect(screen.queryAllByRole('definition')).toEqual([])
    expect(screen.getByRole('link', { name: 'Create an environment' }).getAttribute('href')).toBe(
      '/admin',
    )
  })

  it('says when the list cannot be read', async () => {
    await stub.signIn(USER_ACCOUNT)
    // The list retries a transient failure once: both answers fail.
    stub.prefer('GET /environments', 'code=500', 2)
    await renderPage(<EnvironmentsSummary />)
    const failure = await screen.findByText('Failed to fetch environments')
    const alert = failure.closest<HTMLElement>('[role="alert"]')
    expect(alert).not.toBeNull()
    // The way on is part of the failure's panel.
    within(alert as HTMLElement).getByRole('button', { name: 'Try again' })
  }, 10_000)
})
