import { describe, expect, it } from 'vitest'
import {
  greetingName,
  refreshDelayMs,
  STORAGE_KEYS,
  singleSignOnUrl,
  tokenExpiresAt,
  tokensIssuedAt,
} from './session'

describe('token refresh timing', () => {
  // SESSION-4: 30 s before the validity ends.
  it('refreshes 30 s before the token ends', () => {
    expect(tokenExpiresAt(3600, 1_000)).toBe(3_601_000)
    expect(refreshDelayMs(3600, 0, 0)).toBe(3_570_000)
    expect(refreshDelayMs(3600, 0, 1_000_000)).toBe(2_570_000)
  })

  it('refreshes at once when the token is expired or inside the last 30 s', () => {
    expect(refreshDelayMs(60, 0, 30_000)).toBe(0)
    expect(refreshDelayMs(60, 0, 45_000)).toBe(0)
    expect(refreshDelayMs(60, 0, 120_000)).toBe(0)
    expect(refreshDelayMs(60, 0, 29_999)).toBe(1)
  })

  it('refreshes at once when the validity is unusable', () => {
    expect(refreshDelayMs(Number.NaN, 0, 0)).toBe(0)
  })
})

describe('tokensIssuedAt', () => {
  it('prefers the moment the browser received the tokens', () => {
    expect(tokensIssuedAt('1700000000500', 1_600_000_000)).toBe(1_700_000_000_500)
  })

  it("falls back to the token's iat (seconds) when the receipt time is missing or unreadable", () => {
    expect(tokensIssuedAt(null, 1_600_000_000)).toBe(1_600_000_000_000)
    for (const unreadable of ['', ' ', 'soon', '-5', '0', 'Infinity']) {
      expect(tokensIssuedAt(unreadable, 1_600_000_000), unreadable).toBe(1_600_000_000_000)
    }
  })

  it('answers null (refresh now) when neither is usable', () => {
    for (const claim of [undefined, null, '1600000000', Number.NaN, 0, -1]) {
      expect(tokensIssuedAt(null, claim)).toBeNull()
    }
  })
})

describe('storage keys', () => {
  it('are distinct, so no two values overwrite each other', () => {
    const keys = Object.values(STORAGE_KEYS)
    expect(new Set(keys).size).toBe(keys.length)
  })
})

describe('singleSignOnUrl', () => {
  it('adds token, refresh and token_valid_seconds, URL-encoded', () => {
    expect(
      singleSignOnUrl('https://admin.example/sso', {
        accessToken: 'a.b+c/d=',
        refreshToken: 'r&1',
        tokenValidSeconds: 900,
      }),
    ).toBe('https://admin.example/sso?token=a.b%2Bc%2Fd%3D&refresh=r%261&token_valid_seconds=900')
  })

  it('sends an empty refresh when there is none', () => {
    expect(
      singleSignOnUrl('https://admin.example/', {
        accessToken: 't',
        refreshToken: null,
        tokenValidSeconds: '60',
      }),
    ).toBe('https://admin.example/?token=t&refresh=&token_valid_seconds=60')
  })

  it('keeps an existing query and fragment in place', () => {
    expect(
      singleSignOnUrl('https://admin.example/in?lang=ka#top', {
        accessToken: 't',
        refreshToken: 'r',
        tokenValidSeconds: 1,
      }),
    ).toBe('https://admin.example/in?lang=ka&token=t&refresh=r&token_valid_seconds=1#top')
  })

  it('gives nothing without an access token', () => {
    const tokens = { accessToken: '', refreshToken: 'r', tokenValidSeconds: 1 }
    expect(singleSignOnUrl('https://admin.example/', tokens)).toBeNull()
    expect(singleSignOnUrl('https://admin.example/', { ...tokens, accessToken: null })).toBeNull()
  })
})

describe('greetingName', () => {
  it('greets by name, else e-mail, else leaves it to the word User', () => {
    expect(greetingName({ name: 'Nino', email: 'nino@example.ge' })).toBe('Nino')
    expect(greetingName({ name: '  ', email: 'nino@example.ge' })).toBe('nino@example.ge')
    expect(greetingName({ name: null, email: null })).toBeNull()
    expect(greetingName(null)).toBeNull()
  })
})

describe('session edge rules', () => {
  it('ignores an iat claim that is no finite number of seconds', () => {
    expect(tokensIssuedAt(null, Number.POSITIVE_INFINITY)).toBeNull()
  })

  it('sends an empty token_valid_seconds when the validity is unknown', () => {
    for (const tokenValidSeconds of [null, undefined]) {
      expect(
        singleSignOnUrl('https://admin.example/', {
          accessToken: 't',
          refreshToken: 'r',
          tokenValidSeconds,
        }),
      ).toBe('https://admin.example/?token=t&refresh=r&token_valid_seconds=')
    }
  })

  it('adds no second separator to an address whose query ends in ? or &', () => {
    const tokens = { accessToken: 't', refreshToken: 'r', tokenValidSeconds: 1 }
    expect(singleSignOnUrl('https://admin.example/sso?', tokens)).toBe(
      'https://admin.example/sso?token=t&refresh=r&token_valid_seconds=1',
    )
    expect(singleSignOnUrl('https://admin.example/sso?lang=ka&', tokens)).toBe(
      'https://admin.example/sso?lang=ka&token=t&refresh=r&token_valid_seconds=1',
    )
    expect(singleSignOnUrl('https://admin.example/sso&x', tokens)).toBe(
      'https://admin.example/sso&x?token=t&refresh=r&token_valid_seconds=1',
    )
  })

  it('greets by the trimmed e-mail, and a blank e-mail counts as none', () => {
    expect(greetingName({ name: null, email: ' nino@example.ge ' })).toBe('nino@example.ge')
    expect(greetingName({ name: '', email: '  ' })).toBeNull()
  })
})
