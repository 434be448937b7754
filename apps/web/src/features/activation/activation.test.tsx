import { en } from '@devenv/domain/messages'
import { Outlet } from '@tanstack/react-router'
import { act, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { notify } from '../../lib/notify'
import { answerEveryFetch } from '../../testing/fetch-answer'
import { renderPage } from '../../testing/render'
import { useActivationLink } from './use-activation-link'

vi.mock('../../lib/notify', () => ({ notify: vi.fn(async () => undefined) }))

let tokenCount = 0
/** A fresh token per test: a token already taken in hand is never sent twice on the page. */
function newToken(): string {
  tokenCount += 1
  return `activation-token-${String(tokenCount).padStart(4, '0')}-abcdefghijklmn`
}

function Shell() {
  useActivationLink()
  return <Outlet />
}

async function openLink(url: string) {
  // Strict mode runs every effect twice: the call must still happen once.
  const page = await renderPage(<Shell />, {
    url,
    routes: { '/': () => <p>Home</p>, '/pricing': () => <p>P</p> },
    strictMode: true,
  })
  return page.router
}

/** Until the activation (lazy module, call, notice, navigation) has settled. */
async function settled(router: { state: { location: { search: object } } }) {
  await waitFor(() => expect(router.state.location.search).toHaveProperty('auth', 'login'))
}

beforeEach(() => {
  vi.mocked(notify).mockClear()
})

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the activation link', () => {
  it('activates once through POST /auth/activate with { token }, reports it and opens the sign-in modal (AUTH-9, API-10)', async () => {
    const token = newToken()
    const fetchMock = answerEveryFetch(200, { message: 'Your account has been activated.' })
    const router = await openLink(`/?activate=${token}&utm=mail`)
    await settled(router)
    expect(fetchMock).toHaveBeenCalledTimes(1)
    const sent = fetchMock.mock.calls[0]?.[0] as Request
    expect(sent.method).toBe('POST')
    expect(new URL(sent.url).pathname).toBe('/api/auth/activate')
    expect(await sent.json()).toEqual({ token })
    expect(notify).toHaveBeenCalledTimes(1)
    expect(notify).toHaveBeenCalledWith('success', en['activation.success'])
    // The token leaves the address; other parameters stay.
    expect(router.state.location.pathname).toBe('/')
    expect(router.state.location.search).toEqual({ utm: 'mail', auth: 'login' })
    expect(router.history.location.search).not.toContain('activate')
  })

  it('reports a refused token (400) as a failure, and still opens the sign-in modal (AUTH-9)', async () => {
    const fetchMock = answerEveryFetch(400, {
      message: 'This activation link is not valid.',
      code: 'ACTIVATION_TOKEN_INVALID',
    })
    const router = await openLink(`/?activate=${newToken()}`)
    await settled(router)
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(notify).toHaveBeenCalledWith('error', en['activation.failed'])
    expect(router.state.location.search).toEqual({ auth: 'login' })
  })

  it('an empty token is a failure without a call', async () => {
    const fetchMock = answerEveryFetch(200, { message: 'ok' })
    const router = await openLink('/?activate=')
    await settled(router)
    expect(fetchMock).not.toHaveBeenCalled()
    expect(notify).toHaveBeenCalledWith('error', en['activation.failed'])
  })

  it('works on any page the link lands on, and does nothing without the parameter', async () => {
    const fetchMock = answerEveryFetch(200, { message: 'ok' })
    const plain = await openLink('/pricing?auth=register')
    await act(async () => {
      await new Promise((done) => setTimeout(done, 50))
    })
    expect(fetchMock).not.toHaveBeenCalled()
    expect(plain.state.location.search).toEqual({ auth: 'register' })
    const router = await openLink(`/pricing?activate=${newToken()}`)
    await settled(router)
    expect(router.state.location.pathname).toBe('/pricing')
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })
})
