import { describe, expect, it, vi } from 'vitest'
import { type ContractChange, diffContracts } from '.'
import { documentOf, type Loose, operationWith, VERSIONS } from './case-documents'

// Issue 40's "Wrong today": each case is a pair of small documents that the diff judged wrong
// before, in OpenAPI 3.0 and 3.1 where the two are written alike.

const judged = (changes: readonly ContractChange[]) =>
  changes.map((change) => [change.rule, change.breaks.join(',')])
const clientBreaks = (changes: readonly ContractChange[]) =>
  changes.filter((change) => change.breaks.includes('clients'))

const text = { type: 'string' }
const listed = { type: 'string', enum: ['on', 'off'] }
const withStatus = (status: Loose) => ({ type: 'object', properties: { status } })

/** Where an enum may stand, and the operation with a schema there. */
const ENUM_PLACES: ReadonlyArray<[string, 'request' | 'response', (schema: Loose) => Loose]> = [
  ['a request property', 'request', (schema) => operationWith({ body: withStatus(schema) })],
  ['a whole request body', 'request', (schema) => operationWith({ body: schema })],
  ['a query parameter', 'request', (schema) => operationWith({ query: schema })],
  ['a header parameter', 'request', (schema) => operationWith({ header: schema })],
  ['a response property', 'response', (schema) => operationWith({ response: withStatus(schema) })],
  ['a whole response body', 'response', (schema) => operationWith({ response: schema })],
  ['a response header', 'response', (schema) => operationWith({ responseHeader: schema })],
]

describe('1. an enum added where there was none, or removed whole', () => {
  for (const version of VERSIONS)
    for (const [where, side, at] of ENUM_PLACES) {
      it(`${version}: added in ${where}, it allows less, as one change`, () => {
        const { changes } = diffContracts(
          documentOf(version, at(text)),
          documentOf(version, at(listed)),
        )
        expect(judged(changes)).toEqual([
          side === 'request'
            ? ['request-enum-narrowed', 'clients,servers']
            : ['response-enum-narrowed', 'servers'],
        ])
        expect(changes[0]?.after).toEqual(['on', 'off'])
        expect(changes[0]?.pointer).toMatch(/\/enum$/)
      })
      it(`${version}: removed from ${where}, it allows any value`, () => {
        const { changes } = diffContracts(
          documentOf(version, at(listed)),
          documentOf(version, at(text)),
        )
        expect(judged(changes)).toEqual([
          side === 'request'
            ? ['request-enum-widened', 'servers']
            : ['response-enum-widened', 'clients'],
        ])
      })
    }

  it('a value added to an existing list still widens it, a value removed narrows it', () => {
    const wider = { type: 'string', enum: ['on', 'off', 'auto'] }
    const base = documentOf('3.1.0', operationWith({ body: withStatus(listed) }))
    expect(
      judged(
        diffContracts(base, documentOf('3.1.0', operationWith({ body: withStatus(wider) })))
          .changes,
      ),
    ).toEqual([['request-enum-widened', 'servers']])
    expect(
      judged(
        diffContracts(documentOf('3.1.0', operationWith({ body: withStatus(wider) })), base)
          .changes,
      ),
    ).toEqual([['request-enum-narrowed', 'clients,servers']])
  })
})

/** A path-level parameter repeated, legally, by its operation. */
const OVERRIDDEN = (version: string, description = 'the id') =>
  documentOf(version, {
    '/books/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      get: {
        parameters: [
          { name: 'id', in: 'path', required: true, description, schema: { type: 'string' } },
        ],
        responses: { '200': { description: 'ok' } },
      },
    },
  })

describe('2. a path-level parameter repeated at the operation level', () => {
  for (const version of VERSIONS) {
    it(`${version}: the document against itself is empty`, () => {
      expect(diffContracts(OVERRIDDEN(version), OVERRIDDEN(version)).changes).toEqual([])
    })
    it(`${version}: the override's own change is the only change`, () => {
      const { changes } = diffContracts(OVERRIDDEN(version), OVERRIDDEN(version, 'the book'))
      expect(judged(changes)).toEqual([['annotation-changed', '']])
    })
  }

  it('a path-level parameter made required reaches each operation', () => {
    const at = (required: boolean) =>
      documentOf('3.1.0', {
        '/books': {
          parameters: [{ name: 'shelf', in: 'query', required, schema: { type: 'string' } }],
          get: { responses: { '200': { description: 'ok' } } },
        },
      })
    expect(judged(diffContracts(at(false), at(true)).changes)).toEqual([
      ['parameter-made-required', 'clients,servers'],
    ])
  })
})

