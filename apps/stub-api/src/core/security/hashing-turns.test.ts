import { describe, expect, it } from 'vitest'
import { portableScrypt } from '../platform/scrypt'
import { startTestStub, USER } from '../test-support'
import type { Scrypt } from '../types'
import { HashingTurns } from './hashing-turns'

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

/** A hash that runs only when the test lets it: its start is recorded, its end is the test's call. */
function heldHashes() {
  const started: string[] = []
  const held: Array<() => void> = []
  const hash = (name: string) => () => {
    started.push(name)
    return new Promise<void>((resolve) => held.push(resolve))
  }
  const releaseOne = async () => {
    held.shift()?.()
    await settle()
  }
  return { started, held, hash, releaseOne }
}

describe('HashingTurns', () => {
  it('runs up to its slots at once, then gives each freed slot to the client served longest ago', async () => {
    const turns = new HashingTurns(2, 100)
    const { started, hash, releaseOne } = heldHashes()
    const runs = [
      ...['a1', 'a2', 'a3', 'a4', 'a5'].map((name) => turns.run('flood', hash(name))),
      turns.run('user', hash('u1')),
      turns.run('other', hash('o1')),
    ]
    await settle()
    expect(started).toEqual(['a1', 'a2'])
    expect(turns.waitingCount).toBe(5)
    for (let release = 0; release < 5; release++) await releaseOne()
    // The freed slots go to the user and the other client first, then back to the flood.
    expect(started).toEqual(['a1', 'a2', 'u1', 'o1', 'a3', 'a4', 'a5'])
    await releaseOne()
    await releaseOne()
    await Promise.all(runs)
    expect(turns.waitingCount).toBe(0)
  })

  it('refuses a hash over a client line of its bound with 429 and Retry-After, and no other client', async () => {
    const turns = new HashingTurns(1, 2)
    const { hash, releaseOne } = heldHashes()
    const running = turns.run('flood', hash('a1'))
    const waiting = [turns.run('flood', hash('a2')), turns.run('flood', hash('a3'))]
    await expect(turns.run('flood', hash('a4'))).rejects.toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
      headers: { 'retry-after': '1' },
    })
    const other = turns.run('user', hash('u1'))
    for (let release = 0; release < 4; release++) await releaseOne()
    await Promise.all([running, ...waiting, other])
  })

  it('frees the slot of a hash that failed', async () => {
    const turns = new HashingTurns(1, 10)
    await expect(
      turns.run('a', async () => {
        throw new Error('scrypt failed')
      }),
    ).rejects.toThrow('scrypt failed')
    await expect(turns.run('a', async () => 'next')).resolves.toBe('next')
  })
})

describe('password checks of two clients (security review 3, item 1)', () => {
  it("give another client's sign-in the next hash while one client has ten waiting", async () => {
    // Which password each hash was for, in the order they started; each ends when the test says.
    const started: string[] = []
    const held: Array<() => void> = []
    let holding = false
    const scrypt: Scrypt = async (password, salt, params) => {
      if (holding) {
        started.push(new TextDecoder().decode(password))
        await new Promise<void>((resolve) => held.push(resolve))
      }
      return portableScrypt(password, salt, params)
    }
    // Windows off: the turns alone are under test, not the client's window.
    const stub = await startTestStub({ platform: { scrypt, hashingSlots: 1 }, rateLimits: 'off' })
    holding = true
    const flood = Array.from({ length: 10 }, (_, index) =>
      stub.call({
        url: '/api/auth/auth',
        body: { email: `spray-${index}@example.com`, password: 'Flood-Password-1' },
        ip: '127.0.0.2',
      }),
    )
    await settle()
    const user = stub.call({ url: '/api/auth/auth', body: USER, ip: '127.0.0.1' })
    await settle()
    while (started.length < 11) {
      held.shift()?.()
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    // One of the flood's hashes was under way: the user's comes next, not eleventh.
    expect(started.indexOf(USER.password)).toBe(1)
    holding = false
    for (const release of held.splice(0)) release()
    expect((await user).statusCode).toBe(200)
    expect((await Promise.all(flood)).map((answer) => answer.statusCode)).toEqual(
      Array(10).fill(401),
    )
    await stub.close()
  })
})
