import { type } from 'arktype'
import { Hono } from 'hono'
import type { Queryable } from '../db.ts'
import { cspHash, escapeHtml } from '../html.ts'
import type { AppEnv, Ctx } from '../http.ts'
import { type Locale, localeFromAcceptLanguage, type MessageKey, t } from '../i18n.ts'
import { IDENTIFIER_SELECT, OPENID_NS, type OpenIdFields, originIn, positiveAssertion, realmCovers, signatureValid, withParams } from '../openid.ts'
import { CleanText } from '../schemas.ts'

/**
 * A sandbox OpenID 2.0 provider that behaves like Steam's (https://steamcommunity.com/openid/login):
 * GET shows the sign-in page for a checkid_setup request, POST signs in as the chosen account (302 to
 * return_to with a signed positive assertion) or cancels, and POST with openid.mode=check_authentication
 * verifies an assertion as Steam does.
 */
export const openidSandbox = new Hono<AppEnv>()

/** The provider's own endpoint URL, the op_endpoint of its assertions. */
export function sandboxEndpoint(c: Ctx): string {
  return `${c.var.deps.env.backendPublicUrl}/sandbox/openid/login`
}

/** The first steamid64 of individual accounts (account id 0); sandbox personas are numbered from it. */
const STEAM_ID_BASE = 76561197960265728n
const SANDBOX_ACCOUNT_OFFSET = 39734272n // 76561198000000000 - STEAM_ID_BASE

interface Account {
  steam_id: string
  persona_name: string
}

/** The persona of a Steam id, as Steam's Web API (GetPlayerSummaries) would tell it; null when unknown. */
export async function steamPersona(db: Queryable, steamId: string): Promise<string | null> {
  const [row] = await db.query<Account>('SELECT steam_id, persona_name FROM sandbox_steam_accounts WHERE steam_id = $1', [steamId])
  return row?.persona_name ?? null
}

const REQUEST_FIELDS = ['openid.ns', 'openid.mode', 'openid.return_to', 'openid.realm', 'openid.identity', 'openid.claimed_id'] as const

interface Problem {
  key: MessageKey
  vars?: Record<string, string>
}

/** Checks a checkid_setup request as Steam does; answers its fields or the problems found. */
function checkRequest(c: Ctx, fields: Record<string, string | undefined>): { ok: true; request: OpenIdFields } | { ok: false; problems: Problem[] } {
  const problems: Problem[] = []
  for (const name of REQUEST_FIELDS) if (!fields[name]) problems.push({ key: 'openid_param_missing', vars: { name } })
  const expect = (name: string, expected: string) => {
    if (fields[name] && fields[name] !== expected) problems.push({ key: 'openid_param_wrong', vars: { name, expected } })
  }
  expect('openid.ns', OPENID_NS)
  expect('openid.mode', 'checkid_setup')
  expect('openid.identity', IDENTIFIER_SELECT)
  expect('openid.claimed_id', IDENTIFIER_SELECT)
  const returnTo = fields['openid.return_to']
  const realm = fields['openid.realm']
  if (returnTo) {
    let url: URL | null = null
    try {
      url = new URL(returnTo)
    } catch {
      url = null
    }
    if (!url || !/^https?:$/.test(url.protocol) || returnTo.includes('#') || returnTo.length > 2048) problems.push({ key: 'openid_return_to_invalid' })
    else if (!originIn(returnTo, c.var.deps.env.siteOrigins)) problems.push({ key: 'openid_return_to_foreign', vars: { origin: url.origin } })
    else if (realm && !realmCovers(realm, returnTo)) problems.push({ key: 'openid_realm_mismatch', vars: { realm, return_to: returnTo } })
  }
  if (problems.length > 0) return { ok: false, problems }
  const request: OpenIdFields = {}
  for (const name of REQUEST_FIELDS) request[name] = fields[name]!
  return { ok: true, request }
}

