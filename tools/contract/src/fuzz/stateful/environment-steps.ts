import { isJsonObject } from '@devenv/openapi'
import { type Answer, devClientOf } from '../../http'
import {
  type EnvironmentModel,
  isGone,
  listedEnvironments,
  type Model,
  possibleStatuses,
  SECOND,
  seeStatus,
  statusOf,
} from './model'
import {
  call,
  DeviceStep,
  environmentName,
  expectAnswer,
  expectEqual,
  MODEL_DELETE_MS,
  MODEL_PROVISION_MS,
  NAMES,
  type Real,
  refusedAccess,
  Step,
} from './sequence'

export class CreateEnvironment extends DeviceStep {
  constructor(
    device: number,
    readonly name: number,
  ) {
    super(device)
  }
  get label() {
    return `createEnvironment(device ${this.device}, ${NAMES[this.name]})`
  }
  async act(model: Model, real: Real) {
    const { device, token } = this.signedIn(model, real)
    const name = environmentName(real, this.name)
    const answer = await call(real, 'createEnvironment', {
      token,
      body: { name, template: 'python-3.12', size: 'professional', region: 'us-east' },
    })
    if (refusedAccess(this.label, model, device, answer)) return
    const existing = listedEnvironments(model, device.email, MODEL_DELETE_MS)
    const { quota } = model.rules
    const counted = (status: string) => !quota?.uncounted?.includes(status)
    if (
      quota &&
      existing.filter((each) => counted(statusOf(model, each, MODEL_PROVISION_MS))).length >=
        quota.limit
    ) {
      return expectAnswer(this.label, answer, quota.status, quota.code)
    }
    const namesake = existing.find((each) => each.name === name)
    if (model.clock === 'real') {
      // The account may hold environments of others (given accounts are shared): the quota is
      // theirs too, so its refusal is right when the list shows the quota's limit counted.
      if (
        quota &&
        answer.status === quota.status &&
        (await countedEnvironments(real, token, counted)) >= quota.limit
      )
        return expectAnswer(this.label, answer, quota.status, quota.code)
      // A namesake being deleted holds its name until the deletion ends, which only looking tells.
      if (namesake && namesake.deleteRequestedAt !== null && answer.status === 201)
        namesake.goneSeen = true
      else if (namesake) return expectAnswer(this.label, answer, 409, 'ENVIRONMENT_NAME_TAKEN')
    } else if (namesake) {
      // "An environment name stays taken while the environment is deleting."
      return expectAnswer(this.label, answer, 409, 'ENVIRONMENT_NAME_TAKEN')
    }
    expectAnswer(this.label, answer, 201)
    const body = isJsonObject(answer.json) ? answer.json : {}
    expectEqual(`${this.label} status`, [body.status, body.url], ['provisioning', null])
    model.environments.push({
      id: String(body.id),
      owner: device.email,
      name,
      createdAt: model.now,
      deleteRequestedAt: null,
      failing: name.startsWith('fail-'),
    })
  }
}

/** Reads or deletes an environment: one of any account's the model knows, or an unknown id. */
export class EnvironmentStep extends DeviceStep {
  constructor(
    readonly method: 'GET' | 'DELETE',
    device: number,
    readonly environment: number,
  ) {
    super(device)
  }
  get label() {
    return `${this.method === 'GET' ? 'getEnvironment' : 'deleteEnvironment'}(device ${this.device}, environment ${this.environment})`
  }
  async act(model: Model, real: Real) {
    const { device, token } = this.signedIn(model, real)
    const environment =
      model.environments.length > 0
        ? model.environments[this.environment % (model.environments.length + 1)]
        : undefined
    const id = environment?.id ?? '0b8f3d1e-4c2a-4e6b-9a7d-5f1c2e3d4a5b'
    const operationId = this.method === 'GET' ? 'getEnvironment' : 'deleteEnvironment'
    const answer = await call(real, operationId, { params: { id }, token })
    if (refusedAccess(this.label, model, device, answer)) return
    // Another account's, unknown and finished deletions are all "not found".
    if (
      !environment ||
      environment.owner !== device.email ||
      isGone(model, environment, MODEL_DELETE_MS)
    ) {
      return expectAnswer(this.label, answer, 404, 'NOT_FOUND')
    }
    if (model.clock === 'real') return this.onRealClock(environment, answer)
    if (this.method === 'DELETE') environment.deleteRequestedAt ??= model.now
    expectAnswer(this.label, answer, this.method === 'GET' ? 200 : 202)
    const status = statusOf(model, environment, MODEL_PROVISION_MS)
    const body = isJsonObject(answer.json) ? answer.json : {}
    expectEqual(
      `${this.label} status and url`,
      [body.status, body.url === null],
      [status, status !== 'running'],
    )
  }

  /**
   * On the real clock: provisioning may have ended (either way) and a deletion finished (then
   * "not found") at any time since the last look; what the target answers is learnt.
   */
  private onRealClock(environment: EnvironmentModel, answer: Answer) {
    if (environment.deleteRequestedAt !== null && answer.status === 404) {
      environment.goneSeen = true
      return expectAnswer(this.label, answer, 404, 'NOT_FOUND')
    }
    if (this.method === 'DELETE') environment.deleteRequestedAt ??= Date.now()
    expectAnswer(this.label, answer, this.method === 'GET' ? 200 : 202)
    const body = isJsonObject(answer.json) ? answer.json : {}
    const possible = possibleStatuses(environment)
    if (!possible.includes(String(body.status)))
      throw new Error(
        `${this.label}: the model expects ${possible.join(' or ')}, the server answered ${String(body.status)}`,
      )
    seeStatus(environment, body.status)
    expectEqual(`${this.label} url`, body.url === null, body.status !== 'running')
  }
}

/** The target's environments of the account that count towards the quota (not being deleted). */
async function countedEnvironments(
  real: Real,
  token: string,
  counted: (status: string) => boolean,
): Promise<number> {
  const list = await call(real, 'listEnvironments', { token })
  const items = isJsonObject(list.json) && Array.isArray(list.json.items) ? list.json.items : []
  return items.filter((item) => isJsonObject(item) && counted(String(item.status))).length
}

export class AdvanceClock extends Step {
  constructor(readonly seconds: number) {
    super()
  }
  get label() {
    return `advanceClock(${this.seconds} s)`
  }
  async act(model: Model, real: Real) {
    await devClientOf(real.stub, real.session ?? '').advanceClock(this.seconds)
    model.now += this.seconds * SECOND
  }
}
