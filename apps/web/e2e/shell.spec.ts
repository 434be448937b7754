import { ka } from '@devenv/domain/messages/ka'
import { webKa } from '../src/lib/i18n/messages/ka'
import { expect, test } from './stub'
import {
  freezeClock,
  pauseClock,
  securityEvent,
  showPendingToast,
  storedEvents,
  toast,
  useLocale,
  useTheme,
} from './support'

test.describe('navigation bar', () => {
  test('signed out: logo home, Sign in opens the modal, Get Started goes to /contact (SITE-7)', async ({
    page,
  }) => {
    await page.goto('/pricing')
    const bar = page.getByRole('navigation', { name: 'Main navigation' })
    // The signed-in controls are not there yet: the bar shows one of its two faces.
    await expect(bar.getByRole('button', { name: 'Dashboard' })).toHaveCount(0)
    await expect(bar.getByRole('button', { name: 'User' })).toHaveCount(0)
    await bar.getByRole('link', { name: 'DevEnv' }).click()
    await expect(page).toHaveURL('/')
    await bar.getByRole('link', { name: 'Get Started' }).click()
    await expect(page).toHaveURL('/contact')
    await bar.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeVisible()
  })

  test('signed in: Dashboard and the user menu (toggle, outside click, Escape, items) (SITE-7)', async ({
    page,
    stub,
  }) => {
    await stub.signIn(page)
    await page.goto('/')
    const bar = page.getByRole('navigation', { name: 'Main navigation' })
    await expect(bar.getByRole('button', { name: 'Dashboard' })).toBeVisible()
    await expect(bar.getByRole('button', { name: 'Sign in' })).toHaveCount(0)
    await expect(bar.getByRole('link', { name: 'Get Started' })).toHaveCount(0)
    const greeting = bar.getByRole('button', { name: 'Nino Beridze' })
    const profileSettings = bar.getByRole('link', { name: 'Profile Settings' })
    const myAccount = bar.getByRole('link', { name: 'My Account' })
    const logOut = bar.getByRole('button', { name: 'Log out' })
    await expect(profileSettings).toBeHidden()
    await greeting.click()
    await expect(greeting).toHaveAttribute('aria-expanded', 'true')
    await expect(profileSettings).toBeVisible()
    await expect(profileSettings).toHaveAttribute('href', '/changeprofile')
    await expect(myAccount).toBeVisible()
    await expect(myAccount).toHaveAttribute('href', '/my/page')
    await expect(logOut).toBeVisible()
    await greeting.click()
    await expect(greeting).toHaveAttribute('aria-expanded', 'false')
    await expect(profileSettings).toBeHidden()
    await expect(logOut).toBeHidden()
    await greeting.click()
    // Outside the bar: the hero's heading.
    await page.locator('.hero h1').click()
    await expect(greeting).toHaveAttribute('aria-expanded', 'false')
    await expect(myAccount).toBeHidden()
    await greeting.click()
    await page.keyboard.press('Escape')
    await expect(greeting).toHaveAttribute('aria-expanded', 'false')
    await expect(greeting).toBeFocused()
    await greeting.click()
    await page.getByRole('link', { name: 'My Account' }).click()
    await expect(page).toHaveURL('/my/page')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Account')
  })

  test("the greeting is the profile's name, else its e-mail (the word User: unit test) (SITE-7, SESSION-1)", async ({
    page,
    stub,
  }) => {
    await stub.signIn(page)
    // The profile replaces the token's claims, which hold the name 'Nino Beridze': here the
    // profile has no name yet.
    await page.route('**/api/user/profile', async (route) => {
      const answer = await route.fetch()
      const profile = (await answer.json()) as Record<string, unknown>
      await route.fulfill({ response: answer, json: { ...profile, firstName: '', lastName: '' } })
    })
    await page.goto('/')
    await expect(page.getByRole('button', { name: 'user@devenv.example' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Nino Beridze' })).toHaveCount(0)
  })

  test('Log out forgets the tokens, says so and goes home (SITE-7, SESSION-7)', async ({
    page,
    stub,
  }) => {
    await stub.signIn(page)
    await page.goto('/pricing')
    await page.getByRole('button', { name: 'Nino Beridze' }).click()
    await page.getByRole('button', { name: 'Log out' }).click()
    await expect(toast(page, 'success')).toContainText('Logged out successfully')
    await expect(page).toHaveURL('/')
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible()
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull()
  })

  test('Dashboard sends the browser to the admin panel by single sign-on (SITE-7, SESSION-8)', async ({
    page,
    stub,
  }) => {
    const tokens = await stub.signIn(page)
    await page.route('https://admin.main.devenv.example/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Admin</title>' }),
    )
    await page.goto('/')
    await page.getByRole('button', { name: 'Dashboard' }).click()
    await expect(page).toHaveURL(
      `https://admin.main.devenv.example/sso?token=${encodeURIComponent(tokens.access_token)}&refresh=${encodeURIComponent(tokens.refresh_token)}&token_valid_seconds=900`,
    )
  })

  test('the bar takes its scrolled look past 50 px (SITE-8)', async ({ page }) => {
    await page.goto('/')
    const header = page.locator('header.nav-bar')
    await expect(header).not.toHaveClass(/nav-bar--scrolled/)
    await page.evaluate(() => window.scrollTo({ top: 40, behavior: 'instant' }))
    await expect(header).not.toHaveClass(/nav-bar--scrolled/)
    await page.evaluate(() => window.scrollTo({ top: 200, behavior: 'instant' }))
    await expect(header).toHaveClass(/nav-bar--scrolled/)
  })

  test('under 768 px a menu button opens and closes the menu from the keyboard', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 })
    await page.goto('/')
    const toggle = page.getByRole('button', { name: 'Open menu' })
    const bar = page.getByRole('navigation', { name: 'Main navigation' })
    await expect(bar.getByRole('link', { name: 'Pricing' })).toBeHidden()
    await toggle.focus()
    await page.keyboard.press('Enter')
    const close = page.getByRole('button', { name: 'Close menu' })
    await expect(close).toHaveAttribute('aria-expanded', 'true')
    await expect(
      page
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('link', { name: 'Pricing' }),
    ).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    )
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused()
    await page.getByRole('button', { name: 'Open menu' }).click()
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Pricing' })
      .click()
    await expect(page).toHaveURL('/pricing')
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    )
  })
})

