/**
 * Issue 9, R2, R5: HTTP fuzz of the production server on loopback. A few thousand
 * generated paths (unicode, encoded slashes and backslashes, `..`, `%00`, very long segments,
 * locale prefixes) and login `?redirect=` values, sent raw at 8 at a time from a fixed seed:
 * no 5xx, no `Location` off the site, and the marker `<x-fuzz>` never comes back unescaped.
 */
import { Agent, request as httpRequest } from 'node:http'
import { BACKEND, SITE, SITE_PORT } from '../../playwright.config.ts'
import { path as fuzzPath, pick, type Random, seeded, target } from '../unit/hardening/fuzz-support.ts'
import { expect, test } from './support/fixtures.ts'

const PATHS = 2400
const REDIRECTS = 600
const CONCURRENCY = 8
const MARKER = '<x-fuzz>'
const ORIGIN = new URL(SITE).origin
/** R2, R7: the download path is the one redirect that leaves the site, to the launcher on the backend. */
const LAUNCHER = new RegExp(
  `^${new URL(BACKEND).origin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/(en|ru|de)/launcher/download(\\?referrer_link_code=[A-Za-z0-9_-]+)?$`,
)

/** What Node's HTTP client refuses to send raw is percent-encoded; everything else goes as is. */
function raw(value: string): string {
  let out = ''
  for (const char of value) {
    const code = char.codePointAt(0)!
    out += code <= 0x20 || code >= 0x7f || char === '#' ? encodeURIComponent(char) : char
  }
  return out
}

interface Answer {
  path: string
  status: number
  location: string | null
  body: string
}

const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY })

function send(path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port: SITE_PORT, path, method: 'GET', agent, headers: { host: `localhost:${SITE_PORT}`, accept: 'text/html' } },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () =>
          resolve({ path, status: res.statusCode ?? 0, location: res.headers.location ?? null, body: Buffer.concat(chunks).toString('utf8') }),
        )
        res.on('error', reject)
      },
    )
    req.setTimeout(30_000, () => req.destroy(new Error(`timeout: ${path}`)))
    req.on('error', reject)
    req.end()
  })
}

function problems(answer: Answer): string[] {
  const found: string[] = []
  if (answer.status >= 500 || answer.status === 0) found.push(`status ${answer.status}`)
  if (answer.location !== null) {
    let origin = 'unparseable'
    try {
      origin = new URL(answer.location, SITE).origin
    } catch {
      // stays unparseable
    }
    const launcher = LAUNCHER.test(answer.location) && /^\/((en|ru|de)\/)?download\/?(\?|$)/.test(answer.path)
    if (origin !== ORIGIN && !launcher) found.push(`location ${answer.location}`)
    // A relative Location must be a plain path: `//host`, `/\host` or a scheme would leave the site.
    if (
      !answer.location.startsWith(`${ORIGIN}/`) &&
      !launcher &&
      (/^\s*[\\/]{2}|^\s*\/\\|^[a-z][a-z0-9+.-]*:/i.test(answer.location) || !answer.location.startsWith('/'))
    )
      found.push(`location looks off-site: ${answer.location}`)
  }
  if (answer.body.includes(MARKER)) found.push('the marker came back unescaped')
  return found
}

async function run(paths: string[]): Promise<{ answers: Answer[]; failures: string[] }> {
  const answers: Answer[] = []
  const failures: string[] = []
  let next = 0
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < paths.length) {
        const path = paths[next++]!
        try {
          const answer = await send(path)
          answers.push(answer)
          for (const problem of problems(answer)) failures.push(`${JSON.stringify(path)}: ${problem}`)
        } catch (error) {
          failures.push(`${JSON.stringify(path)}: ${String(error)}`)
        }
      }
    }),
  )
  return { answers, failures }
}

function redirectValue(random: Random): string {
  const value =
    random() < 0.3
      ? pick(random, [`/${MARKER}`, `//evil.example/${MARKER}`, `javascript:alert('${MARKER}')`, `"><${MARKER.slice(1)}`, `/en/account#${MARKER}`])
      : target(random)
  // Sometimes encoded as a browser would, sometimes sent nearly raw.
  return random() < 0.6 ? encodeURIComponent(value) : raw(value).replace(/&/g, '%26')
}

test.describe.configure({ timeout: 300_000 })

test.describe('issue 9: HTTP fuzz of paths and redirect targets (seeded)', () => {
  test(`${PATHS} generated paths: no 5xx, no off-site Location, no reflected marker`, async () => {
    const random = seeded(20250909)
    const paths = Array.from({ length: PATHS }, () => {
      let p = raw(fuzzPath(random))
      if (random() < 0.15) p += `?q=${encodeURIComponent(MARKER)}&redirect=${redirectValue(random)}`
      return p
    })
    const { answers, failures } = await run(paths)
    expect(failures.slice(0, 20), `${failures.length} failures`).toEqual([])
    expect(answers).toHaveLength(PATHS)
    // The fuzz reaches pages, not-found pages and redirects alike.
    const statuses = new Set(answers.map((a) => a.status))
    expect(statuses.has(200)).toBe(true)
    expect(statuses.has(404)).toBe(true)
  })

  test(`${REDIRECTS} login ?redirect= values: no 5xx, never redirected off-site`, async () => {
    const random = seeded(5150)
    const paths = Array.from(
      { length: REDIRECTS },
      () =>
        `${pick(random, ['/login', '/en/login', '/ru/login', '/de/login', '/de/login/abc123', '/account', '/ru/account'])}?redirect=${redirectValue(random)}`,
    )
    const { answers, failures } = await run(paths)
    expect(failures.slice(0, 20), `${failures.length} failures`).toEqual([])
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThan(30)
  })

  test('after the fuzz the server still renders', async ({ request }) => {
    for (const path of ['/en', '/ru/premium', '/de/faq']) expect((await request.get(path)).status()).toBe(200)
  })
})
