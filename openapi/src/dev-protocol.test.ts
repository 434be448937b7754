import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import {
  parsePrefer,
  preferHeader,
  SEEDED_ACCOUNTS,
  STUB_SESSION_COOKIE,
  STUB_SESSION_HEADER,
  STUB_SESSION_ID,
  STUB_SESSION_QUERY,
} from './dev-protocol'
import { DEV_PROTOCOL_DOCUMENT_URL } from './document-file'

type Parameter = { name: string; in: string; schema: { pattern: string } }
const document = parse(readFileSync(DEV_PROTOCOL_DOCUMENT_URL, 'utf8')) as {
  info: { description: string }
  components: { parameters: Record<string, Parameter> }
}

describe('the development protocol, as its constants say it', () => {
  it('names the stub session as the document does: header, query and the ids it takes', () => {
    const { StubSession, StubSessionQuery } = document.components.parameters
    expect(StubSession).toMatchObject({ in: 'header' })
    expect(StubSession?.name.toLowerCase()).toBe(STUB_SESSION_HEADER)
    expect(StubSessionQuery).toMatchObject({ in: 'query', name: STUB_SESSION_QUERY })
    expect(StubSession?.schema.pattern).toBe(STUB_SESSION_ID.source)
    expect(document.info.description).toContain(`\`${STUB_SESSION_COOKIE}\` cookie`)
  })

  it('documents each seeded account with its password', () => {
    for (const account of SEEDED_ACCOUNTS)
      expect(document.info.description).toContain(`\`${account.email}\` / \`${account.password}\``)
  })

  it('reads Prefer as Prism writes it, and writes what it reads', () => {
    expect(parsePrefer('delay=1500, code=500')).toEqual({ delayMs: 1500, code: 500 })
    expect(parsePrefer(['code=429', 'reset'])).toEqual({ code: 429, reset: true })
    expect(parsePrefer('delay=99999999; code=5000')).toEqual({ delayMs: 30_000 })
    const asked = { delayMs: 800, code: 503, reset: true }
    expect(parsePrefer(preferHeader(asked))).toEqual(asked)
  })
})