test.describe('themes and locales', () => {
  test('the theme follows the browser preference, switches and is remembered under preferred-theme (UI-2)', async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: 'dark' })
    await page.goto('/')
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
    await page.getByRole('button', { name: 'Switch to light theme' }).click()
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
    expect(await page.evaluate(() => localStorage.getItem('preferred-theme'))).toBe('light')
    await page.reload()
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
  })

  test('a stored theme applies before first paint (the inline script, not React)', async ({
    page,
  }) => {
    await useTheme(page, 'dark')
    await page.route('**/assets/*.js', (route) => route.abort())
    await page.goto('/')
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  })

  test('the locale switches, sets <html lang>, and is remembered', async ({ page }) => {
    await page.goto('/pricing')
    // The switcher is prerendered: a choice made before hydration meets no handler and is lost.
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
    await page.getByRole('combobox', { name: 'Language' }).selectOption('ka')
    await expect(page.locator('html')).toHaveAttribute('lang', 'ka')
    await expect(page.getByText(ka['pricing.mostPopular'])).toBeVisible()
    await expect(page.getByRole('link', { name: ka['action.getStarted'] })).toBeVisible()
    await page.reload()
    await expect(page.locator('select.locale-switcher')).toHaveValue('ka')
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
    await page.locator('select.locale-switcher').selectOption('en')
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await expect(page.getByText('Most Popular')).toBeVisible()
  })

  test('Georgian is loaded only when chosen', async ({ page }) => {
    const scripts: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url())
    })
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
    const before = scripts.length
    await page.getByRole('combobox', { name: 'Language' }).selectOption('ka')
    await expect(page.locator('html')).toHaveAttribute('lang', 'ka')
    expect(scripts.length).toBeGreaterThan(before)
  })
})

