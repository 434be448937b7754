import { isJsonObject } from '@devenv/openapi'
import type { Diff } from 'api-smart-diff'
import type { ChangeRuleId } from './change-rules'
import { schemaChange } from './schema-changes'
import {
  ANNOTATIONS,
  type DiffContext,
  isExtension,
  type Judged,
  type Segment,
  type Side,
  valuesAt,
} from './structural-place'

// The messages of an operation: its parameters, its request body and its responses (with their
// media types and headers). The schemas in them are judged by schema-changes.ts.

/** A keyword of a part that no rule of the part judges: an extension, an annotation, or `other`. */
function keywordChange(part: string, key: Segment | undefined, other: ChangeRuleId): Judged {
  const keyword = String(key)
  if (isExtension(key)) return { rule: 'extension-changed', place: { part, keyword } }
  return { rule: ANNOTATIONS.has(keyword) ? 'annotation-changed' : other, place: { part, keyword } }
}

/** The parameter's `in` and name, from the value before or after (api-smart-diff resolved it). */
function parameterPart(diff: Diff, rest: Segment[], context: DiffContext): string {
  const at = (diff.path as Segment[]).slice(0, diff.path.length - rest.length + 1)
  const around = valuesAt(context, at)
  const value = rest.length === 1 ? (diff.after ?? diff.before) : (around.before ?? around.after)
  if (isJsonObject(value) && typeof value.name === 'string')
    return `parameter ${String(value.in ?? '')} "${value.name}"`.replace('  ', ' ')
  return `parameter #${String(rest[0])}`
}

export function parameterChange(diff: Diff, rest: Segment[], context: DiffContext): Judged {
  if (rest.length === 0) {
    // The whole list added or removed: judged by the most demanding parameter in it.
    const list = [diff.after ?? diff.before].flat()
    const names = list.map((each) => (isJsonObject(each) ? String(each.name) : '?')).join(', ')
    const place = { part: `parameters ${names}` }
    if (diff.action === 'remove') return { rule: 'parameter-removed', place }
    const required = list.some((each) => isJsonObject(each) && each.required === true)
    return { rule: required ? 'parameter-added-required' : 'parameter-added-optional', place }
  }
  const part = parameterPart(diff, rest, context)
  const [, key] = rest
  if (key === undefined) {
    if (diff.action === 'remove') return { rule: 'parameter-removed', place: { part } }
    const required = isJsonObject(diff.after) && diff.after.required === true
    return {
      rule: required ? 'parameter-added-required' : 'parameter-added-optional',
      place: { part },
    }
  }
  if (key === 'required')
    return {
      rule: diff.after === true ? 'parameter-made-required' : 'parameter-made-optional',
      place: { part, keyword: key },
    }
  if (key === 'schema') return schemaChange(diff, 'request', part, rest.slice(2), context)
  if (key === 'content') return contentChange(diff, 'request', part, rest.slice(2), context)
  // A path parameter's name is not sent: the URL is the same (its path is renamed alike).
  if (key === 'name' && /^parameter path /.test(part))
    return { rule: 'path-parameter-renamed', place: { part, keyword: key } }
  return keywordChange(part, key, 'parameter-style-changed')
}

export function requestBodyChange(diff: Diff, rest: Segment[], context: DiffContext): Judged {
  const part = 'request body'
  const [key] = rest
  if (key === undefined) {
    if (diff.action === 'remove') return { rule: 'request-body-removed', place: { part } }
    const required = isJsonObject(diff.after) && diff.after.required === true
    return {
      rule: required ? 'request-body-added-required' : 'request-body-added-optional',
      place: { part },
    }
  }
  if (key === 'required')
    return {
      rule: diff.after === true ? 'request-body-made-required' : 'request-body-made-optional',
      place: { part, keyword: key },
    }
  if (key === 'content') return contentChange(diff, 'request', part, rest.slice(1), context)
  return keywordChange(part, key, 'annotation-changed')
}

/** A `content` map: its media types, and the schema and examples of each. */
function contentChange(
  diff: Diff,
  side: Side,
  part: string,
  rest: Segment[],
  context: DiffContext,
): Judged {
  const [mediaType, key] = rest
  const at = mediaType === undefined ? part : `${part} (${String(mediaType)})`
  if (key === undefined) {
    const added = diff.action === 'add'
    if (side === 'request')
      return {
        rule: added ? 'request-media-type-added' : 'request-media-type-removed',
        place: { part: at },
      }
    return {
      rule: added ? 'response-media-type-added' : 'response-media-type-removed',
      place: { part: at },
    }
  }
  if (key === 'schema') return schemaChange(diff, side, part, rest.slice(2), context)
  return keywordChange(part, key, 'schema-changed')
}

export function responseChange(diff: Diff, rest: Segment[], context: DiffContext): Judged {
  const [status, key, name, headerKey] = rest
  const part = `response ${String(status)}`
  if (status === undefined) return { rule: 'schema-changed', place: { keyword: 'responses' } }
  if (key === undefined) {
    if (diff.action === 'remove') return { rule: 'response-removed', place: { part } }
    if (diff.action !== 'add') return { rule: 'schema-changed', place: { part } }
    const success = /^[23]/.test(String(status))
    return { rule: success ? 'response-success-added' : 'response-error-added', place: { part } }
  }
  if (key === 'content') return contentChange(diff, 'response', part, rest.slice(2), context)
  if (key === 'headers') {
    const header = `${part} header "${String(name)}"`
    if (name === undefined) {
      // The whole map added or removed: judged by the most demanding header in it.
      const headers = diff.after ?? diff.before
      const place = {
        part: `${part} headers ${isJsonObject(headers) ? Object.keys(headers).join(', ') : ''}`,
      }
      if (diff.action === 'remove') return { rule: 'response-header-removed', place }
      const required =
        isJsonObject(headers) &&
        Object.values(headers).some((header) => isJsonObject(header) && header.required === true)
      return {
        rule: required ? 'response-header-added-required' : 'response-header-added-optional',
        place,
      }
    }
    if (headerKey === undefined) {
      if (diff.action === 'remove')
        return { rule: 'response-header-removed', place: { part: header } }
      const required = isJsonObject(diff.after) && diff.after.required === true
      return {
        rule: required ? 'response-header-added-required' : 'response-header-added-optional',
        place: { part: header },
      }
    }
    if (headerKey === 'required')
      return {
        rule:
          diff.after === true ? 'response-header-made-required' : 'response-header-made-optional',
        place: { part: header, keyword: headerKey },
      }
    if (headerKey === 'schema')
      return schemaChange(diff, 'response', header, rest.slice(4), context)
    if (headerKey === 'content')
      return contentChange(diff, 'response', header, rest.slice(4), context)
    return keywordChange(header, headerKey, 'schema-changed')
  }
  return keywordChange(part, key, 'annotation-changed')
}
