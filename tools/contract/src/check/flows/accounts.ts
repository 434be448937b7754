import { isDeepStrictEqual } from 'node:util'
import { en, translate } from '@devenv/domain/messages'
import { isJsonObject } from '@devenv/openapi'
import { registration } from '../../accounts'
import { passwordFieldOf } from '../../contract-rules'
import type { Answer, OperationCall } from '../../http'
import type { Suite } from '../../report'
import { weakPasswordOf } from '../../test-values'
import type { RunContext } from '../context'
import type { SuiteRecorder } from '../recorder'
import {
  activateThroughMailbox,
  type Flow,
  field,
  flowAccount,
  isolated,
  NO_ACCOUNT,
  NO_MAILBOX,
  passwordOf,
  recorderOf,
  runEmail,
  signInStep,
} from './support'

const OTHER_PASSWORD = 'Contract-Run-Pass-9'

/** A catalogue sentence as a field message of the contract (no closing period). */
const fieldSentence = (code: Parameters<typeof translate>[1]) =>
  translate(en, code).replace(/\.$/, '')

/** The contract's promise for a taken address where answers are alike (register's 409). */
const SAME_AS_NEW = 'the same 201 and body as a new one'

/** What tells `answer`'s JSON body from `reference`'s (`named`), key by key; none when alike. */
function bodyDifference(reference: Answer, answer: Answer, named: string): string | undefined {
  const wanted = isJsonObject(reference.json) ? reference.json : {}
  const got = isJsonObject(answer.json) ? answer.json : {}
  const differences = [
    ...Object.keys(wanted)
      .filter((key) => !isDeepStrictEqual(wanted[key], got[key]))
      .map((key) =>
        key in got
          ? `${key} ${JSON.stringify(got[key])} where ${named} had ${JSON.stringify(wanted[key])}`
          : `no ${key}, which ${named} had`,
      ),
    ...Object.keys(got)
      .filter((key) => !(key in wanted))
      .map((key) => `${key} ${JSON.stringify(got[key])}, which ${named} did not have`),
  ]
  return differences.length > 0 ? differences.join('; ') : undefined
}

/**
 * Registering an address twice answers 409 (in any letter case), or, on a server that answers
 * alike for every address, the same 201 and body as a new registration; the first registration
 * keeps the address either way. Before activation the first password gets 403, or on such a
 * server the 401 of the refused password (the registration is pending, and a taken address must
 * not be told apart by signing in). A 409 is reported as an enumeration finding.
 */
async function registrationFlow(run: RunContext): Promise<Suite> {
  const context = isolated(run, 'registration')
  const flow = recorderOf(
    context,
    'registration: the same address twice, sign-in before activation',
  )
  const email = runEmail(context, 'twice')
  const created = await flow.request(
    'register a new address: 201',
    'register',
    registration(email, passwordOf(context)),
    { status: 201 },
    true,
  )
  // Where answers are alike, the contract's own words are the failure's reason.
  const sameAsNew = (answer: Answer) => {
    const difference =
      created && answer.status === 201 ? bodyDifference(created, answer, 'the new one') : undefined
    return difference && `a taken address must get "${SAME_AS_NEW}" (register), but: ${difference}`
  }
  const again = await flow.request(
    `the same address again: 409, or ${SAME_AS_NEW}`,
    'register',
    registration(email, passwordOf(context, OTHER_PASSWORD)),
    { status: [409, 201], also: sameAsNew },
  )
  const alike = again?.status === 201
  await flow.request(
    'the same address in capitals again: the same answer (addresses are compared case-insensitively)',
    'register',
    registration(email.toUpperCase(), passwordOf(context, OTHER_PASSWORD)),
    { status: alike ? 201 : 409, also: sameAsNew },
  )
  if (again?.status === 409) {
    context.finding({
      title: 'E-mail enumeration on registration',
      detail: `${flow.route('register')} answers 409 "${String(field(again, 'message'))}" for a taken address and 201 for a new one, so anyone can test whether an address has an account (AUTH-8's answer; the contract allows a uniform 201, with the owner told by e-mail).`,
    })
  }
  const refused = await flow.request(
    "sign in before activation with the refused registration's password: 401",
    'signIn',
    { body: { email, password: passwordOf(context, OTHER_PASSWORD) } },
    { status: 401 },
  )
  await flow.request(
    alike
      ? 'sign in before activation with the first password: the same 401 (a pending registration is not told from a taken address)'
      : 'sign in before activation with the first password: 403 (the taken address kept its account)',
    'signIn',
    { body: { email, password: passwordOf(context) } },
    alike
      ? {
          status: 401,
          also: (answer) => {
            const difference = refused && bodyDifference(refused, answer, 'the taken one')
            return (
              difference &&
              `a sign-in must not tell a new registration from a taken address where registration answers alike (register), but: ${difference}`
            )
          },
        }
      : { status: 403 },
  )
  if (!context.mailbox) {
    flow.skip(
      'after activation the first registration signs in, the refused one does not',
      NO_MAILBOX,
    )
    return flow.suite
  }
  if (!(await activateThroughMailbox(flow, context, email, 'after activation'))) return flow.suite
  await flow.request(
    "after activation the first registration's password signs in: 200",
    'signIn',
    { body: { email, password: passwordOf(context) } },
    { status: 200 },
  )
  await flow.request(
    "the refused registration's password does not sign in: 401",
    'signIn',
    { body: { email, password: passwordOf(context, OTHER_PASSWORD) } },
    { status: 401 },
  )
  return flow.suite
}