test.describe('notifications', () => {
  test('a toast has its icon and close button, and closes on click (UI-3)', async ({ page }) => {
    await page.goto('/contact')
    await page.getByRole('button', { name: 'Book Demo Call' }).click()
    const info = toast(page, 'info')
    await expect(info.locator('[data-icon] svg')).toBeVisible()
    await info.getByRole('button', { name: 'Close' }).click()
    await expect(info).toHaveCount(0)
  })

  test('a toast hides itself after 5000 ms (UI-3)', async ({ page }) => {
    await freezeClock(page)
    await page.goto('/contact')
    await pauseClock(page)
    await page.getByRole('button', { name: 'Book Demo Call' }).click()
    await showPendingToast(page)
    const info = toast(page, 'info')
    await expect(info).toBeVisible()
    await page.clock.runFor(4400)
    await expect(info).toBeVisible()
    await page.clock.runFor(1000)
    await expect(info).toHaveCount(0)
  })

  test('toasts live in a labelled live region for screen readers', async ({ page }) => {
    await page.goto('/contact')
    await page.getByRole('button', { name: 'Book Demo Call' }).click()
    await expect(page.getByRole('region', { name: /Notifications/ })).toHaveAttribute(
      'aria-live',
      'polite',
    )
  })

  // A toast stays 5 s: over the bar it hid Get Started, the theme toggle and the language menu.
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 360, height: 740 },
  ]) {
    test(`a toast covers none of the bar's controls (${viewport.width} px wide)`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport)
      await page.goto('/contact')
      await page.getByRole('button', { name: 'Book Demo Call' }).click()
      const info = toast(page, 'info')
      await expect(info).toHaveAttribute('data-mounted', 'true')
      // Where it comes to rest: its entry transition ended.
      await info.evaluate((element) =>
        Promise.all(element.getAnimations().map((animation) => animation.finished)),
      )
      const shown = await info.boundingBox()
      if (!shown) throw new Error('The toast has no box')
      const controls = page.locator('header.nav-bar').locator('a, button, select, [tabindex]')
      let checked = 0
      for (const control of await controls.all()) {
        if (!(await control.isVisible())) continue
        const box = await control.boundingBox()
        if (!box) continue
        checked += 1
        const apart =
          box.x + box.width <= shown.x ||
          shown.x + shown.width <= box.x ||
          box.y + box.height <= shown.y ||
          shown.y + shown.height <= box.y
        expect(
          apart,
          `the toast covers ${await control.evaluate((e) => e.outerHTML.slice(0, 80))}`,
        ).toBe(true)
      }
      // The logo, the theme and language controls, and the menu or its buttons.
      expect(checked).toBeGreaterThanOrEqual(4)
    })
  }
})

test.describe('developer-tool blocking', () => {
  const warning = 'Access to developer tools is restricted. Please authenticate first.'

  test('signed out: F12, the shortcuts and the context menu are blocked with a warning (UI-4)', async ({
    page,
  }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    // The blocking is the app's keyboard listener: the painted page has it once it has hydrated
    // (its scripts are fetched after the first paint, and the load event does not wait for them).
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
    const blocked = await securityEvent(page, 'developer_tools_blocked')
    await page.keyboard.press('F12')
    await expect(toast(page, 'warning').first()).toContainText(warning)
    await blocked.body
    for (const shortcut of [
      'Control+Shift+I',
      'Control+Shift+J',
      'Control+Shift+C',
      'Control+U',
      'Meta+Shift+I',
      // macOS: Cmd+Option+I/J/C, and Cmd+Option+U for the page's source.
      'Meta+Alt+I',
      'Meta+Alt+J',
      'Meta+Alt+C',
      'Meta+Alt+U',
    ]) {
      const prevented = await page.evaluate(
        ([combo]) =>
          new Promise<boolean>((resolve) => {
            const parts = (combo ?? '').split('+')
            const key = parts[parts.length - 1] ?? ''
            const event = new KeyboardEvent('keydown', {
              key: key.length === 1 ? key.toLowerCase() : key,
              code: key.length === 1 ? `Key${key}` : key,
              ctrlKey: parts.includes('Control'),
              metaKey: parts.includes('Meta'),
              shiftKey: parts.includes('Shift'),
              altKey: parts.includes('Alt'),
              cancelable: true,
              bubbles: true,
            })
            window.dispatchEvent(event)
            resolve(event.defaultPrevented)
          }),
        [shortcut],
      )
      expect(prevented, shortcut).toBe(true)
    }
    await page.locator('.hero h1').click({ button: 'right' })
    const events = await storedEvents(page)
    expect(
      events.filter((entry) => entry.type === 'developer_tools_blocked').length,
    ).toBeGreaterThanOrEqual(11)
  })

  test('signed in: nothing is blocked (UI-4)', async ({ page, stub }) => {
    await stub.signIn(page)
    await page.goto('/')
    await expect(page.getByRole('button', { name: 'Dashboard' })).toBeVisible()
    await page.keyboard.press('F12')
    await page.locator('.hero h1').click({ button: 'right' })
    await expect(toast(page, 'warning')).toHaveCount(0)
  })
})

