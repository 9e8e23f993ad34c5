import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { freePort } from '../support/ports.ts'

const dir = mkdtempSync(join(tmpdir(), 'second-backend-'))
const running: ChildProcess[] = []
afterAll(() => {
  for (const child of running) child.kill('SIGKILL')
  rmSync(dir, { recursive: true, force: true })
})

async function backend(): Promise<{ child: ChildProcess; exit: Promise<{ code: number | null; err: string }> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'backend/src/main.ts'], {
    env: { ...process.env, BACKEND_PORT: String(await freePort()), BACKEND_DATA_DIR: dir, DATABASE_URL: '', BACKEND_MODE: 'development' },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  running.push(child)
  let err = ''
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()))
  return { child, exit: new Promise((resolve) => child.once('exit', (code) => resolve({ code, err }))) }
}

describe('R7.8: a second stand-in backend on the same data folder', () => {
  it('stops at once with one line naming the folder, and leaves the first one running', async () => {
    const first = await backend()
    // The first holds the folder as soon as it opens the database (before PGlite has set it up).
    const until = Date.now() + 45_000
    while (!existsSync(join(dir, 'backend.lock')) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50))
    expect(existsSync(join(dir, 'backend.lock'))).toBe(true)

    const second = await backend()
    const { code, err } = await second.exit
    expect(code).toBe(1)
    expect(err.trim().split('\n')).toEqual([
      `[backend] The backend data folder ${dir} is in use by another backend (pid ${first.child.pid}): stop that one (another \`npm start\`?) or set BACKEND_DATA_DIR to another folder.`,
    ])
    expect(first.child.exitCode).toBeNull()
  })
})
