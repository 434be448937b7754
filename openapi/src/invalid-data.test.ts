import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { loadContract } from './contract-file'
import {
  applyEdit,
  bodySites,
  breakagesAt,
  invalidVariants,
  isPlainObject,
  labelOf,
  setAt,
  UNKNOWN_FIELD,
} from './invalid-data'

describe('edits of a body', () => {
  it('set, add and remove nested values on a copy', () => {
    const original = { a: { b: 1 }, list: [{ c: 'x' }, { c: 'y' }] }
    expect(applyEdit(original, ['a', 'b'], { kind: 'set', value: 2 })).toEqual({
      ...original,
      a: { b: 2 },
    })
    expect(applyEdit(original, ['list', 0], { kind: 'delete' })).toEqual({
      ...original,
      list: [{ c: 'y' }],
    })
    expect(setAt(original, ['new', 0], true)).toEqual({ ...original, new: [true] })
    expect(setAt(original, [], 'whole')).toBe('whole')
    expect(original).toEqual({ a: { b: 1 }, list: [{ c: 'x' }, { c: 'y' }] })
  })

  it('never change their input, whatever the path', () => {
    fc.assert(
      fc.property(
        fc.jsonValue(),
        fc.array(fc.oneof(fc.string({ maxLength: 3 }), fc.nat(3)), { maxLength: 3 }),
        (value, path) => {
          const before = JSON.stringify(value)
          setAt(value, path, 'changed')
          expect(JSON.stringify(value)).toBe(before)
        },
      ),
    )
  })

  it('make __proto__ an own field, as JSON.parse does', () => {
    const edited = setAt({}, ['__proto__'], { polluted: true }) as Record<string, unknown>
    expect(Object.hasOwn(edited, '__proto__')).toBe(true)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('name a path and tell plain objects', () => {
    expect(labelOf([])).toBe('body')
    expect(labelOf(['messages', 0, 'content'])).toBe('messages.0.content')
    expect(isPlainObject({})).toBe(true)
    expect(isPlainObject(new (class Raw {})())).toBe(false)
    expect(isPlainObject([])).toBe(false)
  })
})

describe('the invalid-data engine', () => {
  const contract = loadContract()
  const { document, validator } = contract
  const bodyOf = (operationId: string) => {
    const pointer = contract.byId.get(operationId)?.bodySchemaPointer
    if (!pointer) throw new Error(`${operationId} has no body`)
    return pointer
  }
  const site = (operationId: string, path: readonly (string | number)[]) => {
    const found = bodySites(document, bodyOf(operationId)).find(
      (each) => labelOf(each.path) === labelOf(path),
    )
    if (!found) throw new Error(`no site ${labelOf(path)} in ${operationId}`)
    return found
  }

  it('repeats the first item of an array, or null when it has none', () => {
    expect(applyEdit({ list: [{ a: 1 }, 2] }, ['list'], { kind: 'repeat', count: 3 })).toEqual({
      list: [{ a: 1 }, { a: 1 }, { a: 1 }],
    })
    expect(applyEdit({}, ['list'], { kind: 'repeat', count: 2 })).toEqual({ list: [null, null] })
  })

  it('finds every place of a body schema, references followed, with what is required', () => {
    const places = bodySites(document, bodyOf('chatCompletion'))
    const labels = places.map((each) => labelOf(each.path))
    expect(labels).toEqual(expect.arrayContaining(['body', 'model', 'messages', 'messages.0.role']))
    expect(places.find((each) => labelOf(each.path) === 'messages.0.role')?.required).toBe(true)
  })

  it('breaks each constraint of a place, with values its schema refuses', () => {
    // The e-mail has both a pattern and a format: the values off its pattern break both.
    const email = breakagesAt(site('signIn', ['email']), validator)
    expect(new Set(email.map((each) => each.constraint))).toEqual(
      new Set(['type', 'required', 'maxLength', 'minLength', 'pattern']),
    )
    for (const breakage of email)
      if (breakage.edit.kind === 'set')
        expect(
          validator.validate(site('signIn', ['email']).pointer, breakage.edit.value).valid,
        ).toBe(false)
    const body = breakagesAt(site('signIn', []), validator)
    const unknown = body.filter((each) => each.constraint === 'additionalProperties')
    expect(unknown[0]).toMatchObject({
      label: `with unknown field ${UNKNOWN_FIELD}`,
      path: [UNKNOWN_FIELD],
      unknownField: UNKNOWN_FIELD,
    })
    // Near misses of the real names are unknown fields too: a slip a client could make.
    expect(unknown.map((each) => each.unknownField)).toEqual(
      expect.arrayContaining(['Email', 'emails', 'PASSWORD']),
    )
  })

  it('offers only variants the contract refuses, each made by one edit of the valid body', () => {
    for (const operation of contract.operations.filter((each) => each.bodySchemaPointer)) {
      const example = operation.bodyExamples[0]?.value
      const variants = invalidVariants(
        document,
        validator,
        operation.bodySchemaPointer ?? '',
        example,
      )
      expect(variants.length, operation.operationId).toBeGreaterThan(2)
      for (const { body, breakage } of variants) {
        expect(
          validator.validateRequestBody(operation.operationId, body).valid,
          breakage.label,
        ).toBe(false)
        expect(body).toEqual(applyEdit(example, breakage.path, breakage.edit))
      }
    }
  })

  it('leaves out places the valid body does not hold (no item of an absent array)', () => {
    const body = { model: 'qwen2.5-coder-7b' }
    const variants = invalidVariants(document, validator, bodyOf('chatCompletion'), body)
    expect(variants.some(({ breakage }) => labelOf(breakage.path).startsWith('messages.0'))).toBe(
      false,
    )
    // An edit that leaves the body as it was is no variant of it.
    expect(variants.every((each) => JSON.stringify(each.body) !== JSON.stringify(body))).toBe(true)
    expect(variants.some(({ breakage }) => labelOf(breakage.path) === 'model')).toBe(true)
  })
})
