import { loadOpenApiDocument, type OpenApiDocument } from '@devenv/openapi'
import { describe, expect, it } from 'vitest'
import { diffContracts } from '../diff'
import { changelogEntry, gateVerdict, hasChangelogEntry, majorOf, withChangelogEntry } from './gate'

const today = loadOpenApiDocument()

function changed(
  edit: (copy: OpenApiDocument) => void,
  version = today.info.version,
): OpenApiDocument {
  const copy = structuredClone(today)
  edit(copy)
  copy.info.version = version
  return copy
}

const removeHealth = (copy: OpenApiDocument) => {
  delete copy.paths['/health']
}
const CHANGELOG = '# Changelog\n\nIntroduction.\n\n## 1.0.0 (2026-03-02)\n\nThe first version.\n'

describe('the contract gate', () => {
  it('passes a change that breaks no client, whatever the version', () => {
    const head = changed((copy) => {
      copy.info.summary = 'Another summary.'
    })
    const verdict = gateVerdict(
      diffContracts(today, head),
      { base: '1.0.0', head: '1.0.0' },
      CHANGELOG,
    )
    expect(verdict).toMatchObject({ passed: true, problems: [], clientBreaking: [] })
  })

  it('fails a client-breaking change under the same major version, and without its changelog entry', () => {
    const head = changed(removeHealth, '1.1.0')
    const verdict = gateVerdict(
      diffContracts(today, head),
      { base: '1.0.0', head: '1.1.0' },
      CHANGELOG,
    )
    expect(verdict.passed).toBe(false)
    expect(verdict.clientBreaking.map((change) => change.operation?.operationId)).toContain(
      'getHealth',
    )
    expect(verdict.problems).toEqual([
      `${verdict.clientBreaking.length} change(s) break clients, but info.version 1.1.0 has the major version of 1.0.0: make it 2.0.0`,
      'openapi/CHANGELOG.md has no entry "## 1.1.0"',
    ])
  })

  it('passes it under a new major version with the entry the diff writes', () => {
    const head = changed(removeHealth, '2.0.0')
    const diff = diffContracts(today, head)
    const changelog = withChangelogEntry(CHANGELOG, changelogEntry(diff, '2.0.0', '2026-11-28'))
    expect(gateVerdict(diff, { base: '1.0.0', head: '2.0.0' }, changelog)).toMatchObject({
      passed: true,
      problems: [],
    })
    // The new entry comes first, after the introduction.
    expect(changelog.indexOf('## 2.0.0 (2026-11-28)')).toBeGreaterThan(
      changelog.indexOf('Introduction.'),
    )
    expect(changelog.indexOf('## 2.0.0')).toBeLessThan(changelog.indexOf('## 1.0.0'))
    expect(changelog).toMatch(
      /### Breaks clients\n\n- Clients call an operation that no longer exists[^\n]*\n {2}- `GET \/health`: operation removed\n/,
    )
  })

  it('says what a server-breaking change asks, without failing on it', () => {
    const head = changed((copy) => {
      const post = (copy.paths['/environments'] as { post: { 'x-quota': { limit: number } } }).post
      post['x-quota'].limit = 3
    })
    const diff = diffContracts(today, head)
    const verdict = gateVerdict(diff, { base: '1.0.0', head: '1.0.0' }, CHANGELOG)
    expect(verdict.passed).toBe(true)
    expect(verdict.serverBreaking.map((change) => change.operation?.operationId)).toEqual([
      'createEnvironment',
    ])
    expect(changelogEntry(diff, '1.0.1', '2026-11-28')).toMatch(
      /### Breaks servers\n\n- Servers must refuse sooner \(`quota-lowered`\):\n {2}- `POST \/environments`: the quota of createEnvironment lowered\n$/,
    )
  })

  it('reads versions and changelog headings exactly', () => {
    expect([majorOf('2.0.0'), majorOf('10.1.2-rc.1'), majorOf('v2'), majorOf('2.0')]).toEqual([
      2,
      10,
      null,
      null,
    ])
    expect(hasChangelogEntry('## 2.0.0 (2026-11-28)\n', '2.0.0')).toBe(true)
    expect(hasChangelogEntry('## 2.0.0\n', '2.0.0')).toBe(true)
    expect(hasChangelogEntry('## 2.0.01\n', '2.0.0')).toBe(false)
    expect(hasChangelogEntry('### 2.0.0\n', '2.0.0')).toBe(false)
    expect(hasChangelogEntry('## 2x0x0\n', '2.0.0')).toBe(false)
  })
})