type ProfileFields = { firstName: string; lastName: string; company?: string }

/** The answer shows these names, and this company or (when none is given) no company. */
const shows = (expected: ProfileFields) => (answer: Answer) => {
  const problems: string[] = []
  for (const name of ['firstName', 'lastName'] as const) {
    const actual = field(answer, name)
    if (actual !== expected[name])
      problems.push(
        `${name} is ${JSON.stringify(actual)}, expected ${JSON.stringify(expected[name])}`,
      )
  }
  const company = field(answer, 'company')
  const companyRight =
    expected.company === undefined
      ? company === undefined || company === ''
      : company === expected.company
  if (!companyRight)
    problems.push(
      `company is ${JSON.stringify(company)}, expected ${expected.company === undefined ? 'none' : JSON.stringify(expected.company)}`,
    )
  return problems.length > 0 ? problems.join('; ') : undefined
}

/** A profile update is visible on the next read; a refused one changes nothing. */
async function profileFlow(run: RunContext): Promise<Suite> {
  const context = isolated(run, 'profile')
  const flow = recorderOf(context, 'profile: an update is visible on the next read')
  const account = await flowAccount(flow, context, 'profile', context.credentials)
  if (!account) {
    flow.skip('update the profile and read it back', NO_ACCOUNT)
    return flow.suite
  }
  const tokens = await signInStep(flow, 'sign in: 200', account.credentials)
  if (!tokens) return flow.suite
  const read = { token: tokens.access }
  const write = (body: ProfileFields) => ({ ...read, body })
  const before = await flow.request(
    'read the profile: 200',
    'getProfile',
    read,
    { status: 200 },
    true,
  )
  const updated = {
    firstName: 'Tamar',
    lastName: `Contract-${context.runId}`,
    company: `Contract Run ${context.runId} LLC`,
  }
  await flow.request(
    'update names and company: 200 showing them',
    'updateProfile',
    write(updated),
    { status: 200, also: shows(updated) },
    true,
  )
  await flow.request('the next read shows the update', 'getProfile', read, {
    status: 200,
    also: shows(updated),
  })
  const withoutCompany = { firstName: updated.firstName, lastName: updated.lastName }
  await flow.request(
    'update without a company: 200 with no company',
    'updateProfile',
    write(withoutCompany),
    { status: 200, also: shows(withoutCompany) },
    true,
  )
  await flow.request('the next read has no company', 'getProfile', read, {
    status: 200,
    also: shows(withoutCompany),
  })
  await flow.request(
    'an update with an empty first name: 400',
    'updateProfile',
    write({ firstName: '', lastName: 'Half-Applied', company: 'Half Applied LLC' }),
    { status: 400 },
  )
  await flow.request('the refused update changed nothing', 'getProfile', read, {
    status: 200,
    also: shows(withoutCompany),
  })
  // A given account gets its own profile back (names are required, so only when it had them).
  const firstName = field(before, 'firstName')
  const lastName = field(before, 'lastName')
  const company = field(before, 'company')
  if (
    !account.fresh &&
    typeof firstName === 'string' &&
    typeof lastName === 'string' &&
    firstName &&
    lastName
  ) {
    const original = write({
      firstName,
      lastName,
      ...(typeof company === 'string' && company ? { company } : {}),
    })
    if (flow.stopped) await flow.raw('updateProfile', original)
    else
      await flow.request('put the original profile back: 200', 'updateProfile', original, {
        status: 200,
      })
  }
  return flow.suite
}

