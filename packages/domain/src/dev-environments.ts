import type { MessageCode } from './messages/en'
import type { PlanId, PlanSize } from './plans'
import { planSize } from './plans'

/** The customers' development environments, as designed in the product decisions (5). */
export const DEV_ENVIRONMENT_STATUSES = [
  'provisioning',
  'running',
  'stopped',
  'failed',
  'deleting',
] as const
export type DevEnvironmentStatus = (typeof DEV_ENVIRONMENT_STATUSES)[number]

export const DEV_ENVIRONMENT_STATUS_LABELS = {
  provisioning: 'devEnvironment.status.provisioning',
  running: 'devEnvironment.status.running',
  stopped: 'devEnvironment.status.stopped',
  failed: 'devEnvironment.status.failed',
  deleting: 'devEnvironment.status.deleting',
} as const satisfies Record<DevEnvironmentStatus, MessageCode>

export const DEV_ENVIRONMENT_TEMPLATES = ['node-20', 'python-3.12', 'go-1.23', 'java-21'] as const
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
  return (
    typeof value === 'string' && (DEV_ENVIRONMENT_STATUSES as readonly string[]).includes(value)
  )
}

export function isDevEnvironmentTemplate(value: unknown): value is DevEnvironmentTemplate {
  return (
    typeof value === 'string' && (DEV_ENVIRONMENT_TEMPLATES as readonly string[]).includes(value)
  )
}

/** Still changing on its own: worth polling until it settles. */
export function isDevEnvironmentBusy(status: DevEnvironmentStatus): boolean {
  return status === 'provisioning' || status === 'deleting'
}
