import { isJsonObject } from '@devenv/openapi'
import { type Credentials, type RunContext, readMailbox } from './context'
import { ACCOUNT_FLOWS } from './flows/accounts'
import { AUTHORISATION_FLOWS } from './flows/authorisation'
import { RATE_LIMIT_FLOWS } from './flows/rate-limits'
import { codeIs, type FlowOptions, field, NO_MAILBOX, PASSWORD } from './flows/support'
import { TOKEN_FLOWS } from './flows/tokens'
import type { Answer } from './http'
import { SuiteRecorder } from './recorder'
import type { Suite } from './report'

const LOCK_MESSAGE = 'Too many login attempts. Please try again later.'
const NEW_PASSWORD = 'Contract-Run-Pass-2'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

type Account = { credentials: Credentials; fresh: boolean }

/**
 * Registers a unique account and activates it through the development mailbox. Without a
 * mailbox the activation steps are skipped and the given credentials (if any) are used instead.
 */
async function accountLifecycle(
  context: RunContext,
): Promise<{ suite: Suite; account: Account | undefined }> {
  const flow = new SuiteRecorder(
    'account: register, activate, sign in, refresh, reuse, sign out',
    'flow',
    context.contract,
    context.target,
  )
  const email = `contract-${context.runId}@example.com`
  const registered = await flow.request(
    'register a unique e-mail: 201',
    'register',
    {
      method: 'POST',
      path: '/auth/registration',
      body: { username: email, password: PASSWORD, userType: 'PERSONAL' },
    },
    { status: 201 },
    true,
  )
  let account: Account | undefined = context.credentials
    ? { credentials: context.credentials, fresh: false }
    : undefined
  if (!context.mailbox) {
    flow.skip('the activation e-mail arrives', NO_MAILBOX)
    flow.skip('activate with the e-mailed token: 200', NO_MAILBOX)
  } else if (registered) {
    const [mail] = await readMailbox(context.target, email)
    const token = mail?.activate
    if (
      flow.verdict(
        'the activation e-mail arrives with /?activate=<token>',
        token ? undefined : 'no activation e-mail in the mailbox',
      )
    ) {
      await flow.request(
        'activate with the e-mailed token: 200',
        'activateAccount',
        { method: 'POST', path: '/auth/activate', body: { token } },
        { status: 200 },
        true,
      )
      await flow.request(
        'the same token again: 400 ACTIVATION_TOKEN_USED',
        'activateAccount',
        { method: 'POST', path: '/auth/activate', body: { token } },
        { status: 400, also: codeIs('ACTIVATION_TOKEN_USED') },
      )
      if (!flow.stopped) account = { credentials: { email, password: PASSWORD }, fresh: true }
    }
  }
  if (!account) {
    flow.skip(
      'sign in, refresh, reuse and sign-out',
      'no activated account: needs the mailbox or --email/--password',
    )
    return { suite: flow.suite, account }
  }
  const credentials = account.credentials
  const signIn = () =>
    flow.request(
      'sign in: 200 with a token pair',
      'signIn',
      { method: 'POST', path: '/auth/auth', body: credentials },
      { status: 200 },
      true,
    )
  const first = await signIn()
  const accessToken = String(field(first, 'access_token'))
  const refreshToken = String(field(first, 'refresh_token'))
  await flow.request(
    'read the profile with the access token: 200, same e-mail',
    'getProfile',
    { method: 'GET', path: '/user/profile', token: accessToken },
    {
      status: 200,
      also: (answer) =>
        String(field(answer, 'email')).toLowerCase() === credentials.email.toLowerCase()
          ? undefined
          : `profile e-mail is ${String(field(answer, 'email'))}`,
    },
    true,
  )
  const rotated = await flow.request(
    'refresh: 200 with a new refresh token',
    'refreshToken',
    { method: 'POST', path: '/auth/token/refresh', body: { refreshToken } },
    {
      status: 200,
      also: (answer) =>
        field(answer, 'refresh_token') !== refreshToken
          ? undefined
          : 'the refresh token did not rotate',
    },
    true,
  )
  const rotatedAccess = String(field(rotated, 'access_token'))
  const rotatedRefresh = String(field(rotated, 'refresh_token'))
  await flow.request(
    'the old refresh token again: 401 REFRESH_TOKEN_REUSED',
    'refreshToken',
    { method: 'POST', path: '/auth/token/refresh', body: { refreshToken } },
    { status: 401, also: codeIs('REFRESH_TOKEN_REUSED') },
  )
  await flow.request(
    'reuse revoked the family: the rotated refresh token is refused (401)',
    'refreshToken',
    { method: 'POST', path: '/auth/token/refresh', body: { refreshToken: rotatedRefresh } },
    { status: 401 },
  )
  await flow.request(
    'reuse revoked the family: the rotated access token is refused (401)',
    'getProfile',
    { method: 'GET', path: '/user/profile', token: rotatedAccess },
    { status: 401 },
  )
  const second = await flow.request(
    'sign in again: 200',
    'signIn',
    { method: 'POST', path: '/auth/auth', body: credentials },
    { status: 200 },
    true,
  )
  const secondAccess = String(field(second, 'access_token'))
  const secondRefresh = String(field(second, 'refresh_token'))
  await flow.request(
    'sign out with the refresh token: 204',
    'signOut',
    { method: 'POST', path: '/auth/logout', body: { refreshToken: secondRefresh } },
    { status: 204 },
    true,
  )
  await flow.request(
    'after sign-out the access token is refused (401)',
    'getProfile',
    { method: 'GET', path: '/user/profile', token: secondAccess },
    { status: 401 },
  )
  await flow.request(
    'after sign-out the refresh token is refused (401)',
    'refreshToken',
    { method: 'POST', path: '/auth/token/refresh', body: { refreshToken: secondRefresh } },
    { status: 401 },
  )
  return { suite: flow.suite, account: flow.stopped ? undefined : account }
}

