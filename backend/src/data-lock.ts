import { linkSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'

/**
 * One backend per PGlite data folder. PGlite does not notice a second process on its folder:
 * both write to the same files until one of them crashes. So the backend that opens a folder
 * writes its pid to `backend.lock` in it and removes the file when it closes (or exits). A lock
 * whose process is gone (a backend that was killed) is taken over.
 */
export const LOCK_FILE = 'backend.lock'

export function dataDirInUseMessage(dataDir: string, pid: number): string {
  return `The backend data folder ${dataDir} is in use by another backend (pid ${pid}): stop that one (another \`npm start\`?) or set BACKEND_DATA_DIR to another folder.`
}

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(dataDirInUseMessage(dataDir, pid))
    this.name = 'DataDirInUseError'
  }
}

/** The lock files this process holds (a pid written before by a previous process with our pid is not ours). */
const held = new Set<string>()
let cleanupOnExit = false

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function readPid(lockPath: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(lockPath, 'utf8'), 10)
    return Number.isInteger(pid) && pid > 0 ? pid : null
  } catch {
    return null
  }
}

/** The live process holding the folder, or null when it is free (no lock, or a stale one). */
export function dataDirHolder(dataDir: string): number | null {
  const lockPath = resolve(dataDir, LOCK_FILE)
  if (held.has(lockPath)) return process.pid
  const pid = readPid(lockPath)
  if (pid === null || pid === process.pid) return null
  return alive(pid) ? pid : null
}

/** Creates the lock with its content in one step: a reader never sees an empty lock. */
function createLock(lockPath: string): boolean {
  const draft = `${lockPath}.${process.pid}.${Date.now().toString(36)}`
  writeFileSync(draft, `${process.pid}\n`)
  try {
    linkSync(draft, lockPath)
    return true
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw err
  } finally {
    rmSync(draft, { force: true })
  }
}

function release(lockPath: string): void {
  if (!held.delete(lockPath)) return
  if (readPid(lockPath) === process.pid) rmSync(lockPath, { force: true })
}

/**
 * Takes the data folder (which must exist) for this process; throws DataDirInUseError when a live
 * backend holds it. Returns the function that gives it back.
 */
export function lockDataDir(dataDir: string): () => void {
  const lockPath = resolve(dataDir, LOCK_FILE)
  const holder = dataDirHolder(dataDir)
  if (holder !== null) throw new DataDirInUseError(dataDir, holder)
  // No lock, or a stale one: taken over.
  rmSync(lockPath, { force: true })
  if (!createLock(lockPath)) throw new DataDirInUseError(dataDir, readPid(lockPath) ?? 0)
  held.add(lockPath)
  if (!cleanupOnExit) {
    cleanupOnExit = true
    process.once('exit', () => {
      for (const path of [...held]) release(path)
    })
  }
  return () => release(lockPath)
}
