import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { notify } from '../../../lib/notify'
import { renderPage } from '../../../testing/render'
import { DEMO_ACCOUNT, stub, USER_ACCOUNT } from '../../../testing/stub-api'
import { EnvironmentsDashboard } from './environments-dashboard'

vi.mock('../../../lib/notify', () => ({ notify: vi.fn(async () => undefined) }))

/** The demo account's seeded environment (apps/stub-api/src/state/seeds.ts). */
const SEEDED = {
  id: 'fa19cd7d-4dbd-4409-a14a-eb6c400f8d77',
  name: 'ml-notebooks',
  url: 'https://ml-notebooks-fa19cd7d.eu-central.devenv.example',
}

type NewEnvironment = { name: string; template?: string; size?: string; region?: string }

/** Creates environments through the API as `accessToken`'s holder (not as the page). */
async function createEnvironments(accessToken: string, ...environments: NewEnvironment[]) {
  for (const each of environments) {
    const created = await stub.api('POST', '/environments', {
      token: accessToken,
      body: { template: 'node-20', size: 'starter', region: 'eu-central', ...each },
    })
    expect(created.status).toBe(201)
  }
}

/** Past the stub's provisioning and deletion times (its dev clock). */
const lifecyclesDone = () => stub.dev.advanceClock(60)

const card = (name: string) => screen.getByRole('article', { name })
/** The status badge of an environment's card, in words. */
const statusOf = (name: string) => card(name).querySelector('[data-status]')?.textContent
/** A fact of an environment's card: the value beside its term. */
const factOf = (name: string, term: string) =>
  within(card(name)).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent
/** The texts the element's aria-describedby names. */
const descriptionOf = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')

beforeEach(() => {
  vi.mocked(notify).mockClear()
})

afterEach(() => {
  vi.useRealTimers()
})

describe('EnvironmentsDashboard: the list', () => {
  it('shows loading, then each environment with its status, runtime, size, region, address and creation time (ENV-1)', async () => {
    const { access_token } = await stub.signIn(DEMO_ACCOUNT)
    await createEnvironments(access_token, {
      name: 'checkout-api',
      template: 'go-1.23',
      size: 'professional',
    })
    await renderPage(<EnvironmentsDashboard />)
    expect(
      screen.getByText('Loading your environments...').closest('[role="status"]'),
    ).not.toBeNull()
    const running = await screen.findByRole('article', { name: 'ml-notebooks' })
    expect(statusOf('ml-notebooks')).toBe('Running')
    expect(factOf('ml-notebooks', 'Runtime')).toBe('Python 3.12')
    expect(factOf('ml-notebooks', 'Region')).toBe('Europe (Central)')
    expect(factOf('ml-notebooks', 'Size')).toBe('Starter (2 vCPU · 8 GB RAM · 50 GB SSD)')
    expect(
      within(running)
        .getByText('Created', { selector: 'dt' })
        .nextElementSibling?.querySelector('time')
        ?.getAttribute('datetime'),
    ).toMatch(/^\d{4}-\d\d-\d\dT/)
    const link = within(running).getByRole('link', { name: /ml-notebooks-fa19cd7d/ })
    expect(link.getAttribute('href')).toBe(SEEDED.url)
    expect(link.getAttribute('rel')).toContain('noopener')
    const provisioning = card('checkout-api')
    expect(statusOf('checkout-api')).toBe('Provisioning')
    expect(within(provisioning).queryByRole('link')).toBeNull()
    // The count of the plan's quota in use.
    screen.getByText('2 of 5 environments in use')
  })

  it('shows the empty state when the user has none', async () => {
    await stub.signIn(USER_ACCOUNT)
    await renderPage(<EnvironmentsDashboard />)
    await screen.findByRole('heading', { name: 'No environments yet' })
    expect(screen.queryAllByRole('article')).toEqual([])
    screen.getByText('0 of 5 environments in use')
  })

  it('shows the required failure text with a retry that reads the list again (ENV-2)', async () => {
    await stub.signIn(DEMO_ACCOUNT)
    // The list retries a transient failure once: both answers fail; the button's read works.
    stub.prefer('GET /environments', 'code=500', 2)
    await renderPage(<EnvironmentsDashboard />)
    const text = await screen.findByText('Failed to fetch environments')
    const alert = text.closest('[role="alert"]') as HTMLElement
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }))
    await screen.findByRole('article', { name: 'ml-notebooks' })
    expect(screen.queryByText('Failed to fetch environments')).toBeNull()
    expect(stub.callsTo('GET /environments')).toHaveLength(3)
  })

  it('polls while an environment is provisioning, announces the change and then stops', async () => {
    const { access_token } = await stub.signIn(USER_ACCOUNT)
    await createEnvironments(access_token, { name: 'checkout-api' })
    vi.useFakeTimers({ shouldAdvanceTime: true })
    await renderPage(<EnvironmentsDashboard />)
    await screen.findByRole('article', { name: 'checkout-api' })
    expect(statusOf('checkout-api')).toBe('Provisioning')
    await lifecyclesDone()
    await act(() => vi.advanceTimersByTimeAsync(2100))
    await waitFor(() => expect(statusOf('checkout-api')).toBe('Running'))
    // The change is announced.
    await screen.findByText('checkout-api: Running')
    const reads = stub.callsTo('GET /environments').length
    await act(() => vi.advanceTimersByTimeAsync(6000))
    expect(stub.callsTo('GET /environments')).toHaveLength(reads)
  })
})