describe('2. path-level parameters in webhooks and callbacks, as in paths', () => {
  const item = (pathRequired: boolean, overridden: boolean) => ({
    parameters: [
      { name: 'X-Trace', in: 'header', required: pathRequired, schema: { type: 'string' } },
    ],
    post: {
      ...(overridden
        ? { parameters: [{ name: 'X-Trace', in: 'header', schema: { type: 'string' } }] }
        : {}),
      responses: { '200': { description: 'ok' } },
    },
  })
  const webhook = (pathRequired: boolean, overridden: boolean) => ({
    ...documentOf('3.1.0', {}),
    webhooks: { bookAdded: item(pathRequired, overridden) },
  })
  const callback = (pathRequired: boolean, overridden: boolean) =>
    documentOf('3.0.3', {
      '/subscriptions': {
        post: {
          responses: { '201': { description: 'subscribed' } },
          callbacks: { added: { '{$request.body#/url}': item(pathRequired, overridden) } },
        },
      },
    })

  for (const [where, at] of [
    ['a webhook', webhook],
    ['a callback', callback],
  ] as const) {
    it(`${where}: a change its operation overrides changes nothing on the wire`, () => {
      expect(diffContracts(at(false, true), at(true, true)).changes).toEqual([])
    })
    it(`${where}: a change its operation inherits is found in the operation`, () => {
      const { changes } = diffContracts(at(false, false), at(true, false))
      expect(changes.map((change) => change.rule)).toEqual(['parameter-made-required'])
      expect(changes[0]?.pointer).toMatch(/\/post\/parameters\/0\/required$/)
    })
  }

  it('a callback added or removed whole is judged as a webhook is', () => {
    const without = callback(false, false)
    const { callbacks: _, ...bare } = without.paths['/subscriptions'].post
    const none = documentOf('3.0.3', { '/subscriptions': { post: bare } })
    expect(judged(diffContracts(none, without).changes)).toEqual([['callback-added', 'servers']])
    expect(judged(diffContracts(without, none).changes)).toEqual([['callback-removed', 'clients']])
  })
})

describe('3. readOnly and writeOnly', () => {
  const account = (required: string[], extra: Loose = {}) => ({
    type: 'object',
    properties: {
      id: { type: 'string', readOnly: true },
      password: { type: 'string', writeOnly: true },
      name: { type: 'string' },
      ...extra,
    },
    required,
  })
  for (const version of VERSIONS) {
    it(`${version}: a readOnly property made required binds no request`, () => {
      const { changes } = diffContracts(
        documentOf(version, operationWith({ body: account([]) })),
        documentOf(version, operationWith({ body: account(['id']) })),
      )
      expect(judged(changes)).toEqual([['request-read-only-changed', '']])
    })
    it(`${version}: a writeOnly property made optional binds no response`, () => {
      const { changes } = diffContracts(
        documentOf(version, operationWith({ response: account(['password']) })),
        documentOf(version, operationWith({ response: account([]) })),
      )
      expect(judged(changes)).toEqual([['response-write-only-changed', '']])
    })
  }
  it('a property that is neither, made required in a request, still breaks clients', () => {
    const { changes } = diffContracts(
      documentOf('3.1.0', operationWith({ body: account([]) })),
      documentOf('3.1.0', operationWith({ body: account(['name', 'id']) })),
    )
    expect(judged(changes)).toEqual([
      ['request-property-made-required', 'clients,servers'],
      ['request-read-only-changed', ''],
    ])
    expect(changes[0]?.summary).toContain('"name"')
  })
})

