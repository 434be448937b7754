import type { Page } from '@playwright/test'
import { DEMO_ACCOUNT, expect, test } from './stub'
import { axeViolations, toast, useLocale, useTheme } from './support'

/** The demo account's seeded environment (apps/stub-api/src/core/state/seeds.ts). */
const SEEDED = { id: 'fa19cd7d-4dbd-4409-a14a-eb6c400f8d77', name: 'ml-notebooks' }

const card = (page: Page, name: string) => page.getByRole('article', { name })

/**
 * The JSON body of the next call to an API path, read through a pass-through route: the client
 * streams its bodies, which plain request events miss.
 */
async function nextBody(
  page: Page,
  path: string,
  method = 'POST',
): Promise<() => Promise<unknown>> {
  let resolve: (body: unknown) => void = () => {}
  const found = new Promise<unknown>((done) => {
    resolve = done
  })
  await page.route(
    (url) => url.pathname === `/api${path}`,
    async (route) => {
      if (route.request().method() === method) resolve(route.request().postDataJSON())
      await route.fallback()
    },
  )
  return () => found
}

async function openDashboard(page: Page) {
  await page.goto('/admin')
  await expect(
    page.getByRole('heading', { level: 1, name: 'Development environments' }),
  ).toBeVisible()
}

async function createEnvironment(page: Page, name: string) {
  await page.getByRole('textbox', { name: 'Name' }).fill(name)
  await page.getByRole('button', { name: 'Create environment' }).click()
}