describe('EnvironmentsDashboard: creating', () => {
  it('names the problem under the field, in the order a person fixes it, and sends nothing', async () => {
    await stub.signIn(DEMO_ACCOUNT)
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
      await waitFor(() => expect(descriptionOf(name), value).toContain(message))
    }
    expect(stub.callsTo('POST /environments')).toHaveLength(0)
  })

  it('sends the chosen name, runtime, size and region; the new one joins the list as provisioning (ENV-1)', async () => {
    await stub.signIn(USER_ACCOUNT)
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
    await screen.findByRole('article', { name: 'checkout-api' })
    expect(statusOf('checkout-api')).toBe('Provisioning')
    expect(stub.callsTo('POST /environments')[0]?.body).toEqual({
      name: 'checkout-api',
      template: 'java-21',
      size: 'enterprise',
      region: 'us-east',
    })
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith(
        'success',
        'checkout-api is being created. It will be ready in under 2 minutes.',
      ),
    )
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe(''),
    )
  })

  it.each([
    [409, 'You already have an environment with this name.'],
    [403, 'You have reached the limit of 5 environments. Delete one to create another.'],
    [500, 'Failed to create environment'],
  ])('a %i answer shows where it belongs and is notified (ENV-2)', async (status, text) => {
    await stub.signIn(USER_ACCOUNT)
    // The contract's documented example of that status (the page's own checks pass first).
    stub.prefer('POST /environments', `code=${status}`)
    await renderPage(<EnvironmentsDashboard />)
    await screen.findByRole('heading', { name: 'No environments yet' })
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), {
      target: { value: 'taken-name' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Create environment' }))
    // Where it belongs: in the form, not only in the notice.
    await screen.findByText(text)
    expect(notify).toHaveBeenCalledWith('error', 'Failed to create environment')
  })

  it('cannot create a sixth environment; one being deleted does not count', async () => {
    const { access_token } = await stub.signIn(USER_ACCOUNT)
    const five = ['a-one', 'a-two', 'a-three', 'a-four', 'a-five'].map((name) => ({ name }))
    await createEnvironments(access_token, ...five)
    await renderPage(<EnvironmentsDashboard />)
    await screen.findByRole('article', { name: 'a-one' })
    const submit = screen.getByRole('button', { name: 'Create environment' }) as HTMLButtonElement
    expect(submit.disabled).toBe(true)
    // The reason is what describes the disabled button.
    expect(descriptionOf(submit)).toBe(
      'You have reached the limit of 5 environments. Delete one to create another.',
    )
  })
})

describe('EnvironmentsDashboard: deleting', () => {
  it('asks first; Cancel sends nothing and gives the focus back to the button', async () => {
    await stub.signIn(DEMO_ACCOUNT)
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
    expect(stub.callsTo(`DELETE /environments/${SEEDED.id}`)).toHaveLength(0)
  })

  it('shows Deleting at once and rolls back with the required message when the call fails (ENV-2)', async () => {
    await stub.signIn(DEMO_ACCOUNT)
    // The stub holds the answer a moment (the page shows Deleting meanwhile), then fails it.
    stub.prefer(`DELETE /environments/${SEEDED.id}`, 'delay=1500, code=500')
    await renderPage(<EnvironmentsDashboard />)
    fireEvent.click(await screen.findByRole('button', { name: 'Delete ml-notebooks' }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete environment' }))
    await waitFor(() => expect(statusOf('ml-notebooks')).toBe('Deleting'))
    expect(within(card('ml-notebooks')).queryByRole('link')).toBeNull()
    expect(
      (screen.getByRole('button', { name: 'Delete ml-notebooks' }) as HTMLButtonElement).disabled,
    ).toBe(true)
    await waitFor(() => expect(statusOf('ml-notebooks')).toBe('Running'))
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('error', 'Failed to delete environment'),
    )
  })

  it('keeps Deleting after the server accepts, until the environment is gone, and says so (ENV-1)', async () => {
    await stub.signIn(DEMO_ACCOUNT)
    await renderPage(<EnvironmentsDashboard />)
    fireEvent.click(await screen.findByRole('button', { name: 'Delete ml-notebooks' }))
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete environment' }),
    )
    await waitFor(() => expect(statusOf('ml-notebooks')).toBe('Deleting'))
    expect(notify).not.toHaveBeenCalled()
    await waitFor(() => expect(stub.callsTo(`DELETE /environments/${SEEDED.id}`)).toHaveLength(1))
    await lifecyclesDone()
    // Polling (every 2 s while something is deleting) finds it gone.
    await screen.findByText('ml-notebooks was deleted.')
    expect(screen.queryByRole('article', { name: 'ml-notebooks' })).toBeNull()
    screen.getByRole('heading', { name: 'No environments yet' })
  })

  it('treats a 404 as already gone: removed, no failure shown', async () => {
    const { access_token } = await stub.signIn(DEMO_ACCOUNT)
    await renderPage(<EnvironmentsDashboard />)
    const button = await screen.findByRole('button', { name: 'Delete ml-notebooks' })
    // Deleted elsewhere (another tab) while this page still shows it: the page's delete gets 404.
    const elsewhere = await stub.api('DELETE', `/environments/${SEEDED.id}`, {
      token: access_token,
    })
    expect(elsewhere.status).toBe(202)
    await lifecyclesDone()
    fireEvent.click(button)
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete environment' }),
    )
    await waitFor(() => expect(screen.queryByRole('article', { name: 'ml-notebooks' })).toBeNull())
    expect(notify).not.toHaveBeenCalled()
    expect(stub.callsTo(`DELETE /environments/${SEEDED.id}`)).toHaveLength(1)
  })
})
