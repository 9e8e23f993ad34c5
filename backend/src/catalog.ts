import type { Queryable } from './db.ts'
import { daysLabel, type Locale, t } from './i18n.ts'

/** Plans whose actual price is 9000 or more exist in the catalogue but are not sold (R9). */
export const MAX_SOLD_PRICE_MINOR = 900_000

export interface CountryGroup {
  id: number
  code: string
  currency: string
  symbol: string
  locale: string
}

export interface PlanPrice {
  id: number
  name_en: string
  name_ru: string
  name_de: string
  days: number
  is_trial: boolean
  country_group_id: number
  currency: string
  actual_minor: number
  old_minor: number | null
  /** The plan a renewal charges for: the month (3) after the trial, else the plan itself. */
  renews_into: number
  renews_into_days: number
}

export const toMajor = (minor: number) => Math.round(minor) / 100

export function planName(plan: Pick<PlanPrice, 'name_en' | 'name_ru' | 'name_de'>, locale: Locale): string {
  return { en: plan.name_en, ru: plan.name_ru, de: plan.name_de }[locale]
}

/**
 * R9.2: a plan as the site labels it: the trial by its own name, every other plan by its days;
 * the special offer says so (R9.16).
 */
export function planLabel(plan: Pick<PlanPrice, 'name_en' | 'name_ru' | 'name_de' | 'days' | 'is_trial'>, locale: Locale, specialOffer = false): string {
  const label = plan.is_trial ? planName(plan, locale) : daysLabel(locale, plan.days)
  return specialOffer ? t(locale, 'plan_special_offer', { plan: label }) : label
}

export async function countryGroups(db: Queryable): Promise<CountryGroup[]> {
  return db.query<CountryGroup>('SELECT id, code, currency, symbol, locale FROM country_groups ORDER BY id')
}

export async function groupForLocale(db: Queryable, locale: Locale): Promise<CountryGroup> {
  const rows = await db.query<CountryGroup>('SELECT id, code, currency, symbol, locale FROM country_groups WHERE locale = $1', [locale])
  if (!rows[0]) throw new Error(`No country group for locale ${locale}`)
  return rows[0]
}

export async function plansInGroup(db: Queryable, groupId: number, planId?: number): Promise<PlanPrice[]> {
  return db.query<PlanPrice>(
    `SELECT s.id, s.name_en, s.name_ru, s.name_de, s.days, s.is_trial, s.renews_into, r.days AS renews_into_days,
            g.id AS country_group_id, g.currency, p.actual_minor, p.old_minor
     FROM subscriptions s
     JOIN subscriptions r ON r.id = s.renews_into
     JOIN subscription_prices p ON p.subscription_id = s.id
     JOIN country_groups g ON g.id = p.country_group_id
     WHERE g.id = $1 ${planId === undefined ? '' : 'AND s.id = $2'}
     ORDER BY s.sort, s.id`,
    planId === undefined ? [groupId] : [groupId, planId],
  )
}

const moneyLocales: Record<Locale, string> = { en: 'en-GB', ru: 'ru-RU', de: 'de-DE' }

/** An amount as users read it in messages and e-mails: "490,00 ₽", "$6.99", "6,49 €". */
export function formatMoney(locale: Locale, minor: number, currency: string): string {
  try {
    return new Intl.NumberFormat(moneyLocales[locale], { style: 'currency', currency }).format(minor / 100)
  } catch {
    return `${toMajor(minor)} ${currency}`
  }
}
