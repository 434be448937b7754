import {
  type Contract,
  type Judgement,
  judgeAnswer,
  operationOf,
  pairedResponseExamples,
  type RequestLine,
  type RuleId,
  requestExampleOf,
  responseExampleOf,
  routeOf,
} from '@devenv/openapi'
import {
  type Answer,
  headerOf,
  type OperationCall,
  operationRequest,
  recordOf,
  requestTo,
  type Target,
  type WireRequest,
} from '../http'
import { type CheckResult, exchangeOf, type Suite, type SuiteKind } from '../report'
import type { RunAccount } from './run-account'
import { keptReason, shareOfWindow, takeFromShare } from './window-share'

/** A request as a failure's detail shows it: its path under the API, its body cut at 300 characters. */
function describeRequest({ method, url, body }: WireRequest, apiPath: string): string {
  const text = body?.toString('utf8') ?? ''
  return `${method} ${url.slice(apiPath.length)}${text ? ` ${text.length > 300 ? `${text.slice(0, 300)}...` : text}` : ''}`
}

/** An answer as a failure's detail shows it: its body cut at 500 characters. */
function describeAnswer(answer: Answer): string {
  if (answer.error) return `no answer: ${answer.error}`
  const text = answer.text.length > 500 ? `${answer.text.slice(0, 500)}...` : answer.text
  return `${answer.status} ${headerOf(answer, 'content-type') ?? ''} ${text}`.trim()
}

/** Whether the check asks for `status` by name (not merely as one of a class). */
function asksFor(expectation: Expectation, status: number): boolean {
  const wanted = expectation.status
  return wanted !== undefined && (Array.isArray(wanted) ? wanted : [wanted]).includes(status)
}

export type Expectation = {
  /** Exact statuses that pass; or a class of statuses. */
  status?: number | readonly number[]
  statusClass?: '2xx' | '4xx'
  /** Further checks on a conforming answer; a returned text is a failure. */
  also?: (answer: Answer) => string | undefined
  /**
   * The ids of the contract's rules the check tests (CheckResult.rules): `x-quota:createEnvironment`
   * for a rule stated as data, `sign-out.idempotent` for one of the register (rule-register.yaml).
   * Where the contract lets a server choose (a 409, or the same 201 where answers are alike), the
   * answer says which rule the check tested.
   */
  rules?: readonly RuleId[] | ((answer: Answer) => readonly RuleId[])
}

/** The rules a check tested, once its answer came (none without an answer of the server). */
export const rulesTested = (
  expectation: Expectation,
  answer: Answer,
): readonly RuleId[] | undefined =>
  typeof expectation.rules === 'function'
    ? answer.error
      ? undefined
      : expectation.rules(answer)
    : expectation.rules

/** The rules a check says it tests, as its result carries them (none: no field). */
const rulesField = (rules: readonly RuleId[] | undefined) =>
  rules === undefined || rules.length === 0 ? {} : { rules }

export type Verdict = { problems: string[]; schemaViolation: boolean; judgement?: Judgement }

/** The contract's judgement of an answer, in the runner's words; no answer is no judgement. */
export function conformance(contract: Contract, operationId: string, answer: Answer): Verdict {
  if (answer.error) return { problems: [`no answer (${answer.error})`], schemaViolation: false }
  const judgement = judgeAnswer(contract, operationId, answer)
  const problems = judgement.results
    .filter((result) => !result.ok)
    .map((result) => (result.step === 'schema' ? `body ${result.message}` : result.message))
  return { problems, schemaViolation: !judgement.ok, judgement }
}

function statusProblem(answer: Answer, expectation: Expectation): string | undefined {
  if (answer.error) return undefined
  if (expectation.status !== undefined) {
    const wanted = Array.isArray(expectation.status) ? expectation.status : [expectation.status]
    return wanted.includes(answer.status)
      ? undefined
      : `expected ${wanted.join(' or ')}, got ${answer.status}`
  }
  if (expectation.statusClass === '4xx' && (answer.status < 400 || answer.status >= 500)) {
    return `expected a 4xx refusal, got ${answer.status}`
  }
  if (expectation.statusClass === '2xx' && (answer.status < 200 || answer.status >= 300)) {
    return `expected success, got ${answer.status}`
  }
  return undefined
}

