import { rateLimited } from '../contract/errors'

/**
 * Password hashes take turns by client. At most `slots` hashes run at once (the CPUs that hash);
 * the others wait in their client's line, and a freed slot goes to the waiting client whose last
 * turn is the oldest, so a client with 48 attempts waiting takes one turn in each round like a
 * client with one. Without turns the hashes ran in arrival order, and one client's flood put every
 * other sign-in behind all of its own (102 ms became 1,967 ms under 16 concurrent attempts).
 *
 * A line is bounded by the client's rate-limit windows (20 password checks per operation and 15
 * minutes); `maxWaiting` bounds it where those are relaxed or off: one more answers 429.
 */
export class HashingTurns {
  private running = 0
  private waiting = 0
  private turnsGiven = 0
  /** The clients with a hash running or waiting: what they run, their line, their last turn. */
  private readonly clients = new Map<string, ClientTurns>()

  constructor(
    private readonly slots: number,
    private readonly maxWaiting: number,
  ) {}

  /** Hashes waiting for a slot, over every client. */
  get waitingCount(): number {
    return this.waiting
  }

  /** Runs `hash` in the client's turn (throws the contract's 429 when its line is full). */
  async run<T>(client: string, hash: () => Promise<T>): Promise<T> {
    const turns = this.clients.get(client) ?? { running: 0, line: [], lastTurn: 0 }
    if (this.running < this.slots && this.waiting === 0) {
      this.clients.set(client, turns)
      this.start(turns)
    } else {
      if (turns.line.length >= this.maxWaiting) throw rateLimited(1000)
      this.clients.set(client, turns)
      this.waiting++
      await new Promise<void>((resolve) => turns.line.push(resolve))
    }
    try {
      return await hash()
    } finally {
      this.finished(client, turns)
    }
  }

  private start(turns: ClientTurns): void {
    this.running++
    turns.running++
    turns.lastTurn = ++this.turnsGiven
  }

  /** A slot freed: to the waiting client served longest ago (one never served first). */
  private finished(client: string, turns: ClientTurns): void {
    this.running--
    turns.running--
    if (turns.running === 0 && turns.line.length === 0) this.clients.delete(client)
    let next: ClientTurns | undefined
    for (const each of this.clients.values()) {
      if (each.line.length > 0 && (!next || each.lastTurn < next.lastTurn)) next = each
    }
    const resume = next?.line.shift()
    if (!next || !resume) return
    this.waiting--
    this.start(next)
    resume()
  }
}

type ClientTurns = {
  running: number
  /** Its waiting hashes, oldest first. */
  line: Array<() => void>
  /** When it last started a hash, in turns given; 0: not since it last had none. */
  lastTurn: number
}
