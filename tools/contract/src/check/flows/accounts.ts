import { isDeepStrictEqual } from 'node:util'
import { isJsonObject } from '@devenv/openapi'
import type { DevClient } from '@devenv/openapi/dev-protocol'
import { registration } from '../../accounts'
import { rulesOf } from '../../contract-rules'
import { type Answer, devClientOf } from '../../http'
import type { Suite } from '../../report'
import { mailedLink, type RunContext } from '../context'
import type { SuiteRecorder } from '../recorder'
import { OTHER_PASSWORD, PASSWORD_FLOWS } from './passwords'
import {
  codeIs,
  type Flow,
  field,
  flowAccount,
  isolated,
  mailMatching,
  NO_ACCOUNT,
  NO_MAILBOX,
  passwordOf,
  recorderOf,
  runEmail,
  signInStep,
} from './support'

/** The contract's promise for a taken address where answers are alike (register's 409). */
const SAME_AS_NEW = 'the same 201 and body as a new one'

/** A taken address's rule, by the answer the server chose: its 409, or the same 201 as a new one. */
const takenAddressRules = (answer: Answer) =>
  answer.status === 201
    ? [
        'uniform-answers.taken-address-gets-the-same-201',
        'uniform-answers.no-call-tells-a-taken-address',
      ]
    : ['registration.taken-address-answers-409']

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
    { status: [409, 201], also: sameAsNew, rules: takenAddressRules },
  )
  const alike = again?.status === 201
  await flow.request(
    'the same address in capitals again: the same answer (addresses are compared case-insensitively)',
    'register',
    registration(email.toUpperCase(), passwordOf(context, OTHER_PASSWORD)),
    {
      status: alike ? 201 : 409,
      also: sameAsNew,
      rules: (answer) => [...takenAddressRules(answer), 'registration.username-stored-lower-cased'],
    },
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
    { status: 401, rules: ['sign-in.same-answer-for-unknown-email-and-wrong-password'] },
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
          rules: [
            'uniform-answers.pending-password-refused-as-wrong',
            'uniform-answers.no-call-tells-a-taken-address',
          ],
        }
      : { status: 403, rules: ['sign-in.not-activated-answers-403'] },
  )
  // Where answers are alike, the owner learns of the attempt by mail: one that is no activation.
  if (alike && context.mailbox && !flow.stopped) {
    const attempt = await mailMatching(context, email, (mails) =>
      mails.find((params) => params.activate === undefined),
    )
    flow.verdict(
      'the owner of the taken address is e-mailed about the attempt',
      attempt ? undefined : 'no e-mail but the activation one went to the taken address',
      undefined,
      ['uniform-answers.owner-mailed-about-the-attempt'],
    )
  }
  if (!context.mailbox) {
    flow.skip(
      'after activation the first registration signs in, the refused one does not',
      NO_MAILBOX,
    )
    return flow.suite
  }
  const token = (await mailedLink(context, email, 'activate'))?.activate
  const mailed = token ? undefined : 'no e-mail'
  if (
    !flow.verdict('after activation: the activation e-mail arrives', mailed, undefined, [
      'registration.activation-link-emailed',
    ])
  )
    return flow.suite
  const lifetime = await tokenPastItsLifetime(flow, context, token)
  const activated = await flow.request(
    'after activation: activate with the e-mailed token: 200',
    'activateAccount',
    { body: { token } },
    { status: 200, rules: lifetime ? ['x-lifetimes:activationLink'] : [] },
    true,
  )
  if (lifetime) await lifetime.clock.setClockOffset(0).catch(() => undefined)
  if (!activated) return flow.suite
  await flow.request(
    "after activation the first registration's password signs in: 200",
    'signIn',
    { body: { email, password: passwordOf(context) } },
    {
      status: 200,
      rules: [
        'activation.activated-account-signs-in',
        ...(alike ? ['uniform-answers.first-registration-holds-the-address'] : []),
      ],
    },
  )
  await flow.request(
    "the refused registration's password does not sign in: 401",
    'signIn',
    { body: { email, password: passwordOf(context, OTHER_PASSWORD) } },
    {
      status: 401,
      rules: alike ? ['uniform-answers.first-registration-holds-the-address'] : [],
    },
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

/**
 * The activation link's lifetime (`x-lifetimes`), where the flow's stub session has a clock of its
 * own to move (no client can wait a day): a minute past it the e-mailed token is refused as
 * expired (and stays unused); the clock is then left a minute short of it, where the token must
 * still activate. Undefined, and the clock untouched, elsewhere.
 */
async function tokenPastItsLifetime(
  flow: SuiteRecorder,
  context: RunContext,
  token: string | undefined,
): Promise<{ clock: DevClient } | undefined> {
  const lifetime = rulesOf(context.contract).lifetimes?.activationLink
  if (!context.stubSessions || lifetime === undefined) return undefined
  const clock = devClientOf(context.target.transport, context.target.session)
  const moved = await clock.setClockOffset(lifetime + 60).then(
    () => true,
    () => false,
  )
  if (!moved) return undefined
  await flow.request(
    `after activation: the e-mailed token ${lifetime + 60} s old (a minute past its lifetime): 400 ACTIVATION_TOKEN_EXPIRED`,
    'activateAccount',
    { body: { token } },
    {
      status: 400,
      also: codeIs('ACTIVATION_TOKEN_EXPIRED'),
      rules: ['x-lifetimes:activationLink'],
    },
    false,
  )
  await clock.setClockOffset(lifetime - 60)
  return { clock }
}

/**
 * The profile of an account registered with no names and no company (the flows' own): its names
 * are empty strings and it is a personal account.
 */
const registeredWithoutNames = (answer: Answer) => {
  const problems = [
    ...['firstName', 'lastName']
      .filter((name) => field(answer, name) !== '')
      .map((name) => `${name} is ${JSON.stringify(field(answer, name))}, not the empty string`),
    ...(field(answer, 'userType') === 'PERSONAL'
      ? []
      : [
          `userType is ${JSON.stringify(field(answer, 'userType'))} without a company, not PERSONAL`,
        ]),
  ]
  return problems.length > 0
    ? `registered without names or company, yet ${problems.join('; ')}`
    : undefined
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
    "read the profile: 200, the signed-in user's",
    'getProfile',
    read,
    {
      status: 200,
      also: (answer) =>
        field(answer, 'email') === account.credentials.email.toLowerCase()
          ? field(answer, 'username') === field(answer, 'email')
            ? account.fresh
              ? registeredWithoutNames(answer)
              : undefined
            : `username ${JSON.stringify(field(answer, 'username'))} is not the e-mail address`
          : `the profile of ${JSON.stringify(field(answer, 'email'))}, not of ${account.credentials.email}`,
      rules: [
        'profile.of-the-token-user',
        'profile.email-is-the-username',
        ...(account.fresh
          ? ['registration.names-fill-the-profile', 'registration.user-type-from-company']
          : []),
      ],
    },
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
    { status: 200, also: shows(updated), rules: ['profile.update-answers-the-updated-profile'] },
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
    {
      status: 200,
      also: shows(withoutCompany),
      rules: ['profile.update-answers-the-updated-profile', 'profile.absent-company-removes-it'],
    },
    true,
  )
  await flow.request('the next read has no company', 'getProfile', read, {
    status: 200,
    also: shows(withoutCompany),
    rules: ['profile.absent-company-removes-it'],
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

export const ACCOUNT_FLOWS: Flow[] = [
  { id: 'registration', run: registrationFlow },
  { id: 'profile', run: profileFlow },
  ...PASSWORD_FLOWS,
]
