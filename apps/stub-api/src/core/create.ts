import { routeOf } from '@devenv/openapi'
import { resolveConfig } from '../config'
import { createContext, type StubContext } from './context'
import {
  assertEveryOperationImplemented,
  type DefineOperation,
  type OperationHandler,
  type OperationTable,
} from './contract/operations'
import { devRouteTable } from './dev/routes'
import { aiOperations } from './operations/ai'
import { authOperations } from './operations/auth'
import { contactOperations } from './operations/contact'
import { environmentOperations } from './operations/environments'
import { healthOperations } from './operations/health'
import { profileOperations } from './operations/profile'
import { telemetryOperations } from './operations/telemetry'
import { type CoreParts, handle } from './pipeline'
import { DEFAULT_SCRYPT_COST } from './security/passwords'
import { hashSeedPasswords, seedStore } from './state/seeds'
import type { StubCore, StubCoreOptions, StubHooks } from './stub-core'
import type { StubLog } from './types'

const SILENT: StubLog = { info() {}, warn() {}, error() {} }
const NO_HOOKS: StubHooks = Object.freeze({})
const OPERATIONS = [
  authOperations,
  profileOperations,
  environmentOperations,
  aiOperations,
  contactOperations,
  telemetryOperations,
  healthOperations,
]

/** Every operation's handler, each checked against the contract's method and path. */
function createOperationTable(ctx: StubContext): OperationTable {
  const { config, contract } = ctx
  const table: OperationTable = new Map()
  const define: DefineOperation = (operationId, route) => (handler) => {
    const operation = contract.byId.get(operationId)
    if (!operation) throw new Error(`The contract has no operation ${operationId}`)
    if (route !== routeOf(operation)) {
      throw new Error(
        `The handler of ${operationId} states ${route}, the contract says ${routeOf(operation)}`,
      )
    }
    const windows = operation.rateLimits.filter((rule) => rule.kind === 'window')
    const rateLimited = config.rateLimits !== 'off'
    table.set(operationId, {
      operation,
      handler: handler as unknown as OperationHandler,
      // A public GET without parameters has nothing to check (its body is never read).
      needsChecks:
        operation.requiresAuth ||
        operation.parameters.length > 0 ||
        !['get', 'head'].includes(operation.method),
      limited: rateLimited && windows.some((rule) => rule.scope !== 'client'),
      limitedByClient: rateLimited && windows.some((rule) => rule.scope === 'client'),
    })
  }
  for (const register of OPERATIONS) register(ctx, define)
  return table
}

/** Start-up: every operation implemented, seeds hashed, the saved state loaded, then seeded and saved. */
async function start(parts: CoreParts, scryptCost: number): Promise<void> {
  const { ctx, table, persistence, log } = parts
  const { config, registry } = ctx
  assertEveryOperationImplemented(ctx, table)
  if (config.seed) ctx.seedPasswords = await hashSeedPasswords(ctx.passwords, scryptCost)
  if (persistence) {
    const loaded = await persistence.load()
    for (const note of loaded.notes ?? []) log.warn(note, { where: persistence.where })
    if (loaded.status === 'loaded') registry.defaultStore.restore(loaded.snapshot)
    if (loaded.status === 'corrupt') {
      log.error('the saved state was unreadable and was kept aside; starting empty', {
        movedTo: loaded.movedTo,
        reason: loaded.reason,
      })
    }
  }
  if (config.seed && ctx.seedPasswords) seedStore(registry.defaultStore, ctx.seedPasswords)
  if (persistence) await persistence.save(() => registry.defaultStore.snapshot())
  if (config.mode === 'development' && config.jwtSecretIsDefault) {
    log.warn('JWT_SECRET is not set: signing tokens with the fixed development secret')
  }
}

/** The parts the request's steps share (pipeline.ts), before start-up. */
export function createCoreParts(options: StubCoreOptions): CoreParts {
  const { contract, now, platform, scryptCost, persistence, log, hooks, sendMail, ...given } =
    options
  const ctx = createContext(resolveConfig(given), options)
  return {
    ctx,
    table: createOperationTable(ctx),
    devRoutes: ctx.devControls ? devRouteTable(ctx) : new Map(),
    hooks: hooks ?? NO_HOOKS,
    log: log ?? SILENT,
    persistence: persistence ?? null,
  }
}

/** Builds the stub's core: every behaviour of the stub, with no transport (see types.ts). */
export function createStubCore(options: StubCoreOptions): StubCore {
  const parts = createCoreParts(options)
  const { ctx, persistence } = parts
  let started = false
  let starting: Promise<void> | undefined
  const ready = () => {
    starting ??= start(parts, options.scryptCost ?? DEFAULT_SCRYPT_COST).then(() => {
      started = true
    })
    return starting
  }
  return {
    handle: (request) =>
      started ? handle(parts, request) : ready().then(() => handle(parts, request)),
    ready,
    async close() {
      if (!persistence) return
      await persistence.flush()
      await persistence.save(() => ctx.registry.defaultStore.snapshot())
    },
    config: ctx.config,
    contract: ctx.contract,
    rules: ctx.rules,
    stores: ctx.registry,
  }
}
