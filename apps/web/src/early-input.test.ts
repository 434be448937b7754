import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { discardEarlyInput, type EarlyInput, replayEarlyInput } from './early-input'

afterEach(() => {
  window.devenvEarlyInput?.release()
  window.devenvEarlyInput = undefined
  localStorage.clear()
  document.body.innerHTML = ''
})

// The page's inline start (index.html), run as the browser runs it before the first paint.
const inlineStart =
  readFileSync(join(__dirname, '..', 'index.html'), 'utf8').match(
    /<script>([\s\S]*?)<\/script>/,
  )?.[1] ?? ''

/** A prerendered page's markup with its inline start running: what it holds for the app. */
function paintedPage(markup: string) {
  document.body.innerHTML = `<div id="root" data-prerendered="/">${markup}</div>`
  new Function(inlineStart)()
  const early = window.devenvEarlyInput
  if (!early) throw new Error('The inline start keeps nothing')
  return early
}

const rightClick = (target: Element) => {
  const event = new MouseEvent('contextmenu', { bubbles: true, cancelable: true })
  target.dispatchEvent(event)
  return event
}

const holding = (held: EarlyInput[]) => ({ release: vi.fn(() => held.splice(0)) })

describe('the input held before the app owned the page', () => {
  it('replays each click and submission on what is still on the page, once', () => {
    document.body.innerHTML = `
      <button id="menu" type="button">Menu</button>
      <form id="contact"><button id="send" type="submit">Send</button></form>
      <button id="gone" type="button">Gone</button>`
    const menu = document.getElementById('menu') as HTMLButtonElement
    const form = document.getElementById('contact') as HTMLFormElement
    const send = document.getElementById('send') as HTMLButtonElement
    const gone = document.getElementById('gone') as HTMLButtonElement
    gone.remove()
    const clicks: string[] = []
    for (const button of [menu, gone])
      button.addEventListener('click', () => clicks.push(button.id))
    const submitters: Array<Element | null> = []
    form.addEventListener('submit', (event) => {
      event.preventDefault()
      submitters.push(event.submitter)
    })
    const early = holding([{ control: menu }, { control: gone }, { form, submitter: send }])

    expect(replayEarlyInput(early)).toBe(2)
    expect(clicks).toEqual(['menu'])
    expect(submitters).toEqual([send])
    expect(early.release).toHaveBeenCalledTimes(1)
    // Released: nothing is replayed twice.
    expect(replayEarlyInput(early)).toBe(0)
    expect(clicks).toEqual(['menu'])
  })

  it('puts back what was typed and chosen, so that React and the form see it as typing', () => {
    document.body.innerHTML = `
      <input id="name" />
      <select id="size"><option value="">-</option><option value="6-20">6-20</option></select>
      <input id="terms" type="checkbox" />`
    const name = document.getElementById('name') as HTMLInputElement
    const size = document.getElementById('size') as HTMLSelectElement
    const terms = document.getElementById('terms') as HTMLInputElement
    const seen: string[] = []
    name.addEventListener('input', () => seen.push(`input ${name.value}`))
    size.addEventListener('change', () => seen.push(`change ${size.value}`))
    terms.addEventListener('click', () => seen.push(`click ${terms.checked}`))
    // The form library set the fields back to its defaults when it registered them.
    const early = holding([
      { field: name, value: 'Nino' },
      { field: size, value: '6-20' },
      { field: terms, value: 'on', checked: true },
    ])

    expect(replayEarlyInput(early)).toBe(3)
    // Each field is first reached by an input event that changes nothing (React hydrates it).
    expect(seen).toEqual(['input ', 'input Nino', 'change 6-20', 'click true'])
    expect([name.value, size.value, terms.checked]).toEqual(['Nino', '6-20', true])
  })

  it('does nothing where no page held input (the app shell, development)', () => {
    expect(replayEarlyInput(undefined)).toBe(0)
  })

  it('drops what was held when the markup is replaced instead of hydrated', () => {
    document.body.innerHTML = '<button id="menu" type="button">Menu</button>'
    const menu = document.getElementById('menu') as HTMLButtonElement
    const onClick = vi.fn()
    menu.addEventListener('click', onClick)
    const early = holding([{ control: menu }])
    discardEarlyInput(early)
    expect(early.release).toHaveBeenCalledTimes(1)
    expect(onClick).not.toHaveBeenCalled()
    expect(replayEarlyInput(early)).toBe(0)
  })
})

// A right-click on the painted page, before the app had it, got the browser's menu.
describe('a right-click before the app owns the page (UI-4)', () => {
  const BLOCKED = '<main data-blocks-developer-tools><h1 id="title">Welcome</h1></main>'

  it('is refused where the page says so, held, and asked of the app again once it is up', () => {
    const early = paintedPage(BLOCKED)
    const title = document.getElementById('title') as HTMLElement
    expect(rightClick(title).defaultPrevented).toBe(true)

    // The app's blocking listens on the window (features/auth/hooks/use-developer-tools-blocking).
    const asked: EventTarget[] = []
    const listener = (event: Event) => {
      asked.push(event.target as EventTarget)
      event.preventDefault()
    }
    window.addEventListener('contextmenu', listener, true)
    try {
      expect(replayEarlyInput(early)).toBe(1)
      expect(asked).toEqual([title])
      // Released: a right-click now is the app's alone (nothing more is held), asked once.
      rightClick(title)
      expect(early.release()).toEqual([])
      expect(asked).toEqual([title, title])
    } finally {
      window.removeEventListener('contextmenu', listener, true)
    }
  })

  it('is left alone for a signed-in visitor, or where the page blocks nothing', () => {
    localStorage.setItem('access_token', 'a.b.c')
    let early = paintedPage(BLOCKED)
    expect(rightClick(document.getElementById('title') as HTMLElement).defaultPrevented).toBe(false)
    expect(early.release()).toEqual([])

    localStorage.clear()
    early = paintedPage('<main><h1 id="title">Welcome</h1></main>')
    expect(rightClick(document.getElementById('title') as HTMLElement).defaultPrevented).toBe(false)
    expect(early.release()).toEqual([])
  })
})
