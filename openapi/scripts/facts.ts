// src/generated/facts.ts: the contract's facts a client applies before sending, as constants (no
// document to load at run time): which operations carry the bearer token (their `security`), and
// the string limits of the request bodies the site checks before sending, and the rules servers keep
// (`x-` extensions) that the site and the domain apply.
import { isJsonObject, type OpenApiDocument } from '../src/document'
import { listOperations } from '../src/operations'
import { resolveReference } from '../src/pointer'
import { readContractRules } from '../src/rules'
import { GENERATED_HEADER } from './header'

const BEARER_SCHEME = 'bearerAuth'
/** Request bodies whose fields the site checks as the contract does, before sending. */
const CHECKED_SCHEMAS = ['ContactRequest'] as const

type StringRule = { maxLength?: number; minLength?: number; pattern?: string }

function stringRules(document: OpenApiDocument, name: string): Record<string, StringRule> {
  const pointer = `#/components/schemas/${name}`
  const schema = resolveReference(document, { value: { $ref: pointer }, pointer }).value
  if (!isJsonObject(schema) || !isJsonObject(schema.properties)) {
    throw new Error(`${pointer} is not an object schema`)
  }
  const rules: Record<string, StringRule> = {}
  for (const [field, property] of Object.entries(schema.properties)) {
    const resolved = resolveReference(document, {
      value: property,
      pointer: `${pointer}/properties/${field}`,
    }).value
    if (!isJsonObject(resolved) || resolved.type !== 'string' || 'enum' in resolved) continue
    const rule: StringRule = {}
    if (typeof resolved.minLength === 'number') rule.minLength = resolved.minLength
    if (typeof resolved.maxLength === 'number') rule.maxLength = resolved.maxLength
    if (typeof resolved.pattern === 'string') rule.pattern = resolved.pattern
    if (Object.keys(rule).length > 0) rules[field] = rule
  }
  return rules
}

export function factsModule(document: OpenApiDocument): string {
  const bearer = listOperations(document)
    .filter((operation) => operation.securitySchemes.includes(BEARER_SCHEME))
    .map((operation) => `${operation.method.toUpperCase()} ${operation.path}`)
  const lines = [
    GENERATED_HEADER,
    '',
    `/** The operations whose contract \`security\` accepts the bearer token (\`${BEARER_SCHEME}\`). */`,
    `export const BEARER_OPERATIONS = ${JSON.stringify(bearer, null, 2)} as const`,
  ]
  lines.push(
    '',
    '/** The rules a server keeps, from the contract\'s `x-` extensions (see its "Rules as data"). */',
    `export const CONTRACT_RULES = ${JSON.stringify(readContractRules(document), null, 2)} as const`,
  )
  for (const name of CHECKED_SCHEMAS) {
    lines.push(
      '',
      `/** String limits of \`${name}\`, as the contract states them. */`,
      `export const ${name.replace(/([a-z])([A-Z])/g, '$1_$2').toUpperCase()}_RULES = ${JSON.stringify(stringRules(document, name), null, 2)} as const`,
    )
  }
  return `${lines.join('\n')}\n`
}
