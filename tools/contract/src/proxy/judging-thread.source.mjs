// The judging thread's entry in the workspace, where its code is TypeScript. Where the thread
// inherits the CLI's loader hooks (Node 22 and later), it imports it as is; where it does not
// (Node 20), it registers tsx first, as the CLI started from source has it. The second import
// names another URL, so that the failed first one is not what the cache answers.
import { register } from 'tsx/esm/api'

try {
  await import('./judging-thread.ts')
} catch (error) {
  if (error?.code !== 'ERR_UNKNOWN_FILE_EXTENSION') throw error
  register()
  await import('./judging-thread.ts?with-tsx')
}
