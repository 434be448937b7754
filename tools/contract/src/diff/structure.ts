import { isJsonObject, type JsonObject } from '@devenv/openapi'
import type { Diff } from 'api-smart-diff'
import type { ChangeRuleId } from './change-rules'
import { parameterChange, requestBodyChange, responseChange } from './message-changes'
import { isSchemeUsed, securityChange } from './security-changes'
import {
  COMPARED_AS_RULES,
  type DiffContext,
  isExtension,
  isMethod,
  type Judged,
  type JudgedDiff,
  type Segment,
} from './structural-place'

// Judges each change api-smart-diff finds in the document's structure by where it stands (an
// operation, a parameter, the request body, a response, a schema keyword under one of them) and
// which way it goes. api-smart-diff resolves every `$ref`, so a change to a shared schema is
// reported under each operation that uses it: those are the changes that matter, and the
// components' own copies are left out. The `x-` rules of a server are compared elsewhere
// (contract-rules.ts), from readContractRules of both versions.
//
// This file finds the operation (or webhook, or callback) a change stands in and hands it to the
// judge of that part: message-changes.ts, schema-changes.ts, security-changes.ts.

/** The judgement of one diff of api-smart-diff; null for one that is judged elsewhere or not at all. */
export function judgeStructuralDiff(diff: Diff, context: DiffContext): JudgedDiff | null {
  const path = diff.path as Segment[]
  const [root, second, third] = path
  if (root === 'paths') {
    if (path.length === 1 && diff.action === 'rename') return pathRenamed(diff)
    if (path.length === 2) return null // a whole path: api-smart-diff reports each operation
    if (!isMethod(third)) return pathItemChange(diff, path.slice(2), context)
    const operation = { method: third, path: String(second) }
    const judged =
      path[3] === 'security'
        ? securityChange(context, path.slice(0, 4))
        : operationChange(diff, path.slice(3), context)
    return judged && { ...judged, place: { operation, ...judged.place } }
  }
  if (root === 'components') {
    if (second === 'securitySchemes') {
      const scheme = path.length >= 3 ? String(third) : undefined
      const used = scheme === undefined || isSchemeUsed(context, scheme)
      return {
        rule: used ? 'security-scheme-changed' : 'security-scheme-unused-changed',
        place: { part: `security scheme "${scheme ?? ''}"` },
      }
    }
    return null
  }
  if (root === 'webhooks') return webhookChange(diff, path, context)
  if (root === 'security') return securityChange(context, ['security'])
  return otherKeyChange(root, 'document-changed')
}

/** A key no rule judges where it stands: a server's rule (compared apart), an extension, or `other`. */
function otherKeyChange(key: Segment | undefined, other: ChangeRuleId): Judged {
  if (typeof key === 'string' && COMPARED_AS_RULES.has(key)) return null
  return { rule: isExtension(key) ? 'extension-changed' : other, place: { keyword: String(key) } }
}

/**
 * A webhook is an operation servers call on clients: judged as one, by oasdiff's reading (its
 * request body made required breaks as a request's does); gone, clients no longer receive it.
 */
function webhookChange(diff: Diff, path: Segment[], context: DiffContext): JudgedDiff | null {
  const [, name, method] = path
  const names =
    name === undefined
      ? Object.keys(
          isJsonObject(diff.before ?? diff.after)
            ? ((diff.before ?? diff.after) as JsonObject)
            : {},
        )
      : [name]
  const part = `webhook ${names.map((each) => `"${String(each)}"`).join(', ')}`
  if (name === undefined || method === undefined || (isMethod(method) && path.length === 3))
    return wholeOperationChange(diff, 'webhook', part)
  if (!isMethod(method)) return pathItemChange(diff, path.slice(2), context)
  return within(part, operationChange(diff, path.slice(3), context))
}

/**
 * A callback is an operation the server calls on the client, named in the operation that sets it
 * up (`callbacks/<name>/<expression>/<method>`): judged as a webhook is, its place the callback.
 */
function callbackChange(diff: Diff, rest: Segment[], context: DiffContext): Judged {
  const [name, expression, method] = rest
  const part = ['callback', name === undefined ? '' : `"${String(name)}"`, expression ?? '']
    .filter((each) => each !== '')
    .join(' ')
  if (method === undefined || (isMethod(method) && rest.length === 3))
    return wholeOperationChange(diff, 'callback', part)
  return within(
    part,
    isMethod(method)
      ? operationChange(diff, rest.slice(3), context)
      : pathItemChange(diff, rest.slice(2), context),
  )
}

/** A webhook or callback added or removed whole; anything else of it is an annotation. */
function wholeOperationChange(diff: Diff, kind: 'webhook' | 'callback', part: string): Judged {
  if (diff.action === 'add') return { rule: `${kind}-added`, place: { part } }
  if (diff.action === 'remove') return { rule: `${kind}-removed`, place: { part } }
  return { rule: 'annotation-changed', place: { part } }
}

/** A judgement placed within a webhook or callback: its part said first. */
const within = <T extends Judged>(part: string, judged: T): T =>
  judged && {
    ...judged,
    place: { ...judged.place, part: `${part} ${judged.place.part ?? ''}`.trim() },
  }

const pathShape = (path: unknown) => String(path).replaceAll(/\{[^}]*\}/g, '{}')

/** A path whose parameters are renamed is the same URL; another path is another operation. */
function pathRenamed(diff: Diff): JudgedDiff {
  const place = { part: `path ${String(diff.before)} → ${String(diff.after)}` }
  if (pathShape(diff.before) === pathShape(diff.after))
    return { rule: 'path-parameter-renamed', place }
  return { rule: 'operation-removed', place }
}

/** A path item's own keys: its summary and description, or its parameters shared by every method. */
function pathItemChange(diff: Diff, rest: Segment[], context: DiffContext): Judged {
  const [key] = rest
  if (key === 'parameters') return parameterChange(diff, rest.slice(1), context)
  return otherKeyChange(key, 'annotation-changed')
}

function operationChange(diff: Diff, rest: Segment[], context: DiffContext): Judged {
  const [key] = rest
  if (key === undefined)
    return {
      rule: diff.action === 'remove' ? 'operation-removed' : 'operation-added',
      place: {},
    }
  if (key === 'parameters') return parameterChange(diff, rest.slice(1), context)
  if (key === 'requestBody') return requestBodyChange(diff, rest.slice(1), context)
  if (key === 'responses') return responseChange(diff, rest.slice(1), context)
  if (key === 'operationId') return { rule: 'operation-id-changed', place: { keyword: key } }
  if (key === 'callbacks') return callbackChange(diff, rest.slice(1), context)
  if (key === 'servers') return { rule: 'document-changed', place: { keyword: key } }
  return otherKeyChange(key, 'annotation-changed')
}