test.describe('/admin: environments', () => {
  test('creates an environment: Provisioning, then Running with its address, by polling (ENV-1)', async ({
    page,
    stub,
  }) => {
    await stub.signIn(page)
    await openDashboard(page)
    await expect(page.getByRole('heading', { name: 'No environments yet' })).toBeVisible()
    await expect(page).toHaveTitle(/^Dashboard \| DevEnv/)

    await page.getByRole('textbox', { name: 'Name' }).fill('checkout-api')
    await page.getByRole('combobox', { name: 'Runtime' }).selectOption('go-1.23')
    await page.getByRole('radio', { name: /Professional/ }).check()
    await page.getByRole('combobox', { name: 'Region' }).selectOption('us-east')
    const created = await nextBody(page, '/environments')
    await page.getByRole('button', { name: 'Create environment' }).click()
    expect(await created()).toEqual({
      name: 'checkout-api',
      template: 'go-1.23',
      size: 'professional',
      region: 'us-east',
    })
    await expect(toast(page, 'success')).toContainText('checkout-api is being created')
    const environment = card(page, 'checkout-api')
    await expect(environment.getByText('Provisioning')).toBeVisible()
    await expect(environment).toContainText('Go 1.23')
    await expect(environment).toContainText('Professional (4 vCPU · 16 GB RAM · 100 GB SSD)')
    await expect(environment).toContainText('US East')
    // The stub provisions in 3 s; the page polls every 2 s while anything is busy.
    await expect(environment.getByText('Running')).toBeVisible({ timeout: 60_000 })
    await expect(
      environment.getByRole('link', { name: /checkout-api-.*\.us-east\.devenv\.example/ }),
    ).toBeVisible()
    await expect(page.getByText('checkout-api: Running')).toBeAttached()
    await expect(page.getByText('1 of 5 environments in use')).toBeVisible()
  })

  test('an environment whose provisioning fails shows Failed and what to do', async ({
    page,
    stub,
  }) => {
    await stub.signIn(page)
    await openDashboard(page)
    await createEnvironment(page, 'fail-build')
    const environment = card(page, 'fail-build')
    await expect(environment.getByText('Failed', { exact: true })).toBeVisible({ timeout: 60_000 })
    await expect(environment).toContainText('Delete this environment and create it again.')
  })

  test('validates the name before sending, and shows the server’s 409 on the name', async ({
    page,
    stub,
  }) => {
    await stub.signIn(page, DEMO_ACCOUNT)
    await openDashboard(page)
    await expect(card(page, SEEDED.name)).toBeVisible()
    const name = page.getByRole('textbox', { name: 'Name' })
    const posts: string[] = []
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/environments'))
        posts.push(request.url())
    })
    await page.getByRole('button', { name: 'Create environment' }).click()
    await expect(name).toHaveAttribute('aria-invalid', 'true')
    await expect(name).toHaveAccessibleDescription(/Please enter a name for the environment\./)
    await expect(name).toBeFocused()
    await name.fill('My Service')
    await expect(page.getByText('The name must start with a lowercase letter.')).toBeVisible()
    await name.fill('my_service')
    await expect(page.getByText('Use only lowercase letters, digits and hyphens.')).toBeVisible()
    await name.fill(SEEDED.name)
    await expect(page.getByText('You already have an environment with this name.')).toBeVisible()
    expect(posts).toEqual([])

    await name.fill('new-service')
    await expect(name).not.toHaveAttribute('aria-invalid')
    await stub.prefer(page, '/environments', 'code=409')
    await page.getByRole('button', { name: 'Create environment' }).click()
    await expect(name).toHaveAccessibleDescription(
      /You already have an environment with this name\./,
    )
    await expect(toast(page, 'error')).toContainText('Failed to create environment')
  })

  test('deletes after confirmation: Deleting, then gone (ENV-1)', async ({ page, stub }) => {
    await stub.signIn(page, DEMO_ACCOUNT)
    await openDashboard(page)
    const remove = page.getByRole('button', { name: `Delete ${SEEDED.name}` })
    await remove.click()
    const dialog = page.getByRole('dialog', { name: `Delete ${SEEDED.name}?` })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(remove).toBeFocused()

    await remove.click()
    await dialog.getByRole('button', { name: 'Delete environment' }).click()
    await expect(card(page, SEEDED.name).getByText('Deleting')).toBeVisible()
    // The stub takes 2 s to delete; polling sees it disappear.
    await expect(card(page, SEEDED.name)).toHaveCount(0, { timeout: 60_000 })
    await expect(page.getByRole('heading', { name: 'No environments yet' })).toBeVisible()
    await expect(page.getByText(`${SEEDED.name} was deleted.`)).toBeAttached()
  })

  test('a failed delete rolls back and says so (ENV-2)', async ({ page, stub }) => {
    await stub.signIn(page, DEMO_ACCOUNT)
    await openDashboard(page)
    await expect(card(page, SEEDED.name).getByText('Running')).toBeVisible()
    // The delete is held until the test has seen the optimistic state, then the stub fails it (a
    // fixed delay would race the assertion on a loaded machine: the state could come and go).
    let answer = () => {}
    const answered = new Promise<void>((resolve) => {
      answer = resolve
    })
    await page.route(
      (url) => url.pathname === `/api/environments/${SEEDED.id}`,
      async (route) => {
        if (route.request().method() !== 'DELETE') return route.fallback()
        await answered
        await route.continue({ headers: { ...route.request().headers(), prefer: 'code=500' } })
      },
    )
    await page.getByRole('button', { name: `Delete ${SEEDED.name}` }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Delete environment' }).click()
    // Optimistic: Deleting before the server has answered.
    await expect(card(page, SEEDED.name).getByText('Deleting')).toBeVisible()
    answer()
    await expect(toast(page, 'error')).toContainText('Failed to delete environment')
    await expect(card(page, SEEDED.name).getByText('Running')).toBeVisible()
    await expect(card(page, SEEDED.name).getByRole('link')).toBeVisible()
  })

  test('the list’s failure text and its retry (ENV-2)', async ({ page, stub }) => {
    await stub.signIn(page, DEMO_ACCOUNT)
    // The first read and its one retry fail.
    await stub.prefer(page, '/environments', 'code=500', 2)
    await page.goto('/admin')
    const failure = page.getByRole('alert').filter({ hasText: 'Failed to fetch environments' })
    await expect(failure).toBeVisible()
    await failure.getByRole('button', { name: 'Try again' }).click()
    await expect(card(page, SEEDED.name)).toBeVisible()
  })
})

