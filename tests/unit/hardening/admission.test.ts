/**
 * The security review of 2026-11-26 (decision 094), the pure rules: which methods each kind of
 * address answers, the body limit of forms and server functions, the pages that carry a code in
 * their address, and Secure cookies over https (server and browser).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { cookieForPage } from '#app/core/cookies.ts'
import { addressKind, declaresMoreThan, readAtMost, readsBody, refusedMethod } from '#app/server/admission.server.ts'
import { carriesCode, isCacheableRequest } from '#app/server/page-cache.server.ts'
import { secureCookies } from '#app/server/respond.server.ts'

describe('3: the methods each address answers', () => {
  it.each([
    ['/', 'page'],
    ['/en/faq', 'page'],
    ['/assets/index-abc.js', 'page'],
    ['/__ready', 'page'],
    ['/forms/sign-in-email', 'form'],
    ['/_serverFn/abc123', 'server-function'],
    ['/download', 'download'],
    ['/ru/download', 'download'],
    ['/download/x', 'page'],
    ['/en/forms/sign-in-email', 'page'],
    ['/__errors', 'beacon'],
    ['/en/__errors', 'page'],
  ])('%s is a %s', (path, kind) => {
    expect(addressKind(path)).toBe(kind)
  })

  it.each([
    ['GET', '/en/faq', null],
    ['HEAD', '/en/faq', null],
    ['POST', '/en/faq', 'GET, HEAD'],
    ['DELETE', '/', 'GET, HEAD'],
    ['PROPFIND', '/', 'GET, HEAD'],
    ['OPTIONS', '/', 'GET, HEAD'],
    ['TRACE', '/', 'GET, HEAD'],
    ['POST', '/favicon.png', 'GET, HEAD'],
    ['POST', '/forms/logout', null],
    ['GET', '/forms/logout', 'POST'],
    ['HEAD', '/forms/logout', 'POST'],
    ['OPTIONS', '/forms/logout', 'POST'],
    ['TRACE', '/forms/logout', 'POST'],
    ['GET', '/_serverFn/abc', null],
    ['POST', '/_serverFn/abc', null],
    ['TRACE', '/_serverFn/abc', 'GET, POST'],
    ['TRACK', '/_serverFn/abc', 'GET, POST'],
    ['GET', '/download', null],
    ['POST', '/download', null],
    ['TRACE', '/download', 'GET, HEAD'],
    ['TRACE', '/de/download', 'GET, HEAD'],
    ['POST', '/__errors', null],
    ['GET', '/__errors', 'POST'],
    ['TRACE', '/__errors', 'POST'],
  ])('%s %s: Allow %s', (method, path, allow) => {
    expect(refusedMethod(method, path)).toBe(allow)
  })
})

describe('1: the body limit', () => {
  it("applies to forms, server functions and the browser's error beacon only", () => {
    expect(readsBody('/forms/sign-in-email')).toBe(true)
    expect(readsBody('/__errors')).toBe(true)
    expect(readsBody('/_serverFn/abc')).toBe(true)
    expect(readsBody('/en/faq')).toBe(false)
    expect(readsBody('/download')).toBe(false)
  })

  it.each([
    [null, false],
    ['0', false],
    ['16384', false],
    ['16385', true],
    ['52428800', true],
    ['99999999999999999999', true],
    ['-1', true],
    ['abc', true],
  ])('Content-Length %s over 16384: %s', (length, over) => {
    expect(declaresMoreThan(length, 16384)).toBe(over)
  })

  /** A body of `chunks` chunks of `size` bytes, counting how many the reader pulled. */
  function body(chunks: number, size: number) {
    const pulled = { count: 0 }
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled.count === chunks) return controller.close()
        pulled.count++
        controller.enqueue(new Uint8Array(size).fill(97))
      },
    })
    return { stream, pulled }
  }

  it('reads a body within the limit whole, to the byte', async () => {
    const { stream } = body(4, 4096)
    const bytes = await readAtMost(stream, 16384)
    expect(bytes?.byteLength).toBe(16384)
    expect(bytes?.every((b) => b === 97)).toBe(true)
  })

  it('stops at the first chunk past the limit and reads no further', async () => {
    const { stream, pulled } = body(12_800, 4096)
    expect(await readAtMost(stream, 16384)).toBeNull()
    // 5 chunks of 4096 are 20480 bytes, the first count past 16384; the stream may have pulled
    // one more ahead, never the 50 MB behind it.
    expect(pulled.count).toBeLessThanOrEqual(6)
  })

  it('an empty body is read as empty', async () => {
    expect((await readAtMost(body(0, 1).stream, 16384))?.byteLength).toBe(0)
  })
})

