import { describe, expect, it } from 'vitest'
import {
  ENVIRONMENTS,
  isDebugEnvironment,
  pageTitle,
  parseEnvironmentName,
  shouldBlockDeveloperTools,
} from './environments'

describe('site environments', () => {
  it('are development, stage, main, production and demo, main by default (CONF-1)', () => {
    for (const name of ['development', 'stage', 'main', 'production', 'demo']) {
      expect(parseEnvironmentName(name)).toBe(name)
    }
    expect(parseEnvironmentName('qa')).toBe('main')
    expect(parseEnvironmentName(undefined)).toBe('main')
    expect(parseEnvironmentName(['stage'])).toBe('main')
  })

  it('mark titles in development and stage only (CONF-1)', () => {
    expect(pageTitle('Pricing', 'development')).toBe('Pricing (Development)')
    expect(pageTitle('Pricing', 'stage')).toBe('Pricing (Stage)')
    expect(pageTitle('Pricing', 'main')).toBe('Pricing')
    expect(pageTitle('Pricing', 'production')).toBe('Pricing')
    expect(pageTitle('Pricing', 'demo')).toBe('Pricing')
  })

  it('debug only in development (CONF-1)', () => {
    expect(ENVIRONMENTS.filter(isDebugEnvironment)).toEqual(['development'])
  })

  it('block developer tools for signed-out visitors outside development', () => {
    expect(shouldBlockDeveloperTools(false, 'production')).toBe(true)
    expect(shouldBlockDeveloperTools(false, 'stage')).toBe(true)
    expect(shouldBlockDeveloperTools(false, 'development')).toBe(false)
    expect(shouldBlockDeveloperTools(true, 'production')).toBe(false)
  })

  it('leave developer tools open in the demo, signed out too', () => {
    expect(shouldBlockDeveloperTools(false, 'demo')).toBe(false)
  })
})
