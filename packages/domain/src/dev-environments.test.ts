import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  anyDevEnvironmentBusy,
  countDevEnvironmentsByStatus,
  DEV_ENVIRONMENT_STATUS_LABELS,
  DEV_ENVIRONMENT_STATUSES,
  DEV_ENVIRONMENT_TEMPLATE_NAMES,
  DEV_ENVIRONMENT_TEMPLATES,
  type DevEnvironmentStatus,
  devEnvironmentNameProblem,
  devEnvironmentResources,
  isDevEnvironmentBusy,
  isDevEnvironmentQuotaReached,
  isDevEnvironmentRegion,
  isDevEnvironmentStatus,
  isDevEnvironmentTemplate,
} from './dev-environments'
import { en } from './messages/en'

describe('development environments', () => {
  it('recognise their statuses and templates', () => {
    expect(isDevEnvironmentStatus('running')).toBe(true)
    expect(isDevEnvironmentStatus('paused')).toBe(false)
    expect(isDevEnvironmentTemplate('go-1.23')).toBe(true)
    expect(isDevEnvironmentTemplate('ruby-3')).toBe(false)
  })

  it('name each runtime by its product name', () => {
    expect(
      DEV_ENVIRONMENT_TEMPLATES.map((template) => DEV_ENVIRONMENT_TEMPLATE_NAMES[template]),
    ).toEqual(['Node.js 20', 'Python 3.12', 'Go 1.23', 'Java 21'])
  })

  it('recognise nothing but the listed statuses, templates and regions', () => {
    for (const other of [undefined, null, 1, ['running'], 'Running']) {
      expect(isDevEnvironmentStatus(other)).toBe(false)
      expect(isDevEnvironmentTemplate(other)).toBe(false)
      expect(isDevEnvironmentRegion(other)).toBe(false)
    }
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

// The contract's EnvironmentName pattern, copied to prove the rules say the same thing.
const CONTRACT_NAME_PATTERN = /^[a-z][a-z0-9-]{1,38}[a-z0-9]$/

const withStatuses = (...statuses: DevEnvironmentStatus[]) => statuses.map((status) => ({ status }))

describe('environment names', () => {
  it('name the first problem, in the order a person fixes them', () => {
    expect(devEnvironmentNameProblem('')).toBe('required')
    expect(devEnvironmentNameProblem('ab')).toBe('length')
    expect(devEnvironmentNameProblem('a'.repeat(41))).toBe('length')
    expect(devEnvironmentNameProblem('1st-service')).toBe('start')
    expect(devEnvironmentNameProblem('-api')).toBe('start')
    expect(devEnvironmentNameProblem('Checkout')).toBe('start')
    expect(devEnvironmentNameProblem('checkout_api')).toBe('characters')
    expect(devEnvironmentNameProblem('checkout API')).toBe('characters')
    expect(devEnvironmentNameProblem('checkout-')).toBe('end')
    expect(devEnvironmentNameProblem('checkout-api')).toBeNull()
    expect(devEnvironmentNameProblem('a'.repeat(40))).toBeNull()
    expect(devEnvironmentNameProblem('ml2')).toBeNull()
  })

  it('accept exactly the names the contract accepts', () => {
    const alphabet = fc.constantFrom(...'abcxyz019-_A .'.split(''))
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 44 }), (characters) => {
        const name = characters.join('')
        expect(devEnvironmentNameProblem(name) === null).toBe(CONTRACT_NAME_PATTERN.test(name))
      }),
      { numRuns: 2000 },
    )
  })
})

describe('environment regions, quota and summary', () => {
  it('recognise their regions', () => {
    expect(isDevEnvironmentRegion('us-east')).toBe(true)
    expect(isDevEnvironmentRegion('mars-north')).toBe(false)
  })

  it('reach the quota at 5, not counting environments being deleted', () => {
    const four = withStatuses('running', 'provisioning', 'failed', 'stopped')
    expect(isDevEnvironmentQuotaReached(four)).toBe(false)
    expect(isDevEnvironmentQuotaReached([...four, { status: 'deleting' }])).toBe(false)
    expect(isDevEnvironmentQuotaReached([...four, { status: 'running' }])).toBe(true)
  })

  it('count every status, zero when none', () => {
    expect(countDevEnvironmentsByStatus(withStatuses('running', 'running', 'failed'))).toEqual({
      provisioning: 0,
      running: 2,
      stopped: 0,
      failed: 1,
      deleting: 0,
    })
  })

  it('are worth polling only while one is provisioning or deleting', () => {
    expect(anyDevEnvironmentBusy([])).toBe(false)
    expect(anyDevEnvironmentBusy(withStatuses('running', 'failed', 'stopped'))).toBe(false)
    expect(anyDevEnvironmentBusy(withStatuses('running', 'deleting'))).toBe(true)
    expect(anyDevEnvironmentBusy(withStatuses('provisioning'))).toBe(true)
  })
})
