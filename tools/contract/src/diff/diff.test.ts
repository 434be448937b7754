import { readFileSync } from 'node:fs'
import {
  type JsonObject,
  loadOpenApiDocument,
  type OpenApiDocument,
  RULE_EXTENSIONS,
} from '@devenv/openapi'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { CHANGE_RULE_IDS, CHANGE_RULES, type ContractChange, diffContracts } from '.'
import { COMPARED_AS_RULES } from './structural-place'

const TODAY = loadOpenApiDocument()
/** The contract as it was before its server-side password rules (the parent of commit 6ed55dd). */
const BEFORE_PASSWORD_RULES: unknown = parse(
  readFileSync(
    new URL('../../test/fixtures/contracts/before-password-rules.yaml', import.meta.url),
    'utf8',
  ),
)

/** Today's contract, edited: each test makes one known change. */
function edited(edit: (document: OpenApiDocument & { components: JsonObject }) => void) {
  const copy = structuredClone(TODAY) as OpenApiDocument & { components: JsonObject }
  edit(copy)
  return copy
}

// Shorthands into the copy: the tests edit it as plain data.
// biome-ignore lint/suspicious/noExplicitAny: a test's edits of a parsed document
type Loose = any
const schemas = (document: OpenApiDocument): Loose => (document.components as Loose).schemas
const operationAt = (document: OpenApiDocument, path: string, method: string): Loose =>
  (document.paths as Loose)[path][method]

const rulesOf = (changes: readonly ContractChange[]) => [
  ...new Set(changes.map((change) => change.rule)),
]

