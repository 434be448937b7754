import { afterEach, describe, expect, it, vi } from 'vitest'
import { forgetSecrets, rememberSecret } from '../report/secrets'
import { say, sayLines, warnLines } from './terminal'

/** What `print` wrote to console.log and console.error, a string per call. */
function printed(print: () => void): { out: string[]; err: string[] } {
  const out: string[] = []
  const err: string[] = []
  const log = vi.spyOn(console, 'log').mockImplementation((text) => out.push(String(text)))
  const error = vi.spyOn(console, 'error').mockImplementation((text) => err.push(String(text)))
  try {
    print()
  } finally {
    log.mockRestore()
    error.mockRestore()
  }
  return { out, err }
}

afterEach(() => forgetSecrets())

describe('the terminal, the one way out of the CLI', () => {
  it('shows a GitHub Actions workflow command as text, at a line start after blanks too', () => {
    const { out } = printed(() =>
      say('::error::forged\n  ::add-mask::x\nkept :: in a line\nold ##[error]form'),
    )
    expect(out).toEqual([
      '\\x3a:error::forged\n  \\x3a:add-mask::x\nkept :: in a line\nold \\x23#[error]form',
    ])
  })

  it('prints each of sayLines and warnLines on one line, whatever it holds', () => {
    const { out, err } = printed(() => {
      sayLines(['first', 'a name\n::error::forged\r\u001b[2K'])
      warnLines(['x\ny'])
    })
    expect(out).toEqual(['first\na name\\x0a::error::forged\\x0d\\x1b[2K'])
    expect(err).toEqual(['x\\x0ay'])
  })

  it('prints no secret the run knows', () => {
    rememberSecret('sig-39-known')
    expect(printed(() => sayLines(['?X-Amz-Signature=sig-39-known'])).out).toEqual([
      '?X-Amz-Signature=[redacted]',
    ])
  })
})
