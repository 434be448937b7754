import { QueryClient } from '@tanstack/react-query'
import { createMemoryHistory, Outlet } from '@tanstack/react-router'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { setLocale } from './lib/i18n/i18n'
import { createAppRouter, routeErrorOptions } from './router'
import { renderPage } from './testing/render'
import { stub } from './testing/stub-api'

/** A site whose home route throws while it renders, until `mend()` is called. */
async function renderThrowingRoute() {
  let broken = true
  const home = () => {
    if (broken) {
      throw new Error('Environment list broke at /reset-password?hash=deadbeef')
    }
    return <h1>Home works</h1>
  }
  await renderPage(<Outlet />, { routes: { '/': home }, errorOptions: routeErrorOptions })
  return {
    mend: () => {
      broken = false
    },
  }
}

afterEach(async () => {
  vi.restoreAllMocks()
  await setLocale('en', { remember: false })
})

describe('a route that throws', () => {
  it('shows our calm page, not the error, with a way home and a retry that works', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const site = await renderThrowingRoute()
    await screen.findByRole('heading', { level: 1, name: 'This page could not be shown' })
    expect(screen.queryByText(/Environment list broke/)).toBeNull()
    expect(screen.queryByText('Something went wrong!')).toBeNull()
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/')
    site.mend()
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    await screen.findByRole('heading', { name: 'Home works' })
    expect(screen.queryByRole('heading', { name: 'This page could not be shown' })).toBeNull()
    // Its report is sent once the reporter has loaded: on a busy machine, after the page is seen.
    // Waited for here, so that it is not counted as the next test's.
    await waitFor(() => expect(stub.callsTo('POST /errors/log')).toHaveLength(1))
    await stub.settled()
  })

  // Logged, not shown as a call's failure: the page says only that it could not be shown.
  it('is logged once through /errors/log, redacted, with the report fields and its stack (EVENT-3)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    await renderThrowingRoute()
    await screen.findByRole('heading', { name: 'This page could not be shown' })
    await waitFor(() => expect(stub.callsTo('POST /errors/log')).toHaveLength(1))
    await stub.settled()
    const reports = stub.callsTo('POST /errors/log')
    expect(reports).toHaveLength(1)
    const report = reports[0]?.body as Record<string, unknown>
    expect(report).toMatchObject({
      message: expect.stringMatching(/^Error: Environment list broke at \/reset-password\?hash=/),
      stack: expect.stringContaining('Environment list broke'),
      url: expect.any(String),
      timestamp: expect.any(String),
      userAgent: expect.any(String),
      context: { source: 'router', route: '/' },
    })
    expect(JSON.stringify(report)).not.toContain('deadbeef')
  })

  it('speaks Georgian to a Georgian visitor', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    await setLocale('ka', { remember: false })
    await renderThrowingRoute()
    // The Georgian heading and retry button: each query throws if its Georgian text is missing.
    await screen.findByRole('heading', { name: 'ამ გვერდის ჩვენება ვერ მოხერხდა' })
    screen.getByRole('button', { name: 'ხელახლა ცდა' })
    expect(screen.queryByRole('heading', { name: 'This page could not be shown' })).toBeNull()
    await waitFor(() => expect(stub.callsTo('POST /errors/log')).toHaveLength(1))
    await stub.settled()
  })

  it("is the site's router's own handling", () => {
    const router = createAppRouter({
      queryClient: new QueryClient(),
      history: createMemoryHistory({ initialEntries: ['/'] }),
    })
    expect(router.options.defaultErrorComponent).toBe(routeErrorOptions.defaultErrorComponent)
    expect(router.options.defaultOnCatch).toBe(routeErrorOptions.defaultOnCatch)
  })
})
