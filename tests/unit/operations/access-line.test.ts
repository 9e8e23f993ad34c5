// Issue 40: the site's access line measures the whole answer. A page's body is streamed after its
// first byte; the line is written when the last byte has gone (or the visitor has), and says so.
import { spawn } from 'node:child_process'
import { describe, expect, it } from 'vitest'

/** A server with the site's request middleware, whose answer sends its last chunk 300 ms after its first. */
const SERVER = `
import { serve } from 'srvx'
import { siteOps } from './scripts/site-ops.mjs'
let lastFacts = null
const entry = {
  newRequestFacts: (id) => ({ id, route: null, cache: null, queueMs: null, idInAnswer: false }),
  incomingRequestId: () => 'slow-body-1',
  attachFacts: (request, facts) => { facts.route = '/slow'; facts.cache = 'MISS'; facts.queueMs = 0; lastFacts = facts },
  siteMetrics: { answered: () => {} },
}
const ops = siteOps(entry, new Set(), { LOG_FORMAT: 'json', LOG_LEVEL: 'info' })
const server = serve({
  port: 0,
  hostname: '127.0.0.1',
  silent: true,
  gracefulShutdown: false,
  middleware: [ops.middleware],
  fetch: (request) => {
    const { pathname } = new URL(request.url)
    if (pathname === '/boom') return Promise.reject(new Error('kaboom'))
    // An answer that carries its id itself, as a page's does (idForAnswer).
    if (pathname === '/own') {
      lastFacts.idInAnswer = true
      return new Response('own', { headers: { 'x-request-id': lastFacts.id, 'x-other': 'kept' } })
    }
    const body = new ReadableStream({
      async start(controller) {
        controller.enqueue(new TextEncoder().encode('<p>first</p>'))
        await new Promise((resolve) => setTimeout(resolve, 300))
        controller.enqueue(new TextEncoder().encode('<p>last</p>'))
        controller.close()
      },
    })
    return new Response(body, { headers: { 'content-type': 'text/html' } })
  },
})
await server.ready()
const started = performance.now()
const answer = await fetch(server.url)
const firstByteMs = performance.now() - started
await answer.text()
const own = await fetch(server.url + 'own')
await own.text()
const ids = { given: answer.headers.get('x-request-id'), own: own.headers.get('x-request-id'), other: own.headers.get('x-other') }
await fetch(server.url + 'boom').then((failed) => failed.text()).catch(() => {})
// The lines are written in batches: give the last one its time, then stop.
setTimeout(() => { process.stderr.write(JSON.stringify({ firstByteMs, ids }) + '\\n'); process.exit(0) }, 400)
`

describe('the access line', () => {
  it('is written when the answer is over, with durationMs from the first byte of the request to the last of the answer', async () => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', SERVER], { stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk))
    const code = await new Promise((resolve) => child.on('close', resolve))
    expect(code).toBe(0)
    const lines = stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line))
    const access = lines.filter((line) => line.msg === 'request' && line.status === 200 && line.durationMs >= 300)
    expect(lines.filter((line) => line.msg === 'request')).toHaveLength(2)
    expect(access).toHaveLength(1)
    expect(access[0]).toMatchObject({ reqId: 'slow-body-1', method: 'GET', route: '/slow', status: 200, cache: 'MISS', queueMs: 0 })
    // The body's last chunk came 300 ms after the first byte: the line counts it.
    expect(access[0].durationMs).toBeGreaterThanOrEqual(300)
    const { firstByteMs, ids } = JSON.parse(stderr.trim().split('\n').at(-1)!)
    expect(firstByteMs).toBeLessThan(300)
    // The server gave the first answer its id; the second carried its own, which is there once.
    expect(ids).toEqual({ given: 'slow-body-1', own: 'slow-body-1', other: 'kept' })
    // A request whose answer failed: an error line with its id and the error, on standard error.
    const errors = stderr
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
      .filter((line) => line.msg === 'request failed')
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatchObject({ level: 'error', reqId: 'slow-body-1', err: { type: 'Error', message: 'kaboom' } })
  }, 20_000)
})
