// Production server for the built site. The files of dist/client (fingerprinted assets, images,
// favicons, robots.txt) are read into memory at start with their precompressed `.br`/`.gz`
// copies (scripts/compress-assets.mjs) and served from there: fingerprinted assets and icons immutable,
// the rest for an hour with an ETag. Everything else goes to the server entry, and so does any
// method but GET and HEAD on a static file or /__ready: the entry's first step refuses what an
// address does not answer (src/server/admission.server.ts), in one place. Exits with a clear
// message on bad configuration.
import cluster from 'node:cluster'
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { FastResponse, serve } from 'srvx'
import { siteOps } from './site-ops.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.webmanifest': 'application/manifest+json',
}

const FALLBACK_SECURITY = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
}

function* walk(dir) {
  for (const name of readdirSync(dir)) {
    if (name.startsWith('.')) continue
    const path = join(dir, name)
    if (statSync(path).isDirectory()) yield* walk(path)
    else yield path
  }
}

/** Every servable file of `dir` by URL path, with its compressed copies. */
export function loadStaticFiles(dir) {
  const files = new Map()
  if (!existsSync(dir)) return files
  for (const path of walk(dir)) {
    if (path.endsWith('.br') || path.endsWith('.gz')) continue
    const ext = path.slice(path.lastIndexOf('.')).toLowerCase()
    const type = TYPES[ext]
    if (!type) continue
    const urlPath = `/${relative(dir, path).split(sep).join('/')}`
    const body = readFileSync(path)
    files.set(urlPath, {
      body,
      br: existsSync(`${path}.br`) ? readFileSync(`${path}.br`) : null,
      gzip: existsSync(`${path}.gz`) ? readFileSync(`${path}.gz`) : null,
      type,
      etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`,
      // The build's assets and the brands' icons (scripts/make-icons.mjs) have a hash of their bytes in their names.
      cacheControl: urlPath.startsWith('/assets/') || urlPath.startsWith('/icons/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
    })
  }
  return files
}

/**
 * `preferredEncoding` is the site's one reader of Accept-Encoding (src/core/negotiate.ts), taken
 * from the server entry: Node runs this file as it is and cannot import the TypeScript.
 */
export function staticFileMiddleware(files, preferredEncoding, securityHeaders = FALLBACK_SECURITY) {
  return (request, next) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return next()
    const pathname = new URL(request.url).pathname
    let file = files.get(pathname)
    if (!file && pathname.includes('%')) {
      try {
        file = files.get(decodeURIComponent(pathname))
      } catch {}
    }
    if (!file) return next()
    const headers = {
      ...securityHeaders,
      'content-type': file.type,
      'cache-control': file.cacheControl,
      etag: file.etag,
    }
    if (file.br || file.gzip) headers.vary = 'Accept-Encoding'
    if (request.headers.get('if-none-match') === file.etag) return new FastResponse(null, { status: 304, headers })
    const available = []
    if (file.br) available.push('br')
    if (file.gzip) available.push('gzip')
    const encoding = available.length > 0 ? preferredEncoding(request.headers.get('accept-encoding'), available) : 'identity'
    const body = encoding === 'identity' ? file.body : file[encoding]
    if (encoding !== 'identity') headers['content-encoding'] = encoding
    headers['content-length'] = String(body.length)
    return new FastResponse(request.method === 'HEAD' ? null : body, { status: 200, headers })
  }
}

/** The readiness address a proxy asks before it sends visitors (decision 083). */
export const READY_PATH = '/__ready'
/** The longest a stopping server waits for the requests it is answering. */
export const DRAIN_MS = 9_000
/** How long a connection the server closes after an answer stays open for the client to read that answer. */
export const LINGER_MS = 2_000

/**
 * How the connection of a 413 closes (a body over the limit refused unread, `Connection: close`,
 * src/server/admission.server.ts; every other connection closes as Node closes it). Node closes it at once; when the client is still sending
 * a body nobody reads, that close is a reset, and the client's system may throw the answer away
 * before the client reads it. Instead the server's side is ended after the answer (the client
 * reads it, then the end), nothing more is read than Node itself discards, and the connection is
 * destroyed once the client closes its side, or after LINGER_MS (a "lingering close", as nginx's).
 */
function lingeringClose() {
  if (this.destroyed) return
  this.end()
  const timer = setTimeout(() => this.destroy(), LINGER_MS)
  this.once('close', () => clearTimeout(timer))
  this.once('end', () => this.destroy())
}

/** What the readiness address says of a server that takes visitors: how its warm-up went (decision 093). */
function readyText(warmed) {
  return warmed ? `ready (${warmed.rendered} pages warmed, ${warmed.failed} failed, ${warmed.skipped} skipped)\n` : 'ready\n'
}

/**
 * 200 while the server takes visitors, 503 once it is stopping. GET and HEAD only: any other
 * method goes on to the server entry, which refuses it as it refuses it on every page (405).
 */
function readiness(state) {
  return (request, next) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return next()
    if (new URL(request.url).pathname !== READY_PATH) return next()
    return new FastResponse(state.draining ? 'stopping\n' : readyText(state.warmed), {
      status: state.draining ? 503 : 200,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
    })
  }
}

export async function startSite({ port, hostname = '0.0.0.0', silent = false } = {}) {
  const entryModule = await import(`${root}dist/server/server.js`)
  const entry = entryModule.default
  if (
    typeof entryModule.preferredEncoding !== 'function' ||
    typeof entryModule.attachFacts !== 'function' ||
    typeof entryModule.siteMetrics?.answered !== 'function'
  )
    throw new Error('The server entry is from an older build: build the site again.')
  const files = loadStaticFiles(`${root}dist/client`)
  // Issue 40: the process's logger, an access line and a count per request, stray errors logged
  // and reported; a promise nobody awaited is logged with its stack and the server goes on
  // (Node's default is to exit; decision 031).
  const ops = siteOps(entryModule, files)
  // Decision 093: a page of each kind rendered before the server listens (or, as a worker, says
  // it is ready), so that its first visitors get a warm render.
  const warmed = (await entryModule.warmUpServer?.()) ?? null
  const state = { draining: false, warmed }
  // A worker of the site (scripts/start.mjs) is handed its connections by the primary, which
  // holds the port (decision 090); the worker's own server listens only on a port of its own on
  // the loopback, and the worker tells the primary when it is ready.
  const worker = cluster.isWorker
  const server = serve({
    port: worker ? 0 : port,
    hostname: worker ? '127.0.0.1' : hostname,
    silent,
    // Stopping is ours (below): the same in CI as anywhere.
    gracefulShutdown: false,
    node: worker ? { exclusive: true } : undefined,
    middleware: [
      ops.middleware,
      readiness(state),
      staticFileMiddleware(files, entryModule.preferredEncoding, entryModule.ASSET_SECURITY_HEADERS ?? FALLBACK_SECURITY),
    ],
    fetch: async (request) => {
      const response = await entry.fetch(request)
      // A body refused unread (413, `Connection: close`): this connection alone closes lingering.
      if (response.status === 413) {
        const socket = request.runtime?.node?.req?.socket
        if (socket) socket.destroySoon = lingeringClose
      }
      return response
    },
  })
  await server.ready()
  /** Connections handed over by the primary and still open. */
  const handed = new Set()
  /** Resolves the wait for the primary's answer to this worker's draining. */
  let primaryLetGo = null
  if (worker) {
    process.on('message', (message, socket) => {
      if (message?.site === 'draining') primaryLetGo?.()
      if (message?.site !== 'connection' || !socket) return
      handed.add(socket)
      socket.once('close', () => {
        handed.delete(socket)
        // The primary counts each worker's open connections.
        if (process.connected) process.send({ site: 'closed' })
      })
      server.node.server.emit('connection', socket)
      socket.resume()
    })
    process.send({ site: 'ready' })
  }
  return {
    server,
    /**
     * Stops taking connections, answers the requests under way (idle kept-alive connections are
     * closed at once) and resolves when they are done, or after DRAIN_MS with the rest cut.
     */
    async drain() {
      state.draining = true
      const late = setTimeout(() => server.close(true), DRAIN_MS)
      if (worker) {
        // The primary stops handing this worker connections; its answer comes after the last one
        // it sent. The worker's connections close as their requests are answered (idle kept-alive
        // ones at once); then the channel to the primary, which meanwhile hands new connections
        // to the others.
        if (process.connected) {
          await new Promise((resolve) => {
            primaryLetGo = resolve
            process.send({ site: 'draining' })
            setTimeout(resolve, 1000)
          })
        }
        server.node.server.close()
        while (handed.size > 0) {
          server.node.server.closeIdleConnections()
          await new Promise((resolve) => setTimeout(resolve, 20))
        }
        await new Promise((resolve) => {
          cluster.worker.once('disconnect', resolve)
          cluster.worker.disconnect()
        })
      } else {
        await server.close()
      }
      clearTimeout(late)
    },
  }
}

/** SIGTERM (and Ctrl+C): finish what is under way, then exit; within 10 s. */
export function exitGracefully(site) {
  let stopping = false
  const stop = async () => {
    if (stopping) return
    stopping = true
    await site.drain()
    process.exit(0)
  }
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    exitGracefully(await startSite({ port: Number(process.env.PORT ?? 3000), silent: cluster.isWorker }))
  } catch (error) {
    console.error(error?.name === 'ConfigError' ? error.message : error)
    process.exit(1)
  }
}
