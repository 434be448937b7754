import { isJsonObject, type JsonObject, type OpenApiDocument } from './document'
import {
  ContractRuleError,
  type ContractRules,
  type DateBound,
  type Effect,
  type Lifecycle,
  type PasswordField,
  type PasswordPolicy,
  type Quota,
  type RateLimit,
  type RuleExtension,
  rateLimitsOf,
  readExtension,
  type Unique,
  type ValuesFrom,
} from './extensions'
import { findOperations, JSON_MEDIA_TYPE, type LocatedOperation } from './operations'
import { childPointer, type Located, resolveReference } from './pointer'

// Reads every rule of the contract from its `x-` extensions (see extensions.ts for their shapes).

function componentName(pointer: string): string {
  return pointer.replace(/^#\/components\/schemas\//, '')
}

/** A property of an operation's JSON request body, its schema resolved. */
type BodyField = {
  operationId: string
  field: string
  property: Located
}

/** Every property of every operation's JSON request body: the one walk the field rules read. */
function bodyFields(document: OpenApiDocument): BodyField[] {
  const found: BodyField[] = []
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
      found.push({
        operationId,
        field,
        property: resolveReference(document, {
          value: property,
          pointer: childPointer(schema.pointer, 'properties', field),
        }),
      })
    }
  }
  return found
}

/** The body fields whose schema carries `extension`, each with its value read. */
function fieldsWith<T>(
  fields: BodyField[],
  extension: RuleExtension,
): Array<BodyField & { value: T }> {
  return fields.flatMap((each) => {
    const { value, pointer } = each.property
    if (!isJsonObject(value) || value[extension] === undefined) return []
    return [
      { ...each, value: readExtension<T>(extension, value[extension], `${pointer}/${extension}`) },
    ]
  })
}

function passwordFields(fields: BodyField[]): PasswordField[] {
  return fieldsWith<PasswordPolicy>(fields, 'x-password-policy').map(
    ({ operationId, field, property, value }) => ({
      operationId,
      field,
      schema: componentName(property.pointer),
      policy: value,
    }),
  )
}

function dateBounds(fields: BodyField[]): ContractRules['dateBounds'] {
  return fieldsWith<DateBound>(fields, 'x-date-bound').map(
    ({ operationId, field, property, value }) => {
      // A bound in days means nothing on a value that is not a day.
      if (!isJsonObject(property.value) || property.value.format !== 'date')
        throw new ContractRuleError(
          `${property.pointer}/x-date-bound: x-date-bound belongs on a string of format date`,
        )
      return { operationId, field, bound: value }
    },
  )
}

/** The `list` array's item schema in the 200 answer of an operation, or null when it has none. */
function listedItems(
  document: OpenApiDocument,
  answer: LocatedOperation,
  from: ValuesFrom,
): JsonObject | null {
  const responses = isJsonObject(answer.operation.responses) ? answer.operation.responses : {}
  const response = resolveReference(document, {
    value: responses['200'],
    pointer: childPointer(answer.pointer, 'responses', '200'),
  }).value
  const content = isJsonObject(response) && isJsonObject(response.content) ? response.content : {}
  const media = content[JSON_MEDIA_TYPE]
  const schema = isJsonObject(media) ? resolved(document, media.schema) : null
  const list = isJsonObject(schema?.properties)
    ? resolved(document, schema.properties[from.list])
    : null
  return list?.type === 'array' ? resolved(document, list.items) : null
}

function resolved(document: OpenApiDocument, value: unknown): JsonObject | null {
  const found = resolveReference(document, { value, pointer: '' }).value
  return isJsonObject(found) ? found : null
}

function valuesFrom(document: OpenApiDocument, fields: BodyField[]): ContractRules['valuesFrom'] {
  return fieldsWith<ValuesFrom>(fields, 'x-values-from').map(
    ({ operationId, field, property, value }) => {
      const at = `${property.pointer}/x-values-from`
      const source = findOperations(document).find(
        ({ operation }) => operation.operationId === value.operationId,
      )
      if (!source)
        throw new ContractRuleError(
          `${at}: x-values-from.operationId ${JSON.stringify(value.operationId)} is not an operation of the document`,
        )
      const items = listedItems(document, source, value)
      if (!items)
        throw new ContractRuleError(
          `${at}: x-values-from.list ${JSON.stringify(value.list)} is not a list in the 200 answer of ${value.operationId}`,
        )
      if (!isJsonObject(items.properties) || !(value.key in items.properties))
        throw new ContractRuleError(
          `${at}: x-values-from.key ${JSON.stringify(value.key)} is not a field of the items of ${value.operationId}'s ${value.list}`,
        )
      return { operationId, field, from: value }
    },
  )
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
  const uniques: Record<string, Unique> = {}
  const effects: Record<string, Effect[]> = {}
  const rateLimits: Record<string, RateLimit[]> = {}
  const fields = bodyFields(document)
  for (const { operation, pointer } of findOperations(document)) {
    const limits = rateLimitsOf(operation, pointer)
    if (typeof operation.operationId !== 'string') continue
    const operationId = operation.operationId
    if (limits.length > 0) rateLimits[operationId] = limits
    if (operation['x-quota'] !== undefined)
      quotas[operationId] = readExtension<Quota>(
        'x-quota',
        operation['x-quota'],
        `${pointer}/x-quota`,
      )
    if (operation['x-unique'] !== undefined) {
      const unique = readExtension<Unique>('x-unique', operation['x-unique'], `${pointer}/x-unique`)
      if (!fields.some((each) => each.operationId === operationId && each.field === unique.field))
        throw new ContractRuleError(
          `${pointer}/x-unique: x-unique.field ${JSON.stringify(unique.field)} is not a field of the request body`,
        )
      uniques[operationId] = unique
    }
    if (operation['x-effects'] !== undefined)
      effects[operationId] = readExtension<Effect[]>(
        'x-effects',
        operation['x-effects'],
        `${pointer}/x-effects`,
      )
  }
  const email = isJsonObject(document.components?.schemas)
    ? document.components.schemas.Email
    : undefined
  return {
    rateLimits,
    passwordFields: passwordFields(fields),
    quotas,
    uniques,
    dateBounds: dateBounds(fields),
    valuesFrom: valuesFrom(document, fields),
    effects,
    lifecycles: schemaExtensions<Lifecycle>(document, 'x-lifecycle'),
    bodyLimit: documentExtension(document, 'x-body-limit'),
    lifetimes: documentExtension(document, 'x-lifetimes'),
    unsupportedMethods: documentExtension(document, 'x-unsupported-methods'),
    emailPattern: isJsonObject(email) && typeof email.pattern === 'string' ? email.pattern : null,
  }
}
