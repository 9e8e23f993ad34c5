import { linkSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'

/**
 * One backend per PGlite data folder. PGlite does not notice a second process on its folder:
 * both write to the same files until one of them crashes. So the backend that opens a folder
 * writes its pid to `backend.lock` in it and removes the file when it closes (or exits). A lock
 * whose process is gone (a backend that was killed) is taken over.
 *
 * A pid alone does not name a process for long: after a crash (or a container restart) another
 * process may get the same pid. So the lock also records the process's start time (field 22 of
 * /proc/<pid>/stat) and the boot it belongs to (/proc/sys/kernel/random/boot_id):
 *
 *     12345
 *     start 8675309 6f1c2b4e-…
 *
 * The lock is held while a process with that pid, that start time and that boot runs. A lock with
 * the pid only (written by an older backend) is held while that pid runs the backend (its command line
 * names backend/src/main.ts). Where /proc is missing, a live pid holds the lock, as before.
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

function exists(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function readText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8')
  } catch {
    return null
  }
}

/** Whether this system has /proc to tell processes apart (Linux). */
const hasProc = () => readText('/proc/self/stat') !== null

/** A process's start time in clock ticks since boot (field 22 of /proc/<pid>/stat), or null. */
function startTime(pid: number | 'self'): string | null {
  const stat = readText(`/proc/${pid}/stat`)
  if (stat === null) return null
  // The command name (field 2) is in parentheses and may hold spaces: count from the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  const value = fields[19]
  return value && /^\d+$/.test(value) ? value : null
}

function bootId(): string | null {
  return readText('/proc/sys/kernel/random/boot_id')?.trim() || null
}

/** What the lock says about its process: the pid, and its start time and boot when recorded. */
interface LockContent {
  pid: number
  start: string | null
  boot: string | null
}

function readLock(lockPath: string): LockContent | null {
  const text = readText(lockPath)
  if (text === null) return null
  const [first = '', second = ''] = text.split('\n')
  const pid = Number.parseInt(first, 10)
  if (!Number.isInteger(pid) || pid <= 0) return null
  const identity = /^start (\d+) (\S+)$/.exec(second.trim())
  return { pid, start: identity?.[1] ?? null, boot: identity?.[2] ?? null }
}

function readPid(lockPath: string): number | null {
  return readLock(lockPath)?.pid ?? null
}

/** Whether the process the lock names still runs: the same pid, and (where /proc tells) the same process. */
function holds(lock: LockContent): boolean {
  if (!exists(lock.pid)) return false
  if (!hasProc()) return true
  if (lock.start !== null) {
    const start = startTime(lock.pid)
    // A process /proc does not show (another user's, with hidepid): counted as the holder, to be safe.
    if (start === null) return true
    return start === lock.start && bootId() === lock.boot
  }
  // A lock with the pid only: held while that pid runs the backend.
  const cmdline = readText(`/proc/${lock.pid}/cmdline`)
  if (cmdline === null) return true
  return cmdline.split('\0').some((arg) => /(^|\/)backend\/src\/main\.ts$/.test(arg))
}

/** The live process holding the folder, or null when it is free (no lock, or a stale one). */
export function dataDirHolder(dataDir: string): number | null {
  const lockPath = resolve(dataDir, LOCK_FILE)
  if (held.has(lockPath)) return process.pid
  const lock = readLock(lockPath)
  if (lock === null || lock.pid === process.pid) return null
  return holds(lock) ? lock.pid : null
}

/** This process as the lock records it: its pid, and its start time and boot where /proc tells them. */
function lockContent(): string {
  const start = startTime('self')
  const boot = bootId()
  return start !== null && boot !== null ? `${process.pid}\nstart ${start} ${boot}\n` : `${process.pid}\n`
}

/** Creates the lock with its content in one step: a reader never sees an empty lock. */
function createLock(lockPath: string): boolean {
  const draft = `${lockPath}.${process.pid}.${Date.now().toString(36)}`
  writeFileSync(draft, lockContent())
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
