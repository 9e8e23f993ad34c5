/**
 * The security review of 2026-11-26, against the production server (HTTP, no browser):
 * 1. R10.5: `/forms/*` and server functions read at most 16 KB of body (REQUEST_BODY_LIMIT_BYTES): a
 *    declared length over it and a chunked body past it are answered 413 with `Connection: close`,
 *    without the rest being read: the site process's memory does not grow by the body.
 * 2. Pages that carry a sign-in, confirmation or referral code in their path are
 *    `private, no-store` and never kept in the guest page cache.
 * 3. Pages answer GET and HEAD only (405, `Allow: GET, HEAD`); `/forms/*` POST only (405,
 *    `Allow: POST`); TRACE is 405 on every address.
 * 4. R10.12: over https (a trusted proxy's `X-Forwarded-Proto: https`) every cookie the server sets is `Secure`.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { connect } from 'node:net'
import { BACKEND_PORT, SITE_PORT } from '../../playwright.config.ts'
import { expect, test } from './support/fixtures.ts'
import { type SiteServer, startSiteServer, waitForPage } from './support/site-server.ts'

const HOST = `localhost:${SITE_PORT}`
const ORIGIN = `http://${HOST}`
/** A sign-in token as the backend issues them: 43 characters of base64url. */
const TOKEN = 'Zq3x9Lk2Vb7Nw4Rt8Hy1Pc6Md0Fs5Gj2Ka9Ue3Wi7Ox'
const MB = 1024 * 1024

interface Answer {
  status: number
  headers: Record<string, string | string[] | undefined>
  text: string
}

/** One request on a connection of its own, sent as given (any method, any body). */
function send(port: number, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, agent: false, headers: { host: `localhost:${port}`, ...headers } }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (text += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }))
    })
    req.on('error', reject)
    req.end(body)
  })
}

interface BigPost {
  /** The status line's code, 0 when no answer came. */
  status: number
  /** The answer's head, lower-case names. */
  head: Record<string, string>
  /** Body bytes this side had handed to the socket when the answer or the close came. */
  sent: number
  /** Whether the server closed the connection within 5 s of its answer. */
  closed: boolean
}

/**
 * POSTs `size` bytes of form body on a raw connection: with `Content-Length` (declared) or in
 * chunks without one, 64 KB at a time, as fast as the connection takes them. Stops sending once
 * an answer or the close comes.
 */
function bigPost(port: number, path: string, size: number, declared: boolean): Promise<BigPost> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    let received = ''
    let answered = false
    let closed = false
    let sent = 0
    let closeTimer: ReturnType<typeof setTimeout> | undefined
    const chunk = Buffer.alloc(64 * 1024, 'a')
    const finish = () => {
      clearTimeout(closeTimer)
      socket.destroy()
      const [statusLine = '', ...lines] = received.split('\r\n\r\n')[0]!.split('\r\n')
      const head: Record<string, string> = {}
      for (const line of lines) {
        const colon = line.indexOf(':')
        if (colon > 0) head[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
      }
      resolve({ status: Number(statusLine.split(' ')[1] ?? 0), head, sent, closed })
    }
    socket.on('data', (data) => {
      received += data.toString('latin1')
      if (!answered && received.includes('\r\n\r\n')) {
        answered = true
        closeTimer = setTimeout(finish, 5000)
      }
    })
    socket.on('error', () => {})
    socket.on('close', () => {
      closed = answered
      finish()
    })
    socket.on('connect', async () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: localhost:${port}\r\nOrigin: http://localhost:${port}\r\n` +
          'Content-Type: application/x-www-form-urlencoded\r\n' +
          (declared ? `Content-Length: ${size + 6}\r\n\r\nemail=` : 'Transfer-Encoding: chunked\r\n\r\n6\r\nemail=\r\n'),
      )
      while (sent < size && !answered && !socket.destroyed) {
        const part = chunk.subarray(0, Math.min(chunk.length, size - sent))
        const more = socket.write(declared ? part : Buffer.concat([Buffer.from(`${part.length.toString(16)}\r\n`), part, Buffer.from('\r\n')]))
        sent += part.length
        if (!more) await new Promise((r) => socket.once('drain', r))
      }
      if (!declared && !answered && !socket.destroyed) socket.write('0\r\n\r\n')
    })
  })
}

/** The resident and peak memory of a process (kB), from /proc. */
function memory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1])
  return { rss: kb('VmRSS'), peak: kb('VmHWM') }
}