describe('4. a path parameter renamed', () => {
  const at = (name: string) => ({
    [`/books/{${name}}`]: {
      get: {
        parameters: [{ name, in: 'path', required: true, schema: { type: 'string' } }],
        responses: { '200': { description: 'ok' } },
      },
    },
  })
  for (const version of VERSIONS)
    it(`${version}: /books/{bookId} → /books/{id} breaks no one`, () => {
      const { changes } = diffContracts(
        documentOf(version, at('bookId')),
        documentOf(version, at('id')),
      )
      expect(changes.length).toBeGreaterThan(0)
      expect(changes.filter((change) => change.breaks.length > 0)).toEqual([])
    })
})

describe('5. a pattern replaced', () => {
  const at = (pattern?: string) =>
    documentOf(
      '3.1.0',
      operationWith({
        body: withStatus(pattern === undefined ? text : { type: 'string', pattern }),
      }),
    )
  it.each([
    ['^[a-z]+$', '.*', 'request-constraint-loosened'],
    ['.*', '^[a-z]+$', 'request-constraint-tightened'],
    ['^[a-z]+$', '[a-z]+', 'request-constraint-loosened'],
    ['[a-z]+', '^[a-z]+$', 'request-constraint-tightened'],
    ['^[a-z]+$', '^[a-z0-9]+$', 'request-constraint-loosened'],
    ['^[a-z0-9]+$', '^[a-z]+$', 'request-constraint-tightened'],
    ['^[a-z]+$', '^[0-9]+$', 'request-constraint-changed'],
    ['^[a-z]+$', '^[a-z]{2,8}$', 'request-constraint-changed'],
    ['^(a|b)$', '^(a|c)$', 'request-constraint-changed'],
  ])('%s → %s is %s', (before, after, rule) => {
    expect(diffContracts(at(before), at(after)).changes.map((change) => change.rule)).toEqual([
      rule,
    ])
  })
  it('a replaced pattern whose direction is unknown says so', () => {
    const [change] = diffContracts(at('^[a-z]+$'), at('^[a-z]{2,8}$')).changes
    expect(change?.rule).toBe('request-constraint-changed')
    expect(change?.breaks).toEqual(['clients', 'servers'])
  })
})

describe('6. an enum narrowed inside a nullable wrap', () => {
  for (const version of VERSIONS) {
    const base = documentOf(
      version,
      operationWith({ response: { $ref: '#/components/schemas/State' } }),
      {
        schemas: { State: { type: 'string', enum: ['on', 'off'] } },
      },
    )
    const head = documentOf(
      version,
      operationWith({
        response: { oneOf: [{ type: 'null' }, { $ref: '#/components/schemas/State' }] },
      }),
      { schemas: { State: { type: 'string', enum: ['on'] } } },
    )
    it(`${version}: both the value removed and null allowed are listed`, () => {
      const { changes } = diffContracts(base, head)
      expect(judged(changes).sort()).toEqual([
        ['response-constraint-loosened', 'clients'],
        ['response-enum-narrowed', 'servers'],
      ])
      expect(changes.find((change) => change.rule === 'response-enum-narrowed')?.before).toBe('off')
    })
    it(`${version}: the wrap undone is listed the other way`, () => {
      expect(judged(diffContracts(head, base).changes).sort()).toEqual([
        ['response-constraint-tightened', 'servers'],
        ['response-enum-widened', 'clients'],
      ])
    })
  }
})

describe('a schema moved into components and back is the same schema', () => {
  const shapes = [
    { type: 'string', enum: ['on', 'off'] },
    { type: 'object', required: ['a'], properties: { a: { type: 'string' } } },
    { type: 'array', items: { type: 'integer', minimum: 1 } },
  ]
  for (const version of VERSIONS)
    for (const shape of shapes) {
      const referenced = documentOf(
        version,
        operationWith({
          body: { $ref: '#/components/schemas/S' },
          response: { $ref: '#/components/schemas/S' },
        }),
        { schemas: { S: shape } },
      )
      const inline = documentOf(version, operationWith({ body: shape, response: shape }))
      it(`${version}: a ${shape.type} referenced or written inline`, () => {
        expect(diffContracts(referenced, inline).changes).toEqual([])
        expect(diffContracts(inline, referenced).changes).toEqual([])
      })
    }

  it('a schema that refers to itself is compared as it was, its cycle left a reference', () => {
    const tree = (described: string) =>
      documentOf('3.1.0', operationWith({ response: { $ref: '#/components/schemas/Node' } }), {
        schemas: {
          Node: {
            type: 'object',
            description: described,
            properties: {
              children: { type: 'array', items: { $ref: '#/components/schemas/Node' } },
            },
          },
        },
      })
    expect(diffContracts(tree('a'), tree('a')).changes).toEqual([])
    expect(judged(diffContracts(tree('a'), tree('b')).changes)).toContainEqual([
      'annotation-changed',
      '',
    ])
  })
})

