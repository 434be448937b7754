import { loadContract } from '@devenv/openapi'
import { describe, expect, it } from 'vitest'
import {
  interpretBody,
  isBodyOutsideContract,
  PAYLOAD_FORMS,
  type PayloadForm,
  shapePayload,
} from './payloads'
import { deepNesting, describeBody, invalidUtf8String, RawJson, serialize } from './raw-json'

const json = 'application/json'
const VALID = Buffer.from('{"email":"nino.beridze@example.com","password":"Tbilisi-Sunrise-2025"}')

describe('reading a body as the contract reads it', () => {
  it.each([
    ['no body at all', undefined, undefined, 'absent'],
    ['an empty JSON body', Buffer.alloc(0), json, 'absent'],
    ['JSON whitespace', Buffer.from(' \r\n\t'), json, 'absent'],
    ['a byte order mark and nothing', Buffer.from('\ufeff'), json, 'absent'],
    ['U+00A0, whitespace to trim() only', Buffer.from('\u00a0'), json, 'unreadable'],
    ['a Latin-1 byte', Buffer.from([0x7b, 0x22, 0xe9, 0x22, 0x7d]), json, 'unreadable'],
    ['JSON cut short', Buffer.from('{"a":'), json, 'unreadable'],
    ['JSON with a charset', VALID, 'application/json; charset=UTF-8', 'json'],
    ['JSON in another case', VALID, 'Application/JSON', 'json'],
    [
      'JSON with a byte order mark',
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), VALID]),
      json,
      'json',
    ],
    ['JSON as text/plain', VALID, 'text/plain', 'unsupported'],
    ['JSON in Latin-1', VALID, 'application/json; charset=iso-8859-1', 'unsupported'],
    ['JSON without a content type', VALID, undefined, 'unsupported'],
    ['a __proto__ key', Buffer.from('{"a":{"__proto__":{"x":1}}}'), json, 'hostile'],
    [
      'constructor.prototype',
      Buffer.from('{"constructor":{"prototype":{"x":1}}}'),
      json,
      'hostile',
    ],
    ['a constructor field that is a string', Buffer.from('{"constructor":"x"}'), json, 'json'],
  ])('%s is %s', (_what, bytes, contentType, kind) => {
    expect(interpretBody(bytes, contentType).kind).toBe(kind)
  })
})

describe('payload forms', () => {
  const expected: Record<PayloadForm, string> = {
    'cut-short': 'unreadable',
    'trailing-junk': 'unreadable',
    'byte-order-mark': 'json',
    'invalid-utf8': 'unreadable',
    empty: 'absent',
    whitespace: 'absent',
    'unicode-whitespace': 'unreadable',
    'deep-nesting': 'json',
    'over-1-mib': 'json',
    'random-text': 'unreadable',
    'prototype-keys': 'hostile',
    'wrong-content-type': 'unsupported',
    'no-content-type': 'unsupported',
  }
  it.each(PAYLOAD_FORMS)('%s reads as the form promises', (form) => {
    const { bytes, contentType } = shapePayload(form, VALID, {
      form,
      fraction: 0.5,
      text: 'x',
      choice: 1,
    })
    expect(interpretBody(bytes, contentType).kind).toBe(expected[form])
  })

  it('makes a body over 1 MiB, the contract’s limit', () => {
    const { bytes } = shapePayload('over-1-mib', VALID, {
      form: 'over-1-mib',
      fraction: 0,
      text: '',
      choice: 0,
    })
    expect(bytes.length).toBeGreaterThan(1024 * 1024)
  })
})

describe('raw parts of a body', () => {
  it('splices deep nesting and non-UTF-8 bytes where they stand, and describes them briefly', () => {
    const body = { a: deepNesting(3, 'array'), b: invalidUtf8String(0, 'x', 'y'), c: 'plain' }
    const bytes = serialize(body)
    expect(bytes.toString('latin1')).toBe('{"a":[[[1]]],"b":"x\u0080y","c":"plain"}')
    expect(describeBody(body)).toBe(
      '{"a":"<arrays nested 3 deep>","b":"<string with lone continuation byte>","c":"plain"}',
    )
  })

  it('makes raw parts only when sent', () => {
    let made = 0
    const lazy = new RawJson('counted', () => {
      made += 1
      return Buffer.from('1')
    })
    describeBody({ lazy })
    expect(made).toBe(0)
    expect(serialize({ lazy }).toString()).toBe('{"lazy":1}')
    expect(made).toBe(1)
  })
})

// False alarms a real server's fuzz run raised: the contract makes no claim about these bodies, so
// the run must make none either (a 400 and a 2xx are both right).
describe('bodies the contract makes no claim about', () => {
  const contract = loadContract()
  const operation = (id: string) => {
    const found = contract.byId.get(id)
    if (!found) throw new Error(id)
    return found
  }
  it.each([
    [
      'JSON behind a byte order mark (RFC 8259 lets a parser refuse it)',
      'submitContact',
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), VALID]),
      'byte-order-mark',
    ],
    ['a space to signOut, which documents no body', 'signOut', Buffer.from(' '), 'whitespace'],
    [
      'a JSON array to deleteEnvironment, a DELETE without a body',
      'deleteEnvironment',
      Buffer.from('[]'),
      undefined,
    ],
  ] as const)('%s', (_case, operationId, bytes, form) => {
    expect(isBodyOutsideContract(operation(operationId), bytes, form)).toBe(true)
  })

  it.each([
    ['a schema-valid body where one is documented', 'signIn', VALID, undefined],
    ['JSON cut short where a body is documented', 'signIn', VALID.subarray(0, 9), 'cut-short'],
    ['no body where none is documented', 'deleteEnvironment', undefined, undefined],
    ['an empty body where none is documented', 'signOut', Buffer.alloc(0), 'empty'],
  ] as const)('but %s is judged', (_case, operationId, bytes, form) => {
    expect(isBodyOutsideContract(operation(operationId), bytes, form)).toBe(false)
  })
})
