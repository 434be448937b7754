import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { commandMailbox } from './command'

// An outbox of one file per address, read by a one-line command, as a team would read an SQL
// outbox or Mailpit's API through curl.
const outbox = mkdtempSync(join(tmpdir(), 'contract-outbox-'))
afterAll(() => rmSync(outbox, { recursive: true, force: true }))
const reader = commandMailbox(`cat '${outbox}'/"$1" 2>/dev/null || true`)

describe('a mailbox read by a command', () => {
  it("reads the newest e-mail's link parameters from what the command prints", async () => {
    writeFileSync(
      join(outbox, 'nino@example.com'),
      'Welcome!\nActivate: https://devenv.example/?activate=ab12cd.\n',
    )
    writeFileSync(
      join(outbox, 'giorgi@example.com'),
      '<p><a href="https://devenv.example/reset-password?user=42&amp;hash=ff00">Reset</a></p>',
    )
    expect(await reader.links('nino@example.com')).toEqual([{ activate: 'ab12cd' }])
    expect(await reader.links('giorgi@example.com')).toEqual([{ user: '42', hash: 'ff00' }])
    expect(await reader.links('nobody@example.com')).toEqual([])
    expect(await reader.problem()).toBeUndefined()
  })

  it('gives the address in $1 and in $DEVENV_MAILBOX_TO, never through the shell', async () => {
    const seen = join(outbox, 'seen')
    const marker = join(outbox, 'ran')
    const echo = commandMailbox(`printf '%s|%s' "$1" "$DEVENV_MAILBOX_TO" > '${seen}'`)
    const address = `x$(touch '${marker}')@example.com`
    expect(await echo.links(address)).toEqual([])
    expect(readFileSync(seen, 'utf8')).toBe(`${address}|${address}`)
    expect(existsSync(marker)).toBe(false)
  })

  it('says why a command cannot read the mailbox, its control characters shown', async () => {
    const failing = commandMailbox('echo "\x1b]0;title\x07no such table: outbox" >&2; exit 3')
    expect(await failing.problem()).toBe(
      'the mailbox command (echo) exited 3: \\x1b]0;title\\x07no such table: outbox',
    )
    await expect(failing.links('nino@example.com')).rejects.toThrow(/exited 3/)
  })

  it('bounds what it reads and how long it waits', async () => {
    const flood = commandMailbox('head -c 5000000 /dev/zero')
    await expect(flood.links('nino@example.com')).rejects.toThrow(/printed more than 4 MiB/)
    const hung = commandMailbox('sleep 30', { timeoutMs: 200 })
    await expect(hung.links('nino@example.com')).rejects.toThrow(/exited after 200 ms/)
  })
})
