import { loadOpenApiDocument, type OpenApiDocument } from '@devenv/openapi'
import { describe, expect, it } from 'vitest'
import { type ChangeRuleId, diffContracts } from '.'

// A sample of oasdiff's breaking-change kinds (docs/diff-coverage.md lists them all), each made
// as an edit of today's contract: the diff must name the rule the coverage table says it does.

const TODAY = loadOpenApiDocument()

// biome-ignore lint/suspicious/noExplicitAny: a test's edits of a parsed document
type Loose = any

const KINDS: ReadonlyArray<[string, ChangeRuleId, (document: Loose) => void]> = [
  [
    'new-required-request-parameter',
    'parameter-added-required',
    (d) => {
      d.paths['/health'].get.parameters = [
        { name: 'probe', in: 'query', required: true, schema: { type: 'string' } },
      ]
    },
  ],
  [
    'request-parameter-became-required',
    'parameter-made-required',
    (d) => {
      d.paths['/ai/models'].get.parameters = [
        { name: 'probe', in: 'query', required: true, schema: { type: 'string' } },
      ]
      // made required against a base where it is optional: see the base below
    },
  ],
  [
    'request-parameter-pattern-added',
    'request-constraint-tightened',
    (d) => {
      d.components.parameters.EnvironmentId.schema = { type: 'string', pattern: '^[a-f0-9-]+$' }
    },
  ],
  [
    'request-body-max-length-decreased',
    'request-constraint-tightened',
    (d) => {
      d.components.schemas.ContactRequest.properties.message.maxLength = 100
    },
  ],
  [
    'request-property-min-length-increased',
    'request-constraint-tightened',
    (d) => {
      d.components.schemas.ContactRequest.properties.message.minLength = 10
    },
  ],
  [
    'request-property-type-changed',
    'request-type-changed',
    (d) => {
      d.components.schemas.ContactRequest.properties.newsletter.type = 'string'
    },
  ],
  [
    'request-property-became-not-nullable',
    'request-constraint-tightened',
    (d) => {
      d.components.schemas.ContactRequest.properties.phone.type = 'string'
    },
  ],
  [
    'request-property-if-added',
    'request-constraint-tightened',
    (d) => {
      d.components.schemas.ContactRequest.if = { required: ['phone'] }
    },
  ],
  [
    'response-property-max-length-increased',
    'response-constraint-loosened',
    (d) => {
      d.components.schemas.Health.properties.version.maxLength = 128
    },
  ],
  [
    'response-body-type-generalized',
    'response-constraint-loosened',
    (d) => {
      d.components.schemas.Health.properties.uptimeSeconds.type = ['integer', 'null']
    },
  ],
  [
    'response-property-const-removed',
    'response-enum-widened',
    (d) => {
      delete d.components.schemas.Health.properties.status.const
    },
  ],
  [
    'required-response-header-removed',
    'response-header-removed',
    (d) => {
      delete d.components.responses.TooManyRequests.headers['Retry-After']
    },
  ],
  [
    'response-media-type-removed',
    'response-media-type-removed',
    (d) => {
      const content = d.paths['/health'].get.responses['200'].content
      content['application/problem+json'] = content['application/json']
      delete content['application/json']
    },
  ],
  [
    'response-success-status-removed',
    'response-removed',
    (d) => {
      d.paths['/health'].get.responses['203'] = d.paths['/health'].get.responses['200']
      delete d.paths['/health'].get.responses['200']
    },
  ],
  [
    'request-body-media-type-removed',
    'request-media-type-removed',
    (d) => {
      const content = d.paths['/contact'].post.requestBody.content
      content['application/vnd.contact+json'] = content['application/json']
      delete content['application/json']
    },
  ],
]

/** The base for a kind: today's contract, but where the kind needs a different start, that. */
function baseFor(kind: string): OpenApiDocument {
  const base: Loose = structuredClone(TODAY)
  if (kind === 'request-parameter-became-required')
    base.paths['/ai/models'].get.parameters = [
      { name: 'probe', in: 'query', required: false, schema: { type: 'string' } },
    ]
  if (kind === 'request-property-became-not-nullable')
    base.components.schemas.ContactRequest.properties.phone.type = ['string', 'null']
  return base
}

describe("oasdiff's breaking-change kinds, a sample", () => {
  it.each(KINDS)('%s is named %s', (kind, rule, edit) => {
    const base = baseFor(kind)
    const head: Loose = structuredClone(base)
    edit(head)
    const rules = diffContracts(base, head).changes.map((change) => change.rule)
    expect(rules).toContain(rule)
  })
})
