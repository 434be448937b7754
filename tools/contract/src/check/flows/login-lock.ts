import { operationOf, type RateLimit } from '@devenv/openapi'
import { registration } from '../../accounts'
import { effectOf, lockOf } from '../../contract-rules'
import { type Answer, devClientOf, headerOf, type OperationCall } from '../../http'
import type { Suite } from '../../report'
import { type Credentials, mailedLink, type RunContext } from '../context'
import { type Expectation, SuiteRecorder } from '../recorder'
import { keptReason, shareOfWindow, takeFromShare } from '../window-share'
import { codeIs, field, isolated, NO_MAILBOX, passwordOf } from './support'

const LOCK_MESSAGE = 'Too many login attempts. Please try again later.'

/** The operations that check a password and share the address's lock: each is a way in. */
type Door = 'signIn' | 'legacySignIn' | 'changePassword'

/** The failures before activation go through the doors that spare sign-in's own window. */
const SIDE_DOORS: readonly Door[] = ['legacySignIn', 'changePassword']

const lockRuleOf = (door: Door) => `x-rate-limits:${door}:lock`

/**
 * The lock of sign-in's x-rate-limits (`kind: lock`): `limit` failures lock sign-in for the
 * address: 429 LOGIN_LOCKED with Retry-After (at most the lock's period) and the lock message, on
 * signIn, the deprecated legacySignIn and changePassword alike (AUTH-5), and a failure through any
 * of them counts. Before it, on a fresh account: a not-activated account's right password is no
 * failure, and where the x-effects say a right sign-in (on either path) resets the lock, each
 * reset is shown by a count that would otherwise reach the lock.
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
  const routes = {
    signIn: operationOf(context.contract, 'signIn').path,
    legacySignIn: operationOf(context.contract, 'legacySignIn').path,
    changePassword: operationOf(context.contract, 'changePassword').path,
  }
  const wrong = (door: Door, attempt: string): OperationCall =>
    door === 'changePassword'
      ? {
          body: {
            username: credentials.email,
            oldPassword: `wrong-${attempt}`,
            newPassword: passwordOf(context, 'Contract-Run-Pass-7'),
          },
        }
      : { body: { email: credentials.email, password: `wrong-${attempt}` } }
  const right = (door: Door): OperationCall =>
    door === 'changePassword'
      ? {
          body: {
            username: credentials.email,
            oldPassword: credentials.password,
            newPassword: `${passwordOf(context)}-locked`,
          },
        }
      : { body: credentials }

  const counted = await countBeforeTheLock(flow, context, lock, credentials, wrong, right, routes)
  if (counted === 'stopped') return flow.suite
  const afterReset = counted ? ' since the right sign-in' : ''
  const countRules = counted
    ? [lockRuleOf('signIn'), 'x-effects:signIn:resets.login-lock']
    : [lockRuleOf('signIn')]
  // The failures that fill the lock come through every door: the 429 after them shows that a
  // failure on the deprecated sign-in and a wrong old password on change-password count as well.
  const doorOf = (attempt: number): Door =>
    attempt === lock.limit - 2 && lock.limit >= 3
      ? 'legacySignIn'
      : attempt === lock.limit - 1 && lock.limit >= 2
        ? 'changePassword'
        : 'signIn'
  const doors = new Set<Door>()
  const signIn = operationOf(context.contract, 'signIn')
  for (let attempt = 1; attempt < lock.limit; attempt++) {
    const door = doorOf(attempt)
    doors.add(door)
    await flow.request(
      `wrong password, attempt ${attempt}${afterReset}: 401`,
      door,
      wrong(door, String(attempt)),
      { status: 401, rules: countRules },
      true,
    )
  }
  // The last failure and one more go at once: while its check is under way it counts, so the other
  // is refused (one after the other, the second meets the lock all the same).
  const last = `wrong password, attempt ${lock.limit}${afterReset}: 401`
  const alongside = `a wrong password sent at the same time as attempt ${lock.limit}: 429 LOGIN_LOCKED (a password check under way counts as a failure)`
  for (const name of [last, alongside])
    if (!takeFromShare(context.target, signIn)) {
      const share = shareOfWindow(context.target, signIn)
      flow.skip(name, share ? keptReason('signIn', share.rule) : 'kept for later runs')
      return flow.suite
    }
  const calls = [
    wrong('signIn', String(lock.limit)),
    wrong('signIn', `${lock.limit}-alongside`),
  ] as const
  const answers = await Promise.all(calls.map((call) => flow.raw('signIn', call)))
  // The answer that checked the password is the last failure; the other met the lock.
  const order = answers[1]?.status === 401 && answers[0]?.status !== 401 ? [1, 0] : [0, 1]
  const [checked = 0, refused = 1] = order
  await flow.request(
    last,
    'signIn',
    calls[checked] as OperationCall,
    {
      // A 429 here is this check's failure, not a full window to skip: it names 429 itself.
      status: [401, 429],
      rules: countRules,
      also: (answer: Answer) =>
        answer.status !== 429
          ? undefined
          : counted
            ? `got 429 (${String(field(answer, 'message'))}): the failures before the right sign-in still counted, so the sign-in did not reset the lock`
            : `got 429 (${String(field(answer, 'message'))}) after ${lock.limit - 1} failures`,
    },
    false,
    answers[checked],
  )
  // Each door's failure counts: were one not counted, the lock would not be reached here.
  const doorRules = [...doors]
    .filter((door) => door !== 'signIn')
    .flatMap((door) =>
      door === 'changePassword'
        ? [lockRuleOf(door), 'change-password.wrong-old-password-counts-for-the-lock']
        : [lockRuleOf(door)],
    )
  const sideDoors = [...doors].filter((door) => door !== 'signIn').map((door) => routes[door])
  await flow.request(
    alongside,
    'signIn',
    calls[refused] as OperationCall,
    {
      status: [429, 401],
      also: (answer: Answer) =>
        answer.status === 401
          ? `got 401: a password was checked after ${lock.limit} failures, so one of them did not count${sideDoors.length > 0 ? ` (among them the failures on ${sideDoors.join(' and ')})` : ''}, or the check under way alongside it did not`
          : codeIs('LOGIN_LOCKED')(answer),
      rules: [
        'login-lock.checks-under-way-count-as-failures',
        'login-lock.answer-code',
        ...doorRules,
      ],
    },
    false,
    answers[refused],
  )
  const locked = (rules: readonly string[]): Expectation => ({
    status: 429,
    rules,
    also: (answer: Answer) => {
      if (field(answer, 'message') !== LOCK_MESSAGE)
        return `message is "${String(field(answer, 'message'))}"`
      const code = codeIs('LOGIN_LOCKED')(answer)
      if (code) return code
      const retryAfter = Number(headerOf(answer, 'retry-after'))
      return Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= lock.periodSeconds
        ? undefined
        : `Retry-After is "${headerOf(answer, 'retry-after')}", not 1 to the lock's ${lock.periodSeconds} s`
    },
  })
  const answerRules = ['login-lock.answer-message', 'login-lock.answer-code']
  // Only an account whose password is right shows that none is checked while locked.
  const unchecked = counted !== undefined ? ['login-lock.no-password-checked-during-lock'] : []
  // Each check of the lock stands alone: a door that ignores the lock must not hide the others.
  await flow.request(
    `attempt ${lock.limit + 1}: 429 with Retry-After and the lock message`,
    'signIn',
    { body: credentials },
    locked([lockRuleOf('signIn'), ...answerRules, ...unchecked]),
    false,
  )
  // The lock is the address's, whichever door: the deprecated sign-in and change-password share it.
  await flow.request(
    `sign-in on the deprecated ${routes.legacySignIn} while locked: 429`,
    'legacySignIn',
    right('legacySignIn'),
    locked([lockRuleOf('legacySignIn'), ...answerRules]),
    false,
  )
  await flow.request(
    'change-password while locked, with the right old password: 429',
    'changePassword',
    right('changePassword'),
    locked([lockRuleOf('changePassword'), 'login-lock.answer-code']),
    false,
  )
  await forgottenFailures(flow, context, lock)
  return flow.suite
}

/**
 * On a fresh account (registered through the mailbox), the count before the lock: `limit - 1`
 * failures before activation, with the right password answered 403 (not activated) without
 * counting; then, where the x-effects say so, a right sign-in on the deprecated path resets the
 * count (a failure and a right sign-in follow, which the old count would have locked), and a right
 * sign-in resets it again before the failures that fill the lock. True when both resets ran,
 * undefined without an activated account (the lock is then filled on an address of no account),
 * false when the account is there but the contract states no reset, 'stopped' when a step failed.
 */
