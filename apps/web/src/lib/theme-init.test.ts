import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'

// The inline script of index.html, run as the browser runs it before first paint.
const html = readFileSync(join(__dirname, '..', '..', 'index.html'), 'utf8')
const source = html.match(/<script>([\s\S]*?)<\/script>/)?.[1] ?? ''

function runThemeScript(prefersDark: boolean): string | undefined {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: prefersDark && query.includes('dark'),
  }))
  delete document.documentElement.dataset.theme
  new Function(source)()
  return document.documentElement.dataset.theme
}

afterEach(() => {
  vi.unstubAllGlobals()
  localStorage.clear()
})

describe('theme init script', () => {
  it('exists inline in index.html (its hash goes into the CSP)', () => {
    expect(source).toContain('preferred-theme')
  })

  it('follows the browser preference when nothing is stored (UI-2)', () => {
    expect(runThemeScript(true)).toBe('dark')
    expect(runThemeScript(false)).toBe('light')
  })

  it('a choice kept under preferred-theme wins over the preference (UI-2)', () => {
    localStorage.setItem('preferred-theme', 'light')
    expect(runThemeScript(true)).toBe('light')
    localStorage.setItem('preferred-theme', 'dark')
    expect(runThemeScript(false)).toBe('dark')
  })

  it('ignores a stored value that is not a theme', () => {
    localStorage.setItem('preferred-theme', 'purple')
    expect(runThemeScript(false)).toBe('light')
  })

  it('falls back to light when storage throws', () => {
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('denied')
      },
    })
    expect(runThemeScript(true)).toBe('light')
  })
})
