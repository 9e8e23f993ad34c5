import { type } from 'arktype'
import { Hono } from 'hono'
import { randomToken } from '../crypto.ts'
import { escapeHtml } from '../html.ts'
import { ApiError, type AppEnv, validate } from '../http.ts'
import { listMail, type StoredMail } from '../mail.ts'
import { Email } from '../schemas.ts'

/**
 * Development-only helpers: the mailbox, a stand-in for the launcher binding a device, and the
 * clock moved on for one user's access tokens (their lifetime over, the refresh tokens untouched).
 */
export const devRoutes = new Hono<AppEnv>()

const MailQuery = type({ 'to?': Email })

devRoutes.get('/mail', async (c) => {
  const { db } = c.var.deps
  const q = validate(MailQuery, c.req.query())
  if (q.to !== undefined) return c.json(await listMail(db, q.to))
  return c.html(mailboxPage(await listMail(db, null)))
})

devRoutes.post('/device', async (c) => {
  const { db, now } = c.var.deps
  const q = validate(type({ email: Email }), c.req.query())
  const rows = await db.query<{ id: number }>('UPDATE users SET device_id = $2, device_bound_at = $3 WHERE email = $1 RETURNING id', [
    q.email,
    `dev-${randomToken(9)}`,
    now().toISOString(),
  ])
  if (rows.length === 0) throw new ApiError(404, 'not_found')
  return c.json({ ok: true, user_id: rows[0]!.id })
})

devRoutes.post('/expire-tokens', async (c) => {
  const { db, now } = c.var.deps
  const q = validate(type({ email: Email }), c.req.query())
  const rows = await db.query<{ id: number }>('UPDATE tokens SET expires_at = $2 WHERE user_id = (SELECT id FROM users WHERE email = $1) RETURNING id', [
    q.email,
    now().toISOString(),
  ])
  if (rows.length === 0) throw new ApiError(404, 'not_found')
  return c.json({ ok: true, expired: rows.length })
})

function mailboxPage(mail: StoredMail[]): string {
  const items = mail
    .map(
      (m) => `<article>
  <header><h2>${escapeHtml(m.subject)}</h2>
  <p><span>To: <strong>${escapeHtml(m.to)}</strong></span> <time datetime="${m.sentAt}">${escapeHtml(m.sentAt.replace('T', ' ').slice(0, 19))} UTC</time></p></header>
  ${m.code ? `<p class="code">Code: <output>${escapeHtml(m.code)}</output></p>` : ''}
  ${m.link ? `<p>${/^https?:\/\//i.test(m.link) ? `<a href="${escapeHtml(m.link)}">${escapeHtml(m.link)}</a>` : escapeHtml(m.link)}</p>` : ''}
  <pre>${escapeHtml(m.text)}</pre>
</article>`,
    )
    .join('\n')
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Development mailbox</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:0;background:#f4f5f7;color:#1b1d21}
main{max-width:760px;margin:0 auto;padding:24px}
article{background:#fff;border:1px solid #d9dce1;border-radius:8px;padding:16px 20px;margin:0 0 16px}
h1{font-size:22px}h2{font-size:17px;margin:0 0 4px}header p{margin:0;color:#555;display:flex;gap:16px;flex-wrap:wrap}
.code output{font:600 20px ui-monospace,monospace;letter-spacing:2px}
pre{white-space:pre-wrap;font:13px/1.5 ui-monospace,monospace;background:#f7f7f9;padding:12px;border-radius:6px}
a{color:#0b57d0;word-break:break-all}
</style></head>
<body><main><h1>Development mailbox</h1>
<p>${mail.length === 0 ? 'No messages yet. Request a sign-in code on the site.' : `${mail.length} message(s), newest first. Reload to see new ones.`}</p>
${items}
</main></body></html>`
}