async function countBeforeTheLock(
  flow: SuiteRecorder,
  context: RunContext,
  lock: RateLimit,
  credentials: Credentials,
  wrong: (door: Door, attempt: string) => OperationCall,
  right: (door: Door) => OperationCall,
  routes: Record<Door, string>,
): Promise<boolean | undefined | 'stopped'> {
  const resetName = 'a right sign-in resets the count of failures'
  if (!context.mailbox) {
    flow.skip(resetName, NO_MAILBOX)
    return undefined
  }
  // Failures before activation are cleared only by the resets: without them they would count
  // towards the lock the flow fills next, so the account is only registered and activated.
  const resets = (operationId: Door) =>
    effectOf(context.contract, operationId, 200)?.resets === 'login-lock'
  const resetsStated = resets('signIn') && resets('legacySignIn')
  // The account's set-up is not judged, only the lock.
  const registered =
    (await flow.raw('register', registration(credentials.email, credentials.password))).status ===
    201
  if (!registered) {
    flow.skip(resetName, 'the fresh account was not registered')
    return undefined
  }
  if (!resetsStated) {
    flow.skip(resetName, "signIn's or legacySignIn's x-effects state no reset of the login lock")
    return (await activate(flow, context, credentials)) ? false : undefined
  }
  // On a server that answers alike for every address, a pending registration's right password is
  // refused as a wrong one and counts: one failure fewer then leaves the count at `limit - 1`.
  const pending = await flow.request(
    'before activation the right password: 403 (not activated), which is no failed attempt',
    'signIn',
    right('signIn'),
    {
      status: [403, 401],
      rules: (answer) => (answer.status === 403 ? ['sign-in.not-activated-answers-403'] : []),
    },
  )
  if (!pending) return 'stopped'
  const alike = pending.status === 401
  const failures = alike ? lock.limit - 2 : lock.limit - 1
  for (let failure = 1; failure <= failures; failure++) {
    const door = SIDE_DOORS[failure % SIDE_DOORS.length] as Door
    await flow.request(
      `before activation, a wrong password on ${routes[door]}, failure ${failure}: 401`,
      door,
      wrong(door, `before-${failure}`),
      { status: 401 },
    )
  }
  // With `limit - 1` failures counted, a 403 that counted would have locked the address.
  if (!alike)
    await flow.request(
      'before activation, change-password with the right old password: 403 (not activated), not locked by the 403 before it',
      'changePassword',
      right('changePassword'),
      {
        status: 403,
        rules: [
          'change-password.not-activated-answers-403',
          'sign-in.not-activated-is-no-failed-attempt',
        ],
      },
    )
  if (flow.stopped) return 'stopped'
  if (!(await activate(flow, context, credentials))) {
    flow.skip(resetName, 'the fresh account was not activated')
    return undefined
  }
  await flow.request(
    `the right password signs in on ${routes.legacySignIn}: 200 (the count starts again)`,
    'legacySignIn',
    right('legacySignIn'),
    {
      status: 200,
      rules: alike ? [] : ['sign-in.not-activated-is-no-failed-attempt'],
    },
  )
  await flow.request(
    `wrong password after the right sign-in on ${routes.legacySignIn}: 401`,
    'signIn',
    wrong('signIn', 'after-legacy'),
    { status: 401, rules: ['x-effects:legacySignIn:resets.login-lock'] },
  )
  // Had the deprecated sign-in left the count, this sign-in would meet the lock. It runs on either
  // way: the failures after it show whether it reset the count itself.
  await flow.request(
    'the right password signs in: 200 (the count starts again)',
    'signIn',
    right('signIn'),
    { status: 200, rules: ['x-effects:legacySignIn:resets.login-lock'] },
    false,
  )
  return true
}

