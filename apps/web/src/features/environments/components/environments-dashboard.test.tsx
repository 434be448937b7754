import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { notify } from '../../../lib/notify'
import { fakeApi, json, renderPage } from '../../../testing/fake-api'
import type { Environment } from '../api/list-environments'
import { EnvironmentsDashboard } from './environments-dashboard'

vi.mock('../../../lib/notify', () => ({ notify: vi.fn(async () => undefined) }))

function environment(fields: Partial<Environment> = {}): Environment {
  return {
    id: 'fa19cd7d-4dbd-4409-a14a-eb6c400f8d77',
    name: 'ml-notebooks',
    template: 'python-3.12',
    size: 'starter',
    resources: { vcpu: 2, ramGb: 8, ssdGb: 50 },
    region: 'eu-central',
    status: 'running',
    url: 'https://ml-notebooks-fa19cd7d.eu-central.devenv.example',
    createdAt: '2025-07-02T08:15:40Z',
    ...fields,
  }
}

const checkout = environment({
  id: '62fa61e0-c4a7-4b7a-a0cb-62521df9a244',
  name: 'checkout-api',
  template: 'go-1.23',
  size: 'professional',
  resources: { vcpu: 4, ramGb: 16, ssdGb: 100 },
  status: 'provisioning',
  url: null,
})

const list = (...items: Environment[]) => json(200, { items })
const card = (name: string) => screen.getByRole('article', { name })

beforeEach(() => {
  vi.mocked(notify).mockClear()
})

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('EnvironmentsDashboard: the list', () => {
  it('shows loading, then each environment with its status, runtime, size, region and address', async () => {
    fakeApi({ 'GET /environments': list(environment(), checkout) })
    await renderPage(<EnvironmentsDashboard />)
    expect(screen.getByText('Loading your environments...').closest('[role="status"]')).toBeTruthy()
    const running = await screen.findByRole('article', { name: 'ml-notebooks' })
    expect(within(running).getByText('Running')).toBeTruthy()
    expect(within(running).getByText('Python 3.12')).toBeTruthy()
    expect(within(running).getByText('Europe (Central)')).toBeTruthy()
    expect(running.textContent).toContain('Starter (2 vCPU · 8 GB RAM · 50 GB SSD)')
    const link = within(running).getByRole('link', { name: /ml-notebooks-fa19cd7d/ })
    expect(link.getAttribute('href')).toBe(environment().url)
    expect(link.getAttribute('rel')).toContain('noopener')
    const provisioning = card('checkout-api')
    expect(within(provisioning).getByText('Provisioning')).toBeTruthy()
    expect(within(provisioning).queryByRole('link')).toBeNull()
    expect(screen.getByText('2 of 5 environments in use')).toBeTruthy()
  })

  it('shows the empty state when the user has none', async () => {
    fakeApi({ 'GET /environments': list() })
    await renderPage(<EnvironmentsDashboard />)
    expect(await screen.findByRole('heading', { name: 'No environments yet' })).toBeTruthy()
    expect(screen.getByText('0 of 5 environments in use')).toBeTruthy()
  })

  it('shows the spec’s failure text with a retry that reads the list again', async () => {
    const api = fakeApi({
      'GET /environments': [
        json(500, { message: 'Boom' }),
        json(500, { message: 'Boom' }),
        list(environment()),
      ],
    })
    await renderPage(<EnvironmentsDashboard />)
    const text = await screen.findByText('Failed to fetch environments', {}, { timeout: 3000 })
    const alert = text.closest('[role="alert"]') as HTMLElement
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('article', { name: 'ml-notebooks' })).toBeTruthy()
    expect(api.callsTo('GET /environments')).toHaveLength(3)
  })

  it('polls while an environment is provisioning, announces the change and then stops', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const api = fakeApi({
      'GET /environments': [
        list(checkout),
        list({ ...checkout, status: 'running', url: 'https://checkout-api.example' }),
      ],
    })
    await renderPage(<EnvironmentsDashboard />)
    await screen.findByRole('article', { name: 'checkout-api' })
    expect(within(card('checkout-api')).getByText('Provisioning')).toBeTruthy()
    await act(() => vi.advanceTimersByTimeAsync(2100))
    await waitFor(() => expect(within(card('checkout-api')).getByText('Running')).toBeTruthy())
    expect(screen.getByText('checkout-api: Running')).toBeTruthy()
    const reads = api.callsTo('GET /environments').length
    await act(() => vi.advanceTimersByTimeAsync(6000))
    expect(api.callsTo('GET /environments')).toHaveLength(reads)
  })
})

