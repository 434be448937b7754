import { packageTests } from '../../vitest.preset.ts'

export default packageTests('reliability', {
  fromSource: true,
  // One file at a time: the soak and the crash runs load real processes, and figures taken
  // while another file fuzzes the same two cores would say little.
  fileParallelism: false,
  // Bounded runs of thousands of requests and of real stub processes: about 10 s each on an idle
  // machine, 3 to 4 minutes on a slow two-core one at a load of 8; a hung run still ends.
  testTimeout: 600_000,
})
