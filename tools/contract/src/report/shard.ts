import { createHash } from 'node:crypto'
import type { Contract } from '@devenv/openapi'

/** Which of a run's shards this is: the `index`-th of `total` (`--shard index/total`). */
export type ShardPosition = { index: number; total: number }

/**
 * The most shards of a run: more would be more machines than checks. `--shard` refuses more, and
 * so does `merge` reading a shard's report, whose `total` it would otherwise count to.
 */
export const MAX_SHARDS = 1000

/**
 * What a shard's report.json says about it, so that `merge` can tell a whole set of shards from
 * a partial one or a mix: the same `run` and `contract` for every shard of one run.
 */
export type Shard = ShardPosition & {
  /**
   * A digest of what defines the whole run: mode, contract, the run's own settings, the number of
   * shards. Not the target: each job of a CI matrix may start its own copy of the server.
   */
  run: string
  /** A digest of the contract's document. */
  contract: string
}

const digest = (value: unknown) =>
  createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 16)

/** The digest of a contract's document: two shards held to different documents differ here. */
export const contractDigest = (contract: Contract): string => digest(contract.document)

/**
 * The shard's identity in its run. `settings` are what every shard of the run must share (the
 * selection, the seed, the request counts ...), never what differs by shard.
 */
export function shardOfRun(
  position: ShardPosition,
  run: { mode: string; contract: Contract; settings: unknown },
): Shard {
  const contract = contractDigest(run.contract)
  return {
    ...position,
    run: digest([run.mode, contract, run.settings, position.total]),
    contract,
  }
}

/**
 * Whether the `unit`-th piece of work (in the run's fixed order) is this shard's: dealt round the
 * shards like cards, so every piece falls to exactly one shard and counts differ by at most one.
 */
export const inShard = (position: ShardPosition | undefined, unit: number): boolean =>
  position === undefined || unit % position.total === position.index - 1