/** Activates the fresh account through its mailed link; its set-up is not judged. */
async function activate(
  flow: SuiteRecorder,
  context: RunContext,
  credentials: Credentials,
): Promise<boolean> {
  const token = (await mailedLink(context, credentials.email, 'activate'))?.activate
  return (
    token !== undefined && (await flow.raw('activateAccount', { body: { token } })).status === 200
  )
}

/**
 * Failures older than the lock's period are forgotten: `limit - 1` failures, the clock moved past
 * the period, then `limit - 1` more are each 401 (had the old ones counted, the second would meet
 * the lock), and the right password signs in. Only on a fresh account in a stub session of its own,
 * whose clock moves for it alone; elsewhere the period is out of a run's reach and nothing is sent.
 */
async function forgottenFailures(
  flow: SuiteRecorder,
  context: RunContext,
  lock: RateLimit,
): Promise<void> {
  if (!context.stubSessions || !context.mailbox || lock.limit < 2) return
  const own = isolated(context, 'login-lock-forgotten')
  flow.sendTo(own.target)
  const credentials: Credentials = {
    email: `contract-lock-forgotten-${context.runId}@example.com`,
    password: passwordOf(context),
  }
  // The account's set-up is not judged, only the lock.
  const registered =
    (await flow.raw('register', registration(credentials.email, credentials.password))).status ===
      201 && (await activate(flow, own, credentials))
  if (!registered) return
  const rules = ['login-lock.old-failures-forgotten', lockRuleOf('signIn')]
  const failures = async (label: string) => {
    for (let failure = 1; failure < lock.limit; failure++)
      await flow.request(
        `wrong password, failure ${failure} ${label}: 401`,
        'signIn',
        { body: { email: credentials.email, password: `wrong-${label}-${failure}` } },
        { status: 401, rules },
        false,
      )
  }
  await failures('before the period')
  const clock = devClientOf(own.target.transport, own.target.session)
  const moved = await clock.advanceClock(lock.periodSeconds + 60).then(
    () => true,
    () => false,
  )
  if (!moved) return
  await failures(`${lock.periodSeconds + 60} s later (the development clock moved on)`)
  await flow.request(
    'the right password then signs in: 200 (the failures before the period were forgotten)',
    'signIn',
    { body: credentials },
    { status: 200, rules },
    false,
  )
  await clock.setClockOffset(0).catch(() => undefined)
}
