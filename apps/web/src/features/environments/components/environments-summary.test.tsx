import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, json, renderPage } from '../../../testing/fake-api'
import type { Environment } from '../api/list-environments'
import { EnvironmentsSummary } from './environments-summary'

const environment = (name: string, status: Environment['status'], index: number): Environment => ({
  id: `00000000-0000-4000-8000-00000000000${index}`,
  name,
  template: 'node-20',
  size: 'starter',
  resources: { vcpu: 2, ramGb: 8, ssdGb: 50 },
  region: 'eu-central',
  status,
  url: null,
  createdAt: '2025-07-02T08:15:40Z',
})

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('EnvironmentsSummary', () => {
  it('counts the environments per status and links to the dashboard', async () => {
    fakeApi({
      'GET /environments': json(200, {
        items: [
          environment('api', 'running', 1),
          environment('web', 'running', 2),
          environment('fail-db', 'failed', 3),
        ],
      }),
    })
    await renderPage(<EnvironmentsSummary />)
    expect(await screen.findByText('3 in total')).toBeTruthy()
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
    fakeApi({ 'GET /environments': json(200, { items: [] }) })
    await renderPage(<EnvironmentsSummary />)
    expect(await screen.findByText('You have no environments yet.')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Create an environment' }).getAttribute('href')).toBe(
      '/admin',
    )
  })

  it('says when the list cannot be read', async () => {
    fakeApi({ 'GET /environments': json(500, { message: 'Internal error' }) })
    await renderPage(<EnvironmentsSummary />)
    expect(await screen.findByText('Failed to fetch environments')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy()
  })
})
