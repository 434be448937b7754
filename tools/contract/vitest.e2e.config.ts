import { packageTests } from '../../vitest.preset.ts'

// The packed CLI's test (`test:e2e`): needs devenv-contract.tgz and the built stub, which turbo
// makes first.
export default packageTests('contract-packed', {
  report: 'e2e',
  include: ['e2e/**/*.test.ts'],
  // npm install and whole CLI runs: a minute or more on a slow two-core machine under load.
  testTimeout: 300_000,
  hookTimeout: 300_000,
  // As in vitest.config.ts: no configuration file of the folder the command was typed in.
  env: { INIT_CWD: import.meta.dirname },
})
