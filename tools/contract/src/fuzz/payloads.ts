import { isUtf8 } from 'node:buffer'
import { isPlainObject } from '@devenv/openapi'
import { INVALID_UTF8 } from './raw-json'

/** Content types of a JSON body that the contract's `application/json` covers. */
export const JSON_CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json;charset=UTF-8',
  'Application/JSON',
] as const

/** Content types the contract does not document for any request (415, or 400 where 415 is not documented). */
export const WRONG_CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=fuzz',
  'application/xml',
  'text/json',
  'application/json-patch+json',
  'application/vnd.api+json',
  'application/jsonx',
  'application/octet-stream',
] as const

/**
 * Whole-body forms that no schema describes: JSON cut short or followed by junk, a byte order
 * mark, bytes that are not UTF-8, nothing, whitespace, deep nesting, more than 1 MiB, random text,
 * prototype keys, a JSON body under the wrong content type or none.
 */
export const PAYLOAD_FORMS = [
  'cut-short',
  'trailing-junk',
  'byte-order-mark',
  'invalid-utf8',
  'empty',
  'whitespace',
  'unicode-whitespace',
  'deep-nesting',
  'over-1-mib',
  'random-text',
  'prototype-keys',
  'wrong-content-type',
  'no-content-type',
] as const

export type PayloadForm = (typeof PAYLOAD_FORMS)[number]

export type PayloadCase = {
  form: PayloadForm
  /** A position in the serialized body, 0..1, for cuts and insertions. */
  fraction: number
  /** Random text for junk and random bodies. */
  text: string
  /** Which invalid UTF-8 sequence, which wrong content type, how deep, how large. */
  choice: number
}

/** Turns a valid body's bytes into the payload form; answers the bytes and the content type. */
export function shapePayload(
  form: PayloadForm,
  valid: Buffer,
  payload: PayloadCase,
): { bytes: Buffer; contentType: string | undefined } {
  const json = 'application/json'
  const at = Math.min(valid.length - 1, Math.floor(payload.fraction * valid.length))
  switch (form) {
    case 'cut-short':
      return { bytes: valid.subarray(0, Math.max(1, at)), contentType: json }
    case 'trailing-junk':
      return {
        bytes: Buffer.concat([valid, Buffer.from(` ${payload.text || '}'}`)]),
        contentType: json,
      }
    case 'byte-order-mark':
      return { bytes: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), valid]), contentType: json }
    case 'invalid-utf8': {
      const sequence = INVALID_UTF8[payload.choice % INVALID_UTF8.length]?.bytes ?? [0xff]
      return {
        bytes: Buffer.concat([valid.subarray(0, at), Buffer.from(sequence), valid.subarray(at)]),
        contentType: json,
      }
    }
    case 'empty':
      return { bytes: Buffer.alloc(0), contentType: json }
    case 'whitespace':
      return {
        bytes: Buffer.from([' ', '\n', '\t', '\r\n', '  \n '][payload.choice % 5] ?? ' '),
        contentType: json,
      }
    case 'unicode-whitespace':
      // Whitespace to JavaScript's trim(), not to JSON: no JSON text.
      return {
        bytes: Buffer.from(
          ['\u00a0', '\u2028', '\u3000', '\u00a0{}'][payload.choice % 4] ?? '\u00a0',
        ),
        contentType: json,
      }
    case 'deep-nesting': {
      const depth = [64, 1_000, 50_000][payload.choice % 3] ?? 64
      return { bytes: Buffer.from(`${'['.repeat(depth)}${']'.repeat(depth)}`), contentType: json }
    }
    case 'over-1-mib': {
      const size = 1024 * 1024 + 1 + (payload.choice % 4) * 100_000
      return { bytes: Buffer.from(`{"padding":"${'a'.repeat(size)}"}`), contentType: json }
    }
    case 'random-text':
      return { bytes: Buffer.from(payload.text), contentType: json }
    case 'prototype-keys': {
      const text = valid.toString('utf8')
      const poison =
        payload.choice % 2 === 0
          ? '"__proto__":{"polluted":"yes"}'
          : '"constructor":{"prototype":{"polluted":"yes"}}'
      const body = text.startsWith('{')
        ? `{${poison}${text === '{}' ? '' : ','}${text.slice(1)}`
        : `{${poison}}`
      return { bytes: Buffer.from(body), contentType: json }
    }
    case 'wrong-content-type':
      return {
        bytes: valid,
        contentType: WRONG_CONTENT_TYPES[payload.choice % WRONG_CONTENT_TYPES.length],
      }
    case 'no-content-type':
      return { bytes: valid, contentType: undefined }
  }
}

