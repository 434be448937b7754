import { loadContract } from '@devenv/openapi'
import { describe, expect, it } from 'vitest'
import { inShard } from '../report'
import { FLOW_IDS } from './flows'
import { shardSelection, shardUnits } from './selection'

const contract = loadContract()
const operationIds = contract.operations.map((operation) => operation.operationId)

describe("a check run's shards", () => {
  it.each([1, 2, 3, 4, 7])(
    'of %i together run every flow and operation exactly once, in even shares',
    (total) => {
      const shares = Array.from({ length: total }, (_, at) =>
        shardSelection(contract, undefined, { index: at + 1, total }),
      )
      const flows = shares.flatMap((share) => share.flows)
      const operations = shares.flatMap((share) => share.operations)
      expect([...flows].sort()).toEqual([...FLOW_IDS].sort())
      expect([...operations].sort()).toEqual([...operationIds].sort())
      // Even: the pieces of work dealt to each shard differ by one at most.
      const units = shardUnits(contract, undefined)
      const counts = shares.map(
        (_, at) => units.filter((_, unit) => inShard({ index: at + 1, total }, unit)).length,
      )
      expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1)
    },
  )

  it('keeps the flows that share an account, and the operations of one tag, in one shard', () => {
    for (let index = 1; index <= 3; index++) {
      const share = shardSelection(contract, undefined, { index, total: 3 })
      const account = ['account', 'reset-link', 'environment'].filter((id) =>
        share.flows.includes(id),
      )
      expect([0, 3]).toContain(account.length)
      // register leaves the account change-password's example names: one session, in order.
      expect(share.operations.includes('register')).toBe(
        share.operations.includes('changePassword'),
      )
    }
  })

  it('shares out a selection, and nothing beyond it', () => {
    const only = { operations: ['getHealth', 'listModels', 'submitContact'], flows: ['findings'] }
    const shares = [1, 2].map((index) => shardSelection(contract, only, { index, total: 2 }))
    expect(shares.flatMap((share) => [...share.flows, ...share.operations]).sort()).toEqual(
      ['findings', 'getHealth', 'listModels', 'submitContact'].sort(),
    )
    expect(shares.every((share) => share.flows.length + share.operations.length > 0)).toBe(true)
  })

  it('is the same split every time', () => {
    const shard = { index: 2, total: 3 }
    expect(shardSelection(contract, undefined, shard)).toEqual(
      shardSelection(contract, undefined, shard),
    )
  })
})