const STYLE = `body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#1b2838;color:#c7d5e0}
main{max-width:480px;margin:48px auto;padding:24px;background:#171a21;border-radius:8px;box-shadow:0 8px 32px rgba(0,0,0,.5)}
h1{margin:0 0 8px;font-size:22px;color:#fff}p{margin:0 0 16px}
fieldset{border:1px solid #2a475e;border-radius:6px;margin:0 0 16px;padding:8px 12px}legend{padding:0 4px;color:#fff}
label{display:flex;gap:10px;align-items:center;padding:6px 0;cursor:pointer}
.id{font:13px ui-monospace,monospace;color:#8f98a0}
input[type=text]{box-sizing:border-box;width:100%;margin:4px 0 0;padding:8px 10px;border:1px solid #2a475e;border-radius:4px;background:#32353c;color:#fff;font:inherit}
.new{padding:6px 0 0 28px}.plain{display:block;padding:0;cursor:default}.hint{margin:4px 0 0;font-size:13px;color:#8f98a0}
.error{color:#ff8a80}
.actions{display:flex;gap:12px}
button{flex:1;padding:10px 16px;border:0;border-radius:4px;font:600 16px system-ui,sans-serif;cursor:pointer}
.primary{background:#5c7e10;color:#fff}.secondary{background:#3d4450;color:#fff}
button:focus-visible,input:focus-visible{outline:3px solid #66c0f4;outline-offset:2px}
ul{padding-left:20px}code{font:14px ui-monospace,monospace;word-break:break-all}`

function page(c: Ctx, locale: Locale, status: 200 | 400 | 422, title: string, body: string) {
  const origins = c.var.deps.env.siteOrigins.join(' ')
  return c.html(
    `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`,
    status,
    {
      // The form posts to this page, which redirects to the site: both are form targets.
      'Content-Security-Policy': `default-src 'none'; style-src ${cspHash(STYLE)}; form-action 'self' ${origins}; frame-ancestors 'none'; base-uri 'none'`,
      'Referrer-Policy': 'no-referrer',
      'X-Frame-Options': 'DENY',
    },
  )
}

function errorPage(c: Ctx, locale: Locale, problems: Problem[]) {
  const items = problems.map((p) => `<li>${escapeHtml(t(locale, p.key, p.vars))}</li>`).join('')
  return page(
    c,
    locale,
    400,
    t(locale, 'openid_error_title'),
    `<h1>${escapeHtml(t(locale, 'openid_error_title'))}</h1><p>${escapeHtml(t(locale, 'openid_error_intro'))}</p><ul>${items}</ul>`,
  )
}

async function loginPage(c: Ctx, locale: Locale, request: OpenIdFields, form: { account?: string; persona?: string; error?: Problem } = {}) {
  const { db } = c.var.deps
  const accounts = await db.query<Account>('SELECT steam_id, persona_name FROM sandbox_steam_accounts WHERE demo ORDER BY steam_id')
  const chosen = form.account ?? accounts[0]?.steam_id ?? 'new'
  const hidden = Object.entries(request)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('')
  const radios = accounts
    .map(
      (a) => `<label><input type="radio" name="account" value="${a.steam_id}"${a.steam_id === chosen ? ' checked' : ''}>
<span>${escapeHtml(a.persona_name)} <span class="id">${a.steam_id}</span></span></label>`,
    )
    .join('\n')
  const site = new URL(request['openid.realm']!.replace('://*.', '://')).host
  const error = form.error ? `<p class="error" role="alert" id="persona-error">${escapeHtml(t(locale, form.error.key, form.error.vars))}</p>` : ''
  return page(
    c,
    locale,
    form.error ? 422 : 200,
    t(locale, 'openid_title'),
    `<h1>${escapeHtml(t(locale, 'openid_title'))}</h1>
<p>${escapeHtml(t(locale, 'openid_intro', { site }))}</p>
<form method="post" action="/sandbox/openid/login">${hidden}
<fieldset><legend>${escapeHtml(t(locale, 'openid_accounts'))}</legend>
${radios}
<label><input type="radio" name="account" value="new"${chosen === 'new' ? ' checked' : ''}><span>${escapeHtml(t(locale, 'openid_new_persona'))}</span></label>
<div class="new"><label for="persona" class="plain">${escapeHtml(t(locale, 'openid_persona_name'))}</label>
<input type="text" id="persona" name="persona_name" maxlength="32" autocomplete="nickname" value="${escapeHtml(form.persona ?? '')}"${form.error ? ' aria-invalid="true" aria-describedby="persona-error"' : ''}>
<p class="hint">${escapeHtml(t(locale, 'openid_persona_hint'))}</p></div>
</fieldset>${error}
<div class="actions"><button class="primary" type="submit" name="action" value="sign_in">${escapeHtml(t(locale, 'openid_sign_in'))}</button>
<button class="secondary" type="submit" name="action" value="cancel" formnovalidate>${escapeHtml(t(locale, 'openid_cancel'))}</button></div>
</form>`,
  )
}

