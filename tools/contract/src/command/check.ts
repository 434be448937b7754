import { checkTarget } from '../runner'
import {
  type Command,
  contractFor,
  finishRun,
  parseCommand,
  SHARED_USAGE,
  UsageError,
  urlOption,
} from './frame'
import { preflight } from './preflight'

export const CHECK_USAGE = `Usage: devenv-contract check --base-url URL [options]

Checks a server against the contract: every documented example, generated invalid requests
(4xx, never 5xx), stateful flows and findings. Exit 0 when all passed, 1 on a failure, 2 on bad input.

  --base-url URL        the server (http://host:port, or its /api base)          required
  --mailbox auto|off    read e-mailed links from GET /__dev/mailbox             (default auto)
  --session ID          X-Stub-Session header value                             (default random)
  --email, --password   an activated account for protected operations
                        (or CONTRACT_EMAIL / CONTRACT_PASSWORD; the stub's seeded one otherwise)
  --wait SECONDS        how long flows wait for provisioning and deletion       (default 150)
${SHARED_USAGE}
`

/** `devenv-contract check`: today's runner, behind the shared options and a preflight of the target. */
export const check: Command = async (argv) => {
  const command = parseCommand(argv, {
    'base-url': { type: 'string' },
    mailbox: { type: 'string' },
    session: { type: 'string' },
    email: { type: 'string' },
    password: { type: 'string' },
    wait: { type: 'string' },
  })
  if (command.help) {
    console.log(CHECK_USAGE)
    return 0
  }
  const { shared, text } = command
  const baseUrl = urlOption('base-url', text('base-url'))
  const mailbox = text('mailbox') ?? 'auto'
  if (mailbox !== 'auto' && mailbox !== 'off')
    throw new UsageError(`--mailbox must be auto or off, got "${mailbox}"`)
  const email = text('email') ?? process.env.CONTRACT_EMAIL
  const password = text('password') ?? process.env.CONTRACT_PASSWORD
  if ((email === undefined) !== (password === undefined))
    throw new UsageError('give both an e-mail and a password (--email, --password), or neither')
  const waitSeconds = command.number('wait', 150, { min: 0, max: 3600 })
  const contract = contractFor(shared)
  await preflight(baseUrl, shared.timeoutMs)

  const report = await checkTarget({
    baseUrl,
    contract,
    mailbox,
    session: text('session'),
    credentials: email && password ? { email, password } : undefined,
    waitSeconds,
    timeoutMs: shared.timeoutMs,
    progress: shared.quiet ? undefined : (line) => console.error(`  ... ${line}`),
  })
  return finishRun(report, shared)
}