/** A reset link works once: 200 then 400; the new password signs in. */
async function resetLinkSingleUse(
  context: RunContext,
  account: Account | undefined,
): Promise<Suite> {
  const flow = new SuiteRecorder(
    'password reset link is single use',
    'flow',
    context.contract,
    context.target,
  )
  if (!context.mailbox || !account?.fresh) {
    flow.skip(
      'request, use, reuse a reset link',
      context.mailbox ? 'no fresh account (the account flow failed)' : NO_MAILBOX,
    )
    return flow.suite
  }
  const { email } = account.credentials
  await flow.request(
    'request a reset link: 200',
    'requestPasswordReset',
    { method: 'POST', path: '/auth/reset-password', body: { username: email } },
    { status: 200 },
    true,
  )
  const [mail] = await readMailbox(context.target, email)
  const hash = mail?.hash
  if (
    !flow.verdict(
      'the reset e-mail arrives with a 64-hex hash',
      hash && /^[0-9a-f]{64}$/i.test(hash) && mail?.user
        ? undefined
        : 'no reset e-mail with user and hash',
    )
  )
    return flow.suite
  const body = { username: mail?.user ?? email, hash, password: NEW_PASSWORD }
  await flow.request(
    'set the password from the link: 200 { status: true }',
    'setPassword',
    { method: 'POST', path: '/auth/set-password', body },
    {
      status: 200,
      also: (answer) => (field(answer, 'status') === true ? undefined : 'status is not true'),
    },
    true,
  )
  await flow.request(
    'the same link again: 400 { status: false }',
    'setPassword',
    {
      method: 'POST',
      path: '/auth/set-password',
      body: { ...body, password: 'Contract-Run-Pass-3' },
    },
    {
      status: 400,
      also: (answer) => (field(answer, 'status') === false ? undefined : 'status is not false'),
    },
  )
  await flow.request(
    'the new password signs in: 200',
    'signIn',
    { method: 'POST', path: '/auth/auth', body: { email, password: NEW_PASSWORD } },
    { status: 200 },
  )
  account.credentials = { email, password: NEW_PASSWORD }
  return flow.suite
}

async function waitFor(
  flow: SuiteRecorder,
  path: string,
  token: string,
  seconds: number,
  done: (answer: Answer) => boolean,
): Promise<Answer | undefined> {
  const deadline = Date.now() + seconds * 1000
  while (Date.now() < deadline) {
    const answer = await flow.raw({ method: 'GET', path, token })
    if (done(answer)) return answer
    await sleep(500)
  }
  return undefined
}

