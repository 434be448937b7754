import { describe, expect, it } from 'vitest'
import { loadContract } from './contract-file'
import {
  coverageFigures,
  createCoverageRecorder,
  mergeCoverage,
  pairedResponseExamples,
  requestExampleOf,
  responseExampleOf,
  uncalledOperations,
} from './coverage'

const contract = loadContract()
const operation = (operationId: string) => {
  const found = contract.byId.get(operationId)
  if (!found) throw new Error(operationId)
  return found
}

describe('the coverage recorder', () => {
  it('starts with nothing exercised and every documented status and example listed', () => {
    const coverage = createCoverageRecorder(contract).report()
    expect(coverage.operations).toHaveLength(contract.operations.length)
    expect(coverage.summary.operations).toEqual({
      covered: 0,
      total: contract.operations.length,
      percent: 0,
    })
    const statuses = contract.operations.reduce((sum, each) => sum + each.statuses.length, 0)
    expect(coverage.summary.statuses.total).toBe(statuses)
    expect(coverage.summary.examples.total).toBeGreaterThan(0)
    const signIn = coverage.operations.find((row) => row.operationId === 'signIn')
    expect(signIn?.statuses.map((each) => each.status)).toEqual(operation('signIn').statuses)
  })

  it('counts operations, statuses (range and default keys too) and examples exercised', () => {
    const recorder = createCoverageRecorder(contract)
    const [example] = operation('signIn').bodyExamples
    recorder.record({ operationId: 'signIn', status: 200, requestExample: example?.name })
    recorder.record({ operationId: 'signIn', status: 200 })
    recorder.record({ operationId: 'signIn', status: 418 })
    recorder.record({ operationId: 'noSuchOperation', status: 200 })
    const coverage = recorder.report()
    const row = coverage.operations.find((each) => each.operationId === 'signIn')
    expect(row?.calls).toBe(3)
    expect(row?.statuses.find((each) => each.status === '200')?.count).toBe(2)
    expect(row?.undocumentedStatuses).toEqual([{ status: 418, count: 1 }])
    expect(
      row?.examples.find((each) => each.in === 'request' && each.name === example?.name),
    ).toMatchObject({ count: 1 })
    expect(coverage.summary.operations.covered).toBe(1)
    expect(coverage.summary.statuses.covered).toBe(1)
    expect(coverage.summary.examples.covered).toBe(1)
    expect(coverage.summary.operations.percent).toBe(
      Math.round((1 / contract.operations.length) * 1000) / 10,
    )
  })

  it('says its figures in one line and names the operations never called', () => {
    const recorder = createCoverageRecorder(contract)
    recorder.record({ operationId: 'getHealth', status: 200 })
    const coverage = recorder.report()
    const { operations, statuses, examples } = coverage.summary
    expect(coverageFigures(coverage)).toBe(
      `operations 1/${operations.total} (${operations.percent}%), statuses 1/${statuses.total} (${statuses.percent}%), examples 0/${examples.total} (0%)`,
    )
    const uncalled = uncalledOperations(coverage)
    expect(uncalled).toHaveLength(contract.operations.length - 1)
    expect(uncalled).not.toContain('getHealth')
    expect(uncalled).toContain('signIn')
  })

  it('forgets everything on reset', () => {
    const recorder = createCoverageRecorder(contract)
    recorder.record({ operationId: 'getHealth', status: 200 })
    recorder.reset()
    expect(recorder.report().summary.operations.covered).toBe(0)
  })

  it('adds reports of several runs together', () => {
    const one = createCoverageRecorder(contract)
    const two = createCoverageRecorder(contract)
    one.record({ operationId: 'getHealth', status: 200 })
    two.record({ operationId: 'getHealth', status: 200 })
    two.record({ operationId: 'getProfile', status: 401 })
    two.record({ operationId: 'getProfile', status: 418 })
    const merged = mergeCoverage([one.report(), two.report()])
    expect(merged?.summary.operations.covered).toBe(2)
    expect(merged?.operations.find((row) => row.operationId === 'getHealth')?.calls).toBe(2)
    expect(
      merged?.operations.find((row) => row.operationId === 'getProfile')?.undocumentedStatuses,
    ).toEqual([{ status: 418, count: 1 }])
    expect(mergeCoverage([])).toBeUndefined()
  })
})

describe('recognising documented examples', () => {
  it('finds the request example a body is, as object or JSON text', () => {
    const [example] = operation('signIn').bodyExamples
    expect(requestExampleOf(operation('signIn'), example?.value)).toBe(example?.name)
    expect(requestExampleOf(operation('signIn'), JSON.stringify(example?.value))).toBe(
      example?.name,
    )
    expect(requestExampleOf(operation('signIn'), { email: 'other@example.com' })).toBeUndefined()
    expect(requestExampleOf(operation('getProfile'), undefined)).toBeUndefined()
    let deep: unknown = {}
    for (let depth = 0; depth < 100_000; depth++) deep = { a: deep }
    expect(requestExampleOf(operation('signIn'), deep)).toBeUndefined()
  })

  it('finds the response example an answer is, for its status only', () => {
    const response = operation('getProfile').responses['200']
    const [example] = response?.examples ?? []
    const text = JSON.stringify(example?.value)
    expect(responseExampleOf(operation('getProfile'), 200, text)).toBe(example?.name)
    expect(responseExampleOf(operation('getProfile'), 401, text)).toBeUndefined()
    expect(responseExampleOf(operation('getProfile'), 200, '{}')).toBeUndefined()
  })
})

describe('pairing response examples with the request sent', () => {
  const createEnvironment = operation('createEnvironment')

  it('pairs by the status the request provoked, whatever ids and times the answer holds', () => {
    expect(pairedResponseExamples(createEnvironment, 201, 'goService')).toEqual(['provisioning'])
    expect(pairedResponseExamples(createEnvironment, 409, undefined)).toEqual(['nameTaken'])
    expect(pairedResponseExamples(createEnvironment, 418, undefined)).toEqual([])
  })

  it('counts paired examples as exercised, each once per exchange', () => {
    const recorder = createCoverageRecorder(contract)
    recorder.record({
      operationId: 'createEnvironment',
      status: 403,
      responseExample: 'quota',
      responseExamples: ['quota'],
    })
    const row = recorder
      .report()
      .operations.find((each) => each.operationId === 'createEnvironment')
    expect(row?.examples.filter((example) => example.count > 0)).toEqual([
      { in: 'response', status: '403', name: 'quota', count: 1 },
    ])
  })
})
