import { describe, expect, it } from 'vitest'
import { loadContract } from './contract-file'
import {
  createPrecompiledValidator,
  loadPortableContract,
  namedSchemaKeys,
  PRECOMPILED_SCHEMA_KEYS,
} from './portable'

const runtime = loadContract()
const portable = loadPortableContract()

/** Documented values per schema key: what each named schema is shown with in the contract. */
function documentedValues(): Map<string, unknown[]> {
  const byKey = new Map<string, unknown[]>()
  const add = (pointer: string | undefined, values: unknown[]) => {
    if (!pointer) return
    byKey.set(pointer, [...(byKey.get(pointer) ?? []), ...values])
  }
  for (const operation of runtime.operations) {
    for (const parameter of operation.parameters) {
      add(
        parameter.schemaPointer,
        parameter.examples.map((example) => example.value),
      )
    }
    add(
      operation.bodySchemaPointer,
      operation.bodyExamples.map((example) => example.value),
    )
    for (const response of Object.values(operation.responses)) {
      add(
        response.schemaPointers['application/json'],
        response.examples.map((example) => example.value),
      )
    }
  }
  return byKey
}

/** Values that break most schemas in a different way each. */
const STRANGERS: unknown[] = [
  null,
  undefined,
  '',
  'text',
  0,
  -1.5,
  true,
  [],
  [1, 'a'],
  {},
  { unexpected: true },
  { email: 'not-an-email', password: 1, createdAt: 'yesterday' },
]

describe('the portable contract (@devenv/openapi/portable)', () => {
  it('has precompiled every schema the contract names, and nothing else', () => {
    const named = namedSchemaKeys(runtime.document, runtime.operations)
    expect(named.length).toBeGreaterThan(50)
    expect([...PRECOMPILED_SCHEMA_KEYS].sort()).toEqual(named)
  })

  it('judges every named schema as the run-time validator does, errors included', () => {
    const documented = documentedValues()
    let compared = 0
    for (const key of PRECOMPILED_SCHEMA_KEYS) {
      for (const value of [...(documented.get(key) ?? []), ...STRANGERS]) {
        expect(portable.validator.validate(key, value), `${key} ${JSON.stringify(value)}`).toEqual(
          runtime.validator.validate(key, value),
        )
        compared += 1
      }
    }
    expect(compared).toBeGreaterThan(PRECOMPILED_SCHEMA_KEYS.length * STRANGERS.length)
  })

  it('answers request and answer checks through the same interface', () => {
    const signIn = { email: 'nino.beridze@example.com', password: 'Tbilisi-Sunrise-2025' }
    expect(portable.validator.validateRequestBody('signIn', signIn).valid).toBe(true)
    const missing = portable.validator.validateRequestBody('signIn', { email: signIn.email })
    expect(missing.valid).toBe(false)
    expect(missing.errors).toEqual(
      runtime.validator.validateRequestBody('signIn', { email: signIn.email }).errors,
    )
    expect(portable.validator.validateResponse('signIn', 418, {}).errors[0]?.keyword).toBe('status')
  })

  it('refuses a pointer it has not compiled with the run-time wording', () => {
    const inside = '#/components/schemas/SignInRequest/properties/email'
    expect(() => portable.validator.validate(inside, 'a@b.ge')).toThrow(`No schema at ${inside}`)
    expect(runtime.validator.validate(inside, 'a@b.ge').valid).toBe(true)
  })

  it('describes the same operations and prefixes as the file-read contract, built once', () => {
    expect(portable.operations).toEqual(runtime.operations)
    expect(portable.prefixes).toEqual(runtime.prefixes)
    expect(portable.documentPath).toBeUndefined()
    expect(portable.referencePath).toBeNull()
    expect(loadPortableContract()).toBe(portable)
    expect(createPrecompiledValidator()).not.toBe(portable.validator)
  })
})
