import { describe, expect, it } from 'vitest'
import { type ContractChange, type ContractDiff, countChanges } from '../diff'
import type { CheckResult, Suite } from '../report'
import { changesTestedBy, serverAsks, sinceLabelOf } from '.'

const diffOf = (changes: ContractChange[]): ContractDiff => ({
  changes,
  counts: countChanges(changes),
})
const change = (
  fields: Partial<ContractChange> & Pick<ContractChange, 'rule'>,
): ContractChange => ({
  breaks: ['servers'],
  pointer: '#/paths',
  summary: 'something changed',
  ...fields,
})
const listModels: Suite = { name: 'listModels', kind: 'operation', checks: [] }
const failed = (fields: Partial<CheckResult> = {}): CheckResult => ({
  name: 'a check',
  status: 'failed',
  durationMs: 0,
  ...fields,
})

describe('which changes since the base a failed check tests', () => {
  const bodyLimit = change({ rule: 'body-limit-lowered', pointer: '#/x-body-limit' })
  const ofListModels = change({
    rule: 'response-removed',
    operation: { method: 'get', path: '/ai/models', operationId: 'listModels' },
  })
  const description = change({
    rule: 'annotation-changed',
    breaks: [],
    operation: { method: 'get', path: '/ai/models', operationId: 'listModels' },
  })

  it("counts its suite's operation's changes, and not those that break no one", () => {
    expect(changesTestedBy(diffOf([ofListModels, description]), listModels, failed())).toEqual([
      ofListModels,
    ])
    expect(sinceLabelOf(diffOf([description]), listModels, failed()).label).toBe('base-too')
  })

  it('counts a rule of the whole API only for the checks that name it', () => {
    const diff = diffOf([bodyLimit])
    expect(sinceLabelOf(diff, listModels, failed()).label).toBe('base-too')
    expect(sinceLabelOf(diff, listModels, failed({ rules: ['x-body-limit'] }))).toEqual({
      label: 'new',
      because: 'changed since the base: body-limit-lowered (x-body-limit)',
    })
  })

  it("counts a rule's change for the checks citing one of its ids, not an extension named alike", () => {
    const lifetimes = change({ rule: 'lifetime-shortened', pointer: '#/x-lifetimes/accessToken' })
    const diff = diffOf([lifetimes])
    expect(
      sinceLabelOf(diff, listModels, failed({ rules: ['x-lifetimes:accessToken'] })).label,
    ).toBe('new')
    expect(
      sinceLabelOf(diff, listModels, failed({ rules: ['x-lifecycle:EnvironmentStatus'] })).label,
    ).toBe('base-too')
    expect(sinceLabelOf(diff, listModels, failed({ rules: ['sign-out.idempotent'] })).label).toBe(
      'base-too',
    )
  })

  it('counts a change of the whole API that is of no rule for every check', () => {
    const scheme = change({
      rule: 'security-scheme-changed',
      pointer: '#/components/securitySchemes',
    })
    expect(sinceLabelOf(diffOf([scheme]), listModels, failed()).label).toBe('new')
  })

  it("goes by the operation the check's request called, not its flow", () => {
    const flow: Suite = { name: 'environment limits', kind: 'flow', checks: [] }
    const exchange = { operationId: 'listModels', status: 418 } as CheckResult['exchange']
    expect(sinceLabelOf(diffOf([ofListModels]), flow, failed({ exchange })).label).toBe('new')
    expect(sinceLabelOf(diffOf([ofListModels]), flow, failed()).label).toBe('base-too')
  })
})

describe('what the contract asks of servers since the base', () => {
  it('is a line per change, the same change of several operations one line with their count', () => {
    const pattern = (operationId: string) =>
      change({
        rule: 'request-constraint-tightened',
        summary: 'request body "email" pattern added',
        after: '^x$',
        operation: { method: 'post', path: `/${operationId}`, operationId },
      })
    const asks = serverAsks(
      diffOf([
        pattern('signIn'),
        pattern('register'),
        change({ rule: 'response-property-removed', breaks: ['clients'] }),
        change({
          rule: 'quota-lowered',
          pointer: '#/paths/~1environments/post/x-quota',
          summary: 'the quota\n\x1b[2Klowered',
        }),
      ]),
    )
    expect(asks).toEqual([
      'quota-lowered  the whole API: the quota\\x0a\\x1b[2Klowered: (none) -> (none)',
      'request-constraint-tightened  2 operations: signIn, register: request body "email" pattern added: (none) -> "^x$"',
    ])
  })
})