/**
 * Whether a request body lies outside what the contract claims, so that accepting it and refusing
 * it are both right. An operation that documents no body may ignore one (valid HTTP) or refuse it
 * as malformed; JSON whitespace is no JSON text, so where the body is optional a server may read it
 * as none or refuse it ("without a body" means none); RFC 8259 §8.1 lets a parser refuse a byte
 * order mark, and the contract is silent on it.
 */
export function isBodyOutsideContract(
  operation: { bodySchemaPointer: string | undefined; requestBodyRequired: boolean },
  bytes: Buffer | undefined,
  form: PayloadForm | undefined,
): boolean {
  if (bytes === undefined || bytes.length === 0) return false
  if (operation.bodySchemaPointer === undefined) return true
  if (!operation.requestBodyRequired && JSON_WHITESPACE.test(bytes.toString('latin1'))) return true
  return form === 'byte-order-mark'
}

/** What a request body is, read as the contract reads it (not as the stub happens to). */
export type Interpreted =
  | { kind: 'absent' }
  | { kind: 'json'; value: unknown }
  /** Not a JSON text: malformed, cut short, not UTF-8. */
  | { kind: 'unreadable'; reason: string }
  /** A content type the contract does not document. */
  | { kind: 'unsupported'; reason: string }
  /** Valid JSON with a prototype key (`__proto__`, `constructor.prototype`). */
  | { kind: 'hostile'; value: unknown }

const JSON_WHITESPACE = /^[ \t\r\n]*$/

function hasPrototypeKey(value: unknown): boolean {
  const stack: unknown[] = [value]
  while (stack.length > 0) {
    const current = stack.pop()
    if (Array.isArray(current)) stack.push(...current)
    else if (isPlainObject(current)) {
      if (Object.hasOwn(current, '__proto__')) return true
      const maker = current.constructor
      if (
        Object.hasOwn(current, 'constructor') &&
        isPlainObject(maker) &&
        Object.hasOwn(maker, 'prototype')
      )
        return true
      stack.push(...Object.values(current))
    }
  }
  return false
}

/**
 * The body per RFC 8259 and the contract: `application/json` (any case, any charset parameter
 * naming UTF-8), strictly UTF-8, a leading byte order mark ignored, an empty body meaning none.
 */
export function interpretBody(
  bytes: Buffer | undefined,
  contentType: string | undefined,
): Interpreted {
  if (bytes === undefined || (bytes.length === 0 && contentType === undefined))
    return { kind: 'absent' }
  if (contentType === undefined)
    return { kind: 'unsupported', reason: 'a body without a content type' }
  const [media = '', ...parameters] = contentType
    .split(';')
    .map((part) => part.trim().toLowerCase())
  if (media !== 'application/json')
    return { kind: 'unsupported', reason: `content type ${contentType}` }
  const charset = parameters.find((parameter) => parameter.startsWith('charset='))
  if (charset !== undefined && charset !== 'charset=utf-8')
    return { kind: 'unsupported', reason: charset }
  if (!isUtf8(bytes)) return { kind: 'unreadable', reason: 'not UTF-8' }
  let text = bytes.toString('utf8')
  if (text.startsWith('\ufeff')) text = text.slice(1)
  if (JSON_WHITESPACE.test(text)) return { kind: 'absent' }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return { kind: 'unreadable', reason: 'not JSON' }
  }
  // JSON.parse makes __proto__ an own property: it never pollutes, but it is what attacks look like.
  return hasPrototypeKey(value) ? { kind: 'hostile', value } : { kind: 'json', value }
}
