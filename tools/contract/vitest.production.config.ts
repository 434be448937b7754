import { packageTests } from '../../vitest.preset.ts'

// A whole run and every planted bug against a backend with no development controls
// (`test:production`): about a minute, so outside the test command.
export default packageTests('contract-production', {
  fromSource: true,
  report: 'production',
  include: ['test/production/**/*.test.ts'],
  // A whole run against a real process: the bound only ends a hang (see vitest.config.ts).
  testTimeout: 600_000,
  hookTimeout: 600_000,
  // As in vitest.config.ts: no configuration file of the folder the command was typed in.
  env: { INIT_CWD: import.meta.dirname },
})
