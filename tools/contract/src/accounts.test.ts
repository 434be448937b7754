import { describe, expect, it } from 'vitest'
import {
  type AccountAnswer,
  type CallOperation,
  refusedAccount,
  registerThroughMailbox,
  signedIn,
  tokensOf,
} from './accounts'
import type { Mailbox } from './mailbox'

const answer = (status: number, json: unknown = {}): AccountAnswer => ({
  status,
  json,
  text: JSON.stringify(json),
})

/** A target that answers each operation as `answers` says, and keeps the calls it was sent. */
function targetAnswering(answers: Record<string, (body: unknown) => AccountAnswer>) {
  const sent: Array<{ operationId: string; body: unknown }> = []
  const call: CallOperation = async (operationId, { body }) => {
    sent.push({ operationId, body })
    return answers[operationId]?.(body) ?? answer(404)
  }
  return { call, sent }
}

const PAIR = { access_token: 'a1', refresh_token: 'r1', token_valid_seconds: 20 }

describe('the sign-in all commands share', () => {
  it('reads the tokens of a 200 only, with the lifetime it states', () => {
    expect(tokensOf(answer(200, PAIR))).toEqual({ access: 'a1', refresh: 'r1', validSeconds: 20 })
    expect(tokensOf(answer(200, { access_token: 'a1' }))?.validSeconds).toBeUndefined()
    expect(tokensOf(answer(401, PAIR))).toBeUndefined()
  })

  it('signs a given account out again, and names the first one the target refuses', async () => {
    const { call, sent } = targetAnswering({
      signIn: (body) =>
        (body as { email: string }).email === 'ok@example.com'
          ? answer(200, PAIR)
          : answer(403, { message: 'not activated' }),
      signOut: () => answer(204),
    })
    const accounts = [
      { email: 'ok@example.com', password: 'p' },
      { email: 'new@example.com', password: 'p' },
    ]
    const refused = await refusedAccount(call, accounts, (status) => status === 403)
    expect(refused).toBe('the account new@example.com does not sign in: 403 not activated')
    expect(sent.map((each) => each.operationId)).toEqual(['signIn', 'signOut', 'signIn'])
    expect(sent[1]?.body).toEqual({ refreshToken: 'r1' })
  })

  it('signs out after the use of a sign-in, even when the use fails', async () => {
    const { call, sent } = targetAnswering({ signIn: () => answer(200, PAIR) })
    const used = signedIn(call, { email: 'a@example.com', password: 'p' }, async (token) => {
      throw new Error(`used ${token}`)
    })
    await expect(used).rejects.toThrow('used a1')
    expect(sent.at(-1)).toEqual({ operationId: 'signOut', body: { refreshToken: 'r1' } })
  })

  it("ends with the caller's error when a required sign-in gives no token", async () => {
    const { call, sent } = targetAnswering({ signIn: () => answer(401) })
    const used = signedIn(
      call,
      { email: 'a@example.com', password: 'p' },
      async () => 'used',
      (refused) => new Error(`refused ${refused.status}`),
    )
    await expect(used).rejects.toThrow('refused 401')
    expect(sent.map((each) => each.operationId)).toEqual(['signIn'])
  })
})

describe('the registration all commands share', () => {
  const mailbox = (links: Record<string, string>[]): Mailbox => ({
    name: 'a test mailbox',
    deliveryMs: 0,
    links: async () => links,
    problem: async () => undefined,
  })
  const credentials = { email: 'new@example.com', password: 'Strong-pass-9a' }

  it('registers, then activates with the token the mail carries', async () => {
    const { call, sent } = targetAnswering({
      register: () => answer(201),
      activateAccount: () => answer(200),
    })
    const steps = {
      expect: async (operationId: string, body: { body?: unknown }, status: number) => {
        const answered = await call(operationId, body)
        return answered.status === status ? answered : undefined
      },
      mailed: (_: string, arrived: boolean) => arrived,
    }
    const registered = await registerThroughMailbox(
      steps,
      mailbox([{ activate: 'tok' }]),
      credentials,
    )
    expect(registered).toEqual(credentials)
    expect(sent).toEqual([
      {
        operationId: 'register',
        body: { username: credentials.email, password: credentials.password, userType: 'PERSONAL' },
      },
      { operationId: 'activateAccount', body: { token: 'tok' } },
    ])
  })

  it('stops at the step that fails: no mail, no activation', async () => {
    const { call, sent } = targetAnswering({ register: () => answer(201) })
    const told: boolean[] = []
    const steps = {
      expect: async (operationId: string, body: { body?: unknown }) => call(operationId, body),
      mailed: (_: string, arrived: boolean) => {
        told.push(arrived)
        return arrived
      },
    }
    const registered = await registerThroughMailbox(steps, mailbox([]), credentials, {
      timeoutMs: 0,
    })
    expect(registered).toBeUndefined()
    expect(told).toEqual([false])
    expect(sent.map((each) => each.operationId)).toEqual(['register'])
  })
})