describe('diffContracts', () => {
  it('finds nothing between the contract and itself', () => {
    expect(diffContracts(TODAY, structuredClone(TODAY)).changes).toEqual([])
  })

  it("names 6ed55dd's password rules as breaking servers", () => {
    const { changes, counts } = diffContracts(BEFORE_PASSWORD_RULES, TODAY)
    const policies = changes.filter((change) => change.rule === 'password-policy-added')
    expect(policies.map((change) => change.operation?.operationId).sort()).toEqual([
      'changePassword',
      'register',
      'setPassword',
    ])
    for (const policy of policies) expect(policy.breaks).toEqual(['servers'])
    const strength = policies.find((change) => change.operation?.operationId === 'register')
    expect(strength?.after).toMatchObject({ strength: { minimum: 40 } })
    expect(counts.servers).toBeGreaterThanOrEqual(3)
    // Descriptions and examples break no one, and are listed last.
    expect(changes.at(-1)?.breaks).toEqual([])
  })

  it('judges a removed operation as breaking clients', () => {
    const { changes } = diffContracts(
      TODAY,
      edited((head) => {
        delete (head.paths as Loose)['/health'].get
      }),
    )
    expect(changes).toEqual([
      expect.objectContaining({
        rule: 'operation-removed',
        breaks: ['clients'],
        operation: { method: 'get', path: '/health', operationId: 'getHealth' },
        pointer: '#/paths/~1health/get',
      }),
    ])
  })

  it('judges a new operation as breaking servers', () => {
    const base = edited((document) => {
      delete (document.paths as Loose)['/health'].get
    })
    expect(diffContracts(base, TODAY).changes.map((change) => change.rule)).toEqual([
      'operation-added',
    ])
    expect(diffContracts(base, TODAY).changes[0]?.breaks).toEqual(['servers'])
  })

  it('judges a request enum narrowed as breaking clients (and servers, which must refuse)', () => {
    const head = edited((document) => {
      schemas(document).CreateEnvironmentRequest.properties.region = {
        ...schemas(document).Region,
        enum: schemas(document).Region.enum.slice(0, -1),
      }
    })
    const { changes } = diffContracts(TODAY, head)
    expect(rulesOf(changes)).toEqual(['request-enum-narrowed'])
    expect(changes[0]?.breaks).toEqual(['clients', 'servers'])
    expect(changes[0]?.operation?.operationId).toBe('createEnvironment')
  })

  it('judges a response enum narrowed as breaking servers only, and widened as breaking clients', () => {
    const narrowed = edited((document) => {
      schemas(document).Environment.properties.region = {
        ...schemas(document).Region,
        enum: schemas(document).Region.enum.slice(0, -1),
      }
    })
    const narrowing = diffContracts(TODAY, narrowed).changes
    expect(rulesOf(narrowing)).toEqual(['response-enum-narrowed'])
    for (const change of narrowing) expect(change.breaks).toEqual(['servers'])
    // Every operation answering an environment is named.
    expect(narrowing.map((change) => change.operation?.operationId).sort()).toEqual([
      'createEnvironment',
      'deleteEnvironment',
      'getEnvironment',
      'listEnvironments',
    ])
    const widened = edited((document) => {
      schemas(document).Environment.properties.region = {
        ...schemas(document).Region,
        enum: [...schemas(document).Region.enum, 'antarctica'],
      }
    })
    const widening = diffContracts(TODAY, widened).changes
    expect(rulesOf(widening)).toEqual(['response-enum-widened'])
    for (const change of widening) expect(change.breaks).toEqual(['clients'])
  })

  it('judges a new required request field as breaking clients and servers', () => {
    const { changes } = diffContracts(
      TODAY,
      edited((document) => {
        schemas(document).ContactRequest.required.push('company')
      }),
    )
    expect(changes).toEqual([
      expect.objectContaining({
        rule: 'request-property-made-required',
        breaks: ['clients', 'servers'],
        summary: 'request body "company" required added',
      }),
    ])
  })

  it('judges a new required response field as breaking servers', () => {
    const { changes } = diffContracts(
      TODAY,
      edited((document) => {
        const health = schemas(document).Health
        health.properties.region = { type: 'string' }
        health.required.push('region')
      }),
    )
    expect(changes.map((change) => [change.rule, change.breaks])).toEqual([
      ['response-property-made-required', ['servers']],
      ['response-property-added', []],
    ])
  })

  it('judges a new 4xx answer as breaking servers', () => {
    const { changes } = diffContracts(
      TODAY,
      edited((document) => {
        const health: Loose = operationAt(document, '/health', 'get')
        health.responses['418'] = { description: 'A teapot.' }
      }),
    )
    expect(changes).toEqual([
      expect.objectContaining({ rule: 'response-error-added', breaks: ['servers'] }),
    ])
  })

  it('judges a removed response field and a response field made optional as breaking clients', () => {
    const { changes } = diffContracts(
      TODAY,
      edited((document) => {
        const health = schemas(document).Health
        delete health.properties.uptimeSeconds
        health.required = health.required.filter((name: string) => name !== 'uptimeSeconds')
      }),
    )
    expect(rulesOf(changes).sort()).toEqual([
      'response-property-made-optional',
      'response-property-removed',
    ])
    for (const change of changes) expect(change.breaks).toEqual(['clients'])
  })

  it('judges a shorter lifetime as breaking servers, with its value before and after', () => {
    const { changes } = diffContracts(
      TODAY,
      edited((document) => {
        ;(document['x-lifetimes'] as Loose).resetLink = 1800
      }),
    )
    expect(changes).toEqual([
      expect.objectContaining({
        rule: 'lifetime-shortened',
        breaks: ['servers'],
        pointer: '#/x-lifetimes/resetLink',
        before: 3600,
        after: 1800,
      }),
    ])
  })

  it('judges a tighter request pattern as breaking clients and servers', () => {
    const { changes } = diffContracts(
      TODAY,
      edited((document) => {
        schemas(document).ContactRequest.properties.phone.pattern = '^[0-9+]*$'
      }),
    )
    expect(changes).toEqual([
      expect.objectContaining({
        rule: 'request-constraint-tightened',
        breaks: ['clients', 'servers'],
        before: '^[0-9+()\\-.\\s]*$',
        after: '^[0-9+]*$',
      }),
    ])
  })

  it('judges a new quota and a lower one as breaking servers', () => {
    const withoutQuota = edited((document) => {
      delete operationAt(document, '/environments', 'post')['x-quota']
    })
    expect(diffContracts(withoutQuota, TODAY).changes).toEqual([
      expect.objectContaining({
        rule: 'quota-added',
        breaks: ['servers'],
        pointer: '#/paths/~1environments/post/x-quota',
      }),
    ])
    const lower = edited((document) => {
      operationAt(document, '/environments', 'post')['x-quota'].limit = 3
    })
    expect(diffContracts(TODAY, lower).changes.map((change) => change.rule)).toEqual([
      'quota-lowered',
    ])
  })

  it('judges a higher password strength as a tightened policy of each field that has it', () => {
    const { changes } = diffContracts(
      TODAY,
      edited((document) => {
        schemas(document).NewPassword['x-password-policy'].strength.minimum = 60
      }),
    )
    expect(
      changes.map((change) => [change.rule, change.operation?.operationId, change.breaks]),
    ).toEqual([
      ['password-policy-tightened', 'changePassword', ['servers']],
      ['password-policy-tightened', 'register', ['servers']],
    ])
  })

  it('judges a lower password strength as loosened, still breaking servers', () => {
    const { changes } = diffContracts(
      TODAY,
      edited((document) => {
        schemas(document).NewPassword['x-password-policy'].strength.minimum = 20
      }),
    )
    expect(rulesOf(changes)).toEqual(['password-policy-loosened'])
  })

  it('judges a description and an example as breaking no one', () => {
    const { changes } = diffContracts(
      TODAY,
      edited((document) => {
        const health: Loose = operationAt(document, '/health', 'get')
        health.description = 'Is the API up?'
        health.responses['200'].content['application/json'].examples.ok.summary = 'Up'
      }),
    )
    expect(changes.length).toBe(2)
    for (const change of changes) expect(change.rule).toBe('annotation-changed')
    for (const change of changes) expect(change.breaks).toEqual([])
  })

  it('refuses what is not an OpenAPI document, naming which side', () => {
    expect(() => diffContracts({ hello: 'world' }, TODAY)).toThrow(/^the base is not an OpenAPI/)
  })

  it('refuses a rule in a shape of its own, naming where', () => {
    const broken = edited((document) => {
      document['x-lifetimes'] = { accessToken: 'soon' }
    })
    expect(() => diffContracts(TODAY, broken)).toThrow(/#\/x-lifetimes/)
  })

  it('has a reason for every rule, and sides only among clients and servers', () => {
    for (const id of CHANGE_RULE_IDS) {
      expect(CHANGE_RULES[id].reason).not.toBe('')
      for (const side of CHANGE_RULES[id].breaks) expect(['clients', 'servers']).toContain(side)
    }
  })
})

describe('diffContracts and its inputs', () => {
  it('leaves the documents it compares as they were', () => {
    const base = structuredClone(TODAY)
    const head = edited((document) => {
      schemas(document).Environment.properties.region = { ...schemas(document).Region, enum: ['x'] }
    })
    const headBefore = JSON.stringify(head)
    diffContracts(base, head)
    expect(JSON.stringify(base)).toBe(JSON.stringify(TODAY))
    expect(JSON.stringify(head)).toBe(headBefore)
  })
})

describe('diffContracts and the rules a server keeps', () => {
  const ruleOf = (edit: (document: Loose) => void) =>
    diffContracts(TODAY, edited(edit)).changes.map((change) => [change.rule, change.breaks])

  it('judges a login lock held longer, and one allowing fewer tries, as tightened', () => {
    expect(
      ruleOf((document) => {
        operationAt(document, '/auth/auth', 'post')['x-rate-limits'][0].periodSeconds = 1800
      }),
    ).toEqual([['rate-limit-tightened', ['servers']]])
    expect(
      ruleOf((document) => {
        operationAt(document, '/auth/auth', 'post')['x-rate-limits'][0].limit = 10
      }),
    ).toEqual([['rate-limit-loosened', ['servers']]])
  })

  it('judges a new rate limit as added', () => {
    expect(
      ruleOf((document) => {
        operationAt(document, '/ai/models', 'get')['x-rate-limits'] = [
          { kind: 'window', scope: 'client', limit: 60, periodSeconds: 60 },
        ]
      }),
    ).toEqual([['rate-limit-added', ['servers']]])
  })

  it('judges a smaller body limit as lowered, and its removal as breaking no one', () => {
    expect(
      ruleOf((document) => {
        document['x-body-limit'].maxBytes = 65_536
      }),
    ).toEqual([['body-limit-lowered', ['servers']]])
    expect(
      ruleOf((document) => {
        delete document['x-body-limit']
      }),
    ).toEqual([['body-limit-removed', []]])
  })

  it("judges a provisioning time changed as the lifecycle's change", () => {
    expect(
      ruleOf((document) => {
        schemas(document).EnvironmentStatus['x-lifecycle'].transitions[0].withinSeconds = 60
      }),
    ).toEqual([['lifecycle-changed', ['servers']]])
  })

  it('judges the answer to unsupported methods, documented where it was not, as added', () => {
    const without = edited((document) => {
      delete document['x-unsupported-methods']
    })
    expect(diffContracts(without, TODAY).changes.map((change) => change.rule)).toEqual([
      'unsupported-methods-added',
    ])
  })

  it("judges a quota's refusal changed as breaking clients too", () => {
    expect(
      ruleOf((document) => {
        operationAt(document, '/environments', 'post')['x-quota'].code = 'QUOTA_EXCEEDED'
      }),
    ).toEqual([['quota-answer-changed', ['clients', 'servers']]])
  })

  it('judges the rules of a field, an operation and its effects by their place', () => {
    expect(
      ruleOf((document) => {
        delete operationAt(document, '/environments', 'post')['x-unique']
      }),
    ).toEqual([['unique-removed', ['servers']]])
    expect(
      ruleOf((document) => {
        operationAt(document, '/environments', 'post')['x-unique'].code = 'NAME_TAKEN'
      }),
    ).toEqual([['unique-changed', ['clients', 'servers']]])
    expect(
      ruleOf((document) => {
        delete schemas(document).DemoRequest.properties.preferredDate['x-date-bound']
      }),
    ).toEqual([['date-bound-removed', ['servers']]])
    expect(
      ruleOf((document) => {
        schemas(document).ChatRequest.properties.model['x-values-from'].key = 'name'
      }),
    ).toEqual([['values-from-changed', ['servers']]])
    expect(
      ruleOf((document) => {
        delete operationAt(document, '/auth/set-password', 'post')['x-effects']
      }),
    ).toEqual([['effect-removed', ['servers']]])
  })

  it('compares every rule extension the contract defines (a new one needs its comparison)', () => {
    expect([...COMPARED_AS_RULES].sort()).toEqual([...RULE_EXTENSIONS].sort())
  })

  it('names no rule of an operation removed: its removal says it', () => {
    expect(
      ruleOf((document) => {
        delete document.paths['/auth/auth'].post
      }),
    ).toEqual([['operation-removed', ['clients']]])
  })
})