/** Create, read, wait until running, delete, wait until gone: 404. */
async function environmentLifecycle(
  context: RunContext,
  account: Account | undefined,
): Promise<Suite> {
  const flow = new SuiteRecorder(
    'environment: create, get, delete, 404',
    'flow',
    context.contract,
    context.target,
  )
  const credentials = account?.credentials ?? context.credentials
  const signIn = credentials
    ? await flow.raw({ method: 'POST', path: '/auth/auth', body: credentials })
    : undefined
  const token = field(signIn, 'access_token')
  if (typeof token !== 'string') {
    flow.skip('create, get, delete an environment', 'no account to sign in with')
    return flow.suite
  }
  const name = `ct-${context.runId}`
  const created = await flow.request(
    'create: 201 provisioning, with Location',
    'createEnvironment',
    {
      method: 'POST',
      path: '/environments',
      token,
      body: { name, template: 'node-20', size: 'starter', region: 'eu-central' },
    },
    {
      status: 201,
      also: (answer) =>
        field(answer, 'status') === 'provisioning'
          ? undefined
          : `status ${String(field(answer, 'status'))}`,
    },
    true,
  )
  const id = String(field(created, 'id'))
  const path = `/environments/${id}`
  await flow.request(
    'get: 200, the same environment',
    'getEnvironment',
    { method: 'GET', path, token },
    { status: 200, also: (answer) => (field(answer, 'id') === id ? undefined : 'another id') },
    true,
  )
  await flow.request(
    'list: 200, includes it',
    'listEnvironments',
    { method: 'GET', path: '/environments', token },
    {
      status: 200,
      also: (answer) => {
        const items = field(answer, 'items')
        return Array.isArray(items) && items.some((item) => isJsonObject(item) && item.id === id)
          ? undefined
          : 'not listed'
      },
    },
  )
  const settled = await waitFor(flow, path, token, context.waitSeconds, (answer) =>
    ['running', 'failed'].includes(String(field(answer, 'status'))),
  )
  flow.verdict(
    `provisioning settles (running or failed) within ${context.waitSeconds} s`,
    settled ? undefined : 'still provisioning',
  )
  await flow.request(
    'delete: 202 deleting',
    'deleteEnvironment',
    { method: 'DELETE', path, token },
    {
      status: 202,
      also: (answer) =>
        field(answer, 'status') === 'deleting'
          ? undefined
          : `status ${String(field(answer, 'status'))}`,
    },
    true,
  )
  const gone = await waitFor(
    flow,
    path,
    token,
    context.waitSeconds,
    (answer) => answer.status === 404,
  )
  flow.verdict(
    `deletion completes within ${context.waitSeconds} s`,
    gone ? undefined : 'still there',
  )
  await flow.request(
    'get after deletion: 404',
    'getEnvironment',
    { method: 'GET', path, token },
    { status: 404 },
  )
  await flow.request(
    'delete after deletion: 404',
    'deleteEnvironment',
    { method: 'DELETE', path, token },
    { status: 404 },
  )
  return flow.suite
}

/** Five failures lock sign-in for the address: 429 with Retry-After and the spec's message. */
async function loginLock(context: RunContext): Promise<Suite> {
  const flow = new SuiteRecorder(
    'login lock after 5 failures',
    'flow',
    context.contract,
    context.target,
  )
  let credentials: Credentials = {
    email: `contract-lock-${context.runId}@example.com`,
    password: PASSWORD,
  }
  if (context.mailbox) {
    // A fresh activated account proves that even the right password is refused while locked.
    const email = credentials.email
    await flow.raw({
      method: 'POST',
      path: '/auth/registration',
      body: { username: email, password: PASSWORD, userType: 'PERSONAL' },
    })
    const token = (await readMailbox(context.target, email))[0]?.activate
    if (token) await flow.raw({ method: 'POST', path: '/auth/activate', body: { token } })
    credentials = { email, password: PASSWORD }
  }
  for (let attempt = 1; attempt <= 5; attempt++) {
    await flow.request(
      `wrong password, attempt ${attempt}: 401`,
      'signIn',
      {
        method: 'POST',
        path: '/auth/auth',
        body: { email: credentials.email, password: `wrong-${attempt}` },
      },
      { status: 401 },
      true,
    )
  }
  await flow.request(
    'sixth attempt: 429 with Retry-After and the lock message',
    'signIn',
    { method: 'POST', path: '/auth/auth', body: credentials },
    {
      status: 429,
      also: (answer) => {
        if (field(answer, 'message') !== LOCK_MESSAGE)
          return `message is "${String(field(answer, 'message'))}"`
        const retryAfter = Number(answer.headers.get('retry-after'))
        return Number.isInteger(retryAfter) && retryAfter >= 1
          ? undefined
          : `Retry-After is "${answer.headers.get('retry-after')}"`
      },
    },
  )
  return flow.suite
}