describe("6. OpenAPI 3.0's nullable wrap, {nullable: true, allOf: [$ref]}", () => {
  const state = (values: string[]) => ({ schemas: { State: { type: 'string', enum: values } } })
  const plain = (values: string[]) =>
    documentOf(
      '3.0.3',
      operationWith({ response: { $ref: '#/components/schemas/State' } }),
      state(values),
    )
  const wrapped = (values: string[]) =>
    documentOf(
      '3.0.3',
      operationWith({
        response: {
          nullable: true,
          description: 'none yet',
          allOf: [{ $ref: '#/components/schemas/State' }],
        },
      }),
      state(values),
    )

  // The wrap's description is kept beside the schema it wraps: one annotation change each way.
  it('the wrap alone allows null, and nothing else changes', () => {
    expect(
      judged(diffContracts(plain(['on', 'off']), wrapped(['on', 'off'])).changes).sort(),
    ).toEqual([
      ['annotation-changed', ''],
      ['response-constraint-loosened', 'clients'],
    ])
  })
  it('a value removed inside the wrap is listed beside it', () => {
    const { changes } = diffContracts(plain(['on', 'off']), wrapped(['on']))
    expect(judged(changes).sort()).toEqual([
      ['annotation-changed', ''],
      ['response-constraint-loosened', 'clients'],
      ['response-enum-narrowed', 'servers'],
    ])
    expect(changes.find((change) => change.rule === 'response-enum-narrowed')?.before).toBe('off')
  })
  it('the wrap undone is listed the other way', () => {
    expect(judged(diffContracts(wrapped(['on']), plain(['on', 'off'])).changes).sort()).toEqual([
      ['annotation-changed', ''],
      ['response-constraint-tightened', 'servers'],
      ['response-enum-widened', 'clients'],
    ])
  })
  it('a wrapped document against itself is empty', () => {
    expect(diffContracts(wrapped(['on']), wrapped(['on'])).changes).toEqual([])
  })
})

describe('7. a discriminator added', () => {
  const pets = (discriminator: boolean) => ({
    oneOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }],
    ...(discriminator ? { discriminator: { propertyName: 'kind' } } : {}),
  })
  const animals = {
    schemas: {
      Cat: {
        type: 'object',
        properties: { kind: { type: 'string' }, meow: { type: 'string' } },
        required: ['kind'],
      },
      Dog: {
        type: 'object',
        properties: { kind: { type: 'string' }, bark: { type: 'string' } },
        required: ['kind'],
      },
    },
  }
  for (const version of VERSIONS)
    it(`${version}: lists the discriminator, not its properties removed`, () => {
      const { changes } = diffContracts(
        documentOf(version, operationWith({ body: pets(false), response: pets(false) }), animals),
        documentOf(version, operationWith({ body: pets(true), response: pets(true) }), animals),
      )
      expect(judged(changes)).toEqual([
        ['annotation-changed', ''],
        ['annotation-changed', ''],
      ])
      expect(changes.map((change) => change.pointer)).toEqual([
        '#/paths/~1things/post/requestBody/content/application~1json/schema/discriminator',
        '#/paths/~1things/post/responses/200/content/application~1json/schema/discriminator',
      ])
    })
})

