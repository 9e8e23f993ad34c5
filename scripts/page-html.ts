// The server's HTML of the site's pages, as a guest and signed in, written to a folder so that two
// builds can be compared (decision 114: moving code changes no page). Against a running site
// with its stand-in backend (`npm start`):
//
//   npx tsx scripts/page-html.ts SITE BACKEND OUT_DIR      e.g. http://localhost:3000 http://127.0.0.1:3001 /tmp/pages-before
//   npx tsx scripts/page-html.ts --compare BEFORE_DIR AFTER_DIR
//
// What differs from one run to the next by design is written as a placeholder: the build's asset
// names, a request's nonce, the build id and times.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { COOKIES } from '#app/core/cookies.ts'

/** 21 pages: every route in English, the home, premium and FAQ pages in Russian and German, and a missing page. */
export const PAGES = [
  '/',
  '/premium',
  '/faq',
  '/wiki',
  '/promo',
  '/cs-go',
  '/oferta',
  '/policy',
  '/user-license',
  '/impressum',
  '/requisites',
  '/cookies-policy',
  '/login',
  '/join',
  '/confirm-email',
  '/no-such-page',
  '/ru',
  '/ru/premium',
  '/ru/faq',
  '/de',
  '/de/faq',
]
/** Signed in, the account in each language too. */
const SIGNED_IN_ONLY = ['/account', '/ru/account', '/de/account']
/** A new address each run (sign-in codes are limited per address), written as EMAIL in the pages. */
const EMAIL = `page-html-${Date.now().toString(36)}@example.com`

/** What may differ between two renders of the same page by the same code. */
export function normalise(html: string, token = ''): string {
  const referralCode = /referral_code:"(\w+)"/.exec(html)?.[1]
  let text = html
  if (token) text = text.replaceAll(token, 'TOKEN')
  if (referralCode) text = text.replaceAll(referralCode, 'REFERRAL')
  return text
    .replace(/\{id:\d+,email:"/g, '{id:ID,email:"')
    .replace(/data-testid="account-id">\d+</g, 'data-testid="account-id">ID<')
    .replaceAll(EMAIL.split('@')[0]!, 'EMAIL-NAME')
    .replace(/\/assets\/([\w/-]*?)-[\w-]{8}\.(js|css)/g, '/assets/$1-HASH.$2')
    .replace(/nonce="[^"]*"/g, 'nonce="NONCE"')
    .replace(/'nonce-[^']*'/g, "'nonce-NONCE'")
    .replace(/<meta property="csp-nonce" content="[^"]*"/g, '<meta property="csp-nonce" content="NONCE"')
    .replaceAll(EMAIL, 'EMAIL')
    .replaceAll(encodeURIComponent(EMAIL), 'EMAIL')
    .replace(/"buildId":"[^"]*"/g, '"buildId":"BUILD"')
    .replace(/\b\d{13}\b/g, 'TIME')
    .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z/g, 'ISO-TIME')
}

async function signIn(backend: string): Promise<{ cookie: string; token: string }> {
  const asked = await fetch(`${backend}/en/users/auth?email=${encodeURIComponent(EMAIL)}`)
  if (!asked.ok) throw new Error(`sign-in code: ${asked.status}`)
  const mail = (await (await fetch(`${backend}/__dev/mail?to=${encodeURIComponent(EMAIL)}`)).json()) as { code: string }[]
  const verified = await fetch(`${backend}/en/users/verify`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, code: mail[0]!.code }),
  })
  if (!verified.ok) throw new Error(`sign-in: ${verified.status}`)
  const grant = (await verified.json()) as { token: string; expires_in: number }
  const cookie = `${COOKIES.token}=${encodeURIComponent(`Bearer ${grant.token}`)}; ${COOKIES.tokenExpiration}=${Date.now() + grant.expires_in * 1000}`
  return { cookie, token: grant.token }
}

const fileName = (variant: string, path: string) => `${variant}${path.replaceAll('/', '_') || '_'}.html`

async function capture(site: string, backend: string, out: string) {
  mkdirSync(out, { recursive: true })
  const { cookie, token } = await signIn(backend)
  const variants: [string, Record<string, string>, string[]][] = [
    ['guest', {}, PAGES],
    ['signed-in', { cookie }, [...PAGES, ...SIGNED_IN_ONLY]],
  ]
  for (const [variant, headers, paths] of variants) {
    for (const path of paths) {
      const answer = await fetch(`${site}${path}`, { headers, redirect: 'manual' })
      const body = `${answer.status} ${answer.headers.get('location') ?? ''}\n${normalise(await answer.text(), token)}`
      writeFileSync(join(out, fileName(variant, path)), body)
    }
  }
  console.log(`${readdirSync(out).length} pages in ${out}`)
}

/**
 * Moving code renames the build's chunks and may order a page's list of them differently: the
 * comparison reads every asset address as one placeholder (their number still counts).
 */
export const withoutAssetNames = (html: string) => html.replace(/\/assets\/[\w/.-]+/g, '/assets/ASSET')

function compare(before: string, after: string) {
  const names = [...new Set([...readdirSync(before), ...readdirSync(after)])].sort()
  const different = names.filter((name) => {
    try {
      return withoutAssetNames(readFileSync(join(before, name), 'utf8')) !== withoutAssetNames(readFileSync(join(after, name), 'utf8'))
    } catch {
      return true
    }
  })
  console.log(`${names.length} pages compared, ${different.length} different${different.length ? `: ${different.join(', ')}` : ''}`)
  process.exitCode = different.length ? 1 : 0
}

const [first, second, third] = process.argv.slice(2)
if (first === '--compare' && second && third) compare(second, third)
else if (first && second && third) await capture(first, second, third)
else console.error('Usage: npx tsx scripts/page-html.ts SITE BACKEND OUT_DIR | --compare BEFORE AFTER')
