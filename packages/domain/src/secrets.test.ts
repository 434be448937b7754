import { describe, expect, it } from 'vitest'
import { createEventEntry, parseEventEntries } from './event-log'
import {
  isSecretName,
  isSecretParam,
  LOGGABLE_QUERY_PARAMS,
  loggableDetails,
  loggableUrl,
  REDACTED,
  redactSecretParams,
  redactSecrets,
  SECRET_NAMES,
} from './secrets'

const HASH = '0123456789abcdef0123456789abcdef01234567'
const TOKEN = 'act-7f3a9c2e'

describe('isSecretName', () => {
  it('knows the issue names and ignores case, `_` and `-`', () => {
    for (const name of ['hash', 'token', 'activate', 'refresh', 'access_token', 'password']) {
      expect(isSecretName(name)).toBe(true)
    }
    expect(isSecretName('AccessToken')).toBe(true)
    expect(isSecretName('refresh-token')).toBe(true)
    expect(isSecretName('NEW_PASSWORD')).toBe(true)
  })

  it('leaves harmless names alone', () => {
    for (const name of ['user', 'path', 'query', 'inquiry_type', 'auth', 'from', 'tokens_left']) {
      expect(isSecretName(name)).toBe(false)
    }
  })

  it('has no name both secret and loggable in a query', () => {
    expect(LOGGABLE_QUERY_PARAMS.filter(isSecretName)).toEqual([])
    expect(SECRET_NAMES.every(isSecretName)).toBe(true)
  })
})

describe('loggableUrl', () => {
  it('keeps the path of a reset link and of an activation link, not their secrets', () => {
    expect(loggableUrl(`https://site.example/reset-password?user=a%40b.co&hash=${HASH}`)).toBe(
      'https://site.example/reset-password',
    )
    expect(loggableUrl(`https://site.example/?activate=${TOKEN}`)).toBe('https://site.example/')
  })

  it('keeps only allow-listed query parameters, whatever the others are called', () => {
    expect(loggableUrl('/pricing?auth=login&utm=x&redirect=/technical?token=t')).toBe(
      '/pricing?auth=login',
    )
    expect(loggableUrl('/404?from=%2Fadmin&session=abc')).toBe('/404?from=%2Fadmin')
  })

  it('drops the fragment, a query written after it, and credentials', () => {
    expect(loggableUrl('https://site.example/docs#access_token=abc')).toBe(
      'https://site.example/docs',
    )
    expect(loggableUrl('/a#x?token=abc')).toBe('/a')
    expect(loggableUrl('/a?auth=register#token=abc')).toBe('/a?auth=register')
    expect(loggableUrl('https://me:secret@site.example/x')).toBe('https://site.example/x')
  })

  it('returns text that is no address as it is', () => {
    expect(loggableUrl('direct')).toBe('direct')
    expect(loggableUrl('')).toBe('')
  })
})

describe('loggableDetails', () => {
  it('leaves secret-named fields out and cleans address fields', () => {
    expect(
      loggableDetails({
        user: 'nino@example.com',
        hash: HASH,
        Token: TOKEN,
        refresh: 'r',
        path: `/?activate=${TOKEN}&auth=login`,
        referrer: `https://site.example/reset-password?hash=${HASH}`,
        query: 'what is ?token=',
      }),
    ).toEqual({
      user: 'nino@example.com',
      path: '/?auth=login',
      referrer: 'https://site.example/reset-password',
      query: 'what is ?token=',
    })
  })
})

