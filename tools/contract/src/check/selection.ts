import type { Contract } from '@devenv/openapi'
import { inShard, type ShardPosition } from '../report'
import { FLOW_IDS } from './flows/ids'

/**
 * The suites a run is asked for: operations by operationId, flows by id (`FLOW_IDS`); a missing
 * list selects none of its kind.
 */
export type Selection = { operations?: readonly string[]; flows?: readonly string[] }

/**
 * The parts of a check run, as `--allow-skip` names them: the protected operations, each flow,
 * and each operation of the contract checked (every own check of one may be kept for later runs).
 * Read from the run's contract, not the bundled one, and only when asked: parsing a contract at
 * import would cost every command's start (`diff --help` included) a YAML parse and a compile.
 */
export function checkPartsOf(contract: Contract): string[] {
  return [
    'check.protected',
    ...FLOW_IDS.map((id) => `check.flow.${id}`),
    ...contract.operations.map((operation) => `check.operation.${operation.operationId}`),
  ]
}

/** Throws on an operation or flow that does not exist: a typo must not select nothing. */
export function checkSelection(contract: Contract, only: Selection | undefined): void {
  const operationIds = contract.operations.map((operation) => operation.operationId)
  const unknown = [
    ...(only?.operations ?? []).filter((id) => !operationIds.includes(id)),
    ...(only?.flows ?? []).filter((id) => !(FLOW_IDS as readonly string[]).includes(id)),
  ]
  if (unknown.length > 0)
    throw new Error(
      `unknown operation or flow: ${unknown.join(', ')} (flows: ${FLOW_IDS.join(', ')})`,
    )
}

/**
 * Flows that share one fresh account (the reset link and the environment use the account flow's):
 * a shard takes them together, so that no shard runs the account flow again for the others.
 */
const ACCOUNT_FLOW_GROUP: readonly string[] = ['account', 'reset-link', 'environment']

/**
 * The run's pieces of work in a fixed order, each whole in one shard: the flows (those sharing an
 * account as one piece), then the operations by the contract's tag, in the contract's order. A
 * tag's operation checks stay together because they share a session and, as in a whole run, an
 * earlier one can leave the state a later one answers from (register's example account is the one
 * change-password's example names). Only the selected ones, so a selection is shared out too.
 */
export function shardUnits(
  contract: Contract,
  only: Selection | undefined,
): Array<{ flows: string[]; operations: string[] }> {
  const flowSelected = (id: string) => !only || (only.flows ?? []).includes(id)
  const group = ACCOUNT_FLOW_GROUP.filter(flowSelected)
  const flows = [
    ...(group.length > 0 ? [group] : []),
    ...FLOW_IDS.filter((id) => !ACCOUNT_FLOW_GROUP.includes(id) && flowSelected(id)).map((id) => [
      id,
    ]),
  ]
  const byTag = new Map<string, string[]>()
  for (const operation of contract.operations) {
    const id = operation.operationId
    if (only && !(only.operations ?? []).includes(id)) continue
    const tag = operation.tags[0] ?? `operation ${id}`
    byTag.set(tag, [...(byTag.get(tag) ?? []), id])
  }
  return [
    ...flows.map((ids) => ({ flows: ids, operations: [] })),
    ...[...byTag.values()].map((ids) => ({ flows: [], operations: ids })),
  ]
}

/** The selection a shard runs: its pieces of the run, dealt round the shards in order. */
export function shardSelection(
  contract: Contract,
  only: Selection | undefined,
  shard: ShardPosition,
): { operations: string[]; flows: string[] } {
  const mine = shardUnits(contract, only).filter((_, unit) => inShard(shard, unit))
  return {
    flows: mine.flatMap((unit) => unit.flows),
    operations: mine.flatMap((unit) => unit.operations),
  }
}