/** A wrong old password is refused and changes nothing; the right one changes it. */
async function passwordFlow(run: RunContext): Promise<Suite> {
  const context = isolated(run, 'password')
  const flow = recorderOf(context, 'password change: a wrong old password changes nothing')
  const account = await flowAccount(flow, context, 'password', context.credentials)
  if (!account) {
    flow.skip('change the password with a wrong and the right old password', NO_ACCOUNT)
    return flow.suite
  }
  const { email, password } = account.credentials
  const other = passwordOf(context, OTHER_PASSWORD)
  const next = password === other ? `${other}-next` : other
  const change = (oldPassword: string, newPassword: string) => ({
    body: { username: email, oldPassword, newPassword },
  })
  const signIn = (attempt: string) => ({ body: { email, password: attempt } })
  await flow.request(
    'a wrong old password: 401',
    'changePassword',
    change(`${password}-wrong`, next),
    {
      status: 401,
    },
  )
  await flow.request(
    'after the refusal the old password still signs in: 200',
    'signIn',
    signIn(password),
    { status: 200 },
    true,
  )
  await flow.request(
    "the refused change's new password does not sign in: 401",
    'signIn',
    signIn(next),
    {
      status: 401,
    },
  )
  const changed = await flow.request(
    'the right old password: 200',
    'changePassword',
    change(password, next),
    { status: 200 },
    true,
  )
  await flow.request(
    'the new password signs in: 200',
    'signIn',
    signIn(next),
    { status: 200 },
    true,
  )
  await flow.request('the old password no longer signs in: 401', 'signIn', signIn(password), {
    status: 401,
  })
  // A given account gets its password back, even when a later step failed.
  if (changed && !account.fresh) {
    if (flow.stopped) await flow.raw('changePassword', change(next, password))
    else
      await flow.request(
        'change the password back: 200',
        'changePassword',
        change(next, password),
        {
          status: 200,
        },
      )
  }
  return flow.suite
}

// Weak where each rule applies: 8 caseless letters score 20 of 100; 'password' lacks the checklist.
const TOO_WEAK = fieldSentence('validation.passwordTooWeak')
const NOT_RESET_RULES = fieldSentence('validation.passwordResetRules')

/** A failure text unless the 400 names `name` with the contract's message. */
const fieldErrorIs = (name: string, message: string) => (answer: Answer) => {
  const errors = field(answer, 'errors')
  const given = isJsonObject(errors) ? errors[name] : undefined
  return given === message
    ? undefined
    : `errors.${name} is ${JSON.stringify(given)}, not "${message}"`
}

/**
 * Sends the password the contract's policy of `operationId`'s `fieldName` refuses that comes
 * nearest to passing, and expects 400 naming the field: a server that keeps a laxer number than
 * the contract's accepts it. Skipped, with the reason, where the contract makes no such password.
 */
async function refuseWeakPassword(
  flow: SuiteRecorder,
  context: RunContext,
  refusal: {
    operationId: string
    fieldName: string
    /** What the check sends where it is chosen, and when (a phrase after "with a password ..."). */
    title: (weakness: string) => string
    request: (password: string) => OperationCall
  },
): Promise<void> {
  const { operationId, fieldName } = refusal
  const found = passwordFieldOf(context.contract, operationId, fieldName)
  if (!found) {
    flow.skip(
      refusal.title('the policy refuses'),
      `the contract states no x-password-policy for ${operationId}'s ${fieldName}`,
    )
    return
  }
  const weak = weakPasswordOf(found.policy)
  if (weak.password === undefined) {
    flow.skip(refusal.title('the policy refuses'), `${found.schema}: ${weak.reason}`)
    return
  }
  const [weakness, message] =
    weak.refusedBy === 'strength'
      ? [`under strength ${weak.minimum} (it scores ${weak.score})`, TOO_WEAK]
      : [`without ${weak.missing.join(', ')} (the checklist)`, NOT_RESET_RULES]
  await flow.request(
    refusal.title(weakness),
    operationId,
    refusal.request(weak.password),
    { status: 400, also: fieldErrorIs(fieldName, message) },
    false,
  )
}

/**
 * Each rule for a new password is the server's, not only the site's form: 400 with its message,
 * for the password the contract's policy refuses. The three refusals are independent: one that
 * cannot be sent (a full window) skips only itself.
 */
async function passwordRulesFlow(run: RunContext): Promise<Suite> {
  const context = isolated(run, 'password-rules')
  const flow = recorderOf(
    context,
    'password rules: a weak new password is refused where it is chosen',
  )
  const email = runEmail(context, 'weak')
  await refuseWeakPassword(flow, context, {
    operationId: 'register',
    fieldName: 'password',
    title: (weakness) => `register with a password ${weakness}: 400 naming password`,
    request: (password) => registration(email, password),
  })
  await refuseWeakPassword(flow, context, {
    operationId: 'setPassword',
    fieldName: 'password',
    title: (weakness) =>
      `set a password ${weakness}: 400 naming password, before the link is judged`,
    request: (password) => ({ body: { username: email, hash: 'ab'.repeat(32), password } }),
  })
  await refuseWeakPassword(flow, context, {
    operationId: 'changePassword',
    fieldName: 'newPassword',
    title: (weakness) =>
      `change to a password ${weakness}: 400 naming newPassword, before the old one is checked`,
    request: (password) => ({
      body: { username: email, oldPassword: passwordOf(context), newPassword: password },
    }),
  })
  return flow.suite
}

export const ACCOUNT_FLOWS: Flow[] = [
  { id: 'registration', run: registrationFlow },
  { id: 'profile', run: profileFlow },
  { id: 'password', run: passwordFlow },
  { id: 'password-rules', run: passwordRulesFlow },
]
