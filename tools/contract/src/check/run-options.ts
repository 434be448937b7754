import type { Contract } from '@devenv/openapi'
import type { Answer } from '../http'
import type { Mailbox } from '../mailbox'
import type { RunHandler, ShardPosition } from '../report'
import type { Credentials } from './context'
import type { Selection } from './selection'

/** What `checkTarget` is asked: the target, the accounts and mailbox, the selection, the outputs. */
export type RunOptions = {
  /** `http://host:port` (then `/api` is used), or the API base itself. */
  baseUrl: string
  /** Sent as X-Stub-Session on every request; random by default, so runs never share state. */
  session?: string
  /**
   * Where e-mailed activation and reset links are read: `auto` (the default) the target's
   * GET /__dev/mailbox when it has one, a Mailbox (a mail catcher: `mailDevMailbox(url)`), or
   * `off`.
   */
  mailbox?: 'auto' | 'off' | Mailbox
  /** An activated account for protected operations; the stub's seeded one is used otherwise. */
  credentials?: Credentials
  /** A second activated account for the two-user flows when the target has no mailbox. */
  secondCredentials?: Credentials
  /** Runs only these suites (see `Selection`); everything runs when `only` is not given. */
  only?: Selection
  /** Runs only this shard's share of the (selected) operations and flows (`--shard i/n`). */
  shard?: ShardPosition
  timeoutMs?: number
  /** How long flows wait for an environment to be provisioned or deleted. */
  waitSeconds?: number
  /** How long a check may wait for a rate-limit window an earlier flow or run filled (its Retry-After). */
  maxWaitSeconds?: number
  /** The longest answer body read (bytes, `--max-answer-mib`); a longer one fails its check. */
  maxAnswerBytes?: number
  contract?: Contract
  /** The run's outputs, each told every event (progress, checks, the report at the end). */
  outputs?: readonly RunHandler[]
  /** Settles with a signal's name when the run is to stop: it ends with what was judged. */
  stopped?: Promise<string>
  /** The `--allow-skip` names: the skipped parts they match are accepted. */
  allowSkip?: readonly string[]
  /**
   * The target's answer to getHealth when the caller asked before the run (the CLI's preflight):
   * the run judges it rather than sending the request again, so a run asks it once.
   */
  health?: Answer
}