/** Records the checks of one suite; a flow stops at its first failed step and skips the rest. */
export class SuiteRecorder {
  readonly suite: Suite
  private stoppedBecause: string | undefined

  constructor(
    name: string,
    kind: SuiteKind,
    readonly contract: Contract,
    private target: Target,
    /** The run's own sign-in, which knows when each of its tokens expires. */
    private readonly account?: Pick<RunAccount, 'expired'>,
  ) {
    this.suite = { name, kind, checks: [] }
  }

  /**
   * Sends the suite's next requests to `target` (the same server in another stub session): an
   * operation's checks beyond its window's limit go to a fresh window, never into a full one.
   */
  sendTo(target: Target): void {
    this.target = target
  }

  get stopped(): boolean {
    return this.stoppedBecause !== undefined
  }

  private add(check: CheckResult): void {
    this.suite.checks.push(check)
  }

  skip(name: string, reason: string): void {
    this.add({ name, status: 'skipped', message: reason, durationMs: 0 })
  }

  /**
   * A flow's steps build on each other (an id, a token): after its first failed step the rest are
   * skipped, never run on with an `undefined` id. An operation's checks stand alone.
   */
  private stopsOnFailure(asked: boolean | undefined): boolean {
    return asked ?? this.suite.kind === 'flow'
  }

  /**
   * Records a check that needs no request (for example "the e-mail arrived"), with the ids of the
   * rules it tests.
   */
  verdict(
    name: string,
    problem: string | undefined,
    detail?: string,
    rules?: readonly RuleId[],
  ): boolean {
    if (this.stoppedBecause) {
      this.skip(name, this.stoppedBecause)
      return false
    }
    this.add(
      problem
        ? { name, status: 'failed', message: problem, detail, durationMs: 0, ...rulesField(rules) }
        : { name, status: 'passed', durationMs: 0, ...rulesField(rules) },
    )
    if (problem && this.stopsOnFailure(undefined))
      this.stoppedBecause = `an earlier step failed (${name})`
    return problem === undefined
  }

  /** An operation's method and path in the run's contract (`POST /auth/login`), for a check's name. */
  route(operationId: string): string {
    return routeOf(operationOf(this.contract, operationId))
  }