describe('2: pages that carry a code in their address', () => {
  const TOKEN = 'Zq3x9Lk2Vb7Nw4Rt8Hy1Pc6Md0Fs5Gj2Ka9Ue3Wi7Ox'
  it.each([
    `/en/login/${TOKEN}`,
    `/ru/login/${TOKEN}`,
    `/de/login/${TOKEN}`,
    `/login/${TOKEN}`,
    `/en/confirm-email/${TOKEN}`,
    `/ru/confirm-email/${TOKEN}`,
    `/de/confirm-email/${TOKEN}`,
    `/confirm-email/${TOKEN}`,
    '/en/join/FRIEND42',
    '/ru/join/FRIEND42',
    '/de/join/FRIEND42',
    '/join/FRIEND42',
    `/EN/Login/${TOKEN}`,
    `/en/%6Cogin/${TOKEN}`,
    `/en//login/${TOKEN}`,
    `/en/login/${TOKEN}/`,
  ])('%s carries a code and is never kept', (path) => {
    expect(carriesCode(path)).toBe(true)
    expect(isCacheableRequest({ method: 'GET', pathname: path, cookieHeader: null })).toBe(false)
  })

  it.each(['/en/login', '/login', '/login/', '/ru/confirm-email', '/join', '/de/join/', '/en/faq', '/en/wiki/login-help', '/en/loginx/abc'])(
    '%s carries none and stays cacheable',
    (path) => {
      expect(carriesCode(path)).toBe(false)
      expect(isCacheableRequest({ method: 'GET', pathname: path, cookieHeader: null })).toBe(true)
    },
  )
})

describe('4: Secure cookies over https', () => {
  it('the browser writer adds Secure on an https page, and only there', () => {
    expect(cookieForPage('i18n_redirected=ru; Max-Age=31536000; Path=/; SameSite=Lax', 'https:')).toBe(
      'i18n_redirected=ru; Max-Age=31536000; Path=/; SameSite=Lax; Secure',
    )
    expect(cookieForPage('i18n_redirected=ru; Max-Age=31536000; Path=/; SameSite=Lax', 'http:')).toBe(
      'i18n_redirected=ru; Max-Age=31536000; Path=/; SameSite=Lax',
    )
    // Already Secure (COOKIES_CROSS_ORIGIN): kept as it is.
    expect(cookieForPage('utm=x; Max-Age=60; Path=/; SameSite=None; Secure', 'https:')).toBe('utm=x; Max-Age=60; Path=/; SameSite=None; Secure')
    expect(cookieForPage('a=secure; Path=/', 'https:')).toBe('a=secure; Path=/; Secure')
  })

  it('the server adds Secure to every Set-Cookie of an https answer', async () => {
    const response = new Response('body', { status: 303, headers: { location: '/en' } })
    response.headers.append('set-cookie', 'form_flash=%7B%7D; Max-Age=60; HttpOnly; Path=/; SameSite=Lax')
    response.headers.append('set-cookie', 'auth._token.local=; Max-Age=0; Path=/; SameSite=None; Secure')
    const secured = secureCookies(response, true)
    expect(secured.status).toBe(303)
    expect(secured.headers.get('location')).toBe('/en')
    expect(secured.headers.getSetCookie()).toEqual([
      'form_flash=%7B%7D; Max-Age=60; HttpOnly; Path=/; SameSite=Lax; Secure',
      'auth._token.local=; Max-Age=0; Path=/; SameSite=None; Secure',
    ])
    expect(await secured.text()).toBe('body')
  })

  it('over http the answer is passed on as it is', () => {
    const response = new Response(null, { headers: { 'set-cookie': 'a=1; Path=/' } })
    expect(secureCookies(response, false)).toBe(response)
  })

  it('no code of the site writes document.cookie but the one writer (src/core/cookies.ts)', () => {
    const writers: string[] = []
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name)
        if (statSync(path).isDirectory()) {
          if (name !== 'paraglide') walk(path)
        } else if (/\.(ts|tsx)$/.test(name) && !name.includes('.stories.') && /document\.cookie\s*=[^=]/.test(readFileSync(path, 'utf8'))) writers.push(path)
      }
    }
    walk('src')
    expect(writers).toEqual([join('src', 'core', 'cookies.ts')])
  })
})
