import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { loadContract } from '..'
import type { ProxiedExchange } from '../proxy/reading'
import { forgetSecrets, rememberSecret } from '../report/secrets'
import { fillText } from './format'
import { createRecorder } from './recorder'
import { shapeOf } from './session-values'

const contract = loadContract()
const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

function recorderIn(maxBytes = 1024 * 1024) {
  const dir = mkdtempSync(join(tmpdir(), 'recorder-'))
  dirs.push(dir)
  return {
    dir,
    recorder: createRecorder({ dir, maxBytes, contract, upstream: 'http://127.0.0.1:1/' }),
  }
}

const exchange = (
  session: string,
  body: unknown,
  answer: unknown = { message: 'ok' },
): ProxiedExchange => ({
  method: 'POST',
  url: '/api/contact',
  requestHeaders: { 'x-stub-session': session, 'content-type': 'application/json' },
  requestBody: Buffer.from(JSON.stringify(body)),
  status: 201,
  answerHeaders: { 'content-type': 'application/json' },
  answerBody: Buffer.from(JSON.stringify(answer)),
})

const linesOf = (dir: string) =>
  readdirSync(dir).flatMap((name) =>
    readFileSync(join(dir, name), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line)),
  )

describe('the recorder', () => {
  it('names a file by a safe form of the session, never a path out of its folder', () => {
    const { dir, recorder } = recorderIn()
    recorder.record(exchange('..', {}))
    recorder.record(exchange('a:b.c', {}))
    recorder.close()
    const names = readdirSync(dir)
    expect(names).toHaveLength(2)
    for (const name of names)
      expect(name).toMatch(/^[A-Za-z0-9_][A-Za-z0-9_.-]*\.[0-9a-f]{8}\.ndjson$/)
  })

  it('writes a literal {{ of the traffic so that it is never read as a placeholder', () => {
    const { dir, recorder } = recorderIn()
    recorder.record(exchange('s', { message: 'a {{password-1}} b' }))
    recorder.close()
    const step = linesOf(dir)[1]
    expect(step.request.json.message).toBe('a {{open}}password-1}} b')
    expect(fillText(step.request.json.message, () => 'X')).toBe('a {{password-1}} b')
  })

  it('keeps of a password only its shape', () => {
    expect(shapeOf('Ab9!x Ü')).toBe('Aa9!a A')
    const { dir, recorder } = recorderIn()
    recorder.record(exchange('s', { password: 'Secret-Pass-42' }))
    recorder.close()
    const text = readdirSync(dir)
      .map((name) => readFileSync(join(dir, name), 'utf8'))
      .join('')
    expect(text).not.toContain('Secret-Pass-42')
    expect(linesOf(dir)[1].values['password-1']).toEqual({
      kind: 'password',
      shape: 'Aaaaaa-Aaaa-99',
    })
  })

  it('stops at its bound, judges on, and ends each session saying where it was cut', () => {
    const { dir, recorder } = recorderIn(1_000)
    for (let index = 0; index < 20; index++) recorder.record(exchange('s', { index }))
    const summary = recorder.close()
    expect(summary.bytes).toBeLessThanOrEqual(1_000)
    expect(summary.cut).toMatch(/reached its bound/)
    const lines = linesOf(dir)
    expect(lines.at(-1)).toEqual({ end: true, steps: lines.length - 2, cut: summary.cut })
  })

  it('finds every token a session was given in any later text, however many it holds', () => {
    const { dir, recorder } = recorderIn(64 * 1024 * 1024)
    const tokens = Array.from({ length: 3_000 }, (_, index) => `token-${index}-${'x'.repeat(24)}`)
    for (const token of tokens)
      recorder.record(exchange('s', {}, { message: 'signed in', access_token: token }))
    // The first token, echoed inside a sentence of a later answer.
    recorder.record(exchange('s', {}, { message: `your token ${tokens[0]} expires soon` }))
    recorder.close()
    const lines = linesOf(dir)
    const text = lines.map((line) => JSON.stringify(line)).join('\n')
    for (const token of [tokens[0], tokens[1_500], tokens[2_999]]) expect(text).not.toContain(token)
    expect(lines.at(-2).answer.json.message).toBe('your token {{access-token-1}} expires soon')
  })

  it('links a value only to the latest answers that gave it: a session keeps 2,000', () => {
    const { dir, recorder } = recorderIn(64 * 1024 * 1024)
    const ids = Array.from({ length: 2_001 }, (_, index) => `env-${String(index).padStart(8, '0')}`)
    for (const id of ids) recorder.record(exchange('s', {}, { id }))
    recorder.record(exchange('s', { name: ids[0] }))
    recorder.record(exchange('s', { name: ids[2_000] }))
    recorder.close()
    const [oldest, newest] = linesOf(dir).slice(-3, -1)
    expect(oldest.request.json.name).toBe(ids[0])
    expect(newest.request.json.name).toBe('{{id-1}}')
    expect(newest.values['id-1']).toEqual({
      kind: 'answer',
      step: 2_001,
      pointer: '/id',
      secret: false,
    })
  })

  it('records a password the configuration filled from a variable by that variable, not its shape', () => {
    rememberSecret('Given-Pass-77', 'QA_PASSWORD')
    try {
      const { dir, recorder } = recorderIn()
      recorder.record(exchange('s', { email: 'qa@example.com', password: 'Given-Pass-77' }))
      recorder.close()
      const step = linesOf(dir)[1]
      expect(step.request.json.password).toBe('{{qa-password-1}}')
      expect(step.values['qa-password-1']).toEqual({ kind: 'variable', variable: 'QA_PASSWORD' })
    } finally {
      forgetSecrets()
    }
  })

  it('writes no secret query parameter as it was sent, known or not', () => {
    const { dir, recorder } = recorderIn()
    recorder.record({
      ...exchange('s', {}),
      method: 'GET',
      url: '/api/health?access_token=never-seen-before-1234&page=2',
      requestBody: undefined,
    })
    recorder.close()
    const step = linesOf(dir)[1]
    expect(step.url).toBe('/api/health?access_token={{access-token-1}}&page=2')
    expect(JSON.stringify(linesOf(dir))).not.toContain('never-seen-before-1234')
    expect(step.values['access-token-1']).toMatchObject({ kind: 'secret' })
  })
})
