import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'

// Testing Library cleans up by itself only with globals on; this suite imports vitest explicitly.
afterEach(() => {
  cleanup()
})
