import { CONTRACT_ENUMS, CONTRACT_RULES } from '@devenv/openapi/facts'
import type { MessageCode } from './messages/en'
import type { PlanId, PlanSize } from './plans'
import { planSize } from './plans'

/**
 * The customers' development environments, as the contract designs them (ENV-1, API-6). The
 * vocabularies are the contract's enums, so what the site offers is what the API accepts.
 */
export const DEV_ENVIRONMENT_STATUSES = CONTRACT_ENUMS.EnvironmentStatus
export type DevEnvironmentStatus = (typeof DEV_ENVIRONMENT_STATUSES)[number]

export const DEV_ENVIRONMENT_STATUS_LABELS = {
  provisioning: 'devEnvironment.status.provisioning',
  running: 'devEnvironment.status.running',
  stopped: 'devEnvironment.status.stopped',
  failed: 'devEnvironment.status.failed',
  deleting: 'devEnvironment.status.deleting',
} as const satisfies Record<DevEnvironmentStatus, MessageCode>

export const DEV_ENVIRONMENT_TEMPLATES = CONTRACT_ENUMS.EnvironmentTemplate
export type DevEnvironmentTemplate = (typeof DEV_ENVIRONMENT_TEMPLATES)[number]

/** Product names of the runtimes: the same in every language. */
export const DEV_ENVIRONMENT_TEMPLATE_NAMES: Readonly<Record<DevEnvironmentTemplate, string>> = {
  'node-20': 'Node.js 20',
  'python-3.12': 'Python 3.12',
  'go-1.23': 'Go 1.23',
  'java-21': 'Java 21',
}

/** An environment's size is named after the plan whose resources it gets. */
export type DevEnvironmentSize = PlanId

export function devEnvironmentResources(size: DevEnvironmentSize): PlanSize {
  return planSize(size)
}

export function isDevEnvironmentStatus(value: unknown): value is DevEnvironmentStatus {
  return (DEV_ENVIRONMENT_STATUSES as readonly unknown[]).includes(value)
}

export function isDevEnvironmentTemplate(value: unknown): value is DevEnvironmentTemplate {
  return (DEV_ENVIRONMENT_TEMPLATES as readonly unknown[]).includes(value)
}

/** Still changing on its own: worth polling until it settles. */
export function isDevEnvironmentBusy(status: DevEnvironmentStatus): boolean {
  return status === 'provisioning' || status === 'deleting'
}

/** Where an environment can run (the contract's `Region`). */
export const DEV_ENVIRONMENT_REGIONS = CONTRACT_ENUMS.Region
export type DevEnvironmentRegion = (typeof DEV_ENVIRONMENT_REGIONS)[number]

export function isDevEnvironmentRegion(value: unknown): value is DevEnvironmentRegion {
  return (DEV_ENVIRONMENT_REGIONS as readonly unknown[]).includes(value)
}

/** The contract's quota of environments per user (`x-quota` of createEnvironment). */
export type DevEnvironmentQuota = {
  readonly limit: number
  /** Statuses whose environments do not count (`deleting`). */
  readonly uncounted: readonly string[]
}

export const DEV_ENVIRONMENT_QUOTA_RULE: DevEnvironmentQuota = {
  limit: CONTRACT_RULES.quotas.createEnvironment.limit,
  uncounted: CONTRACT_RULES.quotas.createEnvironment.uncounted,
}

/** Environments per user; those being deleted do not count (the contract's 403 beyond). */
export const DEV_ENVIRONMENT_QUOTA = DEV_ENVIRONMENT_QUOTA_RULE.limit

export const DEV_ENVIRONMENT_NAME_MIN_LENGTH = 3
export const DEV_ENVIRONMENT_NAME_MAX_LENGTH = 40

/**
 * Why a name is refused, first problem first: the contract's one pattern
 * (`^[a-z][a-z0-9-]{1,38}[a-z0-9]$`) split into rules a person can act on.
 */
export type DevEnvironmentNameProblem = 'required' | 'length' | 'start' | 'characters' | 'end'

export function devEnvironmentNameProblem(name: string): DevEnvironmentNameProblem | null {
  if (name === '') return 'required'
  if (
    name.length < DEV_ENVIRONMENT_NAME_MIN_LENGTH ||
    name.length > DEV_ENVIRONMENT_NAME_MAX_LENGTH
  )
    return 'length'
  if (!/^[a-z]/.test(name)) return 'start'
  if (!/^[a-z0-9-]+$/.test(name)) return 'characters'
  if (name.endsWith('-')) return 'end'
  return null
}

/** Counts towards the quota: every status but those the quota leaves uncounted (`deleting`). */
export function countsTowardsDevEnvironmentQuota(
  status: DevEnvironmentStatus,
  quota: DevEnvironmentQuota = DEV_ENVIRONMENT_QUOTA_RULE,
): boolean {
  return !quota.uncounted.includes(status)
}

/**
 * True when no environment can be created until one is deleted. The quota is the contract's
 * unless one is given (a stub built from another contract).
 */
export function isDevEnvironmentQuotaReached(
  environments: ReadonlyArray<{ status: DevEnvironmentStatus }>,
  quota: DevEnvironmentQuota = DEV_ENVIRONMENT_QUOTA_RULE,
): boolean {
  const counted = environments.filter((each) =>
    countsTowardsDevEnvironmentQuota(each.status, quota),
  )
  return counted.length >= quota.limit
}

/** How many environments are in each status (every status present, zero when none). */
export function countDevEnvironmentsByStatus(
  environments: ReadonlyArray<{ status: DevEnvironmentStatus }>,
): Record<DevEnvironmentStatus, number> {
  const counts = Object.fromEntries(
    DEV_ENVIRONMENT_STATUSES.map((status) => [status, 0]),
  ) as Record<DevEnvironmentStatus, number>
  for (const environment of environments) counts[environment.status] += 1
  return counts
}

/** Worth polling: at least one environment is still changing on its own. */
export function anyDevEnvironmentBusy(
  environments: ReadonlyArray<{ status: DevEnvironmentStatus }>,
): boolean {
  return environments.some((each) => isDevEnvironmentBusy(each.status))
}
