// `pnpm fuzz`: the contract toolkit's command line, `devenv-contract fuzz --stub`, handed the
// workspace's stub in this process (the toolkit itself imports no stub). Options after `pnpm fuzz`
// are the CLI's own: `pnpm fuzz --requests 20000 --seed 7`.
import { runCommandLine } from '@devenv/contract/cli'
import { inProcessStub } from './stub'

process.exitCode = await runCommandLine(['fuzz', '--stub', ...process.argv.slice(2)], {
  inProcess: inProcessStub,
})
// Idle keep-alive connections must not hold the process open (as the CLI's own binary).
process.exit()