  /**
   * Sends a request of an operation, where the run's contract puts it, and checks its answer: the
   * expected status, then conformance to the contract (documented status, body, content type,
   * headers), then `also`. A failure stops the suite when `stopOnFailure` says so, by default when
   * the suite is a flow.
   */
  async request(
    name: string,
    operationId: string,
    call: OperationCall,
    expectation: Expectation,
    stopOnFailure?: boolean,
    /** The answer this very request already had (the CLI's preflight): judged, not asked again. */
    answered?: Answer,
  ): Promise<Answer | undefined> {
    if (this.stoppedBecause) {
      this.skip(name, this.stoppedBecause)
      return undefined
    }
    // A request that asks for 429 proves a full window: it takes nothing of the run's share (the
    // server refuses it, and the window it fills is full already).
    const kept = asksFor(expectation, 429) ? undefined : this.keptForLaterRuns(operationId)
    if (kept) {
      this.skip(name, kept)
      if (this.stopsOnFailure(stopOnFailure)) this.stoppedBecause = kept
      return undefined
    }
    // The request goes on the wire as the reproducer repeats it: built once, sent, judged here.
    const request = operationRequest(this.contract, operationId, call, this.target)
    const { transport } = this.target
    let answer = answered ?? (await transport.send(request))
    if (this.fullWindow(operationId, answer, expectation)) {
      // A window an earlier flow or run filled: wait for it within --max-wait, else skip; a full
      // window is the server keeping its promise, never this check's failure.
      const retryAfter = Number(headerOf(answer, 'retry-after'))
      const budget = this.target.maxWaitSeconds ?? 0
      if (Number.isFinite(retryAfter) && retryAfter <= budget) {
        await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000))
        answer = await transport.send(request)
      }
      if (this.fullWindow(operationId, answer, expectation)) {
        const reason = `the ${operationId} rate-limit window is full (Retry-After ${headerOf(answer, 'retry-after')} s, beyond --max-wait ${budget} s): an earlier flow or run filled it`
        this.skip(name, reason)
        if (this.stopsOnFailure(stopOnFailure)) this.stoppedBecause = reason
        return undefined
      }
    }
    if (this.runTokenExpired(call.token, answer, expectation)) {
      this.skip(
        name,
        "the run's own token had expired when the server answered 401 (token_valid_seconds): the run's fault, not the server's",
      )
      return undefined
    }
    const verdict = conformance(this.contract, operationId, answer)
    const statusIssue = statusProblem(answer, expectation)
    const problems = [...(statusIssue ? [statusIssue] : []), ...verdict.problems]
    if (problems.length === 0) {
      const extra = expectation.also?.(answer)
      if (extra) problems.push(extra)
    }
    const detail = `${describeRequest(request, this.target.apiPath)}\n=> ${describeAnswer(answer)}`
    const operation = this.contract.byId.get(operationId)
    const requestExample = operation && requestExampleOf(operation, call.body)
    const record = recordOf(transport.origin, request)
    const exchange = exchangeOf(operationId, record, answer.error ? null : answer.status, {
      requestExample,
      responseExample:
        operation && !answer.error
          ? responseExampleOf(operation, answer.status, answer.text)
          : undefined,
      // An answer of a documented status that conforms exercises that status's examples paired
      // with the request (by name, else by the status): ids, times and tokens differ anyway.
      responseExamples:
        operation && verdict.judgement?.ok
          ? pairedResponseExamples(operation, answer.status, requestExample)
          : undefined,
    })
    this.add(
      problems.length === 0
        ? {
            name,
            status: 'passed',
            durationMs: answer.durationMs ?? 0,
            exchange,
            ...rulesField(rulesTested(expectation, answer)),
          }
        : {
            name,
            status: 'failed',
            message: problems.join('; '),
            detail,
            durationMs: answer.durationMs ?? 0,
            schemaViolation: verdict.schemaViolation,
            exchange,
            ...rulesField(rulesTested(expectation, answer)),
          },
    )
    if (problems.length > 0 && this.stopsOnFailure(stopOnFailure))
      this.stoppedBecause = `an earlier step failed (${name})`
    return problems.length === 0 ? answer : undefined
  }

  /**
   * On a target whose windows every run shares, a run sends at most half of each per-client
   * window's limit to the operation (window-share.ts). Why the request is not sent, or undefined
   * (then it counts).
   */
  private keptForLaterRuns(operationId: string): string | undefined {
    const operation = this.contract.byId.get(operationId)
    if (!operation || takeFromShare(this.target, operation)) return undefined
    const share = shareOfWindow(this.target, operation)
    return share ? keptReason(operationId, share.rule) : 'kept for later runs'
  }

  /** A 401 the check did not ask for, to a token of the run's own that it knows had expired. */
  private runTokenExpired(
    token: string | undefined,
    answer: Answer,
    expectation: Expectation,
  ): boolean {
    if (answer.error || answer.status !== 401 || !this.account?.expired(token)) return false
    return !asksFor(expectation, 401)
  }

  /** A 429 the check did not ask for, from an operation that documents an `x-rate-limits` window. */
  private fullWindow(operationId: string, answer: Answer, expectation: Expectation): boolean {
    if (answer.error || answer.status !== 429 || asksFor(expectation, 429)) return false
    // The login lock's 429 refuses the address, not the client: no window is full.
    if ((answer.json as { code?: unknown } | undefined)?.code === 'LOGIN_LOCKED') return false
    // A refusal asked for as any 4xx is not shown by a 429: the window answered, not validation.
    const operation = this.contract.byId.get(operationId)
    return operation?.rateLimits.some((rule) => rule.kind === 'window') === true
  }

  /**
   * Sends a request without checking it (set-up, polling, clean-up): a request of an operation,
   * where the run's contract puts it, or another request line (a method its path does not have).
   */
  raw(operation: string | RequestLine, call: OperationCall = {}): Promise<Answer> {
    return this.target.transport.send(
      typeof operation === 'string'
        ? operationRequest(this.contract, operation, call, this.target)
        : requestTo(operation.method, operation.path, call, this.target),
    )
  }
}
