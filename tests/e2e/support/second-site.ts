/**
 * A second site server with PAYMENT_SERVICE=payselection, reaching the same stand-in backend
 * through a small CORS proxy (the backend allows only the main site's origins).
 */

import type { ChildProcess } from 'node:child_process'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { cors, startSiteServer, stopSite, waitForPage } from './site-server.ts'

export { stopSite, waitForPage }

function corsHeaders(req: IncomingMessage): Record<string, string> {
  return req.headers.origin ? { ...cors(req), vary: 'Origin' } : {}
}

/** Answers a request itself instead of passing it on (a test's failure on purpose), or returns false. */
export type Intercept = (req: IncomingMessage, res: ServerResponse, cors: Record<string, string>) => boolean

export function startProxy(port: number, target: string, intercept?: Intercept): Promise<Server> {
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, corsHeaders(req)).end()
      return
    }
    if (intercept?.(req, res, corsHeaders(req))) return
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const headers: Record<string, string> = {}
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === 'string' && !['host', 'origin', 'connection', 'content-length', 'referer'].includes(name)) headers[name] = value
    }
    // The sandbox widget page the proxy served posts to the sandbox provider from its own origin (the
    // proxy's): to the backend behind it, that is its own page (R7: the provider takes a charge only
    // from the widget page), as behind any reverse proxy.
    const sandbox = (req.url ?? '/').startsWith('/sandbox/')
    if (sandbox && req.headers.origin) headers.origin = new URL(target).origin
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
      // The widget page may be framed by the site's origins only; this proxy serves it to another site
      // (the one that framed it: the Referer's origin).
      const framer = req.headers.referer ? new URL(req.headers.referer).origin : null
      if (sandbox && framer && out['content-security-policy'])
        out['content-security-policy'] = out['content-security-policy'].replace(/frame-ancestors ([^;]*)/, `frame-ancestors $1 ${framer}`)
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

export function startSite(port: number, backendPort: number, api: string, env: Record<string, string> = {}): ChildProcess {
  // The backend behind the proxy is the stand-in: its sandbox widgets, not the providers' real
  // scripts that an API_BASE_URL otherwise means (decision 050).
  const browserApi = api.replace('127.0.0.1', 'localhost')
  const sandbox = { CLOUDPAYMENTS_SCRIPT_URL: `${browserApi}/sandbox/cloudpayments.js`, PAYSELECTION_SCRIPT_URL: `${browserApi}/sandbox/pay-widget.js` }
  return startSiteServer(port, api, { BACKEND_PORT: String(backendPort), PAYMENT_SERVICE: 'payselection', ...sandbox, ...env }, '[payselection site]').child
}
