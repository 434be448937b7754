import { describe, expect, it } from 'vitest'
import {
  DEV_ENVIRONMENT_STATUS_LABELS,
  DEV_ENVIRONMENT_STATUSES,
  DEV_ENVIRONMENT_TEMPLATES,
  devEnvironmentResources,
  isDevEnvironmentBusy,
  isDevEnvironmentStatus,
  isDevEnvironmentTemplate,
} from './dev-environments'
import { en } from './messages/en'

describe('development environments', () => {
  it('have the decided statuses and templates', () => {
    expect(DEV_ENVIRONMENT_STATUSES).toEqual([
      'provisioning',
      'running',
      'stopped',
      'failed',
      'deleting',
    ])
    expect(DEV_ENVIRONMENT_TEMPLATES).toEqual(['node-20', 'python-3.12', 'go-1.23', 'java-21'])
    expect(isDevEnvironmentStatus('running')).toBe(true)
    expect(isDevEnvironmentStatus('paused')).toBe(false)
    expect(isDevEnvironmentTemplate('go-1.23')).toBe(true)
    expect(isDevEnvironmentTemplate('ruby-3')).toBe(false)
  })

  it('label every status', () => {
    expect(
      DEV_ENVIRONMENT_STATUSES.map((status) => en[DEV_ENVIRONMENT_STATUS_LABELS[status]]),
    ).toEqual(['Provisioning', 'Running', 'Stopped', 'Failed', 'Deleting'])
  })

  it('are busy while provisioning or deleting', () => {
    expect(DEV_ENVIRONMENT_STATUSES.filter(isDevEnvironmentBusy)).toEqual([
      'provisioning',
      'deleting',
    ])
  })

  it('get the resources of the plan they are sized after', () => {
    expect(devEnvironmentResources('professional')).toEqual({ vcpu: 4, ramGb: 16, ssdGb: 100 })
  })
})