describe('7b. a property or schema named like a keyword', () => {
  it('a property named `discriminator` is diffed as a property', () => {
    const at = (maxLength: number) =>
      documentOf('3.1.0', operationWith({ body: { $ref: '#/components/schemas/discriminator' } }), {
        schemas: {
          discriminator: {
            type: 'object',
            properties: { discriminator: { type: 'string', maxLength } },
          },
        },
      })
    expect(judged(diffContracts(at(10), at(5)).changes)).toEqual([
      ['request-constraint-tightened', 'clients,servers'],
    ])
  })
})

describe('8. security judged by who must change', () => {
  const secured = (
    security: Loose,
    schemes: Loose = { bearer: { type: 'http', scheme: 'bearer' } },
  ) =>
    documentOf(
      '3.1.0',
      {
        '/things': {
          get: {
            ...(security === undefined ? {} : { security }),
            responses: { '200': { description: 'ok' } },
          },
        },
      },
      { securitySchemes: schemes },
    )
  const oauth = {
    oauth: {
      type: 'oauth2',
      flows: {
        clientCredentials: { tokenUrl: 'https://a.example/token', scopes: { read: '', write: '' } },
      },
    },
  }
  it.each([
    [
      'a requirement removed (anyone may call)',
      [{ bearer: [] }],
      [],
      'security-loosened',
      'servers',
    ],
    ['a requirement added', [], [{ bearer: [] }], 'security-tightened', 'clients,servers'],
    [
      'an alternative added',
      [{ bearer: [] }],
      [{ bearer: [] }, { key: [] }],
      'security-loosened',
      'servers',
    ],
    [
      'an alternative removed',
      [{ bearer: [] }, { key: [] }],
      [{ bearer: [] }],
      'security-tightened',
      'clients,servers',
    ],
    ['a scheme replaced', [{ bearer: [] }], [{ key: [] }], 'security-changed', 'clients,servers'],
  ])('%s', (_, before, after, rule, breaks) => {
    const schemes = {
      bearer: { type: 'http', scheme: 'bearer' },
      key: { type: 'apiKey', in: 'header', name: 'X-Key' },
    }
    expect(
      judged(diffContracts(secured(before, schemes), secured(after, schemes)).changes),
    ).toEqual([[rule, breaks]])
  })
  it('a scope removed loosens, a scope added tightens', () => {
    const fewer = secured([{ oauth: ['read'] }], oauth)
    const more = secured([{ oauth: ['read', 'write'] }], oauth)
    expect(judged(diffContracts(more, fewer).changes)).toEqual([['security-loosened', 'servers']])
    expect(judged(diffContracts(fewer, more).changes)).toEqual([
      ['security-tightened', 'clients,servers'],
    ])
  })
  it('an unused security scheme added or removed breaks no one', () => {
    const one = secured([{ bearer: [] }])
    const two = secured([{ bearer: [] }], {
      bearer: { type: 'http', scheme: 'bearer' },
      key: { type: 'apiKey', in: 'header', name: 'X-Key' },
    })
    expect(judged(diffContracts(one, two).changes)).toEqual([
      ['security-scheme-unused-changed', ''],
    ])
    expect(judged(diffContracts(two, one).changes)).toEqual([
      ['security-scheme-unused-changed', ''],
    ])
  })
  it('a used security scheme changed still breaks both', () => {
    const bearer = secured([{ bearer: [] }])
    const basic = secured([{ bearer: [] }], { bearer: { type: 'http', scheme: 'basic' } })
    expect(judged(diffContracts(bearer, basic).changes)).toEqual([
      ['security-scheme-changed', 'clients,servers'],
    ])
  })
})

describe('9. integer → number', () => {
  const at = (type: string, side: 'body' | 'response') =>
    documentOf('3.1.0', operationWith({ [side]: withStatus({ type }) }))
  it('in a request loosens (servers only)', () => {
    expect(judged(diffContracts(at('integer', 'body'), at('number', 'body')).changes)).toEqual([
      ['request-constraint-loosened', 'servers'],
    ])
  })
  it('number → integer in a request tightens', () => {
    expect(judged(diffContracts(at('number', 'body'), at('integer', 'body')).changes)).toEqual([
      ['request-constraint-tightened', 'clients,servers'],
    ])
  })
  it('in a response loosens, which clients must read', () => {
    expect(
      judged(diffContracts(at('integer', 'response'), at('number', 'response')).changes),
    ).toEqual([['response-constraint-loosened', 'clients']])
  })
})

