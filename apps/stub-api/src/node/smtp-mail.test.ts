import type { AddressInfo } from 'node:net'
import { createServer, type Server } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { startTestStub, type TestStub, USER } from '../test-support'

// SMTP_URL: the stub's e-mails go out by SMTP too, in every mode, with the link in both bodies; a
// catcher that is down costs the request nothing and the log never holds the link.

/** The smallest SMTP server that takes mail (no TLS, no auth): each message's raw text. */
async function smtpCatcher(): Promise<{
  url: string
  messages: string[]
  close: () => Promise<void>
}> {
  const messages: string[] = []
  const server: Server = createServer((socket) => {
    let inData = false
    let buffer = ''
    socket.setEncoding('utf8')
    socket.write('220 catcher ESMTP\r\n')
    socket.on('data', (chunk: string) => {
      buffer += chunk
      for (;;) {
        const end = buffer.indexOf(inData ? '\r\n.\r\n' : '\r\n')
        if (end === -1) return
        const part = buffer.slice(0, end)
        buffer = buffer.slice(end + (inData ? 5 : 2))
        if (inData) {
          messages.push(part)
          inData = false
          socket.write('250 queued\r\n')
          continue
        }
        const verb = part.slice(0, 4).toUpperCase()
        if (verb === 'DATA') {
          inData = true
          socket.write('354 go on\r\n')
        } else if (verb === 'QUIT') socket.end('221 bye\r\n')
        else socket.write(verb === 'EHLO' || verb === 'HELO' ? '250 catcher\r\n' : '250 ok\r\n')
      }
    })
  })
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready))
  const { port } = server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () => new Promise((done) => server.close(() => done())),
  }
}

/** A message's bodies as a reader sees them: quoted-printable soft breaks and escapes undone. */
const decoded = (raw: string) =>
  raw
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_all, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    )

async function until<T>(probe: () => T | undefined, what: string): Promise<T> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const value = probe()
    if (value !== undefined) return value
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error(`timed out waiting for ${what}`)
}

let stub: TestStub | undefined
let catcher: Awaited<ReturnType<typeof smtpCatcher>> | undefined
afterEach(async () => {
  await stub?.close()
  await catcher?.close()
  stub = undefined
  catcher = undefined
})

describe('e-mail by SMTP (SMTP_URL)', () => {
  it('sends the reset e-mail with the mailbox link in its text and HTML bodies', async () => {
    catcher = await smtpCatcher()
    stub = await startTestStub({ smtpUrl: catcher.url })
    const asked = await stub.call({
      url: '/api/auth/reset-password',
      body: { username: USER.email },
    })
    expect(asked.statusCode).toBe(200)
    const { link } = (await stub.call({ url: '/__dev/mailbox' })).json().items[0]
    const message = decoded(await until(() => catcher?.messages[0], 'the e-mail'))
    expect(message).toMatch(/^To: user@devenv\.example$/m)
    expect(message).toMatch(/^Subject: Reset your DevEnv password$/m)
    expect(message).toMatch(/^From: DevEnv <no-reply@devenv\.example>$/m)
    const [, , text, html] = message.split(/^Content-Type: /m)
    expect(text).toMatch(/^text\/plain/)
    expect(text).toContain(link)
    expect(html).toMatch(/^text\/html/)
    expect(html).toContain(`href="${link.replaceAll('&', '&amp;')}"`)
  })

  it('sends in production mode, where there is no development mailbox', async () => {
    catcher = await smtpCatcher()
    stub = await startTestStub({
      mode: 'production',
      jwtSecret: 'smtp-test-production-signing-key-0123456789',
      smtpUrl: catcher.url,
    })
    const registered = await stub.call({
      url: '/api/auth/registration',
      body: {
        username: 'new.person@example.com',
        password: 'Fresh-Pass-77x',
        userType: 'PERSONAL',
      },
    })
    expect(registered.statusCode).toBe(201)
    expect((await stub.call({ url: '/__dev/mailbox' })).statusCode).toBe(404)
    const message = decoded(await until(() => catcher?.messages[0], 'the e-mail'))
    expect(message).toMatch(/^To: new\.person@example\.com$/m)
    expect(message).toMatch(/http:\/\/127\.0\.0\.1:5173\/\?activate=[\w-]{20,}/)
  })

  it('answers as usual when the SMTP server is down, and logs the failure without the link', async () => {
    // A port that was free a moment ago: nothing listens there.
    const closed = await smtpCatcher()
    await closed.close()
    const lines: string[] = []
    stub = await startTestStub({
      smtpUrl: closed.url,
      logLevel: 'warn',
      logStream: { write: (line) => lines.push(line) },
    })
    const asked = await stub.call({
      url: '/api/auth/reset-password',
      body: { username: USER.email },
    })
    expect(asked.statusCode).toBe(200)
    const { hash } = (await stub.call({ url: '/__dev/mailbox' })).json().items[0].linkParams
    const warning = await until(
      () => lines.find((line) => line.includes('could not be sent by SMTP')),
      'the warning',
    )
    expect(JSON.parse(warning)).toMatchObject({
      level: 40,
      kind: 'password-reset',
      code: 'ESOCKET',
    })
    expect(lines.join('')).not.toContain(hash)
    expect(lines.join('')).not.toContain('reset-password?')
  })
})
