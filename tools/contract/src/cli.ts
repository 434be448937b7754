import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { formatSummary, toJUnitXml } from './report'
import { checkTarget } from './runner'

const USAGE = `Usage: contract --base-url URL [options]

Checks a server against openapi/openapi.yaml: every documented example, generated invalid
requests (4xx, never 5xx), stateful flows and findings. Exit code 1 on any failure.

  --base-url URL        the server (http://host:port, or its /api base)      required
  --junit PATH          JUnit XML report            (default tools/contract/reports/contract.xml)
  --mailbox auto|off    read e-mailed links from GET /__dev/mailbox          (default auto)
  --session ID          X-Stub-Session header value                          (default random)
  --email, --password   an activated account for protected operations
                        (or CONTRACT_EMAIL / CONTRACT_PASSWORD; the stub's seeded one otherwise)
  --wait SECONDS        how long flows wait for provisioning and deletion    (default 150)
  --timeout MS          per request                                          (default 15000)
  --quiet               no progress lines
`

// Relative to this file, so src/ (tsx) and dist/ (node) both write into tools/contract/reports/.
const DEFAULT_JUNIT = fileURLToPath(new URL('../reports/contract.xml', import.meta.url))

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`)
  process.exit(2)
}

let parsed: ReturnType<
  typeof parseArgs<{ options: Record<string, { type: 'string' | 'boolean' }> }>
>
try {
  parsed = parseArgs({
    options: {
      'base-url': { type: 'string' },
      junit: { type: 'string' },
      mailbox: { type: 'string' },
      session: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      wait: { type: 'string' },
      timeout: { type: 'string' },
      quiet: { type: 'boolean' },
      help: { type: 'boolean' },
    },
    strict: true,
  })
} catch (error) {
  fail((error as Error).message)
}
const values = parsed.values as Record<string, string | boolean | undefined>
const text = (name: string) =>
  typeof values[name] === 'string' ? (values[name] as string) : undefined

if (values.help) {
  console.log(USAGE)
  process.exit(0)
}
const baseUrl = text('base-url')
if (!baseUrl) fail('--base-url is required')
try {
  new URL(baseUrl)
} catch {
  fail(`--base-url ${baseUrl} is not a URL`)
}
const mailbox = text('mailbox') ?? 'auto'
if (mailbox !== 'auto' && mailbox !== 'off') fail('--mailbox must be auto or off')
const number = (name: string, fallback: number) => {
  const value = text(name)
  if (value === undefined) return fallback
  const parsedNumber = Number(value)
  if (!Number.isFinite(parsedNumber) || parsedNumber <= 0)
    fail(`--${name} must be a positive number`)
  return parsedNumber
}
const email = text('email') ?? process.env.CONTRACT_EMAIL
const password = text('password') ?? process.env.CONTRACT_PASSWORD
if ((email === undefined) !== (password === undefined))
  fail('give both an e-mail and a password, or neither')

const report = await checkTarget({
  baseUrl,
  mailbox,
  session: text('session'),
  credentials: email && password ? { email, password } : undefined,
  waitSeconds: number('wait', 150),
  timeoutMs: number('timeout', 15_000),
  progress: values.quiet ? undefined : (line) => console.error(`  ... ${line}`),
})

const junitPath = resolve(text('junit') ?? DEFAULT_JUNIT)
await mkdir(dirname(junitPath), { recursive: true })
await writeFile(junitPath, toJUnitXml(report))
console.log(`JUnit report: ${junitPath}\n`)
console.log(formatSummary(report))
process.exit(report.summary.failed > 0 ? 1 : 0)
