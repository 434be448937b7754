import { packageTests } from '../../vitest.preset.ts'

// The packed CLI's test (`test:e2e`): needs devenv-contract.tgz and the built stub, which turbo
// makes first.
export default packageTests('contract-packed', {
  report: 'e2e',
  include: ['e2e/**/*.test.ts'],
  // npm install and whole CLI runs: 5 to 15 s each on an idle machine, ten times that on one
  // CPU's worth of time under load. The bound only ends a hang.
  testTimeout: 600_000,
  hookTimeout: 600_000,
  // As in vitest.config.ts: no configuration file of the folder the command was typed in.
  env: { INIT_CWD: import.meta.dirname },
})
