import { describe, expect, it } from 'vitest'
import { redactUrl } from './redaction'

describe('redactUrl', () => {
  it('hides the values of token, refresh and hash query parameters only', () => {
    expect(redactUrl('/__dev/sso?token=abc.def&refresh=xyz&token_valid_seconds=900')).toBe(
      '/__dev/sso?token=[redacted]&refresh=[redacted]&token_valid_seconds=900',
    )
    expect(redactUrl('/reset-password?user=a%40b.co&hash=0123abcd')).toBe(
      '/reset-password?user=a%40b.co&hash=[redacted]',
    )
    expect(redactUrl('/api/health')).toBe('/api/health')
  })
})
