import { operationOf } from '@devenv/openapi'
import { registerThroughMailbox } from '../../accounts'
import { lockOf } from '../../contract-rules'
import { type Answer, headerOf, type OperationCall } from '../../http'
import type { Suite } from '../../report'
import type { Credentials, RunContext } from '../context'
import { SuiteRecorder } from '../recorder'
import { field, passwordOf } from './support'

const LOCK_MESSAGE = 'Too many login attempts. Please try again later.'

/**
 * The lock of sign-in's x-rate-limits (`kind: lock`): `limit` failures lock sign-in for the
 * address: 429 with Retry-After (at most the lock's period) and the lock message, on signIn, the
 * deprecated legacySignIn and changePassword alike (AUTH-5).
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
  // A fresh activated account proves that even the right password is refused while locked; its
  // set-up is not judged, only the lock.
  if (context.mailbox) {
    const steps = {
      expect: (operationId: string, call: OperationCall) => flow.raw(operationId, call),
      mailed: (_: string, arrived: boolean) => arrived,
    }
    await registerThroughMailbox(steps, context.mailbox, credentials, {
      session: context.target.session,
    })
  }
  for (let attempt = 1; attempt <= lock.limit; attempt++) {
    await flow.request(
      `wrong password, attempt ${attempt}: 401`,
      'signIn',
      { body: { email: credentials.email, password: `wrong-${attempt}` } },
      { status: 401 },
      true,
    )
  }
  const locked = {
    status: 429,
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
