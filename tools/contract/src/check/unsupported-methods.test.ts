import { loadContract } from '@devenv/openapi'
import { describe, expect, it } from 'vitest'
import { unsupportedMethodProbe, unsupportedMethodProblem } from './unsupported-methods'

const contract = loadContract()
const rule = { status: 405, header: 'Allow' }
const answer = (status: number, allow?: string) => ({
  status,
  headers: allow === undefined ? {} : { allow },
})

describe('a method a path does not have', () => {
  it("is probed once per path, on the path's first operation, with a method the path lacks", () => {
    const probes = contract.operations.flatMap((operation) => {
      const probe = unsupportedMethodProbe(contract, operation)
      return probe ? [{ path: operation.path, ...probe }] : []
    })
    expect(new Set(probes.map((probe) => probe.path)).size).toBe(probes.length)
    expect(probes.find((probe) => probe.path === '/auth/auth')).toMatchObject({
      method: 'DELETE',
      allowed: ['POST'],
      status: 405,
      header: 'Allow',
    })
    for (const probe of probes) expect(probe.allowed).not.toContain(probe.method)
  })

  it('is not probed where the contract states no x-unsupported-methods', () => {
    const { 'x-unsupported-methods': _, ...document } = contract.document
    const without = { ...contract, document }
    expect(contract.operations.some((each) => unsupportedMethodProbe(without, each))).toBe(false)
  })

  it("answers the contract's status with Allow listing the path's methods, as a set in any case", () => {
    const expected = { ...rule, allowed: ['GET', 'PUT'] }
    expect(unsupportedMethodProblem(answer(405, 'put, GET'), expected)).toBeUndefined()
    expect(unsupportedMethodProblem(answer(405, 'GET, HEAD, PUT'), expected)).toBeUndefined()
    expect(unsupportedMethodProblem(answer(404), expected)).toBe('answered 404, not 405')
    expect(unsupportedMethodProblem(answer(405), expected)).toBe('no Allow header')
    expect(unsupportedMethodProblem(answer(405, 'GET'), expected)).toMatch(/missing PUT/)
    expect(unsupportedMethodProblem(answer(405, 'GET, PUT, DELETE'), expected)).toMatch(
      /not the path's: DELETE/,
    )
    // HEAD comes with GET only.
    expect(
      unsupportedMethodProblem(answer(405, 'POST, HEAD'), { ...rule, allowed: ['POST'] }),
    ).toMatch(/not the path's: HEAD/)
  })
})
