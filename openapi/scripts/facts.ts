// src/generated/facts.ts: the contract's facts a client applies before sending, as constants (no
// document to load at run time): which operations carry the bearer token (their `security`), and
// the string limits of the request bodies the site checks before sending, and the rules servers keep
// (`x-` extensions) that the site and the domain apply, the values of its enums (the domain's
// vocabularies are these, not copies); and the paths of the development protocol (dev-protocol.yaml).
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

/** Every named schema that is an enum, with its values in the contract's order. */
function schemaEnums(document: OpenApiDocument): Record<string, unknown[]> {
  const schemas = document.components?.schemas
  if (!isJsonObject(schemas)) return {}
  return Object.fromEntries(
    Object.entries(schemas).flatMap(([name, schema]) =>
      isJsonObject(schema) && Array.isArray(schema.enum) ? [[name, schema.enum]] : [],
    ),
  )
}

/**
 * A development control's name, made of its path so that no name list can miss a path:
 * `/__dev` is `index`, `/__dev/demo-requests` `demoRequests`, and a page or its data beside a
 * control (`/__dev/mailbox.html`, `/__dev/sso.json`) is `mailboxPage`, `ssoData`.
 */
export function devPathName(path: string): string {
  const match = /^\/__dev(?:\/([a-z-]+)(?:\.(html|json))?)?$/.exec(path)
  if (!match) throw new Error(`dev-protocol.yaml: ${path} is not a /__dev path this names`)
  const [, control, extension] = match
  if (control === undefined) return 'index'
  const name = control.replace(/-([a-z])/g, (_dash, letter: string) => letter.toUpperCase())
  return `${name}${extension === undefined ? '' : extension === 'html' ? 'Page' : 'Data'}`
}

function devPaths(devProtocol: OpenApiDocument): Record<string, string> {
  const paths = Object.keys(devProtocol.paths)
  const named = Object.fromEntries(paths.map((path) => [devPathName(path), path]))
  if (Object.keys(named).length !== paths.length)
    throw new Error('dev-protocol.yaml: two paths make the same name')
  return named
}

export function factsModule(document: OpenApiDocument, devProtocol: OpenApiDocument): string {
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
    '',
    '/** The values of every named schema that is an enum (`components.schemas`), in its order. */',
    `export const CONTRACT_ENUMS = ${JSON.stringify(schemaEnums(document), null, 2)} as const`,
    '',
    "/** Every development control's path (dev-protocol.yaml's paths), named after it. */",
    `export const DEV_PATHS = ${JSON.stringify(devPaths(devProtocol), null, 2)} as const`,
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