test.describe('1: a body limit on forms and server functions', () => {
  // Its own site (one process: the site runs in the process `scripts/start.mjs` is), so its
  // memory is this test's alone; the main test site's backend.
  const PORT = SITE_PORT + 21
  let site: SiteServer

  test.describe.configure({ mode: 'serial', timeout: 120_000 })
  test.beforeAll(async () => {
    test.setTimeout(120_000)
    site = startSiteServer(PORT, `http://127.0.0.1:${BACKEND_PORT}`, { WEB_CONCURRENCY: '1' })
    await waitForPage(`${site.base}/__ready`, 90_000)
  })
  test.afterAll(() => site?.stop())

  for (const [path, declared] of [
    ['/forms/sign-in-email', true],
    ['/forms/sign-in-email', false],
    ['/_serverFn/any-function-id', true],
    ['/_serverFn/any-function-id', false],
  ] as const) {
    test(`50 MB to ${path} ${declared ? 'with a declared length' : 'in chunks without a length'}: 413, the connection closed, memory within 50 MB`, async () => {
      const pid = site.child.pid!
      // The peak (VmHWM) starts again from now (5 → /proc/<pid>/clear_refs).
      try {
        writeFileSync(`/proc/${pid}/clear_refs`, '5')
      } catch {}
      const before = memory(pid)
      let highest = before.rss
      const sampler = setInterval(() => {
        highest = Math.max(highest, memory(pid).rss)
      }, 10)
      const answer = await bigPost(PORT, path, 50 * MB, declared)
      await new Promise((r) => setTimeout(r, 300))
      clearInterval(sampler)
      const after = memory(pid)
      test.info().annotations.push({
        type: 'memory',
        description: `VmRSS ${before.rss} kB before, highest ${Math.max(highest, after.rss)} kB, peak ${after.peak} kB; ${answer.sent} bytes sent before the answer`,
      })
      expect(answer.status).toBe(413)
      expect(answer.head.connection).toBe('close')
      expect(answer.head['x-content-type-options']).toBe('nosniff')
      expect(answer.closed).toBe(true)
      // The server answered before the body was all sent: it did not wait for (or read) the rest.
      expect(answer.sent).toBeLessThan(50 * MB)
      expect(Math.max(highest, after.rss) - before.rss).toBeLessThanOrEqual(50 * 1024)
      if (after.peak >= before.rss) expect(after.peak - before.rss).toBeLessThanOrEqual(50 * 1024)
      expect(site.stderr()).not.toMatch(/unhandled|TypeError/i)
    })
  }

  test('a body just over 16 KB is refused, one of 16 KB is read: 16 KB is the default limit', async () => {
    const over = await bigPost(PORT, '/forms/sign-in-email', 16384 - 6 + 1, false)
    expect(over.status).toBe(413)
    const within = await send(
      PORT,
      'POST',
      '/forms/sign-in-email',
      { origin: `http://localhost:${PORT}`, 'content-type': 'application/x-www-form-urlencoded' },
      `locale=en&email=${'a'.repeat(16384 - 16)}`,
    )
    expect(within.status).toBe(303)
  })
})

