import { packageTests } from '../../vitest.preset.ts'

export default packageTests('contract', {
  fromSource: true,
  include: ['src/**/*.test.ts', 'test/*.test.ts'],
  // Vitest runs one file at a time on two cores (cores - 1), and these files mostly wait: on
  // servers, rate-limit windows, real expiry. Two at a time halve the waits; each file's servers
  // are its own, on free ports.
  maxWorkers: 2,
  // The CLI reads devenv-contract.config.* from the folder the command was typed in (INIT_CWD,
  // kept by pnpm): a developer's file there must not steer the tests' runs. This package's folder
  // has none; the tests of the file itself set their own.
  env: { INIT_CWD: import.meta.dirname },
})
