import { requestClientKey } from './client-address.ts'
import { rememberSignInAddress } from './code-limits.ts'
import { referralCode } from './crypto.ts'
import type { Queryable } from './db.ts'
import { ApiError, type Ctx } from './http.ts'
import type { MessageKey } from './i18n.ts'
import { CLAIMED_ID, NONCE_MAX_AGE_MS, NONCE_MAX_SKEW_MS, nonceTime, OPENID_NS, type OpenIdFields, originIn, SIGNED_FIELDS, signatureValid } from './openid.ts'
import { signUp } from './referrals.ts'
import { steamPersona } from './routes/openid-sandbox.ts'
import { issueToken, type TokenResponse } from './sessions.ts'

/** The assertion fields that must be present, and signed. */
const REQUIRED = SIGNED_FIELDS.filter((f) => f !== 'signed')

const fail = (status: 400 | 401, key: MessageKey) => new ApiError(status, key)

/**
 * The login callback of "Sign in through Steam" (GET /users/auth with the OpenID answer as its query):
 * verifies the positive assertion as a relying party verifies Steam's, then finds or creates the user by
 * Steam id and signs them in. Nothing is stored unless every check passes.
 *
 * Steam (any provider but the sandbox's) is asked with check_authentication; in development mode the
 * sandbox provider's signature is checked with the function its check_authentication endpoint uses, so
 * the answer is the same without a round trip.
 */
export async function steamSignIn(c: Ctx): Promise<TokenResponse> {
  const { db, env, now: clock } = c.var.deps
  const url = new URL(c.req.url)
  const fields: OpenIdFields = {}
  for (const [key, value] of url.searchParams) {
    if (!key.startsWith('openid.')) continue
    if (key in fields) throw fail(400, 'steam_malformed') // a field given twice is ambiguous
    fields[key] = value
  }
  const mode = fields['openid.mode']
  if (fields['openid.ns'] !== OPENID_NS) throw fail(400, 'steam_malformed')
  if (mode === 'cancel') throw fail(400, 'steam_cancelled')
  if (mode !== 'id_res') throw fail(400, 'steam_malformed')
  for (const name of [...REQUIRED, 'signed', 'sig']) if (!fields[`openid.${name}`]) throw fail(400, 'steam_malformed')

  // Only the configured provider's word counts.
  if (fields['openid.op_endpoint'] !== env.openidProviderUrl) throw fail(401, 'steam_wrong_provider')
  // Every field that matters must be covered by the signature, and the signature must hold.
  const signed = fields['openid.signed']!.split(',')
  if (REQUIRED.some((name) => !signed.includes(name))) throw fail(401, 'steam_invalid')
  // The sandbox provider (development mode) is this process: its signature is checked here. Any other
  // provider, Steam in production, is asked with check_authentication (below, once the rest holds).
  const sandboxProvider = env.mode === 'development' && env.openidProviderUrl === `${env.backendPublicUrl}/sandbox/openid/login`
  if (sandboxProvider && !signatureValid(fields, env.openidSandboxSecret)) throw fail(401, 'steam_invalid')

  const claimed = CLAIMED_ID.exec(fields['openid.claimed_id']!)
  if (!claimed || fields['openid.identity'] !== fields['openid.claimed_id']) throw fail(401, 'steam_invalid')
  const steamId = claimed[1]!

  // The answer must be for this site, and the URL it came back to must be the return_to it was issued for:
  // every parameter return_to had is in the query as it was.
  const returnTo = fields['openid.return_to']!
  if (!originIn(returnTo, env.siteOrigins)) throw fail(401, 'steam_wrong_site')
  for (const [key, value] of new URL(returnTo).searchParams) {
    if (!url.searchParams.getAll(key).includes(value)) throw fail(401, 'steam_invalid')
  }

  const now = clock()
  const time = nonceTime(fields['openid.response_nonce']!)
  if (!time) throw fail(400, 'steam_malformed')
  if (now.getTime() - time.getTime() > NONCE_MAX_AGE_MS || time.getTime() - now.getTime() > NONCE_MAX_SKEW_MS) throw fail(401, 'steam_expired')
  if (!sandboxProvider && !(await providerConfirms(env.openidProviderUrl, fields))) throw fail(401, 'steam_invalid')

  return db.transaction(async (tx) => {
    // The nonce makes the answer single-use: its key is taken by the first request that gets here; a
    // concurrent one waits for that transaction and then finds the key taken.
    await tx.query('DELETE FROM openid_nonces WHERE nonce_time < $1', [new Date(now.getTime() - 2 * NONCE_MAX_AGE_MS).toISOString()])
    const fresh = await tx.query(
      `INSERT INTO openid_nonces (op_endpoint, nonce, nonce_time, used_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT DO NOTHING RETURNING nonce`,
      [fields['openid.op_endpoint'], fields['openid.response_nonce'], time.toISOString(), now.toISOString()],
    )
    if (fresh.length === 0) throw fail(401, 'steam_replayed')
    const persona = await steamPersona(tx, steamId)
    const userId = await findOrCreateSteamUser(tx, steamId, persona, c.var.locale, now)
    // A first Steam sign-in is the account's sign-up (R9.17), with the invitation the browser brought.
    await signUp(tx, userId, url.searchParams.get('referrer_link_code'), now)
    await tx.query('UPDATE users SET locale = $2, display_name = COALESCE($3, display_name) WHERE id = $1', [userId, c.var.locale, persona])
    await rememberSignInAddress(tx, userId, requestClientKey(c), now)
    return issueToken(tx, userId, now, env)
  })
}

/**
 * Asks the provider whether it made this assertion (OpenID 2.0 check_authentication: the same fields
 * with openid.mode=check_authentication, answered `is_valid:true`), as a relying party asks Steam.
 * An unreachable provider or any other answer is a no.
 */
async function providerConfirms(endpoint: string, fields: OpenIdFields): Promise<boolean> {
  try {
    const res = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...fields, 'openid.mode': 'check_authentication' }).toString(),
      redirect: 'error',
      signal: AbortSignal.timeout(10_000),
    })
    if (!res.ok) return false
    return /(^|\n)is_valid:true(\n|$)/.test(await res.text())
  } catch {
    return false
  }
}

async function findOrCreateSteamUser(db: Queryable, steamId: string, persona: string | null, locale: string, now: Date): Promise<number> {
  const existing = await db.query<{ id: number }>('SELECT id FROM users WHERE steam_id = $1', [steamId])
  if (existing[0]) return existing[0].id
  for (let attempt = 0; attempt < 5; attempt++) {
    const rows = await db.query<{ id: number }>(
      `INSERT INTO users (steam_id, display_name, locale, referral_code, created_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT DO NOTHING RETURNING id`,
      [steamId, persona, locale, referralCode(), now.toISOString()],
    )
    if (rows[0]) return rows[0].id
    const again = await db.query<{ id: number }>('SELECT id FROM users WHERE steam_id = $1', [steamId])
    if (again[0]) return again[0].id
  }
  throw new Error('Could not create a user')
}