/** Duplicate parameters make a request ambiguous; only the first of each is read, and duplicates are refused. */
function single(entries: [string, string][]): Record<string, string> | null {
  const out: Record<string, string> = {}
  for (const [k, v] of entries) {
    if (k in out) return null
    out[k] = v
  }
  return out
}

openidSandbox.get('/login', async (c) => {
  const locale = localeFromAcceptLanguage(c.req.header('accept-language'))
  const params = single([...new URL(c.req.url).searchParams.entries()])
  if (!params) return errorPage(c, locale, [{ key: 'openid_param_wrong', vars: { name: 'openid.*', expected: 'given once' } }])
  const checked = checkRequest(c, params)
  if (!checked.ok) return errorPage(c, locale, checked.problems)
  return loginPage(c, locale, checked.request)
})

const PersonaName = CleanText.pipe((s) => s.trim().replace(/\s+/g, ' '), type('0 < string <= 32'))

openidSandbox.post('/login', async (c) => {
  const { db, env, now: clock } = c.var.deps
  const locale = localeFromAcceptLanguage(c.req.header('accept-language'))
  const raw = await c.req.text()
  const fields = single([...new URLSearchParams(raw).entries()])
  if (fields?.['openid.mode'] === 'check_authentication') return checkAuthentication(c, fields)
  if (!fields) return errorPage(c, locale, [{ key: 'openid_param_wrong', vars: { name: 'openid.*', expected: 'given once' } }])
  const checked = checkRequest(c, fields)
  if (!checked.ok) return errorPage(c, locale, checked.problems)
  const returnTo = checked.request['openid.return_to']!
  if (fields.action === 'cancel') return c.redirect(withParams(returnTo, { 'openid.ns': OPENID_NS, 'openid.mode': 'cancel' }), 302)
  const now = clock()
  let steamId: string
  if (fields.account === 'new') {
    const name = PersonaName(fields.persona_name ?? '')
    if (name instanceof type.errors)
      return loginPage(c, locale, checked.request, { account: 'new', persona: fields.persona_name, error: { key: 'openid_persona_missing' } })
    const [seq] = await db.query<{ n: string }>("SELECT nextval('sandbox_steam_account_seq')::text AS n")
    steamId = String(STEAM_ID_BASE + SANDBOX_ACCOUNT_OFFSET + BigInt(seq!.n))
    await db.query('INSERT INTO sandbox_steam_accounts (steam_id, persona_name, created_at) VALUES ($1, $2, $3)', [steamId, name, now.toISOString()])
  } else {
    const account = /^\d{17}$/.test(fields.account ?? '') ? await steamPersona(db, fields.account!) : null
    if (account === null) return loginPage(c, locale, checked.request, { error: { key: 'openid_account_unknown' } })
    steamId = fields.account!
  }
  const assertion = positiveAssertion({ endpoint: sandboxEndpoint(c), steamId, returnTo, now, secret: env.openidSandboxSecret })
  return c.redirect(withParams(returnTo, assertion), 302)
})

/**
 * openid.mode=check_authentication, as Steam answers it: the assertion's fields are posted back and the
 * provider says whether it signed them. An assertion is verified once; asking again answers false.
 */
async function checkAuthentication(c: Ctx, fields: Record<string, string>) {
  const { db, env, now } = c.var.deps
  const assertion: OpenIdFields = { ...fields, 'openid.mode': 'id_res' }
  let valid =
    fields['openid.ns'] === OPENID_NS &&
    fields['openid.op_endpoint'] === sandboxEndpoint(c) &&
    typeof fields['openid.response_nonce'] === 'string' &&
    signatureValid(assertion, env.openidSandboxSecret)
  if (valid) {
    const fresh = await db.query('INSERT INTO sandbox_openid_checked (nonce, checked_at) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING nonce', [
      fields['openid.response_nonce'],
      now().toISOString(),
    ])
    valid = fresh.length > 0
  }
  return c.text(`ns:${OPENID_NS}\nis_valid:${valid}\n`, 200, { 'Content-Type': 'text/plain; charset=utf-8' })
}
