import { isJsonObject } from '@devenv/openapi'
import { devClientOf } from '../transport'
import {
  accessVerdict,
  ENVIRONMENT_QUOTA,
  isGone,
  listedEnvironments,
  type Model,
  SECOND,
  statusOf,
} from './model'
import {
  call,
  DELETE_MS,
  deviceAt,
  expectAnswer,
  expectEqual,
  NAMES,
  PROVISION_MS,
  type Real,
  Step,
} from './sequence'

export class CreateEnvironment extends Step {
  constructor(
    readonly device: number,
    readonly name: number,
  ) {
    super()
  }
  get label() {
    return `createEnvironment(device ${this.device}, ${NAMES[this.name]})`
  }
  override check(model: Readonly<Model>) {
    return deviceAt(model, this.device) !== undefined
  }
  async act(model: Model, real: Real) {
    const index = deviceAt(model, this.device) ?? 0
    const device = model.devices[index]
    const token = real.devices[index]?.access
    if (!device || token === undefined) throw new Error(`${this.label}: no such device`)
    const name = NAMES[this.name] ?? 'search'
    const answer = await call(real, 'createEnvironment', {
      method: 'POST',
      path: '/environments',
      token,
      body: { name, template: 'python-3.12', size: 'professional', region: 'us-east' },
    })
    const verdict = accessVerdict(model, device)
    if (verdict !== 'valid')
      return expectAnswer(
        this.label,
        answer,
        401,
        verdict === 'expired' ? 'TOKEN_EXPIRED' : 'TOKEN_INVALID',
      )
    const existing = listedEnvironments(model, device.email, DELETE_MS)
    if (existing.filter((each) => each.deleteRequestedAt === null).length >= ENVIRONMENT_QUOTA) {
      return expectAnswer(this.label, answer, 403, 'ENVIRONMENT_QUOTA_EXCEEDED')
    }
    // "An environment name stays taken while the environment is deleting."
    if (existing.some((each) => each.name === name))
      return expectAnswer(this.label, answer, 409, 'ENVIRONMENT_NAME_TAKEN')
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
export class EnvironmentStep extends Step {
  constructor(
    readonly method: 'GET' | 'DELETE',
    readonly device: number,
    readonly environment: number,
  ) {
    super()
  }
  get label() {
    return `${this.method === 'GET' ? 'getEnvironment' : 'deleteEnvironment'}(device ${this.device}, environment ${this.environment})`
  }
  override check(model: Readonly<Model>) {
    return deviceAt(model, this.device) !== undefined
  }
  async act(model: Model, real: Real) {
    const index = deviceAt(model, this.device) ?? 0
    const device = model.devices[index]
    const token = real.devices[index]?.access
    if (!device || token === undefined) throw new Error(`${this.label}: no such device`)
    const environment =
      model.environments.length > 0
        ? model.environments[this.environment % (model.environments.length + 1)]
        : undefined
    const id = environment?.id ?? '0b8f3d1e-4c2a-4e6b-9a7d-5f1c2e3d4a5b'
    const operationId = this.method === 'GET' ? 'getEnvironment' : 'deleteEnvironment'
    const answer = await call(real, operationId, {
      method: this.method,
      path: `/environments/${id}`,
      token,
    })
    const verdict = accessVerdict(model, device)
    if (verdict !== 'valid')
      return expectAnswer(
        this.label,
        answer,
        401,
        verdict === 'expired' ? 'TOKEN_EXPIRED' : 'TOKEN_INVALID',
      )
    // Another account's, unknown and finished deletions are all "not found".
    if (
      !environment ||
      environment.owner !== device.email ||
      isGone(model, environment, DELETE_MS)
    ) {
      return expectAnswer(this.label, answer, 404, 'NOT_FOUND')
    }
    if (this.method === 'DELETE') environment.deleteRequestedAt ??= model.now
    expectAnswer(this.label, answer, this.method === 'GET' ? 200 : 202)
    const status = statusOf(model, environment, PROVISION_MS)
    const body = isJsonObject(answer.json) ? answer.json : {}
    expectEqual(
      `${this.label} status and url`,
      [body.status, body.url === null],
      [status, status !== 'running'],
    )
  }
}

export class AdvanceClock extends Step {
  constructor(readonly seconds: number) {
    super()
  }
  get label() {
    return `advanceClock(${this.seconds} s)`
  }
  async act(model: Model, real: Real) {
    await devClientOf(real.stub, real.session).advanceClock(this.seconds)
    model.now += this.seconds * SECOND
  }
}
