import type { Queryable } from './db.ts'
import { type BackendEnv, brandHost } from './env.ts'
import { type Ctx, siteBase } from './http.ts'
import { type Locale, t } from './i18n.ts'

export interface Mail {
  to: string
  subject: string
  text: string
  code: string | null
  link: string | null
}

/**
 * Whom an e-mail speaks for (R1.7): the brand of the domain the visitor used, named in the e-mail's
 * language, and its support address. No name: a payment made before payments remembered their site.
 */
export interface MailBrand {
  name: string | null
  supportEmail: string
}

/** A brand of one of the site's domains: always named. */
export interface SiteBrand extends MailBrand {
  name: string
}

type BrandSettings = Pick<BackendEnv, 'appNameEn' | 'appNameRu' | 'supportEmail' | 'mirrorAppNameEn' | 'mirrorAppNameRu' | 'mirrorSupportEmail' | 'mirrorHost'>

/**
 * The brand of a site origin, as the site decides it: the mirror's when the origin's host is the
 * mirror's (a leading www. and the port aside), else the original's. German uses the English name.
 */
export function brandOf(env: BrandSettings, origin: string, locale: Locale): SiteBrand {
  const mirror = env.mirrorHost !== null && brandHost(new URL(origin).host) === env.mirrorHost
  const [en, ru, supportEmail] = mirror ? [env.mirrorAppNameEn, env.mirrorAppNameRu, env.mirrorSupportEmail] : [env.appNameEn, env.appNameRu, env.supportEmail]
  return { name: locale === 'ru' ? ru : en, supportEmail }
}

/** The brand of the domain the visitor used (R1.7), named in the e-mail's language. */
export function requestBrand(c: Ctx, locale: Locale = c.var.locale): SiteBrand {
  return brandOf(c.var.deps.env, siteBase(c), locale)
}

/** An e-mail's text with the brand's signature under it: who wrote it and where to write back. */
export function signed(locale: Locale, brand: MailBrand, text: string): string {
  const signature =
    brand.name === null
      ? t(locale, 'mail_signature_unnamed', { support: brand.supportEmail })
      : t(locale, 'mail_signature', { brand: brand.name, support: brand.supportEmail })
  return `${text}\n\n${signature}`
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
