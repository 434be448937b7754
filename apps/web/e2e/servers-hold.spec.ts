import { test } from '@playwright/test'
import { HOLDING_LINE } from './test-ports'

// Only for test-servers.spec.ts, which starts a run of its own with PW_HOLD_SERVERS set and stops
// it while its web servers are up; in any other run this file declares no test.
if (process.env.PW_HOLD_SERVERS) {
  test('holds the web servers until the run is stopped', async () => {
    // The run is stopped once this line is out, so that the stop finds this test under way.
    console.log(HOLDING_LINE)
    await new Promise((resolve) => setTimeout(resolve, 100_000))
  })
}
