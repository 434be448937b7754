import { open, readdir, readFile, rename, unlink } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import writeFileAtomic from 'write-file-atomic'
import * as z from 'zod'
import { type StatePersistence, type StoreSnapshot, storeSnapshotSchema } from '../core'

export const STATE_FILE_FORMAT = 'devenv-stub-state'
/** Bump when the snapshot's shape changes incompatibly; older stubs refuse newer files. */
export const STATE_FILE_VERSION = 1

const stateFileSchema = z.object({
  format: z.literal(STATE_FILE_FORMAT),
  version: z.number().int().min(1),
  savedAt: z.string(),
  store: z.unknown(),
})

export class PersistenceError extends Error {
  override name = 'PersistenceError'
}

export type LoadedState =
  | { status: 'missing'; removedTempFiles: string[] }
  | { status: 'loaded'; snapshot: StoreSnapshot; removedTempFiles: string[] }
  | { status: 'corrupt'; reason: string; movedTo: string; removedTempFiles: string[] }

/** write-file-atomic's temporary files: `<file>.<number>`; a kill -9 mid-write can leave one. */
async function removeTempFiles(path: string): Promise<string[]> {
  const prefix = `${basename(path)}.`
  let names: string[]
  try {
    names = await readdir(dirname(path))
  } catch {
    return []
  }
  const stale = names.filter(
    (name) => name.startsWith(prefix) && /^\d+$/.test(name.slice(prefix.length)),
  )
  await Promise.all(stale.map((name) => unlink(join(dirname(path), name)).catch(() => undefined)))
  return stale
}

/**
 * Reads the state file. Only the file itself is trusted (it is only ever replaced by an atomic
 * rename); a file that does not parse is moved aside, never overwritten, and the stub starts empty.
 */
export async function loadStateFile(path: string, now: number): Promise<LoadedState> {
  const removedTempFiles = await removeTempFiles(path)
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      return { status: 'missing', removedTempFiles }
    }
    throw error
  }
  const problem = (reason: string) => moveAside(path, reason, now, removedTempFiles)
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return problem('not valid JSON')
  }
  const file = stateFileSchema.safeParse(json)
  if (!file.success) return problem('not a stub state file')
  if (file.data.version > STATE_FILE_VERSION) {
    throw new PersistenceError(
      `${path} was written by a newer stub (format version ${file.data.version}; this stub reads ${STATE_FILE_VERSION}). Use another DATA_FILE or update the stub.`,
    )
  }
  const snapshot = storeSnapshotSchema.safeParse(file.data.store)
  if (!snapshot.success) return problem(`unexpected content: ${snapshot.error.issues[0]?.message}`)
  return { status: 'loaded', snapshot: snapshot.data, removedTempFiles }
}

async function moveAside(
  path: string,
  reason: string,
  now: number,
  removedTempFiles: string[],
): Promise<LoadedState> {
  const movedTo = `${path}.corrupt-${new Date(now).toISOString().replace(/[:.]/g, '-')}`
  await rename(path, movedTo)
  return { status: 'corrupt', reason, movedTo, removedTempFiles }
}

export function serializeState(snapshot: StoreSnapshot, now: number): string {
  return JSON.stringify({
    format: STATE_FILE_FORMAT,
    version: STATE_FILE_VERSION,
    savedAt: new Date(now).toISOString(),
    store: snapshot,
  })
}

/**
 * Writes the state atomically (temp file, fsync, rename, then fsync of the folder). Saves asked
 * for while one is running are coalesced into one more write, which every asker awaits.
 */
export class StateWriter {
  private running: Promise<void> | null = null
  private queued: Promise<void> | null = null

  constructor(
    readonly path: string,
    private readonly snapshot: () => StoreSnapshot,
    private readonly now: () => number,
  ) {}

  save(): Promise<void> {
    if (this.queued) return this.queued
    if (this.running) {
      this.queued = this.running
        .catch(() => undefined)
        .then(() => {
          this.queued = null
          return this.write()
        })
      return this.queued
    }
    return this.write()
  }

  /** Waits for every save asked for so far. */
  async flush(): Promise<void> {
    await (this.queued ?? this.running)?.catch(() => undefined)
  }

  private write(): Promise<void> {
    // The snapshot is taken when the write starts, so it holds every change acknowledged after it.
    const text = serializeState(this.snapshot(), this.now())
    const tracked: Promise<void> = writeFileAtomic(this.path, text, { fsync: true })
      .then(() => syncFolder(dirname(this.path)))
      .finally(() => {
        if (this.running === tracked) this.running = null
      })
    this.running = tracked
    return tracked
  }
}

// The rename is durable only once the folder's entry is on disk too.
async function syncFolder(folder: string): Promise<void> {
  try {
    const handle = await open(folder, 'r')
    try {
      await handle.sync()
    } finally {
      await handle.close()
    }
  } catch {
    // Some file systems refuse to fsync a folder; the rename itself is still atomic there.
  }
}

/** The default store kept in a file (DATA_FILE): the Fastify adapter's persistence. */
export function filePersistence(path: string, now: () => number): StatePersistence {
  let take: () => StoreSnapshot = () => {
    throw new PersistenceError('nothing to save yet')
  }
  const writer = new StateWriter(path, () => take(), now)
  return {
    where: path,
    async load() {
      const loaded = await loadStateFile(path, now())
      const notes =
        loaded.removedTempFiles.length > 0
          ? [`removed unfinished state writes: ${loaded.removedTempFiles.join(', ')}`]
          : []
      return { ...loaded, notes }
    },
    save(snapshot) {
      take = snapshot
      return writer.save()
    },
    flush: () => writer.flush(),
  }
}
