import { loadContract, type Operation, UNKNOWN_FIELD } from '@devenv/openapi'
import { describe, expect, it } from 'vitest'
import {
  invalidBodies,
  invalidParameters,
  invalidRequests,
  MAX_INVALID_REQUESTS,
} from './generators'

const contract = loadContract()
const operation = (operationId: string): Operation => {
  const found = contract.operations.find((each) => each.operationId === operationId)
  if (!found) throw new Error(operationId)
  return found
}
const names = (operationId: string) => {
  const op = operation(operationId)
  return invalidBodies(contract, op, op.bodyExamples[0]?.value).map((each) => each.name)
}

describe('invalidBodies', () => {
  it('removes each required field, retypes each property, breaks each length, adds an unknown field', () => {
    expect(names('signIn')).toEqual(
      expect.arrayContaining([
        'body of the wrong type (a number)',
        'email off its pattern',
        'without required email',
        'without required password',
        `with unknown field ${UNKNOWN_FIELD}`,
        'email of the wrong type (a number)',
        'email longer than 254',
        'email shorter than 3',
        'password of the wrong type (a number)',
        'password longer than 128',
        'password shorter than 1',
      ]),
    )
  })

  it('reaches into arrays of objects and their limits', () => {
    expect(names('chatCompletion')).toEqual(
      expect.arrayContaining([
        'messages with more than 50 items',
        'messages with fewer than 1 items',
        'messages.0.content longer than 8000',
        'messages.0.role off its enum',
        'model off its pattern',
        'without required messages.0.role',
        `with unknown field messages.0.${UNKNOWN_FIELD}`,
        'model longer than 64',
      ]),
    )
  })

  it('sets optional properties the example leaves out', () => {
    expect(names('register')).toEqual(
      expect.arrayContaining(['company longer than 200', 'firstName of the wrong type (a number)']),
    )
  })

  it('does not call an open object closed (security event details accept extra strings)', () => {
    expect(names('logSecurityEvent')).not.toContain(`with unknown field details.${UNKNOWN_FIELD}`)
    expect(names('logSecurityEvent')).toContain(`with unknown field ${UNKNOWN_FIELD}`)
  })

  it('keeps only bodies the contract refuses, for every operation', () => {
    for (const op of contract.operations.filter((each) => each.bodySchemaPointer)) {
      const generated = invalidBodies(contract, op, op.bodyExamples[0]?.value)
      expect(generated.length, op.operationId).toBeGreaterThan(2)
      for (const { body, name } of generated) {
        expect(
          contract.validator.validateRequestBody(op.operationId, body).valid,
          `${op.operationId}: ${name}`,
        ).toBe(false)
      }
    }
  })
})

describe('invalidRequests', () => {
  it('adds malformed JSON, wrong content types and a missing body for operations with bodies', () => {
    const requests = invalidRequests(contract, operation('submitContact'))
    expect(requests.slice(0, 4).map((each) => each.name)).toEqual([
      'malformed JSON',
      'wrong content type (text/plain)',
      'wrong content type (form)',
      'no body at all',
    ])
    expect(requests.length).toBeLessThanOrEqual(MAX_INVALID_REQUESTS)
    const signOut = invalidRequests(contract, operation('signOut')).map((each) => each.name)
    expect(signOut).not.toContain('no body at all')
  })

  it('gives a UUID path parameter a value that is not one', () => {
    const pointer = operation('getEnvironment').pathParameters[0]?.schemaPointer ?? ''
    const parameters = invalidParameters(contract, operation('getEnvironment'))
    expect(parameters).toHaveLength(2)
    for (const request of parameters) {
      if (request.kind !== 'parameter') throw new Error(`a ${request.kind} request`)
      expect(request.parameter).toBe('id')
      expect(request.name.startsWith(`path parameter id=${request.value.slice(0, 17)}`)).toBe(true)
      expect(request.value).not.toBe('')
      expect(contract.validator.validate(pointer, request.value).valid).toBe(false)
    }
    expect(invalidRequests(contract, operation('getHealth'))).toEqual([])
  })
})
