import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'

// Lazy feature code is imported on first render; on a busy two-core CI machine that import alone
// can pass Testing Library's default 1 s, so `findBy…` waits up to 5 s (a wait, not a loosened check).
configure({ asyncUtilTimeout: 5000 })

// Testing Library cleans up by itself only with globals on; this suite imports vitest explicitly.
afterEach(() => {
  cleanup()
})
