import type { Queryable } from './db.ts'

export interface Mail {
  to: string
  subject: string
  text: string
  code: string | null
  link: string | null
}

export interface StoredMail extends Mail {
  sentAt: string
}

/**
 * Sends an e-mail. The stand-in backend has no mail server: every message goes to the outbox
 * table, which the development mailbox (/__dev/mail) shows.
 */
export async function sendMail(db: Queryable, mail: Mail, now: Date): Promise<void> {
  await db.query('INSERT INTO mail_outbox (to_email, subject, body, code, link, sent_at) VALUES ($1, $2, $3, $4, $5, $6)', [
    mail.to,
    mail.subject,
    mail.text,
    mail.code,
    mail.link,
    now.toISOString(),
  ])
}

export async function listMail(db: Queryable, to: string | null, limit = 200): Promise<StoredMail[]> {
  const rows = await db.query<{ to_email: string; subject: string; body: string; code: string | null; link: string | null; sent_at: Date }>(
    `SELECT to_email, subject, body, code, link, sent_at FROM mail_outbox
     ${to === null ? '' : 'WHERE to_email = $2'} ORDER BY id DESC LIMIT $1`,
    to === null ? [limit] : [limit, to],
  )
  return rows.map((r) => ({
    to: r.to_email,
    subject: r.subject,
    text: r.body,
    code: r.code,
    link: r.link,
    sentAt: new Date(r.sent_at).toISOString(),
  }))
}
