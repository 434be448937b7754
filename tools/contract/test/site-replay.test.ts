import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { SEEDED_ACCOUNTS } from '@devenv/openapi/dev-protocol'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Recording } from '../src/replay/format'
import type { Noise } from '../src/replay/judge'
import { BROKEN_SERVERS, type BrokenServer } from './fixtures/broken-servers'
import {
  onStub,
  replayOn,
  SITE_RECORDING,
  siteNoise,
  siteSessions,
  touching,
} from './fixtures/site-replay'

// The site's own traffic (the browser suites, recorded through the proxy against the stub by
// `pnpm --filter @devenv/web record:site`) replayed: against a fresh stub nothing differs once
// the noise is learned from a second one; against stubs with planted bugs the flows touch, each
// bug is reported. Every plant against every session is `pnpm --filter @devenv/contract
// replay:mutants` (its figures are in docs/benchmarks.md): here a bounded choice of them.

let sessions: Recording[]
let noise: Noise

beforeAll(async () => {
  sessions = siteSessions()
  noise = await siteNoise(sessions)
})

describe("the site's recorded traffic", () => {
  it('holds no secret: no seeded password, no token, no reset hash, no activation token', () => {
    const text = readdirSync(SITE_RECORDING)
      .map((name) => readFileSync(join(SITE_RECORDING, name), 'utf8'))
      .join('\n')
    for (const { password } of SEEDED_ACCOUNTS) expect(text).not.toContain(password)
    // A JSON Web Token (the access tokens), a bearer credential that is not a placeholder, a
    // reset hash (64 hexadecimal characters) in a field of its name.
    expect(text).not.toMatch(/eyJ[\w-]{10,}\.[\w-]{10,}/)
    expect(text).not.toMatch(/Bearer (?!\{\{)/)
    expect(text).not.toMatch(
      /"(?:hash|token|activate|refreshToken|refresh_token|access_token|password)":"(?!\{\{)/,
    )
    // They are there, as placeholders with their sources.
    expect(text).toContain('"kind":"seeded-password"')
    expect(text).toContain('"kind":"mailed","param":"activate"')
  })

  it('replays against a fresh stub: 0 differences, 0 failures, no session stopped', async () => {
    const found = await onStub((target) => replayOn(sessions, target, noise))
    // Every step of every session was sent and judged.
    expect(found.steps).toBe(sessions.reduce((sum, recording) => sum + recording.steps.length, 0))
    expect(sessions.length).toBeGreaterThan(100)
    expect(found.stopped).toEqual([])
    expect(found.failures).toEqual([])
  })

  // One plant per kind of bug the browser suites' flows reach, each replayed on the sessions
  // that touch its operations.
  const PLANTS: Array<{ bug: string; operations: string[]; named: RegExp }> = [
    {
      bug: 'the profile answers createdAt as epoch milliseconds, not a date-time string',
      operations: ['getProfile'],
      named: /getProfile: contract: \/createdAt must be string/,
    },
    {
      bug: 'sign-in answers token_valid_seconds as a string',
      operations: ['signIn'],
      named: /signIn: contract: \/token_valid_seconds must be integer/,
    },
    {
      bug: 'a profile update answers the new values but is never saved',
      operations: ['updateProfile'],
      named: /getProfile: drift: \/firstName: recorded /,
    },
    {
      bug: 'a created environment is answered without its Location header',
      operations: ['createEnvironment'],
      named: /createEnvironment: contract: the Location header is missing/,
    },
    {
      bug: 'registration answers 200 instead of the documented 201',
      operations: ['register'],
      named: /register: contract: status 200 is not documented/,
    },
    {
      bug: 'a password change answers 200 but the old hash is written back',
      operations: ['changePassword'],
      named: /signIn: drift: status: recorded 200, now 401/,
    },
    {
      bug: 'a used refresh token still refreshes (no reuse detection)',
      operations: ['refreshToken'],
      named: /refreshToken: drift: status: recorded 401, now 200/,
    },
    {
      bug: 'an activation link works twice',
      operations: ['activateAccount'],
      named: /activateAccount: drift: status: recorded 400, now 200/,
    },
  ]
  for (const { bug, operations, named } of PLANTS)
    it(`reports the planted bug: ${bug}`, async () => {
      const broken = BROKEN_SERVERS.find((server) => server.bug === bug) as BrokenServer
      expect(broken, bug).toBeDefined()
      const reached = touching(sessions, operations)
      expect(reached.length, bug).toBeGreaterThan(0)
      const found = await onStub((target) => replayOn(reached, target, noise), broken)
      expect(found.failures.join('\n'), bug).toMatch(named)
    })
})
