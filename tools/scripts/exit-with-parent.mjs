// Preloaded into a test server (`node --import <this file> server.js`): the server stops when the
// process that started it goes, however it went, kill -9 included. That parent holds the write end
// of the server's stdin pipe (Playwright's webServer does; our own spawns pass stdio 'pipe'); the
// kernel closes it when the parent dies, and the server reads the end of its input.
import { fstatSync } from 'node:fs'
import { isMainThread } from 'node:worker_threads'

/** SIGTERM runs the server's own shutdown; one that hangs is ended all the same. */
function stop() {
  process.kill(process.pid, 'SIGTERM')
  setTimeout(() => process.exit(1), 10_000).unref()
}

// Only a pipe (Node passes a socket pair) says anything about the parent: a terminal or /dev/null
// has no such end. Worker threads (pino's transports, the proxy's judge) load preloads too: the
// main thread alone watches.
const input = fstatSync(0)
if (isMainThread && (input.isFIFO() || input.isSocket())) {
  process.stdin.once('end', stop).once('error', stop).resume()
  // Watching must not keep a process alive that has nothing else to do.
  process.stdin.unref()
}
