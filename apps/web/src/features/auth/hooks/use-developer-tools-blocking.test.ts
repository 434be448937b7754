import { describe, expect, it } from 'vitest'
import { isDeveloperToolsShortcut } from './use-developer-tools-blocking'

const press = (
  key: string,
  code: string,
  modifiers: { ctrl?: boolean; meta?: boolean; shift?: boolean; alt?: boolean } = {},
) => ({
  key,
  code,
  ctrlKey: modifiers.ctrl ?? false,
  metaKey: modifiers.meta ?? false,
  shiftKey: modifiers.shift ?? false,
  altKey: modifiers.alt ?? false,
})

describe('isDeveloperToolsShortcut: the developer-tool keys and view-source shortcuts (UI-4)', () => {
  it.each([
    ['F12', press('F12', 'F12')],
    ['Ctrl+Shift+I', press('I', 'KeyI', { ctrl: true, shift: true })],
    ['Ctrl+Shift+J', press('J', 'KeyJ', { ctrl: true, shift: true })],
    ['Ctrl+Shift+C', press('C', 'KeyC', { ctrl: true, shift: true })],
    ['Ctrl+U', press('u', 'KeyU', { ctrl: true })],
    ['Cmd+U', press('u', 'KeyU', { meta: true })],
    // macOS: Option changes the character, so only the physical key tells.
    ['Cmd+Option+I', press('ˆ', 'KeyI', { meta: true, alt: true })],
    ['Cmd+Option+J', press('∆', 'KeyJ', { meta: true, alt: true })],
    ['Cmd+Option+C', press('ç', 'KeyC', { meta: true, alt: true })],
    ['Cmd+Option+U (view source)', press('¨', 'KeyU', { meta: true, alt: true })],
    [
      'Cmd+Option+I with a layout that keeps the letter',
      press('i', 'KeyI', { meta: true, alt: true }),
    ],
  ])('blocks %s', (_name, event) => {
    expect(isDeveloperToolsShortcut(event)).toBe(true)
  })

  it.each([
    ['I alone', press('i', 'KeyI')],
    ['Ctrl+I', press('i', 'KeyI', { ctrl: true })],
    ['Ctrl+C (copy)', press('c', 'KeyC', { ctrl: true })],
    ['Cmd+C (copy)', press('c', 'KeyC', { meta: true })],
    ['Option+I (a typed character)', press('ˆ', 'KeyI', { alt: true })],
    ['Ctrl+Option+I', press('i', 'KeyI', { ctrl: true, alt: true })],
    ['Cmd+Option+K', press('˚', 'KeyK', { meta: true, alt: true })],
    ['Ctrl+Shift+U', press('U', 'KeyU', { ctrl: true, shift: true })],
  ])('lets %s through', (_name, event) => {
    expect(isDeveloperToolsShortcut(event)).toBe(false)
  })
})
