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

describe('R7.8: one stand-in backend per PGlite data folder', () => {
  it('lets the first backend take a folder and refuses a second with one line naming the folder', () => {
    const dir = folder()
    const release = lockDataDir(dir)
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8').trim()).toBe(String(process.pid))
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

  it('refuses a folder another live process holds, naming that process', async () => {
    const dir = folder()
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' })
    try {
      writeFileSync(join(dir, LOCK_FILE), `${other.pid}\n`)
      expect(dataDirHolder(dir)).toBe(other.pid)
      expect(() => lockDataDir(dir)).toThrow(`The backend data folder ${dir} is in use by another backend (pid ${other.pid})`)
      // The other backend's lock is left alone.
      expect(readFileSync(join(dir, LOCK_FILE), 'utf8').trim()).toBe(String(other.pid))
    } finally {
      other.kill()
    }
  })

  it('takes over a stale lock: its process is gone', () => {
    const dir = folder()
    const gone = deadPid()
    writeFileSync(join(dir, LOCK_FILE), `${gone}\n`)
    expect(dataDirHolder(dir)).toBeNull()
    const release = lockDataDir(dir)
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8').trim()).toBe(String(process.pid))
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
