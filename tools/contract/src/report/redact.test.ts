import { execFileSync } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createCoverageRecorder, loadContract } from '@devenv/openapi'
import { describe, expect, it } from 'vitest'
import { exchangeOf } from './exchange'
import { placeholderOf, redactRequest, redactText } from './redact'
import { curlCommand } from './reproducer'
import { buildRunReport, toReportJson } from './run-report'
import { formatSummary } from './summary'
import { REPORT_FILES, writeReports } from './write'

const API = 'http://127.0.0.1:4010/api'
const PASSWORD = 'Str0ng!Passw0rd-of-the-account'
const NEW_PASSWORD = 'An0ther!Passw0rd-chosen'
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1MSJ9.c2lnbmF0dXJl'
const REFRESH = 'rt-7f3a9c2e0b1d'

// Nothing exercised: the redaction does not depend on coverage.
const coverage = createCoverageRecorder(loadContract()).report()

// A failing sign-in and a failing change of password with a given account: what a report of a
// real backend holds, as the runner records it (the raw request in the check's detail).
function failingRun() {
  const signIn = {
    method: 'POST',
    url: `${API}/auth/auth`,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'dev@example.com', password: PASSWORD }),
  }
  const change = {
    method: 'POST',
    url: `${API}/user/change-password?token=${TOKEN}`,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${TOKEN}` },
    body: JSON.stringify({ oldPassword: PASSWORD, newPassword: NEW_PASSWORD }),
  }
  return buildRunReport({
    mode: 'check',
    target: API,
    startedAt: '2026-01-01T00:00:00.000Z',
    durationMs: 5,
    coverage,
    notes: [`signed in with Authorization: Bearer ${TOKEN}`],
    findings: [{ title: 'echo', detail: `the answer repeats {"refreshToken": "${REFRESH}"}` }],
    suites: [
      {
        name: 'signIn',
        kind: 'operation',
        checks: [
          {
            name: 'signs in with the given account',
            status: 'failed',
            message: `expected 200, got 500 for "password":"${PASSWORD}"`,
            detail: `POST /auth/auth ${signIn.body}\n=> 200 application/json {"accessToken":"${TOKEN}","refreshToken":"${REFRESH}"}`,
            durationMs: 1,
            // A driver that forgot to redact: the report must still hold no secret.
            exchange: { operationId: 'signIn', request: signIn, status: 500 },
          },
        ],
      },
      {
        name: 'changePassword',
        kind: 'operation',
        checks: [
          {
            name: 'changes the password',
            status: 'failed',
            message: 'expected 204, got 500',
            detail: `POST /user/change-password ${change.body}`,
            durationMs: 1,
            exchange: exchangeOf('changePassword', change, 500),
          },
        ],
      },
    ],
  })
}

describe('reports of a failing check', () => {
  it('hold neither the password nor the token in report.json, junit.xml and report.html', async () => {
    const report = failingRun()
    const dir = await mkdtemp(join(tmpdir(), 'contract-redact-'))
    try {
      await writeReports(dir, report)
      for (const file of REPORT_FILES) {
        const text = await readFile(join(dir, file), 'utf8')
        // The failures are in every file (proof that the test reads what it means to).
        expect(text).toContain('changes the password')
        for (const secret of [PASSWORD, NEW_PASSWORD, TOKEN, REFRESH]) {
          expect(text, `${file} holds ${secret}`).not.toContain(secret)
        }
      }
      const printed = formatSummary(report)
      for (const secret of [PASSWORD, NEW_PASSWORD, TOKEN, REFRESH])
        expect(printed).not.toContain(secret)
      expect(toReportJson(report)).toContain('[redacted]')
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('keeps the reproducers runnable, the secrets as shell variables', () => {
    const [signIn, change] = failingRun().failures
    expect(signIn?.reproducer).toBe(
      `curl -i --globoff -X POST ${API}/auth/auth -H 'Content-Type: application/json' --data-raw '{"username":"dev@example.com","password":"'"$PASSWORD"'"}'`,
    )
    expect(change?.reproducer).toBe(
      `curl -i --globoff -X POST '${API}/user/change-password?token=[redacted]' -H 'Content-Type: application/json' -H 'Authorization: Bearer '"$ACCESS_TOKEN" --data-raw '{"oldPassword":"'"$OLD_PASSWORD"'","newPassword":"'"$NEW_PASSWORD"'"}'`,
    )
    // The shell reads it as one command whose body is the request with the variables filled.
    const body = execFileSync(
      'sh',
      ['-c', `printf %s ${(change?.reproducer ?? '').split(' --data-raw ')[1]}`],
      { env: { OLD_PASSWORD: 'old value', NEW_PASSWORD: "it's new" }, encoding: 'utf8' },
    )
    expect(JSON.parse(body)).toEqual({ oldPassword: 'old value', newPassword: "it's new" })
  })
})

describe('redactText', () => {
  it('replaces secret JSON fields, bearer tokens and secret query parameters, nothing else', () => {
    expect(
      redactText(
        `POST /a?hash=${REFRESH}&page=2 {"new_password" : "${PASSWORD}","email":"a@b.co","token":"cut sh`,
      ),
    ).toBe(
      'POST /a?hash=[redacted]&page=2 {"new_password" : "[redacted]","email":"a@b.co","token":"[redacted] sh',
    )
    expect(redactText(`authorization: bearer ${TOKEN} sent`)).toBe(
      'authorization: bearer [redacted] sent',
    )
    expect(redactText('{"passwordStrength":"weak"}')).toBe('{"passwordStrength":"weak"}')
  })
})

describe('redactRequest', () => {
  it('names placeholders after the field and redacts secret headers', () => {
    expect(placeholderOf('refresh_token')).toBe('$REFRESH_TOKEN')
    expect(
      redactRequest({
        method: 'POST',
        url: `${API}/x`,
        headers: { Cookie: `refresh=${REFRESH}`, Accept: 'application/json' },
        body: `{"nested":[{"refreshToken":"${REFRESH}"}],"count":1}`,
      }),
    ).toEqual({
      method: 'POST',
      url: `${API}/x`,
      headers: { Cookie: '[redacted]', Accept: 'application/json' },
      body: '{"nested":[{"refreshToken":"$REFRESH_TOKEN"}],"count":1}',
    })
  })

  it('redacts tokens in a body that is not JSON', () => {
    expect(
      redactRequest({ method: 'POST', url: API, headers: {}, body: `{"token":"${TOKEN}"` }).body,
    ).toBe('{"token":"[redacted]"')
  })
})

describe('curlCommand', () => {
  it('expands the placeholders of secret fields alone, not a variable the text holds', () => {
    expect(
      curlCommand({
        method: 'POST',
        url: API,
        headers: {},
        body: '{"a":"$HOME","b":"$PASSWORD","password":"$PASSWORD"}',
      }),
    ).toBe(
      `curl -i --globoff -X POST ${API} --data-raw '{"a":"$HOME","b":"$PASSWORD","password":"'"$PASSWORD"'"}'`,
    )
  })
})
