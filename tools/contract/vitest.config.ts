import { packageTests } from '../../vitest.preset.ts'

export default packageTests('contract', {
  fromSource: true,
  include: ['src/**/*.test.ts', 'test/*.test.ts'],
  // Vitest runs one file at a time on two cores (cores - 1), and these files mostly wait: on
  // servers, rate-limit windows, real expiry. Two at a time halve the waits; each file's servers
  // are its own, on free ports.
  maxWorkers: 2,
  // One module graph per worker: each file imported the CLI, the stub and the contract's compiled
  // checks afresh (28 s of the suite's imports); the files share no state they change.
  isolate: false,
  // Most files run the product: a whole check or fuzz, a shard pair, the proxy with its judging
  // thread, the CLI as a process. 2 to 30 s each on an idle machine; one CPU's worth of time
  // shared with the browser suite made them ten times slower. The bound only ends a hang.
  testTimeout: 600_000,
  hookTimeout: 600_000,
  // The CLI reads devenv-contract.config.* from the folder the command was typed in (INIT_CWD,
  // kept by pnpm): a developer's file there must not steer the tests' runs. This package's folder
  // has none; the tests of the file itself set their own.
  env: { INIT_CWD: import.meta.dirname },
})
