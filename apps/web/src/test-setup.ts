import { cleanup, configure } from '@testing-library/react'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { installTestStub, resetTestStub, stopTestStub } from './testing/site-fetch'

// Lazy feature code is imported on first render, and a slow two-core machine under load is ten
// times slower than an idle one: `waitFor` and `findBy…` wait up to 15 s (a wait, not a loosened
// check; it ends as soon as the state is there). Tests give no shorter timeout of their own.
configure({ asyncUtilTimeout: 15_000 })

// The site's calls go to the real stub (src/testing/stub-api.ts), back to its seeds after each test.
beforeAll(() => installTestStub())

// Testing Library cleans up by itself only with globals on; this suite imports vitest explicitly.
afterEach(async () => {
  cleanup()
  await resetTestStub()
})

afterAll(() => stopTestStub())