describe('EnvironmentsDashboard: creating', () => {
  it('names the problem under the field, in the order a person fixes it, and sends nothing', async () => {
    const api = fakeApi({ 'GET /environments': list(environment()) })
    await renderPage(<EnvironmentsDashboard />)
    await screen.findByRole('article', { name: 'ml-notebooks' })
    const name = screen.getByRole('textbox', { name: 'Name' })
    const submit = screen.getByRole('button', { name: 'Create environment' })

    fireEvent.click(submit)
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'))
    const describedBy = (name.getAttribute('aria-describedby') ?? '').split(' ')
    const error = describedBy.map((id) => document.getElementById(id)?.textContent)
    expect(error).toContain('Please enter a name for the environment.')

    for (const [value, message] of [
      ['ab', 'The name must be 3 to 40 characters long.'],
      ['Checkout', 'The name must start with a lowercase letter.'],
      ['checkout_api', 'Use only lowercase letters, digits and hyphens.'],
      ['checkout-', 'The name must not end with a hyphen.'],
      ['ml-notebooks', 'You already have an environment with this name.'],
    ] as const) {
      fireEvent.change(name, { target: { value } })
      expect(await screen.findByText(message)).toBeTruthy()
    }
    expect(api.callsTo('POST /environments')).toHaveLength(0)
  })

  it('sends the chosen name, runtime, size and region; the new one joins the list as provisioning', async () => {
    const created = {
      ...checkout,
      template: 'java-21',
      size: 'enterprise',
      region: 'us-east',
    } as const
    const api = fakeApi({
      'GET /environments': [list(), list(created)],
      'POST /environments': json(201, created),
    })
    await renderPage(<EnvironmentsDashboard />)
    await screen.findByRole('heading', { name: 'No environments yet' })
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), {
      target: { value: 'checkout-api' },
    })
    fireEvent.change(screen.getByRole('combobox', { name: 'Runtime' }), {
      target: { value: 'java-21' },
    })
    fireEvent.click(screen.getByRole('radio', { name: /Enterprise/ }))
    fireEvent.change(screen.getByRole('combobox', { name: 'Region' }), {
      target: { value: 'us-east' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Create environment' }))
    const added = await screen.findByRole('article', { name: 'checkout-api' })
    expect(within(added).getByText('Provisioning')).toBeTruthy()
    expect(api.callsTo('POST /environments')[0]?.body).toEqual({
      name: 'checkout-api',
      template: 'java-21',
      size: 'enterprise',
      region: 'us-east',
    })
    expect(notify).toHaveBeenCalledWith(
      'success',
      'checkout-api is being created. It will be ready in under 2 minutes.',
    )
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe(''),
    )
  })

  it.each([
    [
      409,
      { message: 'An environment named taken-name already exists', code: 'ENVIRONMENT_NAME_TAKEN' },
      'You already have an environment with this name.',
    ],
    [
      403,
      { message: 'You already have 5 environments.', code: 'ENVIRONMENT_QUOTA_EXCEEDED' },
      'You have reached the limit of 5 environments. Delete one to create another.',
    ],
    [
      400,
      {
        message: 'Validation errors',
        code: 'VALIDATION_FAILED',
        errors: { name: 'Name is reserved' },
      },
      'Name is reserved',
    ],
    [500, { message: 'Internal error' }, 'Failed to create environment'],
  ])(
    'a %i answer shows where it belongs and notifies the spec’s failure',
    async (status, body, text) => {
      fakeApi({ 'GET /environments': list(), 'POST /environments': json(status, body) })
      await renderPage(<EnvironmentsDashboard />)
      await screen.findByRole('heading', { name: 'No environments yet' })
      fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), {
        target: { value: 'taken-name' },
      })
      fireEvent.click(screen.getByRole('button', { name: 'Create environment' }))
      expect(await screen.findByText(text)).toBeTruthy()
      expect(notify).toHaveBeenCalledWith('error', 'Failed to create environment')
    },
  )

  it('cannot create a sixth environment; one being deleted does not count', async () => {
    const five = ['a-one', 'a-two', 'a-three', 'a-four', 'a-five'].map((name, index) =>
      environment({ id: `00000000-0000-4000-8000-00000000000${index}`, name }),
    )
    fakeApi({ 'GET /environments': list(...five) })
    await renderPage(<EnvironmentsDashboard />)
    await screen.findByRole('article', { name: 'a-one' })
    const submit = screen.getByRole('button', { name: 'Create environment' }) as HTMLButtonElement
    expect(submit.disabled).toBe(true)
    expect(submit.getAttribute('aria-describedby')).toBeTruthy()
    expect(
      screen.getByText(
        'You have reached the limit of 5 environments. Delete one to create another.',
      ),
    ).toBeTruthy()
  })
})

