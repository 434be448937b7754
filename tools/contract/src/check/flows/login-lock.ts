import { operationOf } from '@devenv/openapi'
import { registerThroughMailbox } from '../../accounts'
import { effectOf, lockOf } from '../../contract-rules'
import { type Answer, headerOf, type OperationCall } from '../../http'
import type { Suite } from '../../report'
import type { Credentials, RunContext } from '../context'
import { SuiteRecorder } from '../recorder'
import { keptReason, shareOfWindow, takeFromShare } from '../window-share'
import { field, NO_MAILBOX, passwordOf } from './support'

const LOCK_MESSAGE = 'Too many login attempts. Please try again later.'

/**
 * The lock of sign-in's x-rate-limits (`kind: lock`): `limit` failures lock sign-in for the
 * address: 429 with Retry-After (at most the lock's period) and the lock message, on signIn, the
 * deprecated legacySignIn and changePassword alike (AUTH-5). Before it, where signIn's x-effects
 * say a right sign-in resets the lock: a failure, the right password, then `limit` failures that
 * are each 401, which only holds when the sign-in put the count back to nought.
 */
export async function loginLock(context: RunContext): Promise<Suite> {
  const lock = lockOf(context.contract, 'signIn')
  const flow = new SuiteRecorder(
    `login lock after ${lock ? lock.limit : 'its'} failures`,
    'flow',
    context.contract,
    context.target,
  )
  if (!lock) {
    flow.skip('sign-in locks after failures', "signIn's x-rate-limits state no lock")
    return flow.suite
  }
  const credentials: Credentials = {
    email: `contract-lock-${context.runId}@example.com`,
    password: passwordOf(context),
  }
  // A fresh activated account proves that even the right password is refused while locked, and
  // that a right sign-in resets the count; its set-up is not judged, only the lock.
  const activated =
    context.mailbox &&
    (await registerThroughMailbox(
      {
        expect: async (operationId: string, call: OperationCall, status: number) => {
          const answer = await flow.raw(operationId, call)
          return answer.status === status ? answer : undefined
        },
        mailed: (_: string, arrived: boolean) => arrived,
      },
      context.mailbox,
      credentials,
      { session: context.target.session },
    ))
  const lockRule = ['x-rate-limits:signIn:lock']
  const wrong = (attempt: string) => ({
    body: { email: credentials.email, password: `wrong-${attempt}` },
  })
  // The reset comes first: its right sign-in leaves the count at nought, so the lock below is
  // filled by the same `limit` failures as on a fresh address, and a window shared with other
  // clients pays two sign-ins for it, not a second filling.
  const resets = effectOf(context.contract, 'signIn', 200)?.resets === 'login-lock'
  const resetName = 'a right sign-in resets the count of failures'
  let afterReset = ''
  if (!resets) flow.skip(resetName, "signIn's x-effects state no reset of the login lock")
  else if (!activated)
    flow.skip(resetName, context.mailbox ? 'the fresh account was not activated' : NO_MAILBOX)
  else {
    const resetRule = ['x-effects:signIn:resets.login-lock']
    await flow.request(
      'wrong password before a right sign-in: 401',
      'signIn',
      wrong('before'),
      { status: 401, rules: lockRule },
      true,
    )
    await flow.request(
      'the right password signs in: 200 (the count starts again)',
      'signIn',
      { body: credentials },
      { status: 200, rules: resetRule },
      true,
    )
    afterReset = ' since the right sign-in'
  }
  // Without the reset, the failure before the sign-in counts too: failure `limit` is refused 429.
  const countRules = afterReset ? [...lockRule, 'x-effects:signIn:resets.login-lock'] : lockRule
  const signIn = operationOf(context.contract, 'signIn')
  for (let attempt = 1; attempt <= lock.limit; attempt++) {
    const name = `wrong password, attempt ${attempt}${afterReset}: 401`
    // Only the last can meet a lock the sign-in left filled: its 429 is this check's failure, not
    // a full window to skip, so the check names 429 and pays its share of the window itself.
    const last = afterReset !== '' && attempt === lock.limit
    if (last && !takeFromShare(context.target, signIn)) {
      const share = shareOfWindow(context.target, signIn)
      flow.skip(name, share ? keptReason('signIn', share.rule) : 'kept for later runs')
      return flow.suite
    }
    await flow.request(
      name,
      'signIn',
      wrong(String(attempt)),
      last
        ? {
            status: [401, 429],
            rules: countRules,
            also: (answer: Answer) =>
              answer.status === 429
                ? `got 429 (${String(field(answer, 'message'))}): the failure before the right sign-in still counted, so the sign-in did not reset the lock`
                : undefined,
          }
        : { status: 401, rules: countRules },
      true,
    )
  }
  const locked = {
    status: 429,
    rules: lockRule,
    also: (answer: Answer) => {
      if (field(answer, 'message') !== LOCK_MESSAGE)
        return `message is "${String(field(answer, 'message'))}"`
      const retryAfter = Number(headerOf(answer, 'retry-after'))
      return Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= lock.periodSeconds
        ? undefined
        : `Retry-After is "${headerOf(answer, 'retry-after')}", not 1 to the lock's ${lock.periodSeconds} s`
    },
  }
  await flow.request(
    `attempt ${lock.limit + 1}: 429 with Retry-After and the lock message`,
    'signIn',
    { body: credentials },
    locked,
  )
  // The lock is the address's, whichever door: the deprecated sign-in and change-password share it.
  await flow.request(
    `sign-in on the deprecated ${operationOf(context.contract, 'legacySignIn').path} while locked: 429`,
    'legacySignIn',
    { body: credentials },
    locked,
  )
  await flow.request(
    'change-password while locked, with the right old password: 429',
    'changePassword',
    {
      body: {
        username: credentials.email,
        oldPassword: credentials.password,
        newPassword: `${passwordOf(context)}-locked`,
      },
    },
    locked,
  )
  return flow.suite
}