describe('10. required [a, b] → oneOf [required a, required b]', () => {
  const pair = { a: { type: 'string' }, b: { type: 'string' } }
  for (const version of VERSIONS)
    it(`${version}: a request with both now fails the oneOf: it breaks clients`, () => {
      const { changes } = diffContracts(
        documentOf(
          version,
          operationWith({ body: { type: 'object', properties: pair, required: ['a', 'b'] } }),
        ),
        documentOf(
          version,
          operationWith({
            body: {
              type: 'object',
              properties: pair,
              oneOf: [{ required: ['a'] }, { required: ['b'] }],
            },
          }),
        ),
      )
      expect(clientBreaks(changes).length).toBeGreaterThan(0)
      expect(changes.map((change) => change.rule)).not.toContain('request-property-made-optional')
    })
  it('a oneOf added beside the same keywords tightens', () => {
    const object = { type: 'object', properties: pair }
    const { changes } = diffContracts(
      documentOf('3.1.0', operationWith({ body: object })),
      documentOf(
        '3.1.0',
        operationWith({ body: { ...object, oneOf: [{ required: ['a'] }, { required: ['b'] }] } }),
      ),
    )
    expect(judged(changes)).toEqual([['request-constraint-tightened', 'clients,servers']])
  })
})

describe('11. required names a property that properties does not define', () => {
  for (const version of VERSIONS)
    it(`${version}: no library error reaches stderr, and the change is listed`, () => {
      const error = vi.spyOn(console, 'error').mockImplementation(() => {})
      try {
        const body = (required: string[], type: string) => ({
          type: 'object',
          properties: { a: { type } },
          required,
        })
        const { changes } = diffContracts(
          documentOf(version, operationWith({ body: body(['a', 'ghost'], 'string') })),
          documentOf(version, operationWith({ body: body(['a', 'ghost', 'phantom'], 'integer') })),
        )
        expect(error).not.toHaveBeenCalled()
        expect(judged(changes).sort()).toEqual([
          ['request-property-made-required', 'clients,servers'],
          ['request-type-changed', 'clients,servers'],
        ])
        expect(
          diffContracts(
            documentOf(version, operationWith({ body: body(['a', 'ghost'], 'string') })),
            documentOf(version, operationWith({ body: body(['a', 'ghost'], 'string') })),
          ).changes,
        ).toEqual([])
      } finally {
        error.mockRestore()
      }
    })
})

describe('the deprecation policy, as options', () => {
  const NOW = new Date('2030-01-01T00:00:00Z')
  const operationMarked = (marks: Loose) =>
    documentOf('3.1.0', {
      '/things': { get: { ...marks, responses: { '200': { description: 'ok' } } } },
    })
  const deprecate = (sunset: string, level?: string) =>
    diffContracts(
      operationMarked(level ? { 'x-stability-level': level } : {}),
      operationMarked({
        deprecated: true,
        'x-sunset': sunset,
        ...(level ? { 'x-stability-level': level } : {}),
      }),
      { policy: { now: NOW, deprecationDays: 90, betaDeprecationDays: 14 } },
    ).changes.map((change) => change.rule)

  it('a stable operation is owed deprecationDays of notice', () => {
    expect(deprecate('2030-03-01')).toContain('policy-sunset-too-soon')
    expect(deprecate('2030-05-01')).not.toContain('policy-sunset-too-soon')
  })
  it('a beta operation is owed betaDeprecationDays; a draft one none', () => {
    expect(deprecate('2030-01-10', 'beta')).toContain('policy-sunset-too-soon')
    expect(deprecate('2030-01-20', 'beta')).not.toContain('policy-sunset-too-soon')
    expect(deprecate('2030-01-02', 'draft')).not.toContain('policy-sunset-too-soon')
  })
  it('policy changes break neither side on the wire', () => {
    const { changes } = diffContracts(operationMarked({}), operationMarked({ deprecated: true }), {
      policy: { now: NOW },
    })
    expect(changes.find((change) => change.rule === 'policy-sunset-missing')?.breaks).toEqual([])
  })
})
