// The library a test written by `replay --write-tests` imports (`devenv-contract/replay` from the
// packed tarball): one recorded session replayed against a server and judged, as `replay` judges
// it, with nothing else of the toolkit around it (docs/replay.md#tests-out-of-recordings).
import { randomBytes } from 'node:crypto'
import { loadContract } from '@devenv/openapi'
import { mailDevMailbox } from '../mailbox'
import type { RecordedSession } from './format'
import { createNoise, differenceText, judgeSession } from './judge'
import { playSession, replayTargetAt } from './play'

export type { RecordedSession } from './format'

export type SessionReplayOptions = {
  /** The server: an origin, `http://host:port`. */
  baseUrl: string
  /** A MailDev's web address for the mailed links; the server's development mailbox otherwise. */
  mailbox?: string | undefined
  timeoutMs?: number
  /** Another contract than the one the package ships (`openapi.yaml`). */
  contractPath?: string
  /**
   * The fields `replay` learned to differ between two servers of the recorded build
   * (`operation status /field`): written into the test with the session.
   */
  noise?: readonly string[]
}

export type SessionReplay = {
  /** A line per failure: the step, then a contract failure or a difference from the recording. */
  failures: string[]
  /** Why the session stopped before its last step, when it did. */
  stopped?: string
}

/** Replays `session` against `options.baseUrl`: what failed, if anything. */
export async function replaySession(
  session: RecordedSession,
  options: SessionReplayOptions,
): Promise<SessionReplay> {
  const contract = loadContract(options.contractPath)
  const timeoutMs = options.timeoutMs ?? 15_000
  const label = `replay-${randomBytes(4).toString('hex')}`
  const target = await replayTargetAt(new URL(options.baseUrl).origin, {
    timeoutMs,
    mailbox:
      options.mailbox === undefined ? 'auto' : mailDevMailbox(options.mailbox, { timeoutMs }),
  })
  const played = await playSession(session, target, label)
  const noise = createNoise(contract)
  for (const key of options.noise ?? []) noise.learned.add(key)
  const failures = judgeSession(contract, noise, session, played).flatMap(
    ({ played: { recorded }, contract: problems, differences }) => [
      ...problems.map((problem) => `step ${recorded.step}: contract: ${problem}`),
      ...differences.map(
        (difference) => `step ${recorded.step}: drift: ${differenceText(difference)}`,
      ),
    ],
  )
  return { failures, ...(played.stopped === undefined ? {} : { stopped: played.stopped }) }
}