describe('EnvironmentsDashboard: deleting', () => {
  it('asks first; Cancel sends nothing and gives the focus back to the button', async () => {
    const api = fakeApi({ 'GET /environments': list(environment()) })
    await renderPage(<EnvironmentsDashboard />)
    const button = await screen.findByRole('button', { name: 'Delete ml-notebooks' })
    button.focus()
    fireEvent.click(button)
    const dialog = await screen.findByRole('dialog', { name: 'Delete ml-notebooks?' })
    expect(dialog.textContent).toContain('This cannot be undone.')
    expect(document.activeElement?.textContent).toBe('Cancel')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(document.activeElement).toBe(button)
    expect(api.callsTo('DELETE /environments/fa19cd7d-4dbd-4409-a14a-eb6c400f8d77')).toHaveLength(0)
  })

  it('shows Deleting at once and rolls back with the spec’s message when the call fails', async () => {
    let fail: (response: Response) => void = () => {}
    fakeApi({
      'GET /environments': list(environment()),
      'DELETE /environments/fa19cd7d-4dbd-4409-a14a-eb6c400f8d77': () =>
        new Promise<Response>((resolve) => {
          fail = resolve
        }),
    })
    await renderPage(<EnvironmentsDashboard />)
    fireEvent.click(await screen.findByRole('button', { name: 'Delete ml-notebooks' }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete environment' }))
    await waitFor(() => expect(within(card('ml-notebooks')).getByText('Deleting')).toBeTruthy())
    expect(within(card('ml-notebooks')).queryByRole('link')).toBeNull()
    expect(
      (screen.getByRole('button', { name: 'Delete ml-notebooks' }) as HTMLButtonElement).disabled,
    ).toBe(true)
    await act(async () => fail(json(500, { message: 'Internal error' })))
    await waitFor(() => expect(within(card('ml-notebooks')).getByText('Running')).toBeTruthy())
    expect(notify).toHaveBeenCalledWith('error', 'Failed to delete environment')
  })

  it('keeps Deleting after the server accepts, until the environment is gone, and says so', async () => {
    const deleting = environment({ status: 'deleting', url: null })
    fakeApi({
      'GET /environments': [list(environment()), list(deleting), list()],
      'DELETE /environments/fa19cd7d-4dbd-4409-a14a-eb6c400f8d77': json(202, deleting),
    })
    await renderPage(<EnvironmentsDashboard />)
    fireEvent.click(await screen.findByRole('button', { name: 'Delete ml-notebooks' }))
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete environment' }),
    )
    await waitFor(() => expect(within(card('ml-notebooks')).getByText('Deleting')).toBeTruthy())
    expect(notify).not.toHaveBeenCalled()
    // Polling (every 2 s while something is deleting) finds it gone.
    expect(await screen.findByText('ml-notebooks was deleted.', {}, { timeout: 4000 })).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'No environments yet' })).toBeTruthy()
  })

  it('treats a 404 as already gone: removed, no failure shown', async () => {
    fakeApi({
      'GET /environments': [list(environment()), list()],
      'DELETE /environments/fa19cd7d-4dbd-4409-a14a-eb6c400f8d77': json(404, {
        message: 'Environment not found',
        code: 'NOT_FOUND',
      }),
    })
    await renderPage(<EnvironmentsDashboard />)
    fireEvent.click(await screen.findByRole('button', { name: 'Delete ml-notebooks' }))
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete environment' }),
    )
    await waitFor(() => expect(screen.queryByRole('article', { name: 'ml-notebooks' })).toBeNull())
    expect(notify).not.toHaveBeenCalled()
  })
})
