import { type Contract, loadContract } from '@devenv/contract'

export type FuzzOperation = Contract['operations'][number]

/** The contract the fuzzer generates from and checks against (the contract runner's loader). */
export type FuzzContract = Contract & { byId: ReadonlyMap<string, FuzzOperation> }

let cached: FuzzContract | undefined

/** openapi/openapi.yaml, parsed and compiled once per process. */
export function loadFuzzContract(): FuzzContract {
  if (cached) return cached
  const contract = loadContract()
  cached = {
    ...contract,
    byId: new Map(contract.operations.map((operation) => [operation.operationId, operation])),
  }
  return cached
}

export function operationOf(contract: FuzzContract, operationId: string): FuzzOperation {
  const operation = contract.byId.get(operationId)
  if (!operation) throw new Error(`The contract has no operation ${operationId}`)
  return operation
}
