// The flooding client of sign-in-fairness.bench.ts, in its own process so that its requests never
// share the measuring process's event loop. From 127.0.0.2, wrong sign-ins each to a new address:
// `burst` sends FLOOD at once and reports when all are answered; `sustain` keeps FLOOD in flight
// until `stop`. Answers are counted by status.
import { Agent, request } from 'node:http'

const [address, flood = '48'] = process.argv.slice(2)
const size = Number(flood)
const agent = new Agent({ keepAlive: true, maxSockets: size })
const answers = {}
let sprayed = 0
let sustaining = false
let sustained = []
/** CPU and time at the start of `sustain`: the process's share of a CPU while it sustains. */
let sustainCpu
let sustainStart = 0

function attempt() {
  return new Promise((resolve) => {
    const outgoing = request(
      `${address}/api/auth/auth`,
      {
        method: 'POST',
        agent,
        localAddress: '127.0.0.2',
        headers: { 'content-type': 'application/json' },
      },
      (response) => {
        response.resume()
        response.on('end', () => resolve(response.statusCode ?? 0))
      },
    )
    outgoing.on('error', () => resolve('error'))
    outgoing.end(
      JSON.stringify({ email: `spray-${sprayed++}@example.com`, password: 'Summer-2026!' }),
    )
  })
}

const count = (status) => {
  answers[status] = (answers[status] ?? 0) + 1
}

async function attacker() {
  while (sustaining) count(await attempt())
}

process.on('message', async (message) => {
  if (message === 'burst') {
    const burst = Array.from({ length: size }, () => attempt().then(count))
    process.send?.('sent')
    await Promise.all(burst)
    process.send?.('answered')
  } else if (message === 'sustain') {
    sustaining = true
    sustainCpu = process.cpuUsage()
    sustainStart = performance.now()
    sustained = Array.from({ length: size }, attacker)
    process.send?.('sent')
  } else if (message === 'stop') {
    sustaining = false
    const cpu = process.cpuUsage(sustainCpu)
    const share = (cpu.user + cpu.system) / 1000 / (performance.now() - sustainStart)
    await Promise.all(sustained)
    agent.destroy()
    process.send?.({ answers, cpuShare: share })
    process.disconnect?.()
  }
})
process.send?.('ready')
