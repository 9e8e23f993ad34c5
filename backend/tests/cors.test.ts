import { Hono } from 'hono'
import { cors } from 'hono/cors'
import { describe, expect, it } from 'vitest'
import { corsFor } from '../src/cors.ts'
import type { AppEnv } from '../src/http.ts'

const SITE = 'http://site.test:3000'
const EVIL = 'http://evil.test'

function appWith(middleware: ReturnType<typeof corsFor>) {
  const app = new Hono<AppEnv>()
  app.use('*', async (c, next) => {
    c.set('locale', 'de')
    await next()
  })
  app.use('*', middleware)
  app.get('/x', (c) => c.json({ ok: true }))
  return app
}

const preflight = (origin: string) => new Request('http://api.test/x', { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'GET' } })
const get = (origin: string) => new Request('http://api.test/x', { headers: { origin } })

describe("R7: CORS, hono/cors for the site's origins", () => {
  const app = appWith(corsFor([SITE]))

  it("answers the site's preflight with its policy", async () => {
    const res = await app.request(preflight(SITE))
    expect(res.status).toBe(204)
    expect(res.headers.get('access-control-allow-origin')).toBe(SITE)
    expect(res.headers.get('access-control-allow-credentials')).toBe('true')
    expect(res.headers.get('access-control-allow-methods')).toBe('GET,POST,PUT,PATCH,DELETE,OPTIONS')
    expect(res.headers.get('access-control-allow-headers')).toBe('Authorization,Content-Type')
    expect(res.headers.get('access-control-max-age')).toBe('600')
    expect(res.headers.get('vary')).toContain('Origin')
  })

  it("marks the site's requests", async () => {
    const res = await app.request(get(SITE))
    expect(res.status).toBe(200)
    expect(res.headers.get('access-control-allow-origin')).toBe(SITE)
    expect(res.headers.get('access-control-allow-credentials')).toBe('true')
    expect(res.headers.get('access-control-expose-headers')).toBe('Content-Disposition,Retry-After')
    expect(res.headers.get('vary')).toBe('Origin')
  })

  it("refuses a foreign origin's preflight with 403 and gives its requests no CORS header", async () => {
    const pre = await app.request(preflight(EVIL))
    expect(pre.status).toBe(403)
    expect(await pre.json()).toEqual({ message: 'Diese Website darf die API nicht aufrufen.' })
    expect(pre.headers.get('access-control-allow-origin')).toBeNull()
    expect(pre.headers.get('vary')).toBe('Origin')
    const res = await app.request(get(EVIL))
    expect(res.status).toBe(200)
    expect([...res.headers.keys()].filter((name) => name.startsWith('access-control-'))).toEqual([])
    expect(res.headers.get('vary')).toBe('Origin')
  })

  it('needs the wrapper: hono/cors alone answers the foreign preflight 204 and grants credentials to any origin', async () => {
    const alone = appWith(cors({ origin: [SITE], credentials: true, exposeHeaders: ['Retry-After'] }))
    const pre = await alone.request(preflight(EVIL))
    expect(pre.status).toBe(204)
    const res = await alone.request(get(EVIL))
    expect(res.headers.get('access-control-allow-origin')).toBeNull()
    expect(res.headers.get('access-control-allow-credentials')).toBe('true')
    expect(res.headers.get('access-control-expose-headers')).toBe('Retry-After')
  })
})
