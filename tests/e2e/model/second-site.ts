/**
 * A second site server with PAYMENT_SERVICE=payselection, reaching the same stand-in backend
 * through a small CORS proxy (the backend allows only the main site's origins).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { spawn, type ChildProcess } from 'node:child_process'

function corsHeaders(req: IncomingMessage): Record<string, string> {
  const origin = req.headers.origin
  return origin
    ? {
        'access-control-allow-origin': origin,
        'access-control-allow-credentials': 'true',
        'access-control-allow-headers': 'authorization, content-type, accept',
        'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
        vary: 'Origin',
      }
    : {}
}

export function startProxy(port: number, target: string): Promise<Server> {
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, corsHeaders(req)).end()
      return
    }
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const headers: Record<string, string> = {}
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === 'string' && !['host', 'origin', 'connection', 'content-length', 'referer'].includes(name)) headers[name] = value
    }
    try {
      const answer = await fetch(`${target}${req.url ?? '/'}`, {
        method: req.method,
        headers,
        body: chunks.length && req.method !== 'GET' && req.method !== 'HEAD' ? Buffer.concat(chunks) : undefined,
      })
      const out: Record<string, string> = {}
      answer.headers.forEach((value, name) => {
        if (!['content-encoding', 'content-length', 'transfer-encoding', 'connection'].includes(name) && !name.startsWith('access-control-')) out[name] = value
      })
      res.writeHead(answer.status, { ...out, ...corsHeaders(req) }).end(Buffer.from(await answer.arrayBuffer()))
    } catch {
      res.writeHead(502).end()
    }
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve(server))
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

export function startSite(port: number, backendPort: number, api: string): ChildProcess {
  const args = ['scripts/start.mjs', ...(process.env.E2E_DEV ? ['--dev'] : [])]
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
    env: {
      ...process.env,
      PORT: String(port),
      BACKEND_PORT: String(backendPort),
      API_BASE_URL: api,
      API_BROWSER_BASE_URL: api.replace('127.0.0.1', 'localhost'),
      PAYMENT_SERVICE: 'payselection',
      MIRROR_BASE_URL: `http://mirror.localhost:${port}`,
      NODE_ENV: 'production',
    },
  })
  child.stderr?.on('data', (data: Buffer) => process.stderr.write(`[payselection site] ${data}`))
  return child
}

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
