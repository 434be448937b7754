import { cleanup, configure } from '@testing-library/react'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { installTestStub, resetTestStub, stopTestStub } from './testing/site-fetch'

// Lazy feature code is imported on first render; on a busy two-core CI machine that import alone
// can pass Testing Library's default 1 s, so `findBy…` waits up to 5 s (a wait, not a loosened check).
configure({ asyncUtilTimeout: 5000 })

// The site's calls go to the real stub (src/testing/stub-api.ts), back to its seeds after each test.
beforeAll(() => installTestStub())

// Testing Library cleans up by itself only with globals on; this suite imports vitest explicitly.
afterEach(async () => {
  cleanup()
  await resetTestStub()
})

afterAll(() => stopTestStub())
