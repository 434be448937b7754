import { isJsonObject, type OpenApiDocument } from './document'
import {
  type ContractRules,
  type Lifecycle,
  type PasswordField,
  type PasswordPolicy,
  type Quota,
  type RateLimit,
  type RuleExtension,
  rateLimitsOf,
  readExtension,
} from './extensions'
import { findOperations, JSON_MEDIA_TYPE } from './operations'
import { childPointer, resolveReference } from './pointer'

// Reads every rule of the contract from its `x-` extensions (see extensions.ts for their shapes).

function componentName(pointer: string): string {
  return pointer.replace(/^#\/components\/schemas\//, '')
}

function passwordFields(document: OpenApiDocument): PasswordField[] {
  const found: PasswordField[] = []
  for (const { operation, pointer } of findOperations(document)) {
    const operationId = typeof operation.operationId === 'string' ? operation.operationId : ''
    const body = resolveReference(document, {
      value: operation.requestBody,
      pointer: `${pointer}/requestBody`,
    })
    if (!isJsonObject(body.value) || !isJsonObject(body.value.content)) continue
    const media = body.value.content[JSON_MEDIA_TYPE]
    if (!isJsonObject(media)) continue
    const schema = resolveReference(document, {
      value: media.schema,
      pointer: childPointer(body.pointer, 'content', JSON_MEDIA_TYPE, 'schema'),
    })
    if (!isJsonObject(schema.value) || !isJsonObject(schema.value.properties)) continue
    for (const [field, property] of Object.entries(schema.value.properties)) {
      const resolved = resolveReference(document, {
        value: property,
        pointer: childPointer(schema.pointer, 'properties', field),
      })
      if (!isJsonObject(resolved.value) || resolved.value['x-password-policy'] === undefined)
        continue
      const policy = readExtension<PasswordPolicy>(
        'x-password-policy',
        resolved.value['x-password-policy'],
        `${resolved.pointer}/x-password-policy`,
      )
      found.push({ operationId, field, schema: componentName(resolved.pointer), policy })
    }
  }
  return found
}

function schemaExtensions<T>(
  document: OpenApiDocument,
  extension: RuleExtension,
): Record<string, T> {
  const schemas = isJsonObject(document.components?.schemas) ? document.components.schemas : {}
  const found: Record<string, T> = {}
  for (const [name, schema] of Object.entries(schemas)) {
    if (!isJsonObject(schema) || schema[extension] === undefined) continue
    found[name] = readExtension<T>(
      extension,
      schema[extension],
      `#/components/schemas/${name}/${extension}`,
    )
  }
  return found
}

function documentExtension<T>(document: OpenApiDocument, extension: RuleExtension): T | null {
  const value = document[extension]
  return value === undefined ? null : readExtension<T>(extension, value, `#/${extension}`)
}

/**
 * Every rule of the contract, read from its extensions. Throws `ContractRuleError` naming the
 * pointer and the problem when an extension does not have its documented shape.
 */
export function readContractRules(document: OpenApiDocument): ContractRules {
  const quotas: Record<string, Quota> = {}
  const rateLimits: Record<string, RateLimit[]> = {}
  for (const { operation, pointer } of findOperations(document)) {
    const limits = rateLimitsOf(operation, pointer)
    if (limits.length > 0 && typeof operation.operationId === 'string')
      rateLimits[operation.operationId] = limits
    if (operation['x-quota'] === undefined || typeof operation.operationId !== 'string') continue
    quotas[operation.operationId] = readExtension<Quota>(
      'x-quota',
      operation['x-quota'],
      `${pointer}/x-quota`,
    )
  }
  const email = isJsonObject(document.components?.schemas)
    ? document.components.schemas.Email
    : undefined
  return {
    rateLimits,
    passwordFields: passwordFields(document),
    quotas,
    lifecycles: schemaExtensions<Lifecycle>(document, 'x-lifecycle'),
    bodyLimit: documentExtension(document, 'x-body-limit'),
    lifetimes: documentExtension(document, 'x-lifetimes'),
    unsupportedMethods: documentExtension(document, 'x-unsupported-methods'),
    emailPattern: isJsonObject(email) && typeof email.pattern === 'string' ? email.pattern : null,
  }
}
