/**
 * A second site server for tests that need their own backend: started with `scripts/start.mjs`
 * (production build, or Vite with E2E_DEV) and an `API_BASE_URL`, its output kept for checks: its
 * log's warnings and errors on standard error, the rest (access lines) on standard output.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'

export interface SiteServer {
  child: ChildProcess
  base: string
  /** Everything the site wrote to stderr so far. */
  stderr: () => string
  /** Everything the site wrote to stdout so far. */
  stdout: () => string
  stop: () => Promise<void>
}

/** `echo`: also write the site's stderr to the test run's, each chunk after this label. */
export function startSiteServer(port: number, api: string, env: Record<string, string> = {}, echo?: string): SiteServer {
  const args = ['scripts/start.mjs', ...(process.env.E2E_DEV ? ['--dev'] : [])]
  let err = ''
  let out = ''
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
    env: {
      ...process.env,
      PORT: String(port),
      API_BASE_URL: api,
      API_BROWSER_BASE_URL: api.replace('127.0.0.1', 'localhost'),
      MIRROR_BASE_URL: `http://mirror.localhost:${port}`,
      NODE_ENV: 'production',
      // One site process, as the main test server: a test that needs workers asks for them.
      WEB_CONCURRENCY: '1',
      // These sites' backends change their answers between requests: nothing is kept.
      BACKEND_CACHE_SECONDS: '0',
      ...env,
    },
  })
  child.stdout?.on('data', (data: Buffer) => {
    out += data.toString()
  })
  child.stderr?.on('data', (data: Buffer) => {
    err += data.toString()
    if (echo) process.stderr.write(`${echo} ${data}`)
  })
  return {
    child,
    base: `http://localhost:${port}`,
    stderr: () => err,
    stdout: () => out,
    stop: () => stopSite(child),
  }
}

/** Stops the whole process group: start.mjs and the servers it started. */
export function stopSite(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.pid === undefined) return Promise.resolve()
  return new Promise((resolve) => {
    child.once('exit', () => resolve())
    try {
      process.kill(-child.pid!, 'SIGTERM')
    } catch {
      resolve()
    }
  })
}

export async function waitForPage(url: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs
  let last = ''
  while (Date.now() < until) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(60_000) })
      if (response.status === 200) return
      last = `status ${response.status}`
    } catch (error) {
      last = String(error)
    }
    await new Promise((resolve) => setTimeout(resolve, 300))
  }
  throw new Error(`${url} did not answer 200 in time (${last})`)
}

/** How the fake backend misbehaves. `refused` closes its port. */
export type BackendMode = 'refused' | 'slow' | 'shape' | 'invalid-json' | 'html' | 'error500' | 'reset'

/** CORS headers that let a test site's origin call a loopback backend with credentials. */
export function cors(req: IncomingMessage): Record<string, string> {
  const origin = req.headers.origin
  return origin
    ? {
        'access-control-allow-origin': origin,
        'access-control-allow-credentials': 'true',
        'access-control-allow-headers': 'authorization, content-type, accept',
        'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
      }
    : {}
}

/**
 * A backend that never answers properly, on loopback. `setMode('refused')` closes the port
 * (connection refused); any other mode listens again.
 */
export class FakeBackend {
  mode: BackendMode = 'refused'
  requests = 0
  private server: Server
  private listening = false
  private timers = new Set<ReturnType<typeof setTimeout>>()

  constructor(readonly port: number) {
    this.server = createServer((req, res) => this.answer(req, res))
    this.server.keepAliveTimeout = 1000
  }

  get base(): string {
    return `http://127.0.0.1:${this.port}`
  }

  private answer(req: IncomingMessage, res: ServerResponse) {
    this.requests++
    if (req.method === 'OPTIONS') {
      res.writeHead(204, cors(req)).end()
      return
    }
    const json = { 'content-type': 'application/json', ...cors(req) }
    switch (this.mode) {
      case 'slow': {
        const timer = setTimeout(() => {
          this.timers.delete(timer)
          if (!res.destroyed) res.writeHead(200, json).end(JSON.stringify({ late: true }))
        }, 5000)
        this.timers.add(timer)
        return
      }
      case 'shape':
        res.writeHead(200, json).end(JSON.stringify({ subscriptions: { id: 1 }, id: null, offer: 'x', message: 42, items: [1, 2] }))
        return
      case 'invalid-json':
        res.writeHead(200, json).end('{"subscriptions": [ {"id": 1, ')
        return
      case 'html':
        res.writeHead(200, { 'content-type': 'text/html', ...cors(req) }).end('<!doctype html><html><body><h1>Bad gateway</h1><x-fuzz></x-fuzz></body></html>')
        return
      case 'error500':
        res.writeHead(500, { 'content-type': 'text/html', ...cors(req) }).end('<html><body>Internal Server Error</body></html>')
        return
      case 'reset':
        req.socket.destroy()
        return
      default:
        req.socket.destroy()
    }
  }

  async setMode(mode: BackendMode): Promise<void> {
    this.mode = mode
    if (mode === 'refused' && this.listening) {
      this.listening = false
      await new Promise<void>((resolve) => {
        this.server.close(() => resolve())
        this.server.closeAllConnections()
      })
    } else if (mode !== 'refused' && !this.listening) {
      await new Promise<void>((resolve, reject) => {
        this.server.once('error', reject)
        this.server.listen(this.port, '127.0.0.1', () => resolve())
      })
      this.listening = true
    }
  }

  async close(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer)
    await this.setMode('refused')
  }
}
