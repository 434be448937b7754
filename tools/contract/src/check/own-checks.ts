import { extensionOfRule, fillPath, type Operation, type RuleId } from '@devenv/openapi'
import { ruleBinds, rulesOf } from '../contract-rules'
import { headerOf, MIB, type OperationCall } from '../http'
import type { RunContext } from './context'
import { documentedPathParams, isolated } from './flows/support'
import { invalidRequests } from './generators'
import {
  bothOf,
  dateBoundChecks,
  defaultedField,
  fixedFieldChecks,
  type OwnCheck,
  sumOf,
  valuesFromChecks,
} from './operation-rules'
import { type Expectation, SuiteRecorder } from './recorder'
import { NO_ACCOUNT, type RunAccount } from './run-account'
import { unsupportedMethodProbe, unsupportedMethodProblem } from './unsupported-methods'
import { keptReason, rotated, rotationNote, shareOfWindow, tightestWindow } from './window-share'

/** A size as a check's name gives it: in MiB when whole, else in bytes. */
const sizeWords = (bytes: number) =>
  bytes % MIB === 0 ? `${bytes / MIB} MiB` : `${bytes.toLocaleString('en')} bytes`

/** An operation's documented requests: one per body example, else the bare one. */
function exampleRequests(
  operation: Operation,
  token: string | undefined,
): Array<{ name: string; request: OperationCall }> {
  const base = { params: documentedPathParams(operation), token }
  if (operation.bodySchemaPointer && operation.bodyExamples.length > 0) {
    return operation.bodyExamples.map((example) => ({
      name: `example "${example.name}"`,
      request: { ...base, body: example.value },
    }))
  }
  return [{ name: 'documented request', request: base }]
}

function invalidOutgoing(
  operation: Operation,
  invalid: ReturnType<typeof invalidRequests>[number],
  token: string | undefined,
): OperationCall {
  const base = { params: documentedPathParams(operation), token }
  switch (invalid.kind) {
    case 'body':
      return { ...base, body: invalid.body }
    case 'raw':
      return { ...base, payload: invalid.payload, contentType: invalid.contentType }
    case 'no-body':
      return base
    case 'parameter':
      return { ...base, params: { ...base.params, [invalid.parameter]: invalid.value } }
  }
}

/** The rules a planned check cites, known before its answer. */
const citedBy = (expectation: Expectation): readonly RuleId[] =>
  Array.isArray(expectation.rules) ? expectation.rules : []

/**
 * An operation's own checks, in order: its documented examples, the call without a token, the
 * oversized body, then the generated invalid requests. Each protected request gets a token with
 * time left when it is sent: a late check never sends one that has expired.
 */
function ownChecks(
  context: RunContext,
  operation: Operation,
  account: RunAccount | undefined,
): OwnCheck[] {
  const { operationId } = operation
  const needsToken = operation.requiresAuth
  const token = async () => (needsToken && account ? await account.token() : undefined)
  const check = (
    name: string,
    outgoing: () => Promise<OperationCall>,
    expectation: Parameters<SuiteRecorder['request']>[3],
    example = false,
  ): OwnCheck => ({
    name,
    example,
    rules: citedBy(expectation),
    send: async (suite) =>
      needsToken && !account
        ? suite.skip(name, NO_ACCOUNT)
        : suite.request(name, operationId, await outgoing(), expectation),
  })
  // A call the contract names public is answered without a token (its examples carry none).
  const publicCall: Expectation = ruleBinds(
    context.contract,
    'api.public-calls-need-no-token',
    operationId,
  )
    ? {
        also: (answer) =>
          answer.status === 401
            ? 'a public call answered 401 to a request with no Authorization header'
            : undefined,
        rules: ['api.public-calls-need-no-token'],
      }
    : {}
  const checks = exampleRequests(operation, undefined).map(
    ({ name, request }) =>
      defaultedField(context, operation, name, request.body, account) ??
      check(
        `${name} answers a documented status and body`,
        async () => ({ ...request, token: await token() }),
        bothOf(publicCall, sumOf(operationId)),
        true,
      ),
  )
  const [first] = exampleRequests(operation, undefined)
  if (needsToken && first) {
    // The deprecated GET /auth/verify is the exception of the /auth/ calls, not a protected one.
    const cited = ['api.protected-calls-need-bearer-token', 'api.bad-bearer-token-answers-401']
    const noToken: Expectation = {
      status: 401,
      rules: cited.filter((id) => ruleBinds(context.contract, id, operationId)),
    }
    checks.push({
      name: 'without a bearer token: 401',
      example: false,
      rules: citedBy(noToken),
      send: (suite) =>
        suite.request('without a bearer token: 401', operationId, first.request, noToken),
    })
  }
  checks.push(...fixedFieldChecks(operation, check, token))
  // A documented 413 is provoked by a body over the contract's limit (its x-body-limit).
  const bodyLimit = rulesOf(context.contract).bodyLimit
  if (bodyLimit && operation.bodySchemaPointer && operation.statuses.includes('413'))
    checks.push(
      check(
        `refuses a body over ${sizeWords(bodyLimit.maxBytes)}: 413`,
        async () => ({
          params: documentedPathParams(operation),
          token: await token(),
          payload: JSON.stringify({ padding: 'x'.repeat(bodyLimit.maxBytes) }),
          contentType: 'application/json',
        }),
        { status: 413, rules: ['x-body-limit'] },
      ),
    )
  checks.push(...dateBoundChecks(context, operation, check, token))
  checks.push(...valuesFromChecks(context, operation, token, account))
  const probe = unsupportedMethodProbe(context.contract, operation)
  if (probe) {
    const name = `${probe.method}, a method its path does not have: ${probe.status} with ${probe.header}: ${probe.allowed.join(', ')}`
    checks.push({
      name,
      example: false,
      rules: ['x-unsupported-methods'],
      send: async (suite) => {
        const path = fillPath(operation.path, documentedPathParams(operation))
        const answer = await suite.raw({ method: probe.method, path }, { token: await token() })
        suite.verdict(
          name,
          unsupportedMethodProblem(answer, probe),
          `${probe.method} ${path}\n=> ${answer.error ?? `${answer.status} ${probe.header}: ${headerOf(answer, probe.header) ?? '(none)'}`}`,
          ['x-unsupported-methods'],
        )
      },
    })
  }
  for (const invalid of invalidRequests(context.contract, operation))
    checks.push(
      check(
        `refuses ${invalid.name}`,
        async () => invalidOutgoing(operation, invalid, await token()),
        invalid.expected ?? { statusClass: '4xx' },
      ),
    )
  return checks
}

