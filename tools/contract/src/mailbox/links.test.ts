import { describe, expect, it, vi } from 'vitest'
import { linkParamsOf } from './links'
import { type LinkParams, type Mailbox, waitForLink } from './mailbox'

// A mail catcher hands over the bodies of an e-mail; the flows need its links' parameters, as the
// stub's development mailbox gives them (`linkParams`).

const HASH = 'ab'.repeat(32)

describe('the link parameters of an e-mail', () => {
  it("reads the stub's reset mail from its text: the address decoded, the hash whole", () => {
    const text = `Someone asked to reset the password of your DevEnv account.\n\nSet a new password by opening this link within 60 minutes.\n\nhttp://127.0.0.1:5173/reset-password?user=new.person%40example.com&hash=${HASH}\n`
    expect(linkParamsOf({ text })).toEqual({ user: 'new.person@example.com', hash: HASH })
  })

  it('reads an HTML-only mail from its hrefs, entities undone', () => {
    const html = `<p>Reset it:</p><p><a href="https://devenv.example/reset-password?user=a%40b.example&amp;hash=${HASH}">reset</a> or <a href='https://devenv.example/?activate=tok-1&#38;x=1'>x</a></p>`
    expect(linkParamsOf({ html })).toEqual({
      user: 'a@b.example',
      hash: HASH,
      activate: 'tok-1',
      x: '1',
    })
  })

  it('keeps the first value of each name, leaves sentence punctuation out, reads fragment routes', () => {
    const text =
      'Open https://devenv.example/?activate=first. Or https://devenv.example/?activate=second\nApp: https://app.example/#/confirm?token=t-9'
    expect(linkParamsOf({ text })).toEqual({ activate: 'first', token: 't-9' })
  })

  it('answers no parameters for a mail without links', () => {
    expect(linkParamsOf({ text: 'Welcome!', html: '<p>Welcome!</p>' })).toEqual({})
    expect(linkParamsOf({})).toEqual({})
  })
})

describe('waiting for a link', () => {
  /** A mailbox whose mail arrives on the `arrivesOn`-th reading, as SMTP delivery lags. */
  function laggingMailbox(arrivesOn: number, mail: LinkParams): Mailbox & { reads: number } {
    const box = {
      name: 'lagging',
      deliveryMs: 2_000,
      reads: 0,
      links: async () => {
        box.reads += 1
        return box.reads >= arrivesOn ? [mail, { activate: 'older' }] : [{ activate: 'older' }]
      },
      problem: async () => undefined,
    }
    return box
  }

  it('waits for the newest mail with the parameter to arrive', async () => {
    const mailbox = laggingMailbox(3, { user: 'a@b.example', hash: HASH })
    expect(await waitForLink(mailbox, 'a@b.example', 'hash', { intervalMs: 5 })).toEqual({
      user: 'a@b.example',
      hash: HASH,
    })
    expect(mailbox.reads).toBe(3)
    // The older mail that has the parameter is found at once.
    expect(await waitForLink(mailbox, 'a@b.example', 'activate', { intervalMs: 5 })).toEqual({
      activate: 'older',
    })
  })

  it('gives up after the mailbox delivery time, and counts a failing read as no mail', async () => {
    const failing: Mailbox = {
      name: 'down',
      deliveryMs: 50,
      links: async () => {
        throw new Error('down')
      },
      problem: async () => 'down',
    }
    // The clock moves only when the test moves it, so a busy machine cannot make it late.
    vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] })
    try {
      let settled = false
      const waiting = waitForLink(failing, 'a@b.example', 'hash', { intervalMs: 10 }).then(
        (link) => {
          settled = true
          return link
        },
      )
      await vi.advanceTimersByTimeAsync(30)
      expect(settled).toBe(false)
      await vi.advanceTimersByTimeAsync(30)
      expect(settled).toBe(true)
      expect(await waiting).toBeUndefined()
    } finally {
      vi.useRealTimers()
    }
  })
})