/** Not failures: behaviour worth a decision (enumeration, security headers, CORS). */
async function lookForFindings(context: RunContext): Promise<Suite> {
  const flow = new SuiteRecorder('findings', 'flow', context.contract, context.target)
  const unknown = `contract-nobody-${context.runId}@example.com`
  const answer = await flow.request(
    'forgot-password for an unknown address answers a documented status',
    'requestPasswordReset',
    { method: 'POST', path: '/auth/reset-password', body: { username: unknown } },
    { status: [200, 401, 429] },
  )
  if (answer?.status === 401) {
    context.findings.push({
      title: 'E-mail enumeration on forgot-password',
      detail: `POST /auth/reset-password answers 401 "${String(field(answer, 'message'))}" for an unknown address and 200 for a known one, so anyone can test whether an address has an account (the spec's client relies on it; the contract allows a uniform 200).`,
    })
  }
  const health = await flow.raw({
    method: 'GET',
    path: '/health',
    headers: { Origin: 'https://contract-runner.invalid' },
  })
  const missing = ['x-content-type-options', 'content-security-policy'].filter(
    (header) => health.headers.get(header) === null,
  )
  if (missing.length > 0) {
    context.findings.push({
      title: 'Security headers missing',
      detail: `GET /health answers without ${missing.join(' and ')}.`,
    })
  }
  const allowed = health.headers.get('access-control-allow-origin')
  if (allowed === '*' || allowed === 'https://contract-runner.invalid') {
    context.findings.push({
      title: 'CORS allows any origin',
      detail: `An unknown origin got Access-Control-Allow-Origin: ${allowed}.`,
    })
  }
  return flow.suite
}

/** The flows that each need no other flow's outcome, each in its own stub session. */
const ISOLATED_FLOWS = [
  ...ACCOUNT_FLOWS,
  ...AUTHORISATION_FLOWS,
  ...TOKEN_FLOWS,
  ...RATE_LIMIT_FLOWS,
]

/** Every flow's id, for `RunOptions.only.flows`. */
export const FLOW_IDS = [
  'account',
  'reset-link',
  'environment',
  'login-lock',
  ...ISOLATED_FLOWS.map((flow) => flow.id),
  'findings',
] as const

export async function runFlows(
  context: RunContext,
  progress: (line: string) => void,
  options: FlowOptions & { only?: readonly string[] } = {},
): Promise<Suite[]> {
  const wanted = (id: string) => !options.only || options.only.includes(id)
  const suites: Suite[] = []
  let account: Account | undefined
  // The reset link needs the account flow's fresh account.
  if (wanted('account') || wanted('reset-link')) {
    progress('flow: account lifecycle')
    const lifecycle = await accountLifecycle(context)
    account = lifecycle.account
    if (wanted('account')) suites.push(lifecycle.suite)
  }
  if (wanted('reset-link')) {
    progress('flow: reset link')
    suites.push(await resetLinkSingleUse(context, account))
  }
  if (wanted('environment')) {
    progress('flow: environment lifecycle')
    suites.push(await environmentLifecycle(context, account))
  }
  if (wanted('login-lock')) {
    progress('flow: login lock')
    suites.push(await loginLock(context))
  }
  const isolated = ISOLATED_FLOWS.filter((flow) => wanted(flow.id))
  const run = (flow: (typeof isolated)[number]) => {
    progress(`flow: ${flow.id}`)
    return flow.run(context, options)
  }
  // With the mailbox each of these flows has its own fresh accounts and stub session, so they run
  // at once; without it they share the given accounts (one changes its password) and take turns.
  if (context.mailbox) suites.push(...(await Promise.all(isolated.map(run))))
  else for (const flow of isolated) suites.push(await run(flow))
  if (wanted('findings')) {
    progress('findings')
    suites.push(await lookForFindings(context))
  }
  return suites
}
