import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { DataDirInUseError, dataDirHolder, LOCK_FILE, lockDataDir } from '../../../backend/src/data-lock.ts'
import { openPglite } from '../../../backend/src/db.ts'

const dirs: string[] = []
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})
function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'data-lock-'))
  dirs.push(dir)
  return dir
}
/** The pid of a process that has ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' })
  return Number(child.stdout)
}

const firstLine = (path: string) => readFileSync(path, 'utf8').split('\n')[0]
/** Field 22 of /proc/<pid>/stat: the process's start time in clock ticks since boot (read here, not by the code under test). */
function procStart(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19])
}
const bootId = () => readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim()
async function until(check: () => boolean) {
  const end = Date.now() + 5000
  while (!check() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 20))
}

describe('R7.8: one stand-in backend per PGlite data folder', () => {
  it('lets the first backend take a folder and refuses a second with one line naming the folder', () => {
    const dir = folder()
    const release = lockDataDir(dir)
    expect(firstLine(join(dir, LOCK_FILE))).toBe(String(process.pid))
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError)
    try {
      lockDataDir(dir)
    } catch (error) {
      expect((error as Error).message).toBe(
        `The backend data folder ${dir} is in use by another backend (pid ${process.pid}): stop that one (another \`npm start\`?) or set BACKEND_DATA_DIR to another folder.`,
      )
      expect((error as Error).message).not.toContain('\n')
    }
    release()
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false)
    lockDataDir(dir)()
  })

  it('refuses a folder another live backend holds, naming that process', async () => {
    const dir = folder()
    // A process started as the backend is (its command line names backend/src/main.ts); it locked the folder.
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)', 'backend/src/main.ts'], { stdio: 'ignore' })
    try {
      await until(() => existsSync(`/proc/${other.pid}/cmdline`) && readFileSync(`/proc/${other.pid}/cmdline`, 'utf8').includes('backend/src/main.ts'))
      const lock = `${other.pid}\nstart ${procStart(other.pid!)} ${bootId()}\n`
      writeFileSync(join(dir, LOCK_FILE), lock)
      expect(dataDirHolder(dir)).toBe(other.pid)
      expect(() => lockDataDir(dir)).toThrow(`The backend data folder ${dir} is in use by another backend (pid ${other.pid})`)
      // The other backend's lock is left alone.
      expect(readFileSync(join(dir, LOCK_FILE), 'utf8')).toBe(lock)
      // A lock written by an older backend names the pid only: a live process started as the backend holds it.
      writeFileSync(join(dir, LOCK_FILE), `${other.pid}\n`)
      expect(dataDirHolder(dir)).toBe(other.pid)
    } finally {
      other.kill()
    }
  })

  it('records its pid, its start time and the boot in the lock (from /proc)', () => {
    const dir = folder()
    const release = lockDataDir(dir)
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8')).toBe(`${process.pid}\nstart ${procStart(process.pid)} ${bootId()}\n`)
    release()
  })

  it('takes over a lock naming a live process that is not the backend (a pid reused after a crash)', async () => {
    const dir = folder()
    const sleeper = spawn('sleep', ['30'], { stdio: 'ignore' })
    try {
      await until(() => existsSync(`/proc/${sleeper.pid}/stat`))
      // As an older backend wrote it (the pid only) ...
      writeFileSync(join(dir, LOCK_FILE), `${sleeper.pid}\n`)
      expect(dataDirHolder(dir)).toBeNull()
      // ... and as this one writes it, with the start time of the process that had the pid before.
      writeFileSync(join(dir, LOCK_FILE), `${sleeper.pid}\nstart ${procStart(sleeper.pid!) - 1} ${bootId()}\n`)
      expect(dataDirHolder(dir)).toBeNull()
      // The same pid and start time, but of an earlier boot.
      writeFileSync(join(dir, LOCK_FILE), `${sleeper.pid}\nstart ${procStart(sleeper.pid!)} 00000000-0000-0000-0000-000000000000\n`)
      expect(dataDirHolder(dir)).toBeNull()
      const release = lockDataDir(dir)
      expect(firstLine(join(dir, LOCK_FILE))).toBe(String(process.pid))
      release()
    } finally {
      sleeper.kill()
    }
  })

  it('takes over a stale lock: its process is gone', () => {
    const dir = folder()
    const gone = deadPid()
    writeFileSync(join(dir, LOCK_FILE), `${gone}\n`)
    expect(dataDirHolder(dir)).toBeNull()
    const release = lockDataDir(dir)
    expect(firstLine(join(dir, LOCK_FILE))).toBe(String(process.pid))
    release()
  })

  it('takes over a lock with its own pid that it does not hold (a restarted container reuses pids)', () => {
    const dir = folder()
    writeFileSync(join(dir, LOCK_FILE), `${process.pid}\n`)
    expect(dataDirHolder(dir)).toBeNull()
    lockDataDir(dir)()
  })

  it('refuses before PGlite opens the folder, so the second never touches its files', async () => {
    const dir = folder()
    const release = lockDataDir(dir)
    await expect(openPglite(dir)).rejects.toThrow(DataDirInUseError)
    expect(existsSync(join(dir, 'PG_VERSION'))).toBe(false)
    release()
  })
})
