// Redocly plugin: holds each `x-` rule extension of the contract to its definition in
// extensions.schema.json (the same definitions @devenv/openapi reads them by), and to its place:
// the document, an operation or a schema. An unknown `x-` name that differs from a known one only
// by a typo would otherwise be read as "no rule".
import { readFileSync } from 'node:fs'
import Ajv2020 from 'ajv/dist/2020.js'

const definitions = JSON.parse(
  readFileSync(new URL('../extensions.schema.json', import.meta.url), 'utf8'),
)
const ajv = new Ajv2020({ allErrors: true, strict: false })
const validators = Object.fromEntries(
  Object.entries(definitions.$defs).map(([name, definition]) => [name, ajv.compile(definition)]),
)
const placeOf = Object.fromEntries(
  Object.entries(definitions.$defs).map(([name, definition]) => [name, definition['x-on']]),
)

const PLACES = { document: 'the document', operation: 'an operation', schema: 'a schema' }

// Places narrower than x-on: what the node carrying the extension must be besides.
const NARROWER = {
  // A bound in days means nothing on a value that is not a day.
  'x-date-bound': (node) => (node.format === 'date' ? null : 'a schema of `format: date`'),
}

function checkNode(node, place, ctx) {
  for (const [key, value] of Object.entries(node)) {
    if (!(key in placeOf)) continue
    if (placeOf[key] !== place) {
      ctx.report({
        message: `\`${key}\` belongs on ${PLACES[placeOf[key]]}, not on ${PLACES[place]}.`,
        location: ctx.location.child(key).key(),
      })
      continue
    }
    const narrower = NARROWER[key]?.(node)
    if (narrower) {
      ctx.report({
        message: `\`${key}\` belongs on ${narrower}.`,
        location: ctx.location.child(key).key(),
      })
      continue
    }
    const validate = validators[key]
    if (validate(value)) continue
    for (const error of validate.errors ?? []) {
      ctx.report({
        message: `\`${key}\`${error.instancePath.replaceAll('/', '.')} ${error.message}${
          error.params?.allowedValues ? `: ${error.params.allowedValues.join(', ')}` : ''
        }${error.params?.additionalProperty ? `: \`${error.params.additionalProperty}\`` : ''}.`,
        location: ctx.location.child(key),
      })
    }
  }
}

function RuleExtensions() {
  return {
    Root: { enter: (node, ctx) => checkNode(node, 'document', ctx) },
    Operation: { enter: (node, ctx) => checkNode(node, 'operation', ctx) },
    Schema: { enter: (node, ctx) => checkNode(node, 'schema', ctx) },
  }
}

export default function contractRules() {
  return { id: 'contract', rules: { oas3: { 'rule-extensions': RuleExtensions } } }
}