/**
 * An operation's own checks in the order they are sent, and how far the run has got. On a server
 * whose windows every run shares, the run sends only its share of the operation's window: one
 * check before the flows (so that flows using the same window cannot leave the operation none),
 * then, after them, the documented examples (its success answers) and as many more as the share
 * has left. The checks past the examples start where the rotation puts this run, so that runs in
 * successive slots send the ones before them left out.
 */
export type OwnPlan = {
  operation: Operation
  suite: SuiteRecorder
  order: OwnCheck[]
  sent: number
}

export function planOwnChecks(
  context: RunContext,
  operation: Operation,
  account: RunAccount | undefined,
): OwnPlan {
  const suite = new SuiteRecorder(
    operation.operationId,
    'operation',
    context.contract,
    context.target,
    account,
  )
  const checks = ownChecks(context, operation, account)
  const share = shareOfWindow(context.target, operation)
  if (!share || share.left >= checks.length) return { operation, suite, order: checks, sent: 0 }
  // A rule stated as data on this very operation (its date bound, its listed values) has no other
  // check in the run: the first check of each goes first, in every run, then the documented
  // examples. The rest (those rules' other checks, refusals every operation shares, generated
  // ones) rotate from run to run.
  const own = checks.filter(
    (check, index) =>
      !check.example &&
      check.rules.some(
        (rule) =>
          isRuleOf(context, rule, operation) &&
          !checks.slice(0, index).some((earlier) => earlier.rules.includes(rule)),
      ),
  )
  const examples = checks.filter((check) => check.example)
  const others = rotated(
    checks.filter((check) => !check.example && !own.includes(check)),
    share.slot * Math.max(1, share.left - own.length - examples.length),
  )
  // The first goes before the flows: an own rule's check where there is one, else a rotating one.
  const order =
    own.length > 0
      ? [...own, ...examples, ...others]
      : [...others.slice(0, 1), ...examples, ...others.slice(1)]
  return { operation, suite, order, sent: 0 }
}

/** Whether a rule is stated as data on the operation (`x-date-bound:requestDemo.preferredDate`). */
const isRuleOf = (context: RunContext, rule: RuleId, operation: Operation) =>
  extensionOfRule(rule) !== undefined && ruleBinds(context.contract, rule, operation.operationId)

/**
 * Sends the plan's next checks: `count` of them, or as many as the run's share of the window has
 * left (all, where the window is the run's own).
 */
export async function sendOwnChecks(
  context: RunContext,
  plan: OwnPlan,
  count?: number,
  /** True once the run was stopped: no further check is sent. */
  halted: () => boolean = () => false,
): Promise<void> {
  const { operation, suite } = plan
  const share = shareOfWindow(context.target, operation)
  const room = Math.min(
    count ?? Number.POSITIVE_INFINITY,
    share ? share.left : Number.POSITIVE_INFINITY,
  )
  const end = Math.min(plan.order.length, plan.sent + room)
  // With stub sessions a public operation's checks get a fresh session (and windows) each time
  // its tightest window is used up: a 429 from a full window would judge nothing.
  const fresh = context.stubSessions && !operation.requiresAuth ? tightestWindow(operation) : 0
  for (; plan.sent < end && !halted(); plan.sent++) {
    if (fresh > 0 && plan.sent > 0 && plan.sent % fresh === 0)
      suite.sendTo(isolated(context, `${operation.operationId}-${plan.sent / fresh}`).target)
    await plan.order[plan.sent]?.send(suite)
  }
}

/** Skips the checks the run's share left no room for, saying how the rotation covers them. */
export function keepTheRest(context: RunContext, plan: OwnPlan): void {
  const share = shareOfWindow(context.target, plan.operation)
  if (!share || plan.sent >= plan.order.length) return
  const keep = `${keptReason(plan.operation.operationId, share.rule)}; ${rotationNote(plan.order.length, plan.sent, share.rule.periodSeconds)}`
  for (const check of plan.order.slice(plan.sent)) plan.suite.skip(check.name, keep)
}
