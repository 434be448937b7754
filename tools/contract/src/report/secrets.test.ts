import { afterEach, describe, expect, it, vi } from 'vitest'
import { say, warn } from '../cli/terminal'
import { redactRequest, redactText } from './redact'
import { curlCommand } from './reproducer'
import { forgetSecrets, rememberSecret, rememberUrlCredentials, withoutSecrets } from './secrets'

afterEach(() => {
  forgetSecrets()
})

describe('secrets known by value (security review 2, finding 5)', () => {
  it('are redacted wherever they turn up in a text, the longest first', () => {
    rememberSecret('S3cret-Pass!')
    rememberUrlCredentials('http://admin:p%40ss-w0rd@catcher.example:1080')
    expect(withoutSecrets('401: bad password "S3cret-Pass!" for you')).toBe(
      '401: bad password "[redacted]" for you',
    )
    // The URL's password, encoded or not, and its user:password pair.
    expect(withoutSecrets('http://admin:p%40ss-w0rd@catcher.example:1080')).toBe(
      'http://[redacted]@catcher.example:1080',
    )
    expect(withoutSecrets('echo p@ss-w0rd')).toBe('echo [redacted]')
    expect(redactText('{"message":"echo S3cret-Pass!"}')).toBe('{"message":"echo [redacted]"}')
  })

  it('leave short values alone: no secret the toolkit is given is under four characters', () => {
    rememberSecret('abc')
    expect(withoutSecrets('abc def')).toBe('abc def')
  })

  it('become the shell variable they came from in a reproducer, and [redacted] in its text', () => {
    rememberSecret('session-token-from-env', 'STUB_SESSION')
    rememberSecret('Echoed-Pass-1')
    const request = redactRequest({
      method: 'POST',
      url: 'http://127.0.0.1:4010/api/contact',
      headers: { 'x-stub-session': 'session-token-from-env', 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'I typed Echoed-Pass-1 here' }),
    })
    expect(request.headers['x-stub-session']).toBe('$STUB_SESSION')
    const curl = curlCommand(request)
    expect(curl).toContain(`-H 'x-stub-session: '"$STUB_SESSION"`)
    expect(curl).not.toContain('session-token-from-env')
    expect(curl).not.toContain('Echoed-Pass-1')
    expect(curl).toContain('I typed [redacted] here')
  })

  it('never reach the terminal, whichever line prints them', () => {
    rememberSecret('Printed-Pass-2')
    const lines: string[] = []
    const log = vi.spyOn(console, 'log').mockImplementation((line) => lines.push(String(line)))
    const error = vi.spyOn(console, 'error').mockImplementation((line) => lines.push(String(line)))
    try {
      say('the server said: wrong password Printed-Pass-2')
      warn('devenv-contract: fuzz: %s', 'Printed-Pass-2 refused')
    } finally {
      log.mockRestore()
      error.mockRestore()
    }
    expect(lines).toEqual([
      'the server said: wrong password [redacted]',
      'devenv-contract: fuzz: [redacted] refused',
    ])
  })
})
