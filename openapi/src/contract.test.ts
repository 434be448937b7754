import { describe, expect, it } from 'vitest'
import { componentEnum, isDocumentedStatus, requestLineOf } from './contract'
import { createContract, loadContract } from './contract-file'
import { loadOpenApiDocument } from './document-file'
import { apiPrefixesOf, routeOf } from './operations'

const contract = loadContract()
const operation = (operationId: string) => {
  const found = contract.byId.get(operationId)
  if (!found) throw new Error(`no ${operationId}`)
  return found
}

describe('the operations, described once', () => {
  it('answer under both prefixes of the servers entry', () => {
    expect(contract.prefixes).toEqual(['/api', '/api/v1'])
    expect(operation('getEnvironment').servedPaths).toEqual([
      '/api/environments/{id}',
      '/api/v1/environments/{id}',
    ])
    expect(operation('getEnvironment').routePath).toBe('/environments/:id')
  })

  it('merge path-level and operation-level parameters, with schema and example', () => {
    const [id] = operation('deleteEnvironment').pathParameters
    expect(id?.name).toBe('id')
    expect(id?.required).toBe(true)
    expect(id?.schemaPointer).toBe('#/components/schemas/ResourceId')
    expect(id?.coerceTo).toBe('string')
  })

  it('know the body schema, media types and examples of a request', () => {
    const signIn = operation('signIn')
    expect(signIn.bodyMediaTypes).toEqual(['application/json'])
    expect(signIn.bodySchemaPointer).toMatch(/content\/application~1json\/schema$/)
    expect(signIn.bodyExamples.length).toBeGreaterThan(0)
    expect(operation('getProfile').bodySchemaPointer).toBeUndefined()
  })

  it('know security, rate limits, documented responses and their required headers', () => {
    expect(operation('getProfile').requiresAuth).toBe(true)
    expect(operation('getProfile').security).toEqual([{ bearerAuth: [] }])
    expect(operation('signIn').requiresAuth).toBe(false)
    expect(operation('requestPasswordReset').rateLimits.length).toBeGreaterThan(0)
    const created = operation('createEnvironment').responses['201']
    expect(created?.mediaTypes).toEqual(['application/json'])
    expect(created?.requiredHeaders.map((header) => header.name)).toContain('Location')
    const limited = operation('submitContact').responses['429']
    expect(limited?.requiredHeaders.map((header) => header.name)).toContain('Retry-After')
    expect(operation('signOut').responses['204']?.mediaTypes).toEqual([])
  })

  it('derive the prefixes from another servers entry', () => {
    const document = loadOpenApiDocument()
    expect(apiPrefixesOf({ ...document, servers: [{ url: 'https://api.example/v2' }] })).toEqual([
      '/v2',
    ])
    expect(apiPrefixesOf({ ...document, servers: [] })).toEqual([''])
  })

  it('is built once per path', () => {
    expect(loadContract()).toBe(contract)
    expect(createContract(loadOpenApiDocument()).documentPath).toBeUndefined()
  })
})

describe('the matcher from (method, concrete path) to operation', () => {
  it('finds the operation under either prefix, with its path parameters', () => {
    const id = 'fa19cd7d-4dbd-4409-a14a-eb6c400f8d77'
    for (const prefix of ['/api', '/api/v1']) {
      const found = contract.match('DELETE', `${prefix}/environments/${id}?x=1`)
      expect(found?.operation.operationId).toBe('deleteEnvironment')
      expect(found?.pathParams).toEqual({ id })
      expect(found?.prefix).toBe(prefix)
    }
    expect(contract.match('get', '/api/environments')?.operation.operationId).toBe(
      'listEnvironments',
    )
    expect(contract.match('POST', '/api/v1/auth/auth')?.operation.operationId).toBe('signIn')
  })

  it('finds every operation by its own path, a literal path before a template that also fits', () => {
    for (const operation of contract.operations) {
      const concrete = operation.path.replace(/\{[^}]+\}/g, 'x1')
      for (const prefix of ['/api', '/api/v1']) {
        const found = contract.match(operation.method, `${prefix}${concrete}`)
        expect(found?.operation.operationId, `${operation.method} ${concrete}`).toBe(
          operation.operationId,
        )
      }
    }
    // Each answer is the caller's own: changing one does not change the next.
    const first = contract.match('GET', '/api/environments')
    if (first) first.pathParams.planted = 'x'
    expect(contract.match('GET', '/api/environments')?.pathParams).toEqual({})
  })

  it('decodes path parameters and answers undefined off the contract', () => {
    expect(contract.match('GET', '/api/environments/a%20b')?.pathParams).toEqual({ id: 'a b' })
    expect(contract.match('PATCH', '/api/environments')).toBeUndefined()
    expect(contract.match('GET', '/api/nothing')).toBeUndefined()
    expect(contract.match('GET', '/environments')).toBeUndefined()
    expect(contract.match('GET', '/api/environments/a/b')).toBeUndefined()
    expect(contract.match('GET', '/__dev/mailbox')).toBeUndefined()
  })
})

describe('small questions to the contract', () => {
  it('whether a status is documented, by exact code, range or default', () => {
    expect(isDocumentedStatus(contract, 'getProfile', 200)).toBe(true)
    expect(isDocumentedStatus(contract, 'getProfile', 418)).toBe(false)
    expect(() => isDocumentedStatus(contract, 'nope', 200)).toThrow('no operation nope')
  })

  it('the request line of an operation, by its id, with its path parameters filled in', () => {
    expect(requestLineOf(contract, 'signIn')).toEqual({ method: 'POST', path: '/auth/auth' })
    expect(requestLineOf(contract, 'deleteEnvironment', { id: 'a b/c' })).toEqual({
      method: 'DELETE',
      path: '/environments/a%20b%2Fc',
    })
    // What the matcher finds again: the line names the operation it was made from.
    const line = requestLineOf(contract, 'getEnvironment', { id: 'x1' })
    expect(contract.match(line.method, `/api${line.path}`)?.pathParams).toEqual({ id: 'x1' })
    expect(() => requestLineOf(contract, 'getEnvironment')).toThrow(
      'No value for the path parameter id of /environments/{id}',
    )
    expect(() => requestLineOf(contract, 'nope')).toThrow('no operation nope')
    expect(routeOf(operation('getEnvironment'))).toBe('GET /environments/{id}')
  })

  it('the values of a component enum', () => {
    expect(componentEnum(contract, 'Region')).toContain('eu-central')
    expect(componentEnum(contract, 'NoSuchSchema')).toEqual([])
  })
})
