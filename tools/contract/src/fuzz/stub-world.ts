import type { Contract } from '@devenv/openapi'
import { type Credentials, DEMO_ACCOUNT, USER_ACCOUNT } from '@devenv/openapi/dev-protocol'
import { type Answer, devClientOf, operationRequest, type Transport } from '../http'
import { MODEL_DELETE_SECONDS, MODEL_PROVISION_SECONDS } from './stateful/model'
import { type Principal, type SetupCall, World, WorldSetupError, type WorldSource } from './world'

/** The stub clock's start (the stub's own test clock starts here too); only per-session offsets move it. */
export const FUZZ_CLOCK_START = Date.parse('2026-03-02T10:00:00Z')

const SEEDED: Record<Principal, Credentials> = { demo: DEMO_ACCOUNT, user: USER_ACCOUNT }

/**
 * A world in a stub session of its own (`X-Stub-Session`, the development protocol): the seeded
 * accounts, and a freed environment made by a jump of that session's clock. Nothing it does
 * reaches another session, so it is thrown away whole: nothing to withhold, keep clear of or undo.
 */
export class StubWorld extends World {
  /** How far the world's set-up moved its session's clock. */
  private clockOffsetMs = 0

  private constructor(
    readonly session: string,
    private readonly clockStart: number,
  ) {
    super(SEEDED)
  }

  /** The session's clock: where the target's began (the fuzz stub's is fixed), plus the jumps. */
  now(): number {
    return this.clockStart + this.clockOffsetMs
  }

  static async create(
    session: string,
    clockStart: number,
    call: SetupCall,
    transport: Transport,
  ): Promise<StubWorld> {
    const world = new StubWorld(session, clockStart)
    await world.openSessions(call)
    const freed = await world.createEnvironment(call, 'user', 'fuzz-freed')
    await world.deleteEnvironment(call, 'user', freed)
    const foreign = await world.createEnvironment(call, 'demo', 'fuzz-foreign')
    // Past deletion and provisioning as the model assumes them, by this session's clock only.
    const advance = (MODEL_PROVISION_SECONDS + MODEL_DELETE_SECONDS) * 2
    await devClientOf(transport, session)
      .advanceClock(advance)
      .catch((error: unknown) => {
        throw new WorldSetupError(`world setup: ${error instanceof Error ? error.message : error}`)
      })
    world.clockOffsetMs += advance * 1000
    const live = await world.createEnvironment(call, 'user', 'fuzz-live')
    const deleting = await world.createEnvironment(call, 'user', 'fuzz-deleting')
    await world.deleteEnvironment(call, 'user', deleting)
    world.environments.push(
      { id: live, owner: 'user', state: 'live' },
      { id: deleting, owner: 'user', state: 'deleting' },
      { id: freed, owner: 'user', state: 'freed' },
      { id: foreign, owner: 'demo', state: 'live' },
    )
    return world
  }
}

/** Worlds in stub sessions of their own, named by `nextSession`, each from the target's clock. */
export function stubWorlds(options: {
  transport: Transport
  contract: Contract
  nextSession: () => string
  clockStart: number
}): WorldSource {
  return {
    async next(callFor) {
      const session = options.nextSession()
      const call = callFor(session)
      const world = await StubWorld.create(session, options.clockStart, call, options.transport)
      return { world, call }
    },
    // In a probe world of its own session.
    async modelsOffered(callFor): Promise<Answer> {
      const session = options.nextSession()
      const { clockStart, contract, transport } = options
      const probe = await StubWorld.create(session, clockStart, callFor(session), transport)
      const token = probe.accounts.user.access
      return transport.send(operationRequest(contract, 'listModels', { token }, { session }))
    },
  }
}