describe('redactSecretParams', () => {
  it('replaces the values of secret query parameters anywhere in a text', () => {
    expect(
      redactSecretParams(`GET /__dev/sso?token=abc.def&refresh=xyz&token_valid_seconds=9`),
    ).toBe(`GET /__dev/sso?token=${REDACTED}&refresh=${REDACTED}&token_valid_seconds=9`)
    expect(redactSecretParams(`failed at /?ACTIVATE=${TOKEN} now`)).toBe(
      `failed at /?ACTIVATE=${REDACTED} now`,
    )
    expect(redactSecretParams('/api/health?x=1')).toBe('/api/health?x=1')
  })

  it('matches names as isSecretParam does: without case, `_` or `-`', () => {
    for (const name of [
      'Refresh-Token',
      'refreshtoken',
      'new_password',
      'API-KEY',
      'x%5Ftoken',
      'x%5Ftokens',
    ]) {
      const secret = isSecretParam(decodeURIComponent(name))
      expect(redactSecretParams(`/p?${name}=${TOKEN}&auth=login`)).toBe(
        `/p?${name}=${secret ? REDACTED : TOKEN}&auth=login`,
      )
    }
    expect(redactSecretParams(`/p?new_password=${TOKEN}`)).toBe(`/p?new_password=${REDACTED}`)
    expect(redactSecretParams(`/p?tokens=${TOKEN}`)).toBe(`/p?tokens=${TOKEN}`)
  })

  it("replaces a presigned URL's signature and session token, not its other parameters", () => {
    expect(
      redactSecretParams(
        `https://b.example/o?X-Amz-Expires=300&X-Amz-Signature=${HASH}&X-Amz-Security-Token=${TOKEN}&sig=${TOKEN}&X-Goog-Signature=${HASH}&client_secret=${TOKEN}`,
      ),
    ).toBe(
      `https://b.example/o?X-Amz-Expires=300&X-Amz-Signature=${REDACTED}&X-Amz-Security-Token=${REDACTED}&sig=${REDACTED}&X-Goog-Signature=${REDACTED}&client_secret=${REDACTED}`,
    )
    // The last word only: a parameter that merely starts with a secret's name is not one.
    expect(redactSecretParams(`/p?token_valid_seconds=9&hash_algorithm=sha256`)).toBe(
      `/p?token_valid_seconds=9&hash_algorithm=sha256`,
    )
  })

  it('finds secrets by value and by unusual query forms', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1In0.c2lnbmF0dXJl'
    expect(redactSecretParams(`/p?x=1;token=${TOKEN}`)).toBe(`/p?x=1;token=${REDACTED}`)
    expect(redactSecretParams(`/p?token[]=${TOKEN}&auth=login`)).toBe(
      `/p?token[]=${REDACTED}&auth=login`,
    )
    expect(redactSecretParams(`/p?user[password]=${TOKEN}`)).toBe(`/p?user[password]=${REDACTED}`)
    expect(redactSecretParams(`Authorization: Bearer ${TOKEN}`)).toBe(
      `Authorization: Bearer ${REDACTED}`,
    )
    expect(redactSecretParams(`got access_token=${TOKEN} and refresh_token: ${TOKEN} then`)).toBe(
      `got access_token=${REDACTED} and refresh_token: ${REDACTED} then`,
    )
    expect(redactSecretParams(`{"refresh_token": "${TOKEN}", "n": 1}`)).toBe(
      `{"refresh_token": "${REDACTED}", "n": 1}`,
    )
    expect(redactSecretParams(`path /sso/${jwt}/x`)).toBe(`path /sso/${REDACTED}/x`)
    expect(redactSecretParams('expires_in: 900, user: u, /reset-password ok')).toBe(
      'expires_in: 900, user: u, /reset-password ok',
    )
  })

  it('finds a secret that opens the text, or is written with spaces around its = or :', () => {
    expect(redactSecretParams(`access_token=${TOKEN} expired`)).toBe(
      `access_token=${REDACTED} expired`,
    )
    expect(redactSecretParams(`got refresh_token = ${TOKEN} and "token" : "${TOKEN}"`)).toBe(
      `got refresh_token = ${REDACTED} and "token" : "${REDACTED}"`,
    )
  })

  it('replaces credentials however much space follows their scheme', () => {
    expect(redactSecretParams(`Authorization: Bearer  ${TOKEN}`)).toBe(
      `Authorization: Bearer  ${REDACTED}`,
    )
    expect(redactSecretParams(`Basic\t${TOKEN}`)).toBe(`Basic\t${REDACTED}`)
  })

  it('leaves a parameter whose name is a broken escape as it is, and does not fail on it', () => {
    expect(redactSecretParams(`/p?%E0%A4%A=${TOKEN}&token=${TOKEN}`)).toBe(
      `/p?%E0%A4%A=${TOKEN}&token=${REDACTED}`,
    )
  })
})

describe('redactSecrets', () => {
  it('replaces secret fields at any depth and secret parameters inside texts', () => {
    expect(
      redactSecrets({
        url: `https://site.example/?activate=${TOKEN}`,
        details: { token: TOKEN, user: 'u', nested: [{ hash: HASH }] },
        count: 3,
      }),
    ).toEqual({
      url: `https://site.example/?activate=${REDACTED}`,
      details: { token: REDACTED, user: 'u', nested: [{ hash: REDACTED }] },
      count: 3,
    })
  })
})

describe('event entries carry no secrets', () => {
  const base = { type: 'page_view' as const, id: 'evt-1', now: 0, userAgent: 'UA' }

  it('createEventEntry cleans the address and the details', () => {
    const entry = createEventEntry({
      ...base,
      url: `https://site.example/reset-password?user=u&hash=${HASH}`,
      details: { path: `/?activate=${TOKEN}`, hash: HASH },
    })
    expect(entry.url).toBe('https://site.example/reset-password')
    expect(entry.details).toEqual({ path: '/' })
    expect(JSON.stringify(entry)).not.toMatch(new RegExp(`${HASH}|${TOKEN}`))
  })

  it('parseEventEntries cleans entries stored before the rule', () => {
    const stored = {
      ...base,
      timestamp: '1970-01-01T00:00:00.000Z',
      url: `https://site.example/?activate=${TOKEN}`,
      details: { token: TOKEN, user: 'u' },
    }
    expect(parseEventEntries([stored])).toEqual([
      { ...stored, url: 'https://site.example/', details: { user: 'u' } },
    ])
  })
})

describe('loggable addresses and records, edge rules', () => {
  it('keeps every allowed parameter, joined as written', () => {
    expect(loggableUrl('/404?from=%2Fadmin&hash=h&auth=login')).toBe(
      '/404?from=%2Fadmin&auth=login',
    )
  })

  it('reads a ? after the fragment as part of the fragment, allowed names included', () => {
    expect(loggableUrl('/a#x?auth=login')).toBe('/a')
  })

  it('reads parameter names form-encoded: a + is a space, so "auth+" is not "auth"', () => {
    expect(loggableUrl('/a?auth+=login')).toBe('/a')
  })

  it('drops a parameter whose name is a broken escape, and does not fail on it', () => {
    expect(loggableUrl('/a?%E0%A4%A=x&auth=login')).toBe('/a?auth=login')
  })

  it("drops only the address's own user:password, not text a path holds", () => {
    expect(loggableUrl('/go/https://me@site.example/x')).toBe('/go/https://me@site.example/x')
  })

  it('returns a word without a query as it is, even one the allow-list names', () => {
    expect(loggableUrl('from')).toBe('from')
  })

  it('keeps a value of an address field that is no text as it is', () => {
    expect(loggableDetails({ path: null, url: 3, referrer: false })).toEqual({
      path: null,
      url: 3,
      referrer: false,
    })
  })

  it('writes [redacted] in place of a secret and keeps empty and plain values', () => {
    expect(redactSecrets({ hash: HASH, note: null, flags: [true, 0, null] })).toEqual({
      hash: '[redacted]',
      note: null,
      flags: [true, 0, null],
    })
  })
})