test.describe('routes', () => {
  test('titles carry no suffix in the main environment, and follow navigation (SITE-1)', async ({
    page,
  }) => {
    await page.goto('/')
    await expect(page).toHaveTitle('AI-Native Development Environments')
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Pricing' })
      .click()
    await expect(page).toHaveTitle('Pricing | DevEnv')
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      /Starter, Professional and Enterprise/,
    )
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      'https://devenv.example/pricing',
    )
  })

  // A Georgian page's title was English until a second after the page had hydrated.
  for (const [path, title, signedIn] of [
    ['/pricing', `${webKa['meta.pricing.title']} | DevEnv`, false],
    ['/admin', `${webKa['meta.admin.title']} | DevEnv`, true],
  ] as const) {
    test(`a Georgian page has its Georgian title once the app has it (${path})`, async ({
      page,
      stub,
    }) => {
      await useLocale(page, 'ka')
      if (signedIn) await stub.signIn(page)
      // The title at the moment the app marks the page as its own.
      await page.addInitScript(() => {
        new MutationObserver((_records, observer) => {
          if (!document.documentElement?.dataset.hydrated) return
          observer.disconnect()
          sessionStorage.setItem('title-at-hydration', document.title)
        }).observe(document, {
          subtree: true,
          attributes: true,
          attributeFilter: ['data-hydrated'],
        })
      })
      await page.goto(path)
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
      expect(await page.evaluate(() => sessionStorage.getItem('title-at-hydration'))).toBe(title)
      await expect(page).toHaveTitle(title)
    })
  }

  test('a page view is logged on every navigation (EVENT-2)', async ({ page }) => {
    // The first view is logged once the page has hydrated: a click before it would leave the
    // page by a full load and lose it, which is the test racing the page, not the page's fault.
    const home = await securityEvent(page, 'page_view', (body) => body.details?.path === '/')
    await page.goto('/')
    expect((await home.body).details).toEqual({ path: '/' })
    const view = await securityEvent(page, 'page_view', (body) => body.details?.path === '/contact')
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Contact' })
      .click()
    expect((await view.body).details).toEqual({ path: '/contact' })
    const events = await storedEvents(page)
    expect(
      events.filter((entry) => entry.type === 'page_view').map((entry) => entry.details.path),
    ).toEqual(['/', '/contact'])
  })

  test('a route change scrolls back to the top (SITE-2)', async ({ page }) => {
    await page.goto('/')
    await page.evaluate(() => window.scrollTo({ top: 1500, behavior: 'instant' }))
    await page.locator('footer').getByRole('link', { name: 'Pricing' }).click()
    await expect(page).toHaveURL('/pricing')
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
  })

  // The four routes that need a signed-in user, each with its title (the description of the
  // three account pages is one text: they are not for search engines).
  const PROTECTED = [
    { path: '/technical', title: 'Technical Details | DevEnv', description: /AI integration/ },
    { path: '/admin', title: 'Dashboard | DevEnv', description: /^Your DevEnv account\.$/ },
    { path: '/my/page', title: 'My Account | DevEnv', description: /^Your DevEnv account\.$/ },
    {
      path: '/changeprofile',
      title: 'Profile Settings | DevEnv',
      description: /^Your DevEnv account\.$/,
    },
  ]

  test('protected routes send a signed-out visitor home with the modal, logged (SITE-1, SITE-4)', async ({
    page,
  }) => {
    for (const { path } of PROTECTED) {
      await page.goto(path)
      await expect(page, path).toHaveURL(`/?redirect=${encodeURIComponent(path)}&auth=login`)
      await expect(page.getByRole('dialog', { name: 'Sign In' }), path).toBeVisible()
    }
    const events = await storedEvents(page)
    expect(
      events
        .filter((entry) => entry.type === 'unauthorized_access')
        .map((entry) => entry.details.path)
        .sort(),
      'one unauthorized_access event per protected route',
    ).toEqual(PROTECTED.map(({ path }) => path).sort())
  })

  test('signed in, each protected route opens with its own title and description (SITE-1)', async ({
    page,
    stub,
  }) => {
    await stub.signIn(page)
    for (const { path, title, description } of PROTECTED) {
      await page.goto(path)
      await expect(page, path).toHaveURL(path)
      await expect(page, path).toHaveTitle(title)
      await expect(page.locator('meta[name="description"]'), path).toHaveAttribute(
        'content',
        description,
      )
    }
  })

  test('/dashboard goes to /admin when signed in (SITE-5)', async ({ page, stub }) => {
    await stub.signIn(page)
    await page.goto('/dashboard')
    await expect(page).toHaveURL('/admin')
    await expect(page).toHaveTitle('Dashboard | DevEnv')
  })

  test('the sign-in modal traps focus and closes with Escape or its backdrop (AUTH-1)', async ({
    page,
  }) => {
    await page.goto('/')
    const opener = page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('button', { name: 'Sign in' })
    await opener.click()
    const dialog = page.getByRole('dialog', { name: 'Sign In' })
    await expect(dialog).toBeVisible()
    for (let index = 0; index < 5; index += 1) {
      await page.keyboard.press('Tab')
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(
        true,
      )
    }
    await page.keyboard.press('Shift+Tab')
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true)
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
    await expect(page).toHaveURL('/')
    await expect(opener).toBeFocused()
    await opener.click()
    await page.mouse.click(5, 5)
    await expect(dialog).toHaveCount(0)
  })
})