test('1: a normal form post (a few hundred bytes) still works', async () => {
  const body = `locale=en&redirect=%2Fen%2Faccount&email=not-an-address${'&x=1'.repeat(60)}`
  const answer = await send(SITE_PORT, 'POST', '/forms/sign-in-email', { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' }, body)
  expect(answer.status).toBe(303)
  expect(answer.headers.location).toBe('/en/login?redirect=%2Fen%2Faccount')
  expect(String(answer.headers['set-cookie'])).toContain('form_flash=')
})

test.describe('2: pages with a code in their path are private and never kept', () => {
  const paths = ['login', 'confirm-email', 'join'].flatMap((page) => ['/en', '/ru', '/de', ''].map((prefix) => `${prefix}/${page}/${TOKEN}`))

  test('every locale form: private, no-store, rendered for every request (never a HIT)', async () => {
    expect(paths).toHaveLength(12)
    for (const path of paths) {
      for (let i = 0; i < 2; i++) {
        const answer = await send(SITE_PORT, 'GET', path)
        // The backend knows no invitation with this code: the join page says so with a 404 (its own rule);
        // the sign-in and e-mail pages show their form for any code.
        expect(answer.status, path).toBe(path.includes('/join/') ? 404 : 200)
        expect(answer.headers['cache-control'], path).toBe('private, no-store')
        // Never looked up in the guest page cache: no HIT, no MISS.
        expect(answer.headers['x-cache'], path).toBeUndefined()
      }
    }
  })

  test('the same pages without a code stay public and cached', async () => {
    await send(SITE_PORT, 'GET', '/en/login')
    const again = await send(SITE_PORT, 'GET', '/en/login')
    expect(again.headers['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=600')
    expect(again.headers['x-cache']).toBe('HIT')
  })
})

test.describe('3: methods', () => {
  /** A script the home page loads (a static file of the build the test site serves). */
  let asset = ''
  test.beforeAll(async () => {
    asset = /"(\/assets\/[^"]+\.js)"/.exec((await send(SITE_PORT, 'GET', '/en')).text)![1]!
  })

  for (const method of ['DELETE', 'PROPFIND', 'OPTIONS', 'POST', 'PUT', 'PATCH', 'TRACE']) {
    test(`${method} on a page: 405, Allow: GET, HEAD, a short plain answer with the security headers`, async () => {
      for (const path of ['/', '/en/faq', '/ru/premium', '/no-such-page']) {
        const answer = await send(SITE_PORT, method, path, method === 'TRACE' ? { cookie: 'secret=1' } : {})
        expect(answer.status, `${method} ${path}`).toBe(405)
        expect(answer.headers.allow).toBe('GET, HEAD')
        expect(answer.headers['content-type']).toBe('text/plain; charset=utf-8')
        expect(answer.headers['x-content-type-options']).toBe('nosniff')
        expect(answer.headers['x-frame-options']).toBe('DENY')
        expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
        expect(answer.text).toBe('Method Not Allowed\n')
      }
    })
  }

  test('TRACE is 405 on every address: static files, /forms/*, server functions, /__ready, /download', async () => {
    const expected: [string, string][] = [
      [asset, 'GET, HEAD'],
      ['/favicon.png', 'GET, HEAD'],
      ['/robots.txt', 'GET, HEAD'],
      ['/__ready', 'GET, HEAD'],
      ['/forms/sign-in-email', 'POST'],
      ['/_serverFn/any-function-id', 'GET, POST'],
      ['/download', 'GET, HEAD'],
      ['/ru/download', 'GET, HEAD'],
    ]
    for (const [path, allow] of expected) {
      const answer = await send(SITE_PORT, 'TRACE', path)
      expect(answer.status, path).toBe(405)
      expect(answer.headers.allow, path).toBe(allow)
      expect(answer.headers['x-content-type-options'], path).toBe('nosniff')
    }
  })

  test('static files and /__ready: GET and HEAD as before, any other method 405', async () => {
    for (const path of [asset, '/favicon.png', '/__ready']) {
      expect((await send(SITE_PORT, 'GET', path)).status, path).toBe(200)
      expect((await send(SITE_PORT, 'HEAD', path)).status, path).toBe(200)
      for (const method of ['POST', 'DELETE', 'OPTIONS']) {
        const answer = await send(SITE_PORT, method, path)
        expect(answer.status, `${method} ${path}`).toBe(405)
        expect(answer.headers.allow).toBe('GET, HEAD')
      }
    }
  })

  test('/forms/*: anything but POST is 405 with Allow: POST', async () => {
    for (const method of ['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS', 'PATCH']) {
      const answer = await send(SITE_PORT, method, '/forms/sign-in-email')
      expect(answer.status, method).toBe(405)
      expect(answer.headers.allow).toBe('POST')
    }
  })

  test('pages still answer GET and HEAD', async () => {
    expect((await send(SITE_PORT, 'GET', '/en/faq')).status).toBe(200)
    const head = await send(SITE_PORT, 'HEAD', '/en/faq')
    expect(head.status).toBe(200)
    expect(head.text).toBe('')
  })
})

test.describe('4: over https every cookie the server sets is Secure', () => {
  const https = { 'x-forwarded-proto': 'https', origin: `https://${HOST}` }
  const form = { 'content-type': 'application/x-www-form-urlencoded' }

  /** Each Set-Cookie of an answer. */
  const cookies = (answer: Answer) => ([] as string[]).concat(answer.headers['set-cookie'] ?? [])

  test('a form answer: the flash cookie', async () => {
    const answer = await send(SITE_PORT, 'POST', '/forms/sign-in-email', { ...https, ...form }, 'locale=en&email=not-an-address')
    expect(answer.status).toBe(303)
    expect(cookies(answer)).toHaveLength(1)
    expect(cookies(answer)[0]).toMatch(/^form_flash=.+; Max-Age=60; HttpOnly; Path=\/; SameSite=Lax; Secure$/)
  })

  test('the logout form: every cleared session cookie', async () => {
    const answer = await send(SITE_PORT, 'POST', '/forms/logout', { ...https, ...form }, 'locale=en')
    expect(answer.status).toBe(303)
    expect(cookies(answer).length).toBeGreaterThanOrEqual(2)
    for (const cookie of cookies(answer)) expect(cookie).toMatch(/; Secure$/)
  })

  test('the root redirect: the language cookie', async () => {
    const answer = await send(SITE_PORT, 'GET', '/', { 'x-forwarded-proto': 'https', 'accept-language': 'ru' })
    expect(answer.status).toBe(302)
    expect(cookies(answer)).toEqual(['i18n_redirected=ru; Max-Age=31536000; Path=/; SameSite=Lax; Secure'])
  })

  test('the page that clears a read flash cookie', async () => {
    const answer = await send(SITE_PORT, 'GET', '/en/login', { 'x-forwarded-proto': 'https', cookie: 'form_flash=%7B%22form%22%3A%22sign-in-email%22%7D' })
    expect(answer.status).toBe(200)
    expect(cookies(answer)).toEqual(['form_flash=; Max-Age=0; HttpOnly; Path=/; SameSite=Lax; Secure'])
  })

  test('over http the same cookies are not Secure', async () => {
    const answer = await send(SITE_PORT, 'GET', '/', { 'accept-language': 'ru' })
    expect(cookies(answer)).toEqual(['i18n_redirected=ru; Max-Age=31536000; Path=/; SameSite=Lax'])
  })
})