test.describe('/admin: AI assistant', () => {
  test('one exchange: the models, a question, the answer as text (ENV-3)', async ({
    page,
    stub,
  }) => {
    await stub.signIn(page, DEMO_ACCOUNT)
    await openDashboard(page)
    const model = page.getByRole('combobox', { name: 'Model' })
    await expect(model).toBeEnabled()
    const models = (await (
      await stub.api.get('/api/ai/models', {
        headers: {
          authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('access_token'))}`,
        },
      })
    ).json()) as { items: Array<{ id: string; name: string }> }
    await expect(model).toHaveValue(models.items[0]?.id ?? '')
    await expect(model.locator('option')).toHaveCount(models.items.length)

    const question = page.getByRole('textbox', { name: 'Your question' })
    await question.fill('What does the Professional plan include?')
    const chat = await nextBody(page, '/ai/chat')
    await question.press('Enter')
    expect(await chat()).toEqual({
      model: models.items[0]?.id,
      messages: [{ role: 'user', content: 'What does the Professional plan include?' }],
    })
    const log = page.getByRole('log', { name: 'Conversation' })
    await expect(log.locator('.chat-message--user')).toHaveText(
      /What does the Professional plan include\?/,
    )
    const answer = log.locator('.chat-message--assistant')
    await expect(answer).toHaveCount(1)
    await expect(answer.locator('.chat-message__text')).not.toBeEmpty()
    await expect(answer).toContainText(`${models.items[0]?.name} ·`)
    await expect(answer).toContainText('tokens')
  })

  test('a failed chat and a failed model list say so (ENV-3)', async ({ page, stub }) => {
    await stub.signIn(page, DEMO_ACCOUNT)
    await stub.prefer(page, '/ai/models', 'code=500', 2)
    await openDashboard(page)
    await expect(page.getByText('Failed to fetch AI models')).toBeVisible()
    await stub.prefer(page, '/ai/chat', 'code=503')
    await page.getByRole('textbox', { name: 'Your question' }).fill('Hello?')
    await page.getByRole('button', { name: 'Send' }).click()
    const failure = page.getByRole('alert').filter({ hasText: 'AI chat completion failed' })
    await expect(failure).toBeVisible()
    await expect(failure).toContainText(/The assistant is busy\. Please try again in \d+ seconds\./)
    await failure.getByRole('button', { name: 'Try again' }).click()
    await expect(page.locator('.chat-message--assistant')).toHaveCount(1)
    await expect(failure).toBeHidden()
  })
})

test.describe('/admin: accessibility', () => {
  // One state per test: a test's timeout measures one state's way there and its scan.
  for (const theme of ['light', 'dark'] as const) {
    test.describe(`no axe violations (${theme})`, () => {
      test.beforeEach(async ({ page, stub }) => {
        await useTheme(page, theme)
        await stub.signIn(page, DEMO_ACCOUNT)
        await openDashboard(page)
        await expect(card(page, SEEDED.name)).toBeVisible()
        await expect(page.getByRole('combobox', { name: 'Model' })).toBeEnabled()
      })

      test('the list', async ({ page }) => {
        expect(await axeViolations(page)).toEqual([])
      })

      test('a form error and a conversation', async ({ page }) => {
        await page.getByRole('textbox', { name: 'Name' }).fill('Bad Name')
        await page.getByRole('button', { name: 'Create environment' }).click()
        await expect(page.getByText('The name must start with a lowercase letter.')).toBeVisible()
        await page.getByRole('textbox', { name: 'Your question' }).fill('Which regions are there?')
        await page.getByRole('button', { name: 'Send' }).click()
        await expect(page.locator('.chat-message--assistant')).toHaveCount(1)
        expect(await axeViolations(page)).toEqual([])
      })

      test('the delete confirmation', async ({ page }) => {
        await page.getByRole('button', { name: `Delete ${SEEDED.name}` }).click()
        await expect(page.getByRole('dialog')).toBeVisible()
        expect(await axeViolations(page)).toEqual([])
      })
    })
  }

  // Dates and numbers stayed American English on a Georgian page ("Jan 15, 2025, 8:00 AM").
  test('Georgian: dates and numbers are written the Georgian way', async ({ page, stub }) => {
    await useLocale(page, 'ka')
    await stub.signIn(page, DEMO_ACCOUNT)
    await page.goto('/admin')
    const created = card(page, SEEDED.name).locator('time')
    // The seeded environment's creation, 15 January 2025 (CLDR: "15 იან. 2025, 08:00").
    await expect(created).toHaveText(/^15 იან\. 2025, \d\d:\d\d$/)
    // 32,768 and 131,072 tokens: Georgian groups digits with a no-break space.
    const model = page.getByRole('combobox', { name: 'მოდელი' })
    await expect(model.locator('option').first()).toHaveText(/\(32\u00a0768 /)
    await expect(model.locator('option', { hasText: 'Llama' })).toHaveText(/\(131\u00a0072 /)
  })

  test('Georgian: every text of the dashboard is translated, no axe violations', async ({
    page,
    stub,
  }) => {
    await useLocale(page, 'ka')
    await useTheme(page, 'dark')
    await stub.signIn(page, DEMO_ACCOUNT)
    await page.goto('/admin')
    await expect(
      page.getByRole('heading', { level: 1, name: 'სადეველოპერო გარემოები' }),
    ).toBeVisible()
    await expect(card(page, SEEDED.name).getByText('მუშაობს')).toBeVisible()
    await expect(page.getByRole('button', { name: 'გარემოს შექმნა' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'AI ასისტენტი' })).toBeVisible()
    expect(await axeViolations(page)).toEqual([])
  })
})
